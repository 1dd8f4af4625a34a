/// A dispatch's capacity (docs/rules.md §13): at most `capacity` queued
/// alerts (live, not on screen: waiting or ready); beyond it the
/// lowest-ranked one ends with `.dropped`, right after alerts join the
/// queue and before any pass.
///
/// While a capacity is set the dispatch keeps its queued alerts in a heap
/// whose first element is the lowest-ranked one (`DropOrder`), so enforcing
/// costs O(log n) per alert dropped and keeping the heap O(log n) per add,
/// show and end; without a capacity (the default) it costs nothing.

/// Lowest rank first: lowest priority, and among equals the one added last.
/// The position is `Alert.dropIndex`.
enum DropOrder: AlertHeapOrder {
    static func precedes(_ a: Alert, _ b: Alert) -> Bool {
        a.priority != b.priority ? a.priority < b.priority : a.seq > b.seq
    }
    static func position(of alert: Alert) -> Int { alert.dropIndex }
    static func setPosition(_ position: Int, of alert: Alert) { alert.dropIndex = position }
}

/// The queued alerts of one dispatch, lowest-ranked first (while it has a capacity).
typealias DropQueue = AlertHeap<DropOrder>

extension Dispatch {
    /// At most this many queued alerts (0: no limit, the default).
    public var capacity: Int { capacityLimit }

    /// Sets the capacity (0: no limit). Lowering it below the number of
    /// queued alerts drops the lowest-ranked ones at once (`finish(.dropped)`
    /// during this call), then a pass; a call that drops nothing runs none.
    /// Setting one where there was none costs O(n log n) once.
    public func setCapacity(_ capacity: Int) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set the capacity")
        guard capacity >= 0 else {
            throw AlertError(.invalidArgument, "the capacity of \(quotedName) must not be negative")
        }
        let recorded = recordCall { .capacity(page: $0.page(self), capacity: capacity) }
        defer { recorded?.end() }
        capacityLimit = capacity
        if capacity == 0 {
            for alert in dropQueue.items {
                alert.dropIndex = -1
            }
            dropQueue = DropQueue()
            return
        }
        if dropQueue.isEmpty {
            for alert in alerts where !alert.state.isOnScreen {
                dropQueue.insert(alert)
            }
        }
        var settlement = Settlement()
        let endings = dropOverCapacity(&settlement)
        for ending in endings {
            domain.report(ending)
        }
        try settlement.settle()
    }

    /// An alert joined this dispatch's queue: it counts against the
    /// capacity (the drop queue ranks it).
    func enterCapacityQueue(_ alert: Alert) {
        if capacityLimit > 0 {
            dropQueue.insert(alert)
        }
    }

    /// An alert left this dispatch's queue (it showed or ended): it no
    /// longer counts against the capacity.
    func leaveCapacityQueue(_ alert: Alert) {
        if alert.dropIndex >= 0 {
            dropQueue.remove(alert)
        }
    }

    /// Ends (without events) the lowest-ranked queued alerts while there are
    /// more than the capacity; returns them for `Domain.report`, in order.
    func dropOverCapacity(_ settlement: inout Settlement) -> [Domain.Ending] {
        var endings: [Domain.Ending] = []
        while capacityLimit > 0 && dropQueue.count > capacityLimit, let lowest = dropQueue.first {
            endings.append(domain.endSilently(lowest, .dropped, &settlement))
        }
        return endings
    }
}
