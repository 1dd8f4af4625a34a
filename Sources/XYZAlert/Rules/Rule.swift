/// A rule: JsonLogic with flagd's operators (docs/rules.md, "Rules"),
/// compiled once from its JSON and evaluated many times against data.
/// Compiling checks every operator name and bounds the rule's depth and
/// size; evaluating never fails: what JavaScript's reference would throw
/// on, and a rule that runs past its step budget, gives null.
public struct Rule: Sendable {
    let root: RuleNode

    /// The most a rule nests (arrays, operators, literal objects).
    public static let maxDepth = 128
    /// The most JSON values a rule holds.
    public static let maxValues = 65_536
    /// The most steps (operators applied, values built) one evaluation takes
    /// before it stops with null.
    public static let maxSteps = 1_000_000
    /// The deepest value an evaluation builds before it stops with null.
    public static let maxValueDepth = 256

    /// Compiles `json`; the error names the failing value's place in it.
    public static func compile(_ json: JSONData) throws(RuleError) -> Rule {
        var compiler = RuleCompiler()
        return Rule(root: try compiler.compile(json, depth: 1))
    }

    /// The rule's result for `data` (null when the rule stops).
    public func evaluate(_ data: JSONData, bucketing: Bucketing = .flagd) -> JSONData {
        var evaluation = RuleEvaluation(bucketing: bucketing)
        do {
            return try evaluation.evaluate(root, data) ?? .null
        } catch {
            return .null
        }
    }

    /// Whether the result for `data` is truthy, as JsonLogic counts it.
    public func passes(_ data: JSONData, bucketing: Bucketing = .flagd) -> Bool {
        var evaluation = RuleEvaluation(bucketing: bucketing)
        do {
            return RuleValues.truthy(try evaluation.evaluate(root, data))
        } catch {
            return false
        }
    }

    /// Whether `value` is truthy in JsonLogic's sense: not false, null, 0,
    /// NaN, "" or [].
    public static func truthy(_ value: JSONData) -> Bool { RuleValues.truthy(value) }
}

/// The key `fractional` buckets by when its rule names none.
public enum Bucketing: Sendable {
    /// flagd's: the data's `$flagd.flagKey` followed by its `targetingKey`
    /// (a string; no `targetingKey` gives null).
    case flagd
    /// This key (nil: there is none, and `fractional` gives null).
    case key(String?)
}

/// Why a rule did not compile: what, and the place in the rule's JSON as
/// reference tokens (a JSON pointer's parts, from the rule's root).
public struct RuleError: Error, Sendable, Equatable {
    public var message: String
    public var path: [String]

    public init(message: String, path: [String]) {
        self.message = message
        self.path = path
    }
}

/// The operators, by the names rules write.
enum RuleOperator: String, CaseIterable, Sendable {
    case variable = "var", missing, missingSome = "missing_some"
    case `if`, ternary = "?:"
    case equal = "==", strictEqual = "===", notEqual = "!=", strictNotEqual = "!=="
    case not = "!", truthy = "!!", or, and
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case max, min, plus = "+", minus = "-", times = "*", divide = "/", remainder = "%"
    case map, filter, reduce, all, none, some
    case merge, `in`, cat, substr, log
    case semVer = "sem_ver", startsWith = "starts_with", endsWith = "ends_with", fractional
}

/// A compiled rule.
indirect enum RuleNode: Sendable {
    /// A value that evaluates to itself (folded arrays included).
    case literal(JSONData)
    /// An array whose elements are evaluated.
    case array([RuleNode])
    /// `var` with a constant path (nil: the data itself), and its default.
    case variable(path: [String]?, fallback: RuleNode?)
    case apply(RuleOperator, [RuleNode])
}

/// Turns JSON into nodes, checking names, depth and size.
struct RuleCompiler {
    private var values = 0
    private var path: [String] = []

    /// Counts one value at `depth` (1: the rule's root); only arrays and
    /// objects nest.
    private mutating func count(_ depth: Int, container: Bool = true) throws(RuleError) {
        values += 1
        if container && depth > Rule.maxDepth {
            throw RuleError(message: "the rule nests deeper than \(Rule.maxDepth) levels", path: path)
        }
        if values > Rule.maxValues {
            throw RuleError(message: "the rule holds more than \(Rule.maxValues) values", path: path)
        }
    }

    mutating func compile(_ json: JSONData, depth: Int) throws(RuleError) -> RuleNode {
        switch json {
        case .array, .object: try count(depth)
        default: try count(depth, container: false)
        }
        switch json {
        case let .array(items):
            var nodes: [RuleNode] = []
            nodes.reserveCapacity(items.count)
            var constant = true
            for (i, item) in items.enumerated() {
                path.append(String(i))
                let node = try compile(item, depth: depth + 1)
                path.removeLast()
                if case .literal = node {} else { constant = false }
                nodes.append(node)
            }
            if constant {
                return .literal(.array(nodes.map { if case let .literal(v) = $0 { v } else { .null } }))
            }
            return .array(nodes)
        case let .object(object) where object.count == 1:
            return try compileOperator(object.keys[0], object.values[0], depth: depth)
        case let .object(object):
            // Not logic (JsonLogic's rule: one key makes an operator): a
            // literal, counted and bounded like the rest.
            try countLiteral(object.values, depth: depth + 1, keys: object.keys)
            return .literal(json)
        default:
            return .literal(json)
        }
    }

    private mutating func countLiteral(_ items: [JSONData], depth: Int, keys: [String]?) throws(RuleError) {
        for (i, item) in items.enumerated() {
            path.append(keys?[i] ?? String(i))
            switch item {
            case .array, .object: try count(depth)
            default: try count(depth, container: false)
            }
            switch item {
            case let .array(inner): try countLiteral(inner, depth: depth + 1, keys: nil)
            case let .object(inner): try countLiteral(inner.values, depth: depth + 1, keys: inner.keys)
            default: break
            }
            path.removeLast()
        }
    }

    private mutating func compileOperator(_ name: String, _ arguments: JSONData, depth: Int) throws(RuleError) -> RuleNode {
        guard let op = RuleOperator(rawValue: name) else {
            var message = "unknown operator '\(name)'"
            if let near = RuleCompiler.nearest(name) {
                message += "; did you mean '\(near)'?"
            }
            throw RuleError(message: message, path: path)
        }
        path.append(name)
        defer { path.removeLast() }
        var nodes: [RuleNode] = []
        if case let .array(items) = arguments {
            try count(depth + 1)
            nodes.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                path.append(String(i))
                nodes.append(try compile(item, depth: depth + 2))
                path.removeLast()
            }
        } else {
            nodes = [try compile(arguments, depth: depth + 1)]
        }
        if op == .variable, let first = nodes.first, case let .literal(key) = first, nodes.count <= 2 {
            let fallback = nodes.count == 2 ? nodes[1] : nil
            return .variable(path: RuleValues.path(key), fallback: fallback)
        }
        return .apply(op, nodes)
    }

    /// The operator name within two edits of `name`, for "did you mean".
    static func nearest(_ name: String) -> String? {
        let typed = Array(name.unicodeScalars)
        var best: (name: String, distance: Int)?
        for op in RuleOperator.allCases {
            let candidate = Array(op.rawValue.unicodeScalars)
            let distance = editDistance(typed, candidate)
            if distance <= min(2, max(candidate.count - 1, 1)), distance < (best?.distance ?? Int.max) {
                best = (op.rawValue, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance, adjacent swaps counting one.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
