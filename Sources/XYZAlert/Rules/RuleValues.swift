/// JavaScript's conversions and comparisons, as JsonLogic's reference
/// implementation inherits them. A value is `JSONData?`: nil is
/// JavaScript's `undefined` (an argument not given, `{"and": []}`).
enum RuleValues {
    /// JsonLogic's truthiness: JavaScript's, except that [] is false.
    static func truthy(_ value: JSONData?) -> Bool {
        switch value {
        case nil, .null?: false
        case let .bool(b)?: b
        case let .number(n)?: n != 0 && !n.isNaN
        case let .string(s)?: !s.isEmpty
        case let .array(items)?: !items.isEmpty
        case .object?: true
        }
    }

    /// ToString: arrays joined with "," (null and undefined as ""),
    /// objects "[object Object]".
    static func string(_ value: JSONData?) -> String {
        switch value {
        case nil: "undefined"
        case .null?: "null"
        case let .bool(b)?: b ? "true" : "false"
        case let .number(n)?: JSNumber.string(n)
        case let .string(s)?: s
        case let .array(items)?: joined(items)
        case .object?: "[object Object]"
        }
    }

    /// Array.prototype.join(","), iterative (a built value may nest deep).
    private static func joined(_ items: [JSONData]) -> String {
        var out = ""
        var stack: [(items: [JSONData], next: Int)] = [(items, 0)]
        while !stack.isEmpty {
            let (items, next) = stack[stack.count - 1]
            guard next < items.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            if next > 0 { out += "," }
            switch items[next] {
            case .null: break
            case let .array(inner): stack.append((inner, 0))
            case let item: out += string(item)
            }
        }
        return out
    }

    /// ToPrimitive: arrays and objects become their strings.
    static func primitive(_ value: JSONData?) -> JSONData? {
        switch value {
        case .array?, .object?: .string(string(value))
        default: value
        }
    }

    /// ToNumber.
    static func number(_ value: JSONData?) -> Double {
        switch value {
        case nil: .nan
        case .null?: 0
        case let .bool(b)?: b ? 1 : 0
        case let .number(n)?: n
        case let .string(s)?: JSNumber.number(s)
        case .array?, .object?: number(primitive(value))
        }
    }

    /// parseFloat(value): of its string, except that a number is itself.
    static func parseFloat(_ value: JSONData?) -> Double {
        if case let .number(n)? = value {
            return n == 0 ? 0 : n
        }
        return JSNumber.parseFloat(string(value))
    }

    /// `===`: same type and value; two arrays or objects are never the same.
    static func strictEqual(_ a: JSONData?, _ b: JSONData?) -> Bool {
        switch (a, b) {
        case (nil, nil), (.null?, .null?): true
        case let (.bool(x)?, .bool(y)?): x == y
        case let (.number(x)?, .number(y)?): x == y
        case let (.string(x)?, .string(y)?): sameBytes(x, y)
        default: false
        }
    }

    /// `==`: JavaScript's abstract equality.
    static func looseEqual(_ a: JSONData?, _ b: JSONData?) -> Bool {
        var a = a, b = b
        while true {
            switch (a, b) {
            case (nil, nil), (nil, .null?), (.null?, nil), (.null?, .null?): return true
            case (nil, _), (_, nil), (.null?, _), (_, .null?): return false
            case (.bool?, .bool?), (.number?, .number?), (.string?, .string?): return strictEqual(a, b)
            case (.array?, .array?), (.object?, .object?), (.array?, .object?), (.object?, .array?): return false
            case (.number?, .string?), (.string?, .number?): return number(a) == number(b)
            case (.bool?, _): a = .number(number(a))
            case (_, .bool?): b = .number(number(b))
            case (.array?, _), (.object?, _): a = primitive(a)
            case (_, .array?), (_, .object?): b = primitive(b)
            }
        }
    }

    /// `a < b` (JavaScript's abstract relational comparison); nil when a
    /// number is NaN (every comparison is then false).
    static func less(_ a: JSONData?, _ b: JSONData?) -> Bool? {
        let x = primitive(a), y = primitive(b)
        if case let .string(s)? = x, case let .string(t)? = y {
            return s.utf16.lexicographicallyPrecedes(t.utf16)
        }
        let m = number(x), n = number(y)
        if m.isNaN || n.isNaN { return nil }
        return m < n
    }

    static func isLess(_ a: JSONData?, _ b: JSONData?) -> Bool { less(a, b) ?? false }
    static func isLessOrEqual(_ a: JSONData?, _ b: JSONData?) -> Bool { less(b, a).map { !$0 } ?? false }

    /// A `var` path: nil for the data itself ("" and null), else the
    /// string of the key split at dots.
    static func path(_ key: JSONData?) -> [String]? {
        switch key {
        case nil, .null?: return nil
        case let .string(s)? where s.isEmpty: return nil
        default:
            return string(key).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// `data[name]` for the values JSON has: object members, array elements
    /// and lengths, string characters (UTF-16 units) and lengths; nil
    /// (undefined) for the rest.
    static func property(_ data: JSONData, _ name: String) -> JSONData? {
        switch data {
        case let .object(object):
            return object[name]
        case let .array(items):
            if name == "length" { return .number(Double(items.count)) }
            guard let i = index(name), i < items.count else { return nil }
            return items[i]
        case let .string(s):
            if name == "length" { return .number(Double(s.utf16.count)) }
            guard let i = index(name) else { return nil }
            let units = s.utf16
            guard i < units.count else { return nil }
            return .string(String(decoding: [units[units.index(units.startIndex, offsetBy: i)]], as: UTF16.self))
        default:
            return nil
        }
    }

    /// A canonical array index ("0", "12"; not "01", "-1", "1.0").
    private static func index(_ name: String) -> Int? {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= 15, first != UInt8(ascii: "0") || bytes.count == 1 else {
            return nil
        }
        var value: Int64 = 0  // (up to 15 digits: Int may have 32 bits)
        for c in bytes {
            guard c >= 48 && c <= 57 else { return nil }
            value = value * 10 + Int64(c - 48)
        }
        return Int(exactly: value) ?? Int.max  // (past any array's end either way)
    }
}
