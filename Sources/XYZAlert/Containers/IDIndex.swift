/// The live alerts of a domain by id (`Domain.index.ids`): an open-addressing hash
/// table with linear probing and backward-shift deletion.
///
/// Every alert with an id hashes it once, when it is made (`Alert.keyDigest`,
/// see `digest`). Adding, checking and removing an alert then read
/// that digest instead of hashing the id again, as a `Dictionary` would at
/// every operation. Lookups by an id that is not an alert's own (a
/// dependency, `find`) hash it once per lookup.
///
/// Each slot holds the alert's digest beside it, so that probing, growing
/// and the backward shift compare and place digests without reading an
/// alert (reading one through its unowned reference costs a retain and a
/// release). The alerts are held unowned (see `UnownedAlert`).
///
/// Invariants: `slots.count` is 0 or a power of two at least twice `count`;
/// a slot is empty or holds a stored alert and its `keyDigest`; every stored
/// alert is reachable from its home slot (`keyDigest & mask`) without
/// crossing an empty slot; no two stored alerts have the same id. Lookup,
/// insertion and removal cost O(1) expected; growing re-places the slots by
/// their digests, O(count).
struct IDIndex {
    /// (An `Unmanaged` reference, like `UnownedAlert`'s, used directly: a
    /// slot read through `UnownedAlert.alert` would retain and release it.)
    private struct Slot {
        var digest = 0
        var alert: Unmanaged<Alert>?
        #if XYZALERT_CHECK_INVARIANTS
        /// (Checked builds: the alert is alive while it is stored, see `UnownedAlert`.)
        weak var checked: Alert?
        #endif

        init() {}

        init(digest: Int, alert: Alert) {
            self.digest = digest
            self.alert = Unmanaged.passUnretained(alert)
            #if XYZALERT_CHECK_INVARIANTS
            checked = alert
            #endif
        }

        /// The stored alert, which must be alive.
        var stored: Alert {
            checkAlive()
            return alert!.takeUnretainedValue()
        }

        @inline(__always)
        func checkAlive() {
            #if XYZALERT_CHECK_INVARIANTS
            precondition(checked != nil, "XYZAlert invariant broken: IDIndex holds an alert that was freed")
            #endif
        }

        func holds(_ other: Alert) -> Bool {
            alert?.toOpaque() == Unmanaged.passUnretained(other).toOpaque()
        }
    }

    private var slots: [Slot] = []
    private(set) var count = 0

    /// The digest of an id: a keyed hash of its UTF-8 bytes, eight at a time,
    /// whose key is drawn once per process from the standard library's
    /// seeded hasher (random per process, fixed under
    /// SWIFT_DETERMINISTIC_HASHING), which enters every multiplication, so
    /// that ids cannot be chosen to collide without it. Cheaper than
    /// `Hasher` (SipHash), which every alert with an id would pay for;
    /// docs/performance.md, "The id digest", says what it protects against. The tables use its low bits,
    /// which the final mix (splitmix64's) makes depend on every bit of the
    /// bytes.
    static func digest(_ key: ExactString) -> Int {
        let utf8 = key.string.utf8
        return utf8.withContiguousStorageIfAvailable { digest(UnsafeRawBufferPointer($0)) }
            ?? Array(utf8).withUnsafeBytes(digest)
    }

