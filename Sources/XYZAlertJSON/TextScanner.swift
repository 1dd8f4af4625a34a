/// Finds positions in JSON text, which Jansson does not report for values:
/// where the value (or member key) at a JSON pointer starts, and which value
/// a byte offset lies in (for syntax errors).
///
/// An iterative scanner over the UTF-8 bytes, so that no nesting depth can
/// overflow the stack; it tolerates malformed text by stopping where the text
/// stops making sense. Cost: O(bytes scanned).
struct TextScanner {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    enum Site { case value, key }

    /// The position of the value (or, with `.key`, the member key) at `pointer`.
    func locate(_ pointer: JSONPointer, _ site: Site = .value) -> TextPosition? {
        var found: Int?
        scan { tokens, offset, kind in
            if kind == site && tokens == pointer.tokens {
                found = offset
                return true
            }
            return false
        }
        return found.map(position(of:))
    }

    /// The pointer of the innermost value being read at byte `offset`.
    func pointer(at offset: Int) -> JSONPointer {
        JSONPointer(scan(until: offset) { _, _, _ in false })
    }

    /// Line and column (1-based, in Unicode scalars) of a byte offset.
    func position(of offset: Int) -> TextPosition {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return TextPosition(line: line, column: column, offset: offset)
    }

    private enum Frame {
        case object(key: String?)
        case array(index: Int)
    }

    private enum State { case value, afterValue, keyOrEnd, key, colon }

    /// Calls `visit(path, offset, site)` at the start of every value and key,
    /// until it returns true, the text ends or stops making sense, or the
    /// scan passes `limit`. Returns the path being read where it stopped.
    @discardableResult
    private func scan(until limit: Int = .max, _ visit: ([String], Int, Site) -> Bool) -> [String] {
        var stack: [Frame] = []
        var state = State.value
        var i = 0
        func path() -> [String] {
            stack.compactMap { frame in
                switch frame {
                case .object(let key): key
                case .array(let index): String(index)
                }
            }
        }
        while true {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) {
                i += 1
            }
            guard i < bytes.count, i <= limit else { return path() }
            let c = bytes[i]
            switch state {
            case .value:
                if visit(path(), i, .value) { return path() }
                switch c {
                case UInt8(ascii: "{"):
                    stack.append(.object(key: nil))
                    state = .keyOrEnd
                    i += 1
                case UInt8(ascii: "["):
                    stack.append(.array(index: 0))
                    i += 1
                    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) {
                        i += 1
                    }
                    if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                        stack.removeLast()
                        i += 1
                        state = .afterValue
                    }
                case UInt8(ascii: "\""):
                    guard let end = skipString(from: i) else { return path() }
                    i = end
                    state = .afterValue
                default:
                    let start = i
                    while i < bytes.count, isScalarByte(bytes[i]) {
                        i += 1
                    }
                    if i == start { return path() }
                    state = .afterValue
                }
            case .afterValue:
                guard let top = stack.last else { return path() }
                switch (c, top) {
                case (UInt8(ascii: ","), .array(let index)):
                    stack[stack.count - 1] = .array(index: index + 1)
                    state = .value
                case (UInt8(ascii: ","), .object):
                    stack[stack.count - 1] = .object(key: nil)
                    state = .key
                case (UInt8(ascii: "]"), .array), (UInt8(ascii: "}"), .object):
                    stack.removeLast()
                default:
                    return path()
                }
                i += 1
            case .keyOrEnd, .key:
                if c == UInt8(ascii: "}") && state == .keyOrEnd {
                    stack.removeLast()
                    state = .afterValue
                    i += 1
                    continue
                }
                guard c == UInt8(ascii: "\""), let end = skipString(from: i) else { return path() }
                let key = decodeString(i + 1, end - 1)
                stack[stack.count - 1] = .object(key: key)
                if visit(path(), i, .key) { return path() }
                i = end
                state = .colon
            case .colon:
                guard c == UInt8(ascii: ":") else { return path() }
                i += 1
                state = .value
            }
        }
    }

    private func isScalarByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "E")
    }

    /// The offset just past the string starting at `start` (a quote), or nil.
    private func skipString(from start: Int) -> Int? {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return nil
    }

    /// Decodes the string body between `start` and `end` (exclusive).
    private func decodeString(_ start: Int, _ end: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw = []
        }
        var i = start
        while i < end {
            guard bytes[i] == UInt8(ascii: "\\"), i + 1 < end else {
                raw.append(bytes[i])
                i += 1
                continue
            }
            flush()
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                guard let high = hex4(i, end) else { continue }
                i += 4
                var value = high
                if (0xD800..<0xDC00).contains(high), i + 1 < end, bytes[i] == UInt8(ascii: "\\"),
                   bytes[i + 1] == UInt8(ascii: "u"), let low = hex4(i + 2, end), (0xDC00..<0xE000).contains(low) {
                    value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        flush()
        return String(scalars)
    }

    private func hex4(_ start: Int, _ end: Int) -> UInt32? {
        guard start + 4 <= end else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<start + 4] {
            guard let digit = hexValue(byte) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
