/// Seconds written with a unit ("90s", "30m", "12h", "1.5d"): the one
/// grammar the files, the C interface and the bindings share
/// (docs/formats.md, "Seconds").
///
///     seconds = digits [ "." digits ] unit
///     digits  = one or more of the ASCII digits 0-9
///     unit    = "s" | "m" | "h" | "d"   (1, 60, 3600, 86400 seconds)
///
/// Nothing else: no sign, no space, no exponent, no hexadecimal, no digit
/// outside ASCII, no dot without digits on both sides.
public enum Seconds {
    /// The grammar in words, for error messages.
    public static let grammar = "digits, an optional fraction and a unit (s, m, h or d: \"90s\", \"30m\", \"1.5h\", \"90d\")"

    /// The seconds `text` says, or nil when it does not follow the grammar
    /// or says more than a finite double holds.
    public static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, let scale = unitScale(bytes.last!) else { return nil }
        let number = bytes.dropLast()
        let dot = number.firstIndex(of: UInt8(ascii: "."))
        let whole = number[..<(dot ?? number.endIndex)]
        let fraction = dot.map { number[number.index(after: $0)...] }
        guard isDigits(whole), fraction.map(isDigits) ?? true else { return nil }
        // Digits and at most one inner dot: Double reads them exactly as written.
        guard let count = Double(String(decoding: number, as: UTF8.self)) else { return nil }
        let seconds = count * scale
        return seconds.isFinite ? seconds : nil
    }

    private static func unitScale(_ byte: UInt8) -> Double? {
        switch byte {
        case UInt8(ascii: "s"): 1
        case UInt8(ascii: "m"): 60
        case UInt8(ascii: "h"): 3600
        case UInt8(ascii: "d"): 86400
        default: nil
        }
    }

    private static func isDigits(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
