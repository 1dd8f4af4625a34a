/// Why a rule's result is false (docs/rules.md §20, "Explaining a rule"):
/// the smallest part of it that fails, with the values it read. The result
/// is the one `Rule.evaluate` gives: explaining evaluates the parts again,
/// on a budget of its own, and changes nothing.
public struct RuleExplanation: Sendable, Equatable {
    /// The rule's result for the data (what `evaluate` gives).
    public let result: JSONData
    /// Why the result is falsy, as a sentence; nil when the rule passes.
    /// E.g. `sem_ver(app_version = "2.3.9", ">=", "2.4") is false`, or
    /// `var "order_number" is missing (did you mean "event.order_number"?):
    /// >=(order_number missing, 3) is false`.
    public let failing: String?

    /// Whether the result is truthy, as JsonLogic counts it.
    public var passes: Bool { RuleValues.truthy(result) }
}

extension Rule {
    /// The rule's result for `data` and, when it is falsy, the smallest part
    /// that makes it so: the first failing argument of an `and`, the branch
    /// an `if` took, every argument of an `or`, else the operator itself
    /// with its arguments' values. Costs at most the budget of one more
    /// evaluation (a part that runs past it is said to).
    public func explain(_ data: JSONData, bucketing: Bucketing = .flagd) -> RuleExplanation {
        let result = evaluate(data, bucketing: bucketing)
        guard !RuleValues.truthy(result) else { return RuleExplanation(result: result, failing: nil) }
        var explainer = RuleExplainer(data: data, evaluation: RuleEvaluation(bucketing: bucketing))
        let text: String
        do {
            text = try explainer.why(root)
        } catch {
            text = "the rule stops with null (an operator JavaScript's reference throws on, more than "
                + "\(Rule.maxSteps) steps, or a value nested deeper than \(Rule.maxValueDepth))"
        }
        return RuleExplanation(result: result, failing: text)
    }
}

/// One explanation: walks down the failing parts of a rule, evaluating each
/// part it looks at with one shared budget.
struct RuleExplainer {
    let data: JSONData
    var evaluation: RuleEvaluation
    /// The variables a rendered part read that the data lacks, in order.
    private var missing: [[String]] = []
    /// The most characters a value is shown with, and how deep a part is rendered.
    private static let valueWidth = 48
    private static let renderDepth = 4

    init(data: JSONData, evaluation: RuleEvaluation) {
        self.data = data
        self.evaluation = evaluation
    }

    private mutating func value(_ node: RuleNode) throws(RuleStop) -> JSONData {
        try evaluation.evaluate(node, data) ?? .null
    }

    /// Why `node`, whose value is falsy, is: the smallest part that makes it so.
    mutating func why(_ node: RuleNode) throws(RuleStop) -> String {
        switch node {
        case let .apply(.and, nodes):
            for part in nodes where !RuleValues.truthy(try value(part)) {
                return try why(part)
            }
        case let .apply(.or, nodes) where !nodes.isEmpty:
            if nodes.count == 1 { return try why(nodes[0]) }
            var parts: [String] = []
            for part in nodes { parts.append(try why(part)) }
            return "none of the \(nodes.count) parts of an or passes: " + parts.joined(separator: "; ")
        case let .apply(.if, nodes), let .apply(.ternary, nodes):
            var i = 0
            while i + 1 < nodes.count {
                if RuleValues.truthy(try value(nodes[i])) {
                    guard case let .literal(constant) = nodes[i + 1] else { return try why(nodes[i + 1]) }
                    return "the if takes the branch of \(try render(nodes[i], depth: 1)), the constant \(shown(constant))"
                }
                i += 2
            }
            if i < nodes.count {
                guard case let .literal(constant) = nodes[i] else { return try why(nodes[i]) }
                return "no condition of the if holds: its else is the constant \(shown(constant))"
            }
            return "no condition of an if holds and it has no else: it gives null"
        case let .literal(constant):
            return "the rule is the constant \(shown(constant))"
        case let .variable(path, fallback?) where evaluation.lookUp(path, in: data) == nil:
            return "var \(quoted(path)) is missing, and its default: " + (try why(fallback))
        default:
            break
        }
        missing = []
        let text = try render(node, depth: 0)
        let sentence = text + " " + falsity(try value(node))
        guard !missing.isEmpty else { return sentence }
        let named = missing.map { "var \(quoted($0)) is missing\(guess($0))" }
        return named.joined(separator: ", ") + ": " + sentence
    }

