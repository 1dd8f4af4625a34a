import CJansson
internal import CSystem

/// Compact JSON text of a parsed value, byte for byte what Jansson's
/// `json_dumps(value, JSON_COMPACT)` writes (`JSONTextTests` compares the
/// two over every file of the repository's examples and tests), written
/// into one buffer instead of through Jansson's writer, which calls back
/// for every run of characters: an alert's `meta` is kept as this text,
/// and loading 10,000 alerts spent 5% of its time there.
extension JSONValue {
    /// Compact JSON text of this value: an object or an array ("null" for
    /// anything else, as `json_dumps` without `JSON_ENCODE_ANY` gives).
    var text: String {
        guard kind == .object || kind == .array else { return "null" }
        var out: [UInt8] = []
        out.reserveCapacity(64)
        JSONValue.write(raw, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ raw: UnsafeMutablePointer<json_t>, to out: inout [UInt8]) {
        switch Kind(rawValue: xyz_json_type(raw))! {
        case .object:
            out.append(UInt8(ascii: "{"))
            var iterator = json_object_iter(raw)
            var first = true
            while let member = iterator {
                if !first {
                    out.append(UInt8(ascii: ","))
                }
                first = false
                writeString(json_object_iter_key(member), json_object_iter_key_len(member), to: &out)
                out.append(UInt8(ascii: ":"))
                write(json_object_iter_value(member), to: &out)
                iterator = json_object_iter_next(raw, member)
            }
            out.append(UInt8(ascii: "}"))
        case .array:
            out.append(UInt8(ascii: "["))
            for index in 0..<json_array_size(raw) {
                if index > 0 {
                    out.append(UInt8(ascii: ","))
                }
                write(json_array_get(raw, index), to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string:
            writeString(json_string_value(raw), json_string_length(raw), to: &out)
        case .integer:
            out.append(contentsOf: String(Int64(json_integer_value(raw))).utf8)
        case .real:
            // Jansson's own digits (17 significant, its exponent form):
            // reals are rare in the texts kept, and matching them is not.
            if let dumped = json_dumps(raw, Int(JSON_COMPACT | JSON_ENCODE_ANY)) {
                // Jansson's text is freed by Jansson's free function: a
                // host (the tool's backtest among them) may have set its own.
                var release: json_free_t?
                json_get_alloc_funcs(nil, &release)
                defer { if let release { release(dumped) } else { free(dumped) } }
                dumped.withMemoryRebound(to: UInt8.self, capacity: strlen(dumped)) {
                    out.append(contentsOf: UnsafeBufferPointer(start: $0, count: strlen(dumped)))
                }
            }
        case .true:
            out.append(contentsOf: "true".utf8)
        case .false:
            out.append(contentsOf: "false".utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        }
    }

    /// A string as Jansson writes it: `"` and `\` escaped, control
    /// characters as `\b \f \n \r \t` or `\u00XX` (upper-case hex),
    /// everything else (UTF-8 included) as it is.
    private static func writeString(_ chars: UnsafePointer<CChar>?, _ length: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if let chars {
            chars.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                for byte in UnsafeBufferPointer(start: bytes, count: length) {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                        out.append(UInt8(ascii: "\\"))
                        out.append(byte)
                    case 0x08: out.append(contentsOf: #"\b"#.utf8)
                    case 0x0C: out.append(contentsOf: #"\f"#.utf8)
                    case 0x0A: out.append(contentsOf: #"\n"#.utf8)
                    case 0x0D: out.append(contentsOf: #"\r"#.utf8)
                    case 0x09: out.append(contentsOf: #"\t"#.utf8)
                    case 0..<0x20:
                        let high = byte >> 4, low = byte & 0xF  // (high is 0 or 1)
                        out.append(contentsOf: #"\u00"#.utf8)
                        out.append(UInt8(ascii: "0") + high)
                        out.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "A") + (low - 10))
                    default:
                        out.append(byte)
                    }
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
