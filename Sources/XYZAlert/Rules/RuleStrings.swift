/// The string operators, on UTF-16 code units as JavaScript counts them.
enum RuleStrings {
    /// JsonLogic's `substr`: String.prototype.substr(start, length), with a
    /// negative length counting back from the end (PHP's rule).
    static func substr(_ source: String, _ start: JSONData?, _ length: JSONData?) -> String {
        let units = Array(source.utf16)
        if let length, RuleValues.isLess(length, .number(0)) {
            let tail = slice(units, start, nil)
            // (temp.length + end is JavaScript's +: a string end, or an
            // array's, concatenates.)
            let end: JSONData
            if case let .string(suffix)? = RuleValues.primitive(length) {
                end = .string(String(tail.count) + suffix)
            } else {
                end = .number(Double(tail.count) + RuleValues.number(length))
            }
            return text(slice(tail, .number(0), end))
        }
        return text(slice(units, start, length))
    }

    /// ToIntegerOrInfinity.
    private static func integer(_ value: JSONData?) -> Double {
        let n = RuleValues.number(value)
        if n.isNaN { return 0 }
        return n.rounded(.towardZero)
    }

    /// String.prototype.substr's arithmetic on code units.
    private static func slice(_ units: [UInt16], _ start: JSONData?, _ length: JSONData?) -> [UInt16] {
        let size = Double(units.count)
        var from = integer(start)
        if from < 0 {
            from = max(size + from, 0)
        } else {
            from = min(from, size)
        }
        let count = length == nil ? size : min(max(integer(length), 0), size)
        let to = min(from + count, size)
        guard from < to else { return [] }
        return Array(units[Int(from)..<Int(to)])
    }

    /// Code units as a string (a lone surrogate becomes U+FFFD).
    private static func text(_ units: [UInt16]) -> String {
        String(decoding: units, as: UTF16.self)
    }

    /// Whether `needle` occurs in `haystack` (indexOf >= 0); byte search,
    /// which for well-formed text agrees with JavaScript's code units.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        let h = Array(haystack.utf8), n = Array(needle.utf8)
        if n.isEmpty { return true }
        guard n.count <= h.count else { return false }
        var i = 0
        while i + n.count <= h.count {
            if h[i] == n[0] && h[i..<(i + n.count)].elementsEqual(n) { return true }
            i += 1
        }
        return false
    }
}
