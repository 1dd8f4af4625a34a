/// Where in a JSON text something is: 1-based line and column (in Unicode
/// scalars, as Jansson counts), 0-based byte offset.
public struct TextPosition: Equatable, Sendable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}

/// A load failure: what kind, a message for a person, the JSON pointer of
/// the offending value (RFC 6901) and its position in the text.
public struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// Not well-formed JSON (or not UTF-8, or nested too deep).
        case parse
        /// Well-formed JSON that breaks the schema.
        case schema
        /// The file could not be read.
        case io
    }

    public var kind: Kind
    public var message: String
    public var pointer: String
    /// nil for I/O errors.
    public var position: TextPosition?
    public var source: String

    public init(kind: Kind, message: String, pointer: String, position: TextPosition?, source: String) {
        self.kind = kind
        self.message = message
        self.pointer = pointer
        self.position = position
        self.source = source
    }

    /// "FILE:LINE:COLUMN: error: MESSAGE (at POINTER)", as compilers print.
    public var description: String {
        let at = pointer.isEmpty ? "\"\"" : pointer
        guard let position else { return "\(source): error: \(message)" }
        return "\(source):\(position.line):\(position.column): error: \(message) (at \(at))"
    }
}

/// A JSON pointer (RFC 6901), built one reference token at a time.
public struct JSONPointer: Equatable, Sendable, CustomStringConvertible {
    public private(set) var tokens: [String] = []

    public init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }

    /// "" for the root, else "/a/0/b" with "~" and "/" escaped.
    public var description: String {
        var out = ""
        for token in tokens {
            out += "/"
            for character in token.unicodeScalars {
                // RFC 6901: "~" is "~0" and "/" is "~1". (By hand: the
                // standard library's `replacing` links the whole regex stack.)
                switch character {
                case "~": out += "~0"
                case "/": out += "~1"
                default: out.unicodeScalars.append(character)
                }
            }
        }
        return out
    }
}
