import Testing
@testable import XYZAlert

/// The rule evaluator's parts (JsonLogic's own suite and flagd's test bed
/// run through the C ABI, the tool and Python: Tests/c/test_jsonlogic.c,
/// Tests/cli/test_cli.sh, bindings/python/tests/test_flagd_testbed.py).
@Suite("Rules")
struct RuleTests {
    /// JavaScript's Number::toString, as node prints these numbers.
    @Test func numbersPrintAsJavaScriptPrintsThem() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (0.5, "0.5"), (1e21, "1e+21"), (1e20, "100000000000000000000"),
            (123456789012345683968, "123456789012345680000"), (1.5e-7, "1.5e-7"), (0.000001, "0.000001"),
            (1e-7, "1e-7"), (9007199254740992, "9007199254740992"), (9007199254740994, "9007199254740994"),
            (0.1 + 0.2, "0.30000000000000004"), (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (-1234.5678, "-1234.5678"), (100, "100"), (1e300, "1e+300"), (4.35, "4.35"), (0.000123, "0.000123"),
            (.nan, "NaN"), (.infinity, "Infinity"), (-.infinity, "-Infinity"),
        ]
        for (value, text) in cases {
            #expect(JSNumber.string(value) == text, "\(value)")
        }
    }

    /// Number(s) and parseFloat(s), as node gives them.
    @Test func stringsReadAsJavaScriptReadsThem() {
        let cases: [(String, Double, Double)] = [
            ("", 0, .nan), (" 12 ", 12, 12), ("0x1F", 31, 0), ("0o17", 15, 0), ("0b101", 5, 0), ("1e3", 1000, 1000),
            (".5", 0.5, 0.5), ("5.", 5, 5), ("-.5e-1", -0.05, -0.05), ("+Infinity", .infinity, .infinity),
            ("-Infinity", -.infinity, -.infinity), ("infinity", .nan, .nan), ("1_000", .nan, 1), ("12px", .nan, 12),
            ("\u{a0}12\u{2028}", 12, 12), ("0x", .nan, 0), ("1e", .nan, 1), ("--1", .nan, .nan), ("+-1", .nan, .nan),
            ("0.0e+0", 0, 0),
        ]
        func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
        for (text, number, parsed) in cases {
            #expect(same(JSNumber.number(text), number), "Number(\(text))")
            #expect(same(JSNumber.parseFloat(text), parsed), "parseFloat(\(text))")
        }
    }

    /// Go's %v of a float64, which flagd's sem_ver reads numbers through.
    @Test func numbersPrintAsGoPrintsThem() {
        let cases: [(Double, String)] = [
            (1.2, "1.2"), (2, "2"), (100, "100"), (123456, "123456"), (1e6, "1e+06"), (1234567.5, "1.2345675e+06"),
            (0.0001, "0.0001"), (0.00001, "1e-05"), (-2.5, "-2.5"), (1e21, "1e+21"), (1e100, "1e+100"),
        ]
        for (value, text) in cases {
            #expect(JSNumber.goString(value) == text, "\(value)")
        }
    }

    /// MurmurHash3 x86_32, seed 0: the reference implementation's values.
    @Test func murmurHashMatchesTheReference() {
        #expect(MurmurHash3.x86_32([]) == 0)
        #expect(MurmurHash3.x86_32(Array("hello".utf8)) == 0x248b_fa47)
        #expect(MurmurHash3.x86_32(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x2e4f_f723)
        #expect(MurmurHash3.x86_32([0xff, 0xff, 0xff, 0xff]) == 0x7629_3b50)
    }

    /// semver.org's precedence example, in order, and Go's version grammar.
    @Test func semanticVersionsOrderAsSemverOrgSays() throws {
        let ordered = ["v1.0.0-alpha", "v1.0.0-alpha.1", "v1.0.0-alpha.beta", "v1.0.0-beta", "v1.0.0-beta.2",
                       "v1.0.0-beta.11", "v1.0.0-rc.1", "v1.0.0", "v1.0.1", "v1.1", "v2", "v10.0.0"]
        let versions = try ordered.map { try #require(SemanticVersion($0), "\($0)") }
        for i in versions.indices.dropLast() {
            #expect(versions[i].compare(versions[i + 1]) == -1, "\(ordered[i]) < \(ordered[i + 1])")
            #expect(versions[i + 1].compare(versions[i]) == 1)
        }
        #expect(SemanticVersion("v1.0.0+build.5")!.compare(SemanticVersion("v1.0.0")!) == 0)
        for bad in ["1.0.0", "v01.0.0", "v1.0.0.0", "v1.2-beta", "v1.0.0-", "v1.0.0-01", "v1.0.0+", "v1..0", "v"] {
            #expect(SemanticVersion(bad) == nil, "\(bad)")
        }
    }

    @Test func objectsLookUpByBytesAndKeepTheirOrder() {
        var object = JSONObject()
        for i in 0..<20 {
            object["k\(i)"] = .number(Double(i))
        }
        #expect(object["k13"] == .number(13))
        object["k3"] = nil
        #expect(object["k3"] == nil && object["k4"] == .number(4) && object.count == 19)
        #expect(object.keys.first == "k0" && object.keys[3] == "k4")
        let composed = JSONObject([("\u{e9}", .bool(true))])
        #expect(composed["e\u{301}"] == nil)  // canonically equal, other bytes
        #expect(JSONObject([("a", .null), ("b", .bool(true))]) == JSONObject([("b", .bool(true)), ("a", .null)]))
    }

    @Test func compileErrorsNameThePlaceAndTheNearestOperator() {
        func failure(_ rule: JSONData) -> RuleError? {
            do {
                _ = try Rule.compile(rule)
                return nil
            } catch {
                return error
            }
        }
        let typo = JSONData.object(JSONObject([("and", .array([.bool(true), .object(JSONObject([("strats_with", .array([]))]))]))]))
        #expect(failure(typo) == RuleError(message: "unknown operator 'strats_with'; did you mean 'starts_with'?",
                                           path: ["and", "1"]))
        #expect(failure(.object(JSONObject([("mpa", .array([]))])))?.message.hasSuffix("did you mean 'map'?") == true)
        #expect(failure(.object(JSONObject([("zzz", .null)])))?.message == "unknown operator 'zzz'")
        // Objects of other sizes are literals, however they look inside.
        #expect(failure(.object(JSONObject([("a", .object(JSONObject([("nope", .null)]))), ("b", .null)]))) == nil)
    }

    @Test func fractionalBucketsByTheKeyGiven() throws {
        let rule = try Rule.compile(.object(JSONObject([("fractional", .array([
            .array([.string("a"), .number(50)]), .array([.string("b"), .number(50)]),
        ]))])))
        let data = JSONData.object(JSONObject())
        #expect(rule.evaluate(data, bucketing: .key(nil)) == .null)
        var seen: [String: Int] = [:]
        for user in 0..<1000 {
            guard case let .string(variant) = rule.evaluate(data, bucketing: .key("campaign\(user)")) else {
                Issue.record("no variant for user \(user)")
                return
            }
            seen[variant, default: 0] += 1
            // The same key, the same bucket.
            #expect(rule.evaluate(data, bucketing: .key("campaign\(user)")) == .string(variant))
        }
        #expect(Set(seen.keys) == ["a", "b"] && seen["a"]! > 400 && seen["b"]! > 400)
    }

    @Test func passesIsJsonLogicTruthiness() throws {
        let rule = try Rule.compile(.object(JSONObject([("var", .string("x"))])))
        for (value, truthy) in [(JSONData.array([]), false), (.string("0"), true), (.number(0), false), (.string(""), false),
                                (.object(JSONObject()), true), (.number(.nan), false), (.null, false)] {
            #expect(rule.passes(.object(JSONObject([("x", value)]))) == truthy, "\(value)")
            #expect(Rule.truthy(value) == truthy)
        }
    }
}