    /// A part as the explanation shows it: operators as `op(arguments)`, a
    /// variable as `name = value` (`name missing`), a nested operator with
    /// its value after `=`.
    private mutating func render(_ node: RuleNode, depth: Int) throws(RuleStop) -> String {
        switch node {
        case let .literal(value):
            return shown(value)
        case let .array(nodes):
            guard depth < Self.renderDepth else { return "[...]" }
            var parts: [String] = []
            for part in nodes { parts.append(try render(part, depth: depth + 1)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case let .variable(path, fallback):
            if let found = evaluation.lookUp(path, in: data) {
                return "\(name(path)) = \(shown(found))"
            }
            if fallback == nil {
                if !missing.contains(where: { $0 == (path ?? []) }) { missing.append(path ?? []) }
                return "\(name(path)) missing"
            }
            return "\(name(path)) missing, default \(shown(try value(node)))"
        case let .apply(op, nodes):
            guard depth < Self.renderDepth else { return "\(op.rawValue)(...) = \(shown(try value(node)))" }
            var parts: [String] = []
            for part in nodes { parts.append(try render(part, depth: depth + 1)) }
            let call = "\(op.rawValue)(" + parts.joined(separator: ", ") + ")"
            return depth == 0 ? call : "\(call) = \(shown(try value(node)))"
        }
    }

    /// " is false", or what a falsy value other than false gives.
    private func falsity(_ value: JSONData) -> String {
        if case .bool(false) = value { return "is false" }
        return "gives \(shown(value)), which counts as false"
    }

    /// A value's JSON text, cut to `valueWidth` characters.
    private func shown(_ value: JSONData) -> String {
        let text = value.jsonText
        let scalars = text.unicodeScalars
        guard scalars.count > Self.valueWidth else { return text }
        var cut = String.UnicodeScalarView()
        cut.append(contentsOf: scalars.prefix(Self.valueWidth - 3))
        return String(cut) + "..."
    }

    private func name(_ path: [String]?) -> String { (path ?? []).joined(separator: ".") }

    private func quoted(_ path: [String]?) -> String { shown(.string(name(path))) }

    /// " (did you mean "event.x"?)" for a missing variable: `event.` and its
    /// name when the data has that, else the nearest name the data has (at
    /// most two levels deep) that differs in fewer than half its characters.
    private func guess(_ path: [String]) -> String {
        guard case let .object(top) = data, !path.isEmpty else { return "" }
        if path.count == 1, case let .object(event)? = top["event"], event[path[0]] != nil {
            return " (did you mean \(shown(.string("event." + path[0])))?)"
        }
        let typed = Array(name(path).unicodeScalars)
        guard typed.count <= 64 else { return "" }
        var best: (name: String, distance: Int)?
        var looked = 0
        func consider(_ candidate: String) {
            looked += 1
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - typed.count) * 2 < typed.count else { return }
            let distance = RuleCompiler.editDistance(typed, scalars)
            if distance * 2 < typed.count, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        for (key, member) in zip(top.keys, top.values) where looked < 4096 {
            consider(key)
            if case let .object(inner) = member {
                for sub in inner.keys where looked < 4096 { consider(key + "." + sub) }
            }
        }
        return best.map { " (did you mean \(shown(.string($0.name)))?)" } ?? ""
    }
}
