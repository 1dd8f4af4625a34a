/// A JSON value held by the engine: what rules read and return, and what
/// attributes are. Numbers are doubles, as JavaScript's are (an integer
/// beyond 2^53 reads as the nearest double). Strings compare byte for byte.
public enum JSONData: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONData])
    case object(JSONObject)

    /// Structural equality (strings byte for byte, NaN unequal to itself):
    /// for tests and for comparing stored values, not JsonLogic's `==`.
    public static func == (a: JSONData, b: JSONData) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): sameBytes(x, y)
        case let (.array(x), .array(y)): x.count == y.count && zip(x, y).allSatisfy { $0 == $1 }
        case let (.object(x), .object(y)): x == y
        default: false
        }
    }

    /// Compact JSON text, as JavaScript's `JSON.stringify` writes it:
    /// integral numbers without a fraction, NaN and the infinities as null
    /// (strings escaped as `JSONText.string` escapes them).
    public var jsonText: String {
        var out = ""
        JSONData.write(self, into: &out)
        return out
    }

    /// (Iterative over arrays and objects: a value built at run time may
    /// nest deeper than the stack would like.)
    private static func write(_ value: JSONData, into out: inout String) {
        enum Item {
            case value(JSONData)
            case text(String)
        }
        var stack: [Item] = [.value(value)]
        while let item = stack.popLast() {
            switch item {
            case let .text(text): out += text
            case let .value(value):
                switch value {
                case .null: out += "null"
                case let .bool(b): out += b ? "true" : "false"
                case let .number(n): out += n.isFinite ? JSNumber.string(n) : "null"
                case let .string(s): out += JSONText.string(s)
                case let .array(items):
                    stack.append(.text("]"))
                    for (i, item) in items.enumerated().reversed() {
                        stack.append(.value(item))
                        if i > 0 { stack.append(.text(",")) }
                    }
                    stack.append(.text("["))
                case let .object(object):
                    stack.append(.text("}"))
                    for i in stride(from: object.count - 1, through: 0, by: -1) {
                        stack.append(.value(object.values[i]))
                        stack.append(.text((i > 0 ? "," : "") + JSONText.string(object.keys[i]) + ":"))
                    }
                    stack.append(.text("{"))
                }
            }
        }
    }
}

extension JSONData {
    /// Whether a string anywhere in it (an object's names too) holds
    /// U+0000, which Jansson cannot read back as a name and the loaders
    /// refuse as a value. O(size), without recursion; a scalar or an empty
    /// container allocates nothing.
    var holdsNul: Bool {
        switch self {
        case .string(let text): return text.utf8.contains(0)
        case .array(let items) where !items.isEmpty: break
        case .object(let object) where object.count > 0: break
        default: return false
        }
        var stack = [self]
        while let value = stack.popLast() {
            switch value {
            case .string(let text) where text.utf8.contains(0): return true
            case .array(let items): stack.append(contentsOf: items)
            case .object(let object):
                if object.keys.contains(where: { $0.utf8.contains(0) }) { return true }
                stack.append(contentsOf: object.values)
            default: continue
            }
        }
        return false
    }
}

/// Byte-for-byte string equality (Swift's `==` would equate canonically
/// equivalent strings, which JavaScript does not).
@inline(__always)
func sameBytes(_ a: String, _ b: String) -> Bool {
    ExactString(a) == ExactString(b)
}

/// A JSON object: members in the order they were written, looked up byte
/// for byte; keys are unique.
public struct JSONObject: Sendable, Equatable {
    public private(set) var keys: [String] = []
    public private(set) var values: [JSONData] = []
    /// Key positions, once there are enough members for a table to pay.
    private var index: [ExactString: Int]?
    private static let indexFrom = 12

    public init() {}

    /// Members in order; a repeated key keeps its first place and last value.
    public init(_ members: [(String, JSONData)]) {
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for (key, value) in members {
            self[key] = value
        }
    }

    public var count: Int { keys.count }

    public var members: [(key: String, value: JSONData)] {
        (0..<keys.count).map { (keys[$0], values[$0]) }
    }

    func position(of key: String) -> Int? {
        if let index {
            return index[ExactString(key)]
        }
        for i in keys.indices where sameBytes(keys[i], key) {
            return i
        }
        return nil
    }

    /// The member's value; setting nil removes it (O(members)).
    public subscript(key: String) -> JSONData? {
        get { position(of: key).map { values[$0] } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index![ExactString(key)] = keys.count - 1
                } else if keys.count >= JSONObject.indexFrom {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        guard keys.count >= JSONObject.indexFrom else {
            index = nil
            return
        }
        var table: [ExactString: Int] = [:]
        table.reserveCapacity(keys.count)
        for (i, key) in keys.enumerated() {
            table[ExactString(key)] = i
        }
        index = table
    }

    /// The same members with the same values, in any order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.keys.indices {
            guard let other = b[a.keys[i]], other == a.values[i] else { return false }
        }
        return true
    }
}
