/// An alert's id dependencies (`Alert.idDependencies`) or its tags
/// (`Alert.tagList`): strings in the order they were added, with an index
/// that finds a duplicate in O(1).
///
/// The index is an open-addressing table of 64-bit slots with linear
/// probing. An empty slot is 0; any other holds the low 32 bits of the id's
/// digest (`IDIndex.digest`, keyed by the process's hashing seed) in its
/// high half and the id's position in `ids` plus one in its low half. A
/// probe compares those digest bits before it reads any id's bytes, and
/// growing re-places the slots from them without hashing an id again or
/// reading `ids`; 8-byte slots stay in the cache longer than a `Set`'s
/// buckets.
///
/// Invariants: `slots.count` is 0 or a power of two at least twice
/// `ids.count`; each id of `ids` has exactly one slot, reachable from its
/// home slot (digest & mask) without crossing an empty one; no two ids of
/// `ids` are equal. `contains` and `append` cost O(1) expected, growing
/// O(count). Ids are never removed one by one.
struct IDList {
    private(set) var ids: [ExactString] = []
    private var slots: [UInt64] = []

    /// Whether `id`, whose digest is `digest`, is in the list.
    func contains(_ id: ExactString, digest: Int) -> Bool {
        guard !slots.isEmpty else { return false }
        let bits = IDList.digestBits(digest)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: bits) & mask
        while slots[i] != 0 {
            if slots[i] >> 32 == bits && ids[Int(slots[i] & 0xFFFF_FFFF) - 1] == id {
                return true
            }
            i = (i + 1) & mask
        }
        return false
    }

    /// Appends `id`, whose digest is `digest` and which is not in the list.
    mutating func append(_ id: ExactString, digest: Int) {
        precondition(UInt64(ids.count) < UInt64(UInt32.max), "IDList: too many ids")
        if (ids.count + 1) * 2 > slots.count {
            grow()
        }
        ids.append(id)
        place(IDList.digestBits(digest) << 32 | UInt64(ids.count))
    }

    private static func digestBits(_ digest: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: digest) & 0xFFFF_FFFF
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: max(8, old.count * 2))
        for slot in old where slot != 0 {
            place(slot)
        }
    }

    private mutating func place(_ slot: UInt64) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: slot >> 32) & mask
        while slots[i] != 0 {
            i = (i + 1) & mask
        }
        slots[i] = slot
    }
}

extension IDList {
    /// Checks the invariants above (O(count)); for `Domain.checkInvariants`.
    func checkInvariants() {
        func require(_ condition: Bool, _ what: @autoclosure () -> String) {
            precondition(condition, "XYZAlert invariant broken: IDList: " + what())
        }
        require(slots.isEmpty ? ids.isEmpty : slots.count & (slots.count - 1) == 0 && slots.count >= 2 * ids.count,
                "\(slots.count) slots for \(ids.count) ids")
        require(Set(ids).count == ids.count, "an id is listed twice")
        var positions = Set<Int>()
        let mask = slots.count - 1
        for (i, slot) in slots.enumerated() where slot != 0 {
            let position = Int(slot & 0xFFFF_FFFF) - 1
            require(position >= 0 && position < ids.count && positions.insert(position).inserted,
                    "slot \(i) names position \(position)")
            require(slot >> 32 == IDList.digestBits(IDIndex.digest(ids[position])), "slot \(i) holds a stale digest")
            var j = Int(slot >> 32) & mask
            while j != i {
                require(slots[j] != 0, "id '\(ids[position])' is cut off from its home slot")
                j = (j + 1) & mask
            }
        }
        require(positions.count == ids.count, "\(ids.count - positions.count) ids have no slot")
    }
}
