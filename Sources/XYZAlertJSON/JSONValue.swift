import CJansson
import Glibc

/// A borrowed view of one Jansson value, with the JSON pointer it sits at.
/// Valid while the document it came from is alive.
struct JSONValue {
    let raw: UnsafeMutablePointer<json_t>
    /// The container's pointer and this value's token in it; the full
    /// pointer is only built when an error needs it.
    private let parent: JSONPointer?
    private let token: String

    init(raw: UnsafeMutablePointer<json_t>, parent: JSONPointer?, token: String) {
        self.raw = raw
        self.parent = parent
        self.token = token
    }

    var pointer: JSONPointer { parent?.appending(token) ?? JSONPointer() }

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
        let here = pointer
        var out: [(String, JSONValue)] = []
        out.reserveCapacity(json_object_size(raw))
        var iterator = json_object_iter(raw)
        while let it = iterator {
            let key = String(cString: json_object_iter_key(it))
            out.append((key, JSONValue(raw: json_object_iter_value(it), parent: here, token: key)))
            iterator = json_object_iter_next(raw, it)
        }
        return out
    }

    var elements: [JSONValue] {
        guard kind == .array else { return [] }
        let here = pointer
        return (0..<json_array_size(raw)).map { JSONValue(raw: json_array_get(raw, $0), parent: here, token: String($0)) }
    }

    /// Compact JSON text of this value.
    var text: String {
        guard let dumped = json_dumps(raw, Int(JSON_COMPACT)) else { return "null" }
        defer { free(dumped) }
        return String(cString: dumped)
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

    /// Parses with Jansson, rejecting duplicate keys; syntax errors are
    /// located by Jansson and given a pointer by the scanner.
    init(bytes: [UInt8], source: String) throws(LoadError) {
        var error = json_error_t()
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!).withMemoryRebound(
                to: CChar.self, capacity: buffer.count
            ) { json_loadb($0, buffer.count, Int(JSON_REJECT_DUPLICATES), &error) }
        }
        guard let parsed else {
            let text = withUnsafeBytes(of: error.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let offset = max(0, Int(error.position) - 1)
            let scanner = TextScanner(bytes)
            var position = scanner.position(of: offset)
            if error.line > 0 {
                position = TextPosition(line: Int(error.line), column: max(1, Int(error.column)), offset: offset)
            }
            throw LoadError(kind: .parse, message: "invalid JSON: \(text)", pointer: scanner.pointer(at: offset).description,
                            position: position, source: source)
        }
        root = JSONValue(raw: parsed, parent: nil, token: "")
    }

    deinit {
        xyz_json_release(root.raw)
    }
}
