import CJansson
internal import CSystem

/// A borrowed view of one Jansson value, valid while its document lives.
/// It knows only its container and its key or index there: the full JSON
/// pointer is found (`JSONDocument.pointer(of:)`) when an error needs it, so
/// walking a valid document allocates no pointers at all.
struct JSONValue {
    let raw: UnsafeMutablePointer<json_t>
    /// The object or array holding this value; nil for the root. (Objects
    /// and arrays are never shared in a parsed document, unlike Jansson's
    /// true, false and null singletons, so a container identifies a place.)
    let container: UnsafeMutablePointer<json_t>?
    /// The member key under `container`, or the element index (-1 for a
    /// member): the index is made text only when an error needs it.
    let key: String
    let index: Int
    /// The member key or element index under `container`.
    var token: String { index >= 0 ? String(index) : key }

    init(raw: UnsafeMutablePointer<json_t>, container: UnsafeMutablePointer<json_t>?, key: String = "", index: Int = -1) {
        self.raw = raw
        self.container = container
        self.key = key
        self.index = index
    }

    enum Kind: Int32 {
        case object = 0, array, string, integer, real, `true`, `false`, null
    }

    var kind: Kind { Kind(rawValue: xyz_json_type(raw))! }

    var string: String? {
        guard kind == .string, let chars = json_string_value(raw) else { return nil }
        let length = json_string_length(raw)
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    var integer: Int64? { kind == .integer ? Int64(json_integer_value(raw)) : nil }

    /// Integers and reals.
    var number: Double? {
        switch kind {
        case .integer: Double(json_integer_value(raw))
        case .real: json_real_value(raw)
        default: nil
        }
    }

    var bool: Bool? {
        switch kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// Members in document order (Jansson keeps insertion order).
    var members: [(key: String, value: JSONValue)] {
        guard kind == .object else { return [] }
        // (Labelled as the result is: an array of unlabelled tuples returned
        // as this type is converted element by element through the
        // runtime's dynamic casts.)
        var out: [(key: String, value: JSONValue)] = []
        out.reserveCapacity(json_object_size(raw))
        var iterator = json_object_iter(raw)
        while let it = iterator {
            let key = String(cString: json_object_iter_key(it))
            out.append((key, JSONValue(raw: json_object_iter_value(it), container: raw, key: key)))
            iterator = json_object_iter_next(raw, it)
        }
        return out
    }

    var elements: [JSONValue] {
        guard kind == .array else { return [] }
        return (0..<json_array_size(raw)).map { JSONValue(raw: json_array_get(raw, $0), container: raw, index: $0) }
    }

    /// How the value reads in a message: `string "high"`, `integer 7`, `an object`.
    var described: String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string:
            let s = string ?? ""
            let shown = s.count > 40 ? String(s.prefix(40)) + "..." : s
            return "string \"\(shown)\""
        case .integer: return "integer \(integer!)"
        case .real: return "real \(number!)"
        case .true: return "true"
        case .false: return "false"
        case .null: return "null"
        }
    }
}

/// A parsed document; frees the Jansson tree when released.
final class JSONDocument {
    let root: JSONValue

    private init(root raw: UnsafeMutablePointer<json_t>) {
        root = JSONValue(raw: raw, container: nil)
    }

