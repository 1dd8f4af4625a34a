// A typical audience rule (seven operators) over an attributes object of 20
// keys: evaluating the compiled rule should cost under 2 us; compiling once
// is what makes it cheap, shown side by side with compiling the JSON tree
// for every evaluation, and with parsing its text too.
import XYZAlert
import XYZAlertJSON

let audienceText = """
    {"and": [
      {"sem_ver": [{"var": "app_version"}, ">=", "2.4.0"]},
      {"in": [{"var": "plan"}, ["free", "trial"]]},
      {">=": [{"var": "orders"}, 3]},
      {"!": {"var": "opted_out"}},
      {"starts_with": [{"var": "locale"}, "en"]},
      {"<": [{"var": "days_since_install"}, 30]}
    ]}
    """

func attributes() -> JSONData {
    var object = JSONObject()
    object["app_version"] = .string("2.5.1")
    object["plan"] = .string("trial")
    object["orders"] = .number(4)
    object["opted_out"] = .bool(false)
    object["locale"] = .string("en-GB")
    object["days_since_install"] = .number(12)
    for i in 0..<14 {
        object["extra_\(i)"] = i % 2 == 0 ? .number(Double(i)) : .string("value \(i)")
    }
    return .object(object)
}

/// The best time per call of `body` over `rounds` rounds of `count` calls.
func perCall(count: Int, rounds: Int = 7, _ body: () throws -> Bool) rethrows -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    var passed = 0
    for _ in 0..<rounds {
        let time = try seconds(clock.measure {
            for _ in 0..<count where try body() {
                passed += 1
            }
        })
        best = min(best, time / Double(count))
    }
    precondition(passed == count * rounds, "the audience rule must pass")
    return best
}

func benchmarkRules() throws {
    let bytes = Array(audienceText.utf8)
    let data = attributes()
    let tree = try RuleLoading.data(bytes: bytes, source: "bench")
    let rule = try Rule.compile(tree)
    let compiled = perCall(count: 200_000) { rule.passes(data) }
    let fromTree = try perCall(count: 50_000) { try Rule.compile(tree).passes(data) }
    let fromText = try perCall(count: 20_000) { try RuleLoading.rule(bytes: bytes, source: "bench").passes(data) }
    func us(_ t: Double) -> String { "\(Double(Int(t * 1e8 + 0.5)) / 100) us" }
    func ratio(_ t: Double) -> String { "\(Double(Int(t / compiled * 10 + 0.5)) / 10)x" }
    print("evaluate an audience rule (7 operators, 20 attributes; best of 7)")
    print("  compiled once, evaluated: \(us(compiled)) per evaluation (\(compiled < 2e-6 ? "ok, under 2 us" : "TOO SLOW, target is under 2 us"))")
    print("  compiled from the JSON tree each time: \(us(fromTree)) (\(ratio(fromTree)) the compiled rule)")
    print("  parsed and compiled from text each time: \(us(fromText)) (\(ratio(fromText)) the compiled rule)")
}

/// The costliest rule shape the budget once missed (docs/rules.md §20.9):
/// `{"map": [[0] * n, {"==": [[1] * n, "x"]}]}` converts an n-element
/// array to a string n times. Charged by size, an evaluation stops at the
/// budget: the time per element does not grow with n.
func benchmarkRuleConversions() throws {
    print("rule conversions charged by size (best of 5, the two sizes alternately)")
    var rules: [Int: Rule] = [:]
    for n in [8_000, 32_000] {
        let zeros = JSONData.array(Array(repeating: .number(0), count: n))
        let ones = JSONData.array(Array(repeating: .number(1), count: n))
        let equal = JSONData.object(JSONObject([("==", .array([ones, .string("x")]))]))
        rules[n] = try Rule.compile(.object(JSONObject([("map", .array([zeros, equal]))])))
    }
    scaling("{\"map\": [[0] * n, {\"==\": [[1] * n, \"x\"]}]}, evaluated", unit: "element",
            small: 8_000, large: 32_000, target: 1.3) { n in
        precondition(rules[n]!.evaluate(.null) == .null, "the budget must stop it")
    }
}
