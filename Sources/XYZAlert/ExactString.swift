/// A string that compares and hashes byte for byte, by its UTF-8.
///
/// Swift's `String` compares by Unicode canonical equivalence, so a composed
/// "é" (U+00E9) equals a decomposed one ("e" + U+0301). Ids, page names and
/// target names are the host's keys, not text: two different byte sequences
/// are two different names, as they are to the C and Python hosts that pass
/// them in. The engine keys every lookup by this type.
public struct ExactString: Hashable, Sendable, CustomStringConvertible {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public var description: String { string }

    public static func == (a: ExactString, b: ExactString) -> Bool {
        var left = a.string, right = b.string
        return left.withUTF8 { l in
            right.withUTF8 { r in
                l.count == r.count && (l.count == 0 || memcmpEqual(l, r))
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        var bytes = string
        bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Whether two buffers of the same count hold the same bytes.
private func memcmpEqual(_ l: UnsafeBufferPointer<UInt8>, _ r: UnsafeBufferPointer<UInt8>) -> Bool {
    if l.baseAddress == r.baseAddress {
        return true
    }
    for i in 0..<l.count where l[i] != r[i] {
        return false
    }
    return true
}
