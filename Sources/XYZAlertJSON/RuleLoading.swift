import CJansson
internal import CSystem
import XYZAlert

/// Rules and their data from JSON text: parsed by Jansson, every error
/// located (file, line, column, JSON pointer).
public enum RuleLoading {
    /// The deepest data a rule reads (arrays and objects within each other).
    public static let maxDataDepth = Rule.maxDepth

    /// A JSON value; `.parse` for text that is not JSON, `.schema` for
    /// data nested deeper than `maxDataDepth`.
    public static func data(bytes: [UInt8], source: String) throws(LoadError) -> JSONData {
        try value(bytes: bytes, source: source, what: "data")
    }

    private static func value(bytes: [UInt8], source: String, what: String) throws(LoadError) -> JSONData {
        let document = try JSONDocument.parse(bytes: bytes, source: source, anyValue: true)
        var path: [String] = []
        guard let data = convert(document.root.raw, depth: 1, path: &path) else {
            throw schemaError("the \(what) nests deeper than \(maxDataDepth) levels", at: path, in: bytes, source)
        }
        return data
    }

    /// A schema error at the value `path` leads to, located in `bytes`.
    private static func schemaError(_ message: String, at path: [String], in bytes: [UInt8], _ source: String) -> LoadError {
        let pointer = JSONPointer(path)
        let scanner = TextScanner(bytes)
        return LoadError(kind: .schema, message: message, pointer: pointer.description,
                         position: scanner.locate(pointer) ?? scanner.position(of: 0), source: source)
    }

    /// A compiled rule; `.schema` for an unknown operator or a rule too
    /// deep or too large, at the offending value.
    public static func rule(bytes: [UInt8], source: String) throws(LoadError) -> Rule {
        let json = try value(bytes: bytes, source: source, what: "rule")
        do {
            return try Rule.compile(json)
        } catch {
            throw schemaError(error.message, at: error.path, in: bytes, source)
        }
    }

    /// The value as `JSONData`; nil (with `path` at the place) when it
    /// nests deeper than `maxDataDepth`.
    static func convert(_ value: UnsafeMutablePointer<json_t>, depth: Int, path: inout [String]) -> JSONData? {
        switch xyz_json_type(value) {
        case Int32(JSON_OBJECT.rawValue):
            guard depth <= maxDataDepth else { return nil }
            var object = JSONObject()
            var iterator = json_object_iter(value)
            while let it = iterator {
                let key = String(cString: json_object_iter_key(it))
                path.append(key)
                guard let member = convert(json_object_iter_value(it), depth: depth + 1, path: &path) else { return nil }
                path.removeLast()
                object[key] = member
                iterator = json_object_iter_next(value, it)
            }
            return .object(object)
        case Int32(JSON_ARRAY.rawValue):
            guard depth <= maxDataDepth else { return nil }
            var items: [JSONData] = []
            items.reserveCapacity(json_array_size(value))
            for i in 0..<json_array_size(value) {
                path.append(String(i))
                guard let item = convert(json_array_get(value, i), depth: depth + 1, path: &path) else { return nil }
                path.removeLast()
                items.append(item)
            }
            return .array(items)
        case Int32(JSON_STRING.rawValue):
            let length = json_string_length(value)
            guard let chars = json_string_value(value) else { return .string("") }
            return .string(chars.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            })
        case Int32(JSON_INTEGER.rawValue): return .number(Double(json_integer_value(value)))
        case Int32(JSON_REAL.rawValue): return .number(json_real_value(value))
        case Int32(JSON_TRUE.rawValue): return .bool(true)
        case Int32(JSON_FALSE.rawValue): return .bool(false)
        default: return .null
        }
    }
}
