/// The live alerts of a domain that wait for one id (`Domain.idWaiters`),
/// in the order they began to wait, each once.
///
/// Removing one costs O(1) however many wait (where an array's `removeAll`
/// would make N waiters that end one by one cost O(N^2)): its slot is
/// emptied, found through `positions` once the list is long enough that a
/// scan would cost more; the slots are compacted when the
/// empty ones outnumber the alerts, which moves each alert at most once per
/// compaction, O(1) amortized. Most ids have one or two waiters, and then
/// the list is a short array and nothing is hashed.
///
/// Invariants: `count` is the number of non-nil slots; no alert is in two
/// slots; while `positions` is set it maps every alert in the slots, and only
/// those, to its slot; it is set whenever the slots number more than
/// `WaiterList.scanLimit`; there are at most 2 * `count` + `scanLimit` slots.
struct WaiterList: Sequence {
    private var slots: [Alert?] = []
    private var positions: [ObjectIdentifier: Int]?
    private(set) var count = 0

    /// Up to this many slots, an alert is found by scanning them.
    static let scanLimit = 8

    init() {}

    init(_ alerts: [Alert]) {
        for alert in alerts {
            append(alert)
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Adds `alert`, which is not in the list, after the others.
    mutating func append(_ alert: Alert) {
        if positions == nil && slots.count >= WaiterList.scanLimit {
            indexSlots()
        }
        positions?[ObjectIdentifier(alert)] = slots.count
        slots.append(alert)
        count += 1
    }

    /// Removes `alert`, which is in the list.
    mutating func remove(_ alert: Alert) {
        let position = positions?.removeValue(forKey: ObjectIdentifier(alert))
            ?? slots.firstIndex { $0 === alert }!
        slots[position] = nil
        count -= 1
        if slots.count > 2 * count + WaiterList.scanLimit {
            slots.removeAll { $0 == nil }
            if positions != nil {
                indexSlots()
            }
        }
    }

    private mutating func indexSlots() {
        var index: [ObjectIdentifier: Int] = [:]
        index.reserveCapacity(slots.count)
        for (position, alert) in slots.enumerated() {
            if let alert {
                index[ObjectIdentifier(alert)] = position
            }
        }
        positions = index
    }

    /// The alerts, in the order they began to wait.
    func makeIterator() -> some IteratorProtocol<Alert> {
        slots.lazy.compactMap { $0 }.makeIterator()
    }
}

extension WaiterList {
    /// Checks the invariants above (O(count)); for `Domain.checkInvariants`.
    func checkInvariants() {
        func require(_ condition: Bool, _ what: @autoclosure () -> String) {
            precondition(condition, "XYZAlert invariant broken: WaiterList: " + what())
        }
        require(slots.count { $0 != nil } == count, "count is \(count)")
        require(slots.count <= 2 * count + WaiterList.scanLimit, "\(slots.count) slots for \(count) waiters")
        require(Set(slots.compactMap { $0.map(ObjectIdentifier.init) }).count == count, "a waiter is listed twice")
        if let positions {
            require(positions.count == count, "\(positions.count) positions for \(count) waiters")
            for (position, alert) in slots.enumerated() {
                if let alert {
                    require(positions[ObjectIdentifier(alert)] == position, "\(alert.quotedName) is indexed elsewhere")
                }
            }
        } else {
            require(slots.count <= WaiterList.scanLimit, "\(slots.count) slots and no index")
        }
    }
}