    /// Parses with Jansson, rejecting duplicate keys; syntax errors are
    /// located by Jansson and given a pointer by the scanner. (A factory,
    /// not a throwing initializer: the Embedded build does not free an
    /// object whose initializer throws before it is whole.)
    /// With `anyValue`, the text may be any JSON value, not only an object
    /// or an array, and strings may hold U+0000 (rules and their data).
    static func parse(bytes: [UInt8], source: String, anyValue: Bool = false) throws(LoadError) -> JSONDocument {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            // Named, not shown: Jansson would quote the invisible character.
            throw LoadError(kind: .parse,
                            message: "invalid JSON: the text starts with a UTF-8 byte-order mark (bytes EF BB BF); "
                                + "save it as UTF-8 without one",
                            pointer: "", position: TextPosition(line: 1, column: 1, offset: 0), source: source)
        }
        var error = json_error_t()
        func parse(_ flags: Int32) -> UnsafeMutablePointer<json_t>? {
            bytes.withUnsafeBufferPointer { buffer in
                UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!).withMemoryRebound(
                    to: CChar.self, capacity: buffer.count
                ) { json_loadb($0, buffer.count, Int(flags), &error) }
            }
        }
        let any = anyValue ? JSON_DECODE_ANY | JSON_ALLOW_NUL : 0
        var parsed = parse(JSON_REJECT_DUPLICATES | any)
        if parsed == nil && xyz_json_error_is_overflow(&error) != 0 {
            // An integer literal beyond 64 bits is the number it writes, as
            // the same value written as a real is (docs/formats.md): read
            // again with every number a real, then the integral ones that
            // fit 64 bits made integers again.
            parsed = parse(JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL | any)
            if let parsed {
                JSONDocument.restoreIntegers(parsed)
            }
        }
        guard let parsed else {
            let text = withUnsafeBytes(of: error.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            // Jansson's position counts the bytes it read, the bad one
            // included; its line and column count differently around
            // multi-byte characters, a BOM and a trailing newline. So the
            // byte offset alone is taken (the end of the text for a premature
            // end, else the start of the character Jansson stopped at), and
            // line, column and pointer are all derived from it: they agree.
            let scanner = TextScanner(bytes)
            var offset = min(max(0, Int(error.position) - 1), bytes.count)
            if xyz_json_error_at_end(&error) != 0 {
                offset = bytes.count
            }
            offset = scanner.characterStart(offset)
            throw LoadError(kind: .parse, message: "invalid JSON: \(text)", pointer: scanner.pointer(at: offset).description,
                            position: scanner.position(of: offset), source: source)
        }
        return JSONDocument(root: parsed)
    }

    deinit {
        xyz_json_release(root.raw)
    }

    /// Makes every real of the tree that is integral and within 64 bits an
    /// integer (after a parse that read integers as reals). Iterative: no
    /// depth overflows the stack. O(values).
    private static func restoreIntegers(_ root: UnsafeMutablePointer<json_t>) {
        func integer(_ value: UnsafeMutablePointer<json_t>?) -> UnsafeMutablePointer<json_t>? {
            guard let value, xyz_json_type(value) == Int32(JSON_REAL.rawValue) else { return nil }
            let number = json_real_value(value)
            guard number == number.rounded(), number >= -9.223372036854775808e18, number < 9.223372036854775808e18 else {
                return nil
            }
            return json_integer(json_int_t(number))
        }
        var containers = [root]
        while let container = containers.popLast() {
            if xyz_json_type(container) == Int32(JSON_OBJECT.rawValue) {
                var iterator = json_object_iter(container)
                while let it = iterator {
                    let value = json_object_iter_value(it)
                    if let replacement = integer(value) {
                        json_object_iter_set_new(container, it, replacement)
                    } else if let value, xyz_json_type(value) <= Int32(JSON_ARRAY.rawValue) {
                        containers.append(value)
                    }
                    iterator = json_object_iter_next(container, it)
                }
            } else if xyz_json_type(container) == Int32(JSON_ARRAY.rawValue) {
                for i in 0..<json_array_size(container) {
                    let value = json_array_get(container, i)
                    if let replacement = integer(value) {
                        json_array_set_new(container, i, replacement)
                    } else if let value, xyz_json_type(value) <= Int32(JSON_ARRAY.rawValue) {
                        containers.append(value)
                    }
                }
            }
        }
    }

    /// The JSON pointer of `value`: a depth-first search for its container,
    /// iterative, O(values). Only errors need it.
    func pointer(of value: JSONValue) -> JSONPointer {
        guard let container = value.container else { return JSONPointer() }
        var stack: [(value: JSONValue, path: [String])] = [(root, [])]
        while let (current, path) = stack.popLast() {
            if current.raw == container {
                return JSONPointer(path + [value.token])
            }
            for (key, child) in current.members where child.kind == .object || child.kind == .array {
                stack.append((child, path + [key]))
            }
            for child in current.elements where child.kind == .object || child.kind == .array {
                stack.append((child, path + [child.token]))
            }
        }
        return JSONPointer([value.token])
    }
}
