/// Numbers to and from text the way JavaScript does it (rules follow the
/// JavaScript reference of JsonLogic), and the way Go prints them (flagd's
/// `sem_ver` reads a number as Go's `%v` writes it).
enum JSNumber {
    /// The shortest decimal digits that read back as `value` (finite,
    /// non-zero, sign ignored) and the decimal point's place: value =
    /// 0.DIGITS × 10^point.
    static func digits(_ value: Double) -> (digits: [UInt8], point: Int) {
        // Swift prints the shortest round-trip digits ("1.0", "0.001",
        // "1e-07", "1.2345e+20"); only the layout is JavaScript's own.
        let text = Array("\(value.magnitude)".utf8)
        var mantissa = text[...]
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            mantissa = text[..<e]
            var sign = 1
            var i = e + 1
            if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                sign = text[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
            }
            while i < text.count {
                exponent = exponent * 10 + Int(text[i] - UInt8(ascii: "0"))
                i += 1
            }
            exponent *= sign
        }
        var digits: [UInt8] = []
        var point = 0
        var seenPoint = false
        for c in mantissa {
            if c == UInt8(ascii: ".") {
                seenPoint = true
            } else {
                digits.append(c)
                if !seenPoint { point += 1 }
            }
        }
        point += exponent
        while let first = digits.first, first == UInt8(ascii: "0") {
            digits.removeFirst()
            point -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
        }
        return (digits, point)
    }

    /// JavaScript's Number::toString: "1", "0.5", "1e+21", "1.5e-7", "NaN".
    static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        if value.magnitude < 9.007199254740992e15, value == value.rounded() {
            return String(Int64(value))
        }
        let (d, n) = digits(value)
        let k = d.count
        var out: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        if k <= n && n <= 21 {
            out += d + [UInt8](repeating: UInt8(ascii: "0"), count: n - k)
        } else if 0 < n && n <= 21 {
            out += d[..<n] + [UInt8(ascii: ".")] + d[n...]
        } else if -6 < n && n <= 0 {
            out += [UInt8(ascii: "0"), UInt8(ascii: ".")] + [UInt8](repeating: UInt8(ascii: "0"), count: -n) + d
        } else {
            out.append(d[0])
            if k > 1 {
                out.append(UInt8(ascii: "."))
                out += d[1...]
            }
            let e = n - 1
            out += Array("e\(e < 0 ? "-" : "+")\(e.magnitude)".utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Go's `fmt.Sprintf("%v", value)` for a float64: %g with the shortest
    /// digits, an exponent when it is below -4 or at least 6 ("1e+06").
    static func goString(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Inf" : "+Inf" }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        let (d, dp) = digits(value)
        var out: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        let exp = dp - 1
        if exp < -4 || exp >= 6 {
            out.append(d[0])
            if d.count > 1 {
                out.append(UInt8(ascii: "."))
                out += d[1...]
            }
            let magnitude = exp.magnitude
            out += Array("e\(exp < 0 ? "-" : "+")\(magnitude < 10 ? "0" : "")\(magnitude)".utf8)
        } else if dp <= 0 {
            out += [UInt8(ascii: "0"), UInt8(ascii: ".")] + [UInt8](repeating: UInt8(ascii: "0"), count: -dp) + d
        } else if dp >= d.count {
            out += d + [UInt8](repeating: UInt8(ascii: "0"), count: dp - d.count)
        } else {
            out += d[..<dp] + [UInt8(ascii: ".")] + d[dp...]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// JavaScript's white space and line terminators (what `Number(" 1 ")`
    /// and `parseFloat` skip).
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
             0x3000, 0xFEFF:
            true
        default: false
        }
    }

    private static func trimmed(_ text: String) -> Substring.UnicodeScalarView {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        return scalars
    }

    /// The length of the longest StrDecimalLiteral at the start of `bytes`
    /// (sign, digits, point, exponent; not "Infinity"), 0 when none.
    private static func decimalPrefix(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 48 && bytes[at] <= 57 }
        var digits = 0
        while isDigit(i) {
            i += 1
            digits += 1
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            var j = i + 1
            var fraction = 0
            while isDigit(j) {
                j += 1
                fraction += 1
            }
            if digits + fraction > 0 {
                i = j
                digits += fraction
            }
        }
        guard digits > 0 else { return 0 }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            var j = i + 1
            if j < bytes.count && (bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-")) { j += 1 }
            if isDigit(j) {
                while isDigit(j) { j += 1 }
                i = j
            }
        }
        return i - start
    }

    /// Decimal text (already checked against the grammar) as a double.
    private static func decimal(_ bytes: ArraySlice<UInt8>) -> Double {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix(".") { text = "0" + text }
        if text.hasPrefix("+.") || text.hasPrefix("-.") {
            text.insert("0", at: text.index(after: text.startIndex))
        }
        return Double(text) ?? .nan
    }

    /// JavaScript's ToNumber of a string: "" and blanks are 0, "0x1F",
    /// "0o17" and "0b11" are integers, "Infinity" is signed, anything else
    /// that is not a whole decimal literal is NaN.
    static func number(_ text: String) -> Double {
        let scalars = trimmed(text)
        if scalars.isEmpty { return 0 }
        let bytes = Array(String(String.UnicodeScalarView(scalars)).utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let radix: Int? = switch bytes[1] {
            case UInt8(ascii: "x"), UInt8(ascii: "X"): 16
            case UInt8(ascii: "o"), UInt8(ascii: "O"): 8
            case UInt8(ascii: "b"), UInt8(ascii: "B"): 2
            default: nil
            }
            if let radix {
                var result = 0.0
                for c in bytes[2...] {
                    let digit: Int
                    switch c {
                    case 48...57: digit = Int(c) - 48
                    case 97...102: digit = Int(c) - 87
                    case 65...70: digit = Int(c) - 55
                    default: return .nan
                    }
                    guard digit < radix else { return .nan }
                    result = result * Double(radix) + Double(digit)
                }
                return result
            }
        }
        var start = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") {
            negative = bytes[0] == UInt8(ascii: "-")
            start = 1
        }
        if Array(bytes[start...]) == Array("Infinity".utf8) {
            return negative ? -.infinity : .infinity
        }
        let length = decimalPrefix(bytes, from: start)
        guard length > 0, start + length == bytes.count else { return .nan }
        return decimal(bytes[...])
    }

    /// JavaScript's parseFloat of a string: the longest decimal literal
    /// after leading blanks ("12px" is 12, "Infinityx" is Infinity), NaN
    /// when there is none.
    static func parseFloat(_ text: String) -> Double {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        let bytes = Array(String(String.UnicodeScalarView(scalars)).utf8)
        var start = 0
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            start = 1
        }
        if bytes[start...].starts(with: "Infinity".utf8) {
            return negative ? -.infinity : .infinity
        }
        let length = decimalPrefix(bytes, from: start)
        guard length > 0 else { return .nan }
        return decimal(bytes[0..<(start + length)])
    }
}
