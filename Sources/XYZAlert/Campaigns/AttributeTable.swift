/// A domain's attributes (docs/rules.md §21) in the order they were first
/// set (`Targeting` makes the object rules read from them, once per change).
///
/// Reading, setting and removing one is O(1) (amortized): a removed
/// attribute leaves a hole, and the holes are closed up in one O(n) sweep
/// once they outnumber the attributes, so removing n attributes one by one
/// costs O(n) in all.
struct AttributeTable {
    private var entries: [(name: String, value: JSONData)?] = []
    private var slots: [ExactString: Int] = [:]
    private var holes = 0
    /// Entries moved by closing up holes, in all (for the tests that
    /// check removals cost O(1) amortized).
    private(set) var moved = 0

    /// How many attributes there are.
    var count: Int { slots.count }

    subscript(name: String) -> JSONData? {
        get { slots[ExactString(name)].map { entries[$0]!.value } }
        set {
            let key = ExactString(name)
            if let slot = slots[key] {
                if let newValue {
                    entries[slot]!.value = newValue
                } else {
                    entries[slot] = nil
                    slots[key] = nil
                    holes += 1
                    if holes > 8 && holes > slots.count { closeHoles() }
                }
            } else if let newValue {
                slots[key] = entries.count
                entries.append((name, newValue))
            }
        }
    }

    /// The attributes as an object, in order. O(n).
    var object: JSONObject {
        JSONObject(entries.compactMap { $0.map { ($0.name, $0.value) } })
    }

    private mutating func closeHoles() {
        entries.removeAll { $0 == nil }
        moved += entries.count
        for (slot, entry) in entries.enumerated() {
            slots[ExactString(entry!.name)] = slot
        }
        holes = 0
    }
}
