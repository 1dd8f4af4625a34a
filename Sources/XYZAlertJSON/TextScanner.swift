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

    /// The position of the value (or, with `.key`, the member key) at
    /// `pointer`: descends token by token, skipping every other value with
    /// `skipValue`, so the cost is one pass over the bytes before it.
    func locate(_ pointer: JSONPointer, _ site: Site = .value) -> TextPosition? {
        var i = skipSpace(0)
        var keyStart: Int?
        for token in pointer.tokens {
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "{") {
                guard let (key, value) = member(token, in: i) else { return nil }
                keyStart = key
                i = value
            } else if bytes[i] == UInt8(ascii: "["), let index = Int(token), index >= 0 {
                guard let element = element(index, in: i) else { return nil }
                keyStart = nil
                i = element
            } else {
                return nil
            }
        }
        if site == .key {
            return keyStart.map(position(of:))
        }
        return position(of: i)
    }

    /// The offsets of the key and the value of member `name` of the object
    /// starting at `start`.
    private func member(_ name: String, in start: Int) -> (Int, Int)? {
        var i = skipSpace(start + 1)
        while i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
            guard let keyEnd = skipString(from: i) else { return nil }
            let key = decodeString(i + 1, keyEnd - 1)
            var value = skipSpace(keyEnd)
            guard value < bytes.count, bytes[value] == UInt8(ascii: ":") else { return nil }
            value = skipSpace(value + 1)
            if key == name {
                return (i, value)
            }
            guard let end = skipValue(from: value) else { return nil }
            i = skipSpace(end)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i = skipSpace(i + 1)
        }
        return nil
    }

    /// The offset of element `index` of the array starting at `start`.
    private func element(_ index: Int, in start: Int) -> Int? {
        var i = skipSpace(start + 1)
        for _ in 0..<index {
            guard let end = skipValue(from: i) else { return nil }
            i = skipSpace(end)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i = skipSpace(i + 1)
        }
        return i < bytes.count && bytes[i] != UInt8(ascii: "]") ? i : nil
    }

    /// The offset just past the value starting at `start`: brackets are
    /// counted, strings skipped whole. nil if the text ends first.
    /// The offset just after the value that starts at `start`, if it is complete.
    func end(ofValueAt start: Int) -> Int? {
        skipValue(from: start)
    }

    private func skipValue(from start: Int) -> Int? {
        var depth = 0
        var i = start
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                guard let end = skipString(from: i) else { return nil }
                i = end
                if depth == 0 { return i }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return i + 1 }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                if depth == 0 { return i }
            default:
                break
            }
            i += 1
        }
        return depth == 0 ? i : nil
    }

    private func skipSpace(_ start: Int) -> Int {
        var i = start
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D {
            i += 1
        }
        return i
    }

    /// The pointer of the innermost value being read at byte `offset`.
    func pointer(at offset: Int) -> JSONPointer {
        JSONPointer(scan(until: offset))
    }

    /// The offset of the first byte of the UTF-8 sequence `offset` lies in:
    /// `offset` itself unless it is a continuation byte of a sequence whose
    /// lead byte (at most 3 bytes back) covers it. A stray continuation byte
    /// is a character of its own.
    func characterStart(_ offset: Int) -> Int {
        let offset = min(offset, bytes.count)
        guard offset < bytes.count, bytes[offset] & 0xC0 == 0x80 else { return offset }
        for back in 1...3 where offset - back >= 0 {
            let byte = bytes[offset - back]
            if byte < 0x80 {
                return offset
            }
            if byte >= 0xC0 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                return back < length ? offset - back : offset
            }
        }
        return offset
    }

    /// The offsets of the elements of the array that starts at `start`, in
    /// one pass over it (nil where the text stops making sense).
    func elementOffsets(ofArrayAt start: Int) -> [Int]? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var offsets: [Int] = []
        var i = skipSpace(start + 1)
        while i < bytes.count, bytes[i] != UInt8(ascii: "]") {
            offsets.append(i)
            guard let end = skipValue(from: i) else { return nil }
            i = skipSpace(end)
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                i = skipSpace(i + 1)
            }
        }
        return offsets
    }

    /// `position(of:)` of each offset, which must ascend, in one pass over
    /// the text up to the last of them.
    func positions(of offsets: [Int]) -> [TextPosition] {
        var out: [TextPosition] = []
        out.reserveCapacity(offsets.count)
        var line = 1, column = 1, at = 0
        for offset in offsets {
            let target = min(offset, bytes.count)
            while at < target {
                let byte = bytes[at]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                at += 1
            }
            out.append(TextPosition(line: line, column: column, offset: offset))
        }
        return out
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

    /// Reads the text until it ends, stops making sense, or passes `limit`,
    /// and returns the path being read there. Used for syntax errors only.
    private func scan(until limit: Int) -> [String] {
        var stack: [Frame] = []
        var state = State.value
        var i = 0
        // Between values (state .afterValue) the path is the container's.
        func path() -> [String] {
            let frames = state == .afterValue ? stack.dropLast() : stack[...]
            return frames.compactMap { frame -> String? in
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
                    guard let end = skipString(from: i), end <= limit else { return path() }
                    i = end
                    state = .afterValue
                default:
                    let start = i
                    while i < bytes.count, isScalarByte(bytes[i]) {
                        i += 1
                    }
                    if i == start || i > limit { return path() }
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
                stack[stack.count - 1] = .object(key: decodeString(i + 1, end - 1))
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

    /// The offset just past the string starting at `start` (a quote), or nil
    /// when the text ends first or a raw control character (which JSON
    /// strings cannot hold, so the string was not terminated) comes first.
    private func skipString(from start: Int) -> Int? {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            case 0..<0x20: return nil
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
