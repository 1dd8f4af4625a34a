/// The live alerts of a domain by id (`Domain.ids`): an open-addressing hash
/// table with linear probing and backward-shift deletion.
///
/// Every alert with an id hashes it once, when it is made (`Alert.keyDigest`,
/// with the standard library's per-process seeded hasher, so that ids cannot
/// be chosen to collide). Adding, checking and removing an alert then read
/// that digest instead of hashing the id again, as a `Dictionary` would at
/// every operation (three times per add -> show -> dismiss cycle, a quarter
/// of its cost). Lookups by an id that is not an alert's own (a dependency,
/// `find`) hash it once per lookup, as before.
///
/// Invariants: `slots.count` is 0 or a power of two at least twice `count`;
/// every stored alert is reachable from its home slot (`keyDigest & mask`)
/// without crossing an empty slot; no two stored alerts have the same id.
/// Lookup, insertion and removal cost O(1) expected; growing rehashes from
/// the stored digests, O(count).
struct IDIndex {
    private var slots: [Alert?] = []
    private(set) var count = 0

    /// The digest an alert with id `key` has.
    static func digest(_ key: ExactString) -> Int {
        var hasher = Hasher()
        key.hash(into: &hasher)
        return hasher.finalize()
    }

    /// The stored alert whose id is `key`, whose digest is `digest`.
    func find(_ key: ExactString, digest: Int) -> Alert? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var i = digest & mask
        while let alert = slots[i] {
            if alert.keyDigest == digest && alert.key! == key {
                return alert
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
        place(alert)
        count += 1
    }

    /// Removes `alert` if it is the one stored under its id; returns whether it was.
    @discardableResult
    mutating func remove(_ alert: Alert) -> Bool {
        guard alert.key != nil, !slots.isEmpty else { return false }
        let mask = slots.count - 1
        var hole = alert.keyDigest & mask
        while let stored = slots[hole], stored !== alert {
            hole = (hole + 1) & mask
        }
        guard slots[hole] != nil else { return false }
        // Backward shift: each later alert of the run moves into the hole
        // unless its home slot lies cyclically in (hole, j].
        var j = hole
        while true {
            j = (j + 1) & mask
            guard let next = slots[j] else { break }
            let home = next.keyDigest & mask
            let stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
            if !stays {
                slots[hole] = next
                hole = j
            }
        }
        slots[hole] = nil
        count -= 1
        return true
    }

    /// Every stored alert, in no particular order.
    var alerts: [Alert] { slots.compactMap { $0 } }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: max(8, old.count * 2))
        for case let alert? in old {
            place(alert)
        }
    }

    private mutating func place(_ alert: Alert) {
        let mask = slots.count - 1
        var i = alert.keyDigest & mask
        while slots[i] != nil {
            i = (i + 1) & mask
        }
        slots[i] = alert
    }
}