    private static func digest(_ bytes: UnsafeRawBufferPointer) -> Int {
        let n = bytes.count
        let key = IDIndex.key
        let multiplier = key.multiplier
        var h = key.start ^ (UInt64(n) &* 0x9E37_79B9_7F4A_7C15)
        // Words of eight bytes; the last word is the last eight bytes, which
        // overlap the one before when the length is not a multiple of 8.
        // Shorter ids make one word of two overlapping halves, or of their
        // first, middle and last byte. With the length in `h`, different ids
        // give different words.
        if n >= 8 {
            var i = 0
            while i + 8 < n {
                h = mix(h, multiplier, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            h = mix(h, multiplier, bytes.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
        } else if n >= 4 {
            let low = UInt64(bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let high = UInt64(bytes.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
            h = mix(h, multiplier, low | high &<< 32)
        } else if n > 0 {
            h = mix(h, multiplier, UInt64(bytes[0]) &<< 16 | UInt64(bytes[n >> 1]) &<< 8 | UInt64(bytes[n - 1]))
        }
        h = (h ^ (h &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h &>> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: h ^ (h &>> 31))
    }

    /// One word into the state: the full 128-bit product of the two with a
    /// secret odd multiplier, its halves folded together. Because the
    /// multiplier is secret, how a change in the word's bits changes the
    /// result depends on the key (a product with a public constant passes
    /// a top-bit change on unchanged, which let chosen ids collide).
    @inline(__always)
    private static func mix(_ h: UInt64, _ multiplier: UInt64, _ word: UInt64) -> UInt64 {
        let product = (h ^ word).multipliedFullWidth(by: multiplier)
        return product.high ^ product.low
    }

    /// The key of `digest`, from the standard library's per-process seed:
    /// the starting state and the (odd) multiplier.
    private static let key: (start: UInt64, multiplier: UInt64) = {
        var first = Hasher()
        first.combine(0x5859_5A49_4458 as UInt64)
        var second = Hasher()
        second.combine(0x5859_5A49_4459 as UInt64)
        return (UInt64(truncatingIfNeeded: first.finalize()), UInt64(truncatingIfNeeded: second.finalize()) | 1)
    }()

    /// The stored alert whose id is `key`, whose digest is `digest`.
    func find(_ key: ExactString, digest: Int) -> Alert? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var i = digest & mask
        while slots[i].alert != nil {
            slots[i].checkAlive()
            if slots[i].digest == digest && slots[i].alert!._withUnsafeGuaranteedRef({ $0.key! == key }) {
                return slots[i].alert!.takeUnretainedValue()
            }
            i = (i + 1) & mask
        }
        return nil
    }

    subscript(key: ExactString) -> Alert? {
        find(key, digest: IDIndex.digest(key))
    }

    /// Stores `alert`, which has an id that no stored alert has.
    mutating func insert(_ alert: Alert) {
        precondition(alert.key != nil, "IDIndex.insert: an alert without id")
        if (count + 1) * 2 > slots.count {
            grow()
        }
        place(Slot(digest: alert.keyDigest, alert: alert))
        count += 1
    }

    /// Removes `alert` if it is the one stored under its id; returns whether it was.
    @discardableResult
    mutating func remove(_ alert: Alert) -> Bool {
        guard alert.key != nil, !slots.isEmpty else { return false }
        let mask = slots.count - 1
        var hole = alert.keyDigest & mask
        while slots[hole].alert != nil && !slots[hole].holds(alert) {
            hole = (hole + 1) & mask
        }
        guard slots[hole].alert != nil else { return false }
        // Backward shift: each later alert of the run moves into the hole
        // unless its home slot lies cyclically in (hole, j].
        var j = hole
        while true {
            j = (j + 1) & mask
            guard slots[j].alert != nil else { break }
            let home = slots[j].digest & mask
            let stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
            if !stays {
                slots[hole] = slots[j]
                hole = j
            }
        }
        slots[hole] = Slot()
        count -= 1
        return true
    }

    /// Every stored alert, in no particular order.
    var alerts: [Alert] { slots.compactMap { $0.alert != nil ? $0.stored : nil } }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: max(8, old.count * 2))
        for slot in old where slot.alert != nil {
            place(slot)
        }
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var i = slot.digest & mask
        while slots[i].alert != nil {
            i = (i + 1) & mask
        }
        slots[i] = slot
    }
}

extension IDIndex {
    /// Checks the invariants above (O(count)); for `Domain.checkInvariants`.
    func checkInvariants() {
        func require(_ condition: Bool, _ what: @autoclosure () -> String) {
            precondition(condition, "XYZAlert invariant broken: IDIndex: " + what())
        }
        require(slots.isEmpty || (slots.count & (slots.count - 1) == 0 && slots.count >= 2 * count),
                "\(slots.count) slots for \(count) alerts")
        require(slots.count { $0.alert != nil } == count, "count is \(count)")
        var seen = Set<ExactString>()
        let mask = slots.count - 1
        for (i, slot) in slots.enumerated() {
            guard slot.alert != nil else { continue }
            let alert = slot.stored
            require(alert.key != nil && slot.digest == alert.keyDigest, "slot \(i) holds a stale digest")
            require(seen.insert(alert.key!).inserted, "two alerts have the id \(alert.quotedName)")
            var j = slot.digest & mask
            while j != i {
                require(slots[j].alert != nil, "\(alert.quotedName) is cut off from its home slot")
                j = (j + 1) & mask
            }
        }
    }
}
