/// Pieces of JSON text, written by hand (no Foundation): for snapshots and
/// recordings.
public enum JSONText {
    /// A JSON string literal: quotes, backslashes and control characters escaped.
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A finite number, in the shortest form that reads back as the same
    /// double (Swift's own printing: "5.0", "0.1", "1e-05", all valid JSON).
    public static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "0"
    }

    /// An object from members whose values are JSON text already.
    public static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
}
