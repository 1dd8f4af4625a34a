import CJansson
import Glibc
import Testing
@testable import XYZAlertJSON

/// The loader keeps some values as compact JSON text (an alert's `meta`, a
/// definition's text, a history): its writer must give, byte for byte, what
/// Jansson's `json_dumps(JSON_COMPACT)` gives.
@Suite("Compact JSON text")
struct JSONTextTests {
    /// Jansson's text of `value` (nil where Jansson refuses).
    func janssonText(_ value: JSONValue) -> String? {
        guard let dumped = json_dumps(value.raw, Int(JSON_COMPACT)) else { return nil }
        defer { free(dumped) }
        return String(cString: dumped)
    }

    /// Every object and array under `value`, itself included.
    func containers(_ value: JSONValue) -> [JSONValue] {
        switch value.kind {
        case .object: [value] + value.members.flatMap { containers($0.value) }
        case .array: [value] + value.elements.flatMap { containers($0) }
        default: []
        }
    }

    func compare(_ bytes: [UInt8], source: String, anyValue: Bool = false) throws -> Int {
        let document = try JSONDocument.parse(bytes: bytes, source: source, anyValue: anyValue)
        var compared = 0
        for value in containers(document.root) {
            #expect(value.text == janssonText(value), "\(source): \(janssonText(value) ?? "nil")")
            compared += 1
        }
        return compared
    }

    @Test func stringsNumbersAndNestingAsJanssonWritesThem() throws {
        let text = #"""
            {"plain": "abc", "quote": "a\"b", "backslash": "a\\b", "slash": "a/b",
             "controls": "\b\f\n\r\t\u0001\u001f\u000bx", "del": "\u007f", "utf8": "café 警告 😀",
             "separators": "\u2028\u2029", "integers": [0, -1, 9223372036854775807, -9223372036854775808],
             "reals": [0.1, -0.0, 1e300, 2.5e-8, 1.0, 123456789.123456789, -1.5E+20],
             "empty": [{}, [], ""], "literals": [true, false, null], "deep": [[[[{"a": [{}]}]]]],
             "": "empty key", "a\"key\n": 1}
            """#
        let compared = try compare(Array(text.utf8), source: "t.json")
        #expect(compared == 14)
        // Rules' data may hold U+0000 (parsed with `anyValue`).
        #expect(try compare(Array(#"["a\u0000b", {"k": "\u0000"}]"#.utf8), source: "r.json", anyValue: true) == 2)
        let document = try JSONDocument.parse(bytes: Array(#"{"s": "x"}"#.utf8), source: "t.json")
        #expect(document.root.members[0].value.text == "null")  // not an object or array, as json_dumps
    }

    @Test func everyJSONFileOfTheRepository() throws {
        // The examples and the test data: alert sets, scenarios, histories,
        // recordings, rules, bad inputs that parse.
        let repository = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        var files = 0, compared = 0
        for directory in ["examples", "Tests/data", "Tests/rules"] {
            for path in try jsonFiles(under: "/" + repository + "/" + directory) {
                guard let bytes = try? Loader.readFile(path),
                      let count = try? compare(bytes, source: path) else { continue }  // (files that do not parse)
                files += 1
                compared += count
            }
        }
        #expect(files > 100 && compared > 1000, "\(files) files, \(compared) values")
    }
}

/// The `.json` files under `directory`, its subdirectories included, sorted.
func jsonFiles(under directory: String) throws -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var found: [String] = []
    while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name == "." || name == ".." {
            continue
        }
        let path = directory + "/" + name
        if Int32(entry.pointee.d_type) == Int32(DT_DIR) {
            found += try jsonFiles(under: path)
        } else if name.hasSuffix(".json") {
            found.append(path)
        }
    }
    return found.sorted()
}
