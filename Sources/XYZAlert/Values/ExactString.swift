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

    // Declared read-only (it is: it compares bytes in place), so that the
    // optimizer need not retain what the caller holds across the call: an
    // id look-up in `IDIndex.find` kept the table and the alert retained.
    @_effects(readonly)
    public static func == (a: ExactString, b: ExactString) -> Bool {
        // The same two words are the same string: one storage (a key looked
        // up with the value it was stored with), or the same bytes held in
        // place (strings of up to 15 bytes). (A String is two words on
        // 64-bit platforms only: 12 bytes on wasm32.)
        #if _pointerBitWidth(_64)
        if unsafeBitCast(a.string, to: (UInt64, UInt64).self) == unsafeBitCast(b.string, to: (UInt64, UInt64).self) {
            return true
        }
        #endif
        let left = a.string.utf8, right = b.string.utf8
        guard left.count == right.count else { return false }
        return left.withContiguousStorageIfAvailable { l in
            right.withContiguousStorageIfAvailable { r in ExactString.sameBytes(l, r) }
        }.flatMap { $0 } ?? left.elementsEqual(right)
    }

    /// Whether two buffers of the same length hold the same bytes, eight at
    /// a time (the generic `elementsEqual` goes byte by byte).
    @inline(__always)
    private static func sameBytes(_ l: UnsafeBufferPointer<UInt8>, _ r: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = l.count
        guard count > 0, let lp = l.baseAddress, let rp = r.baseAddress else { return true }
        let left = UnsafeRawPointer(lp), right = UnsafeRawPointer(rp)
        var i = 0
        while i + 8 <= count {
            if left.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i += 8
        }
        while i < count {
            if lp[i] != rp[i] {
                return false
            }
            i += 1
        }
        return true
    }

    /// What a `Set` or `Dictionary` keyed by this type hashes: the id
    /// index's digest (a few multiplies per eight bytes) with the table's
    /// seed, not `Hasher`'s SipHash, which was 6% of a backtest's
    /// instructions (docs/performance.md, "The id digest").
    /// (Equal values have equal bytes, so equal digests.)
    public func _rawHashValue(seed: Int) -> Int {
        IDIndex.digest(self) ^ seed
    }

    public func hash(into hasher: inout Hasher) {
        // Native strings (all of them on Linux) hand out their bytes in place;
        // the fallback hashes the same bytes, so equal values hash alike.
        let utf8 = string.utf8
        if utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            Array(utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
