/// How an `AlertHeap` orders its alerts and where each alert records its
/// position in it (an alert can be in one heap of each order at a time).
protocol AlertHeapOrder {
    /// True when `a` must come out before `b`.
    static func precedes(_ a: Alert, _ b: Alert) -> Bool
    /// The alert's position in the heap of this order, or -1 when not in one.
    static func position(of alert: Alert) -> Int
    static func setPosition(_ position: Int, of alert: Alert)
}

/// An indexed binary min-heap of alerts. Invariants: every element's
/// recorded position is its index, and no parent comes after its children in
/// `Order`. `insert` and `remove` (of any element) cost O(log n), `first`
/// O(1). Elements keep their relative order when every key of the heap
/// shifts by the same amount (domains joining, see `Domain.absorb`).
///
/// The heap does not own its elements: every heap holds live alerts only
/// (candidates, queued alerts under a capacity, running timers), and a live
/// alert is owned by its dispatch's `alerts` list, which it joins before any
/// heap and leaves after every heap (`Dispatch.join`, `Domain.end`). Owning
/// them here too cost an atomic retain and release per insertion.
struct AlertHeap<Order: AlertHeapOrder> {
    private var storage: [Unmanaged<Alert>] = []

    /// The elements, in heap order.
    var items: [Alert] { storage.map { $0.takeUnretainedValue() } }

    var first: Alert? { storage.first?.takeUnretainedValue() }

    /// The first element of `a` and `b` together (`b` nil: of `a`).
    static func first(of a: AlertHeap, and b: AlertHeap?) -> Alert? {
        guard let b, let second = b.first else { return a.first }
        guard let first = a.first else { return second }
        return Order.precedes(second, first) ? second : first
    }

    var isEmpty: Bool { storage.isEmpty }
    var count: Int { storage.count }

    private func item(_ i: Int) -> Alert { storage[i].takeUnretainedValue() }

    mutating func insert(_ alert: Alert) {
        assert(Order.position(of: alert) < 0, "alert is already in the heap")
        Order.setPosition(storage.count, of: alert)
        storage.append(Unmanaged.passUnretained(alert))
        siftUp(storage.count - 1)
    }

    mutating func remove(_ alert: Alert) {
        let i = Order.position(of: alert)
        assert(i >= 0 && i < storage.count && item(i) === alert, "alert is not in this heap")
        let last = storage.count - 1
        if i != last {
            swapAt(i, last)
        }
        storage.removeLast()
        Order.setPosition(-1, of: alert)
        if i < storage.count {
            siftDown(i)
            siftUp(i)
        }
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        storage.swapAt(i, j)
        Order.setPosition(i, of: item(i))
        Order.setPosition(j, of: item(j))
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        while i > 0 {
            let parent = (i - 1) / 2
            guard Order.precedes(item(i), item(parent)) else { return }
            swapAt(i, parent)
            i = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let left = 2 * i + 1
            guard left < storage.count else { return }
            var best = left
            let right = left + 1
            if right < storage.count && Order.precedes(item(right), item(left)) {
                best = right
            }
            guard Order.precedes(item(best), item(i)) else { return }
            swapAt(i, best)
            i = best
        }
    }
}

/// Candidate order (SPEC rule 3): higher priority first, then earlier add.
/// The position is `Alert.queueIndex`.
enum CandidateOrder: AlertHeapOrder {
    static func precedes(_ a: Alert, _ b: Alert) -> Bool { a.precedes(b) }
    static func position(of alert: Alert) -> Int { alert.queueIndex }
    static func setPosition(_ position: Int, of alert: Alert) { alert.queueIndex = position }
}

/// Deadline order (SPEC section 12): earlier deadline first, ties in add
/// order. The position is `Alert.deadlineIndex`.
enum DeadlineOrder: AlertHeapOrder {
    static func precedes(_ a: Alert, _ b: Alert) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.seq < b.seq
    }
    static func position(of alert: Alert) -> Int { alert.deadlineIndex }
    static func setPosition(_ position: Int, of alert: Alert) { alert.deadlineIndex = position }
}

/// The ready, unblocked alerts of one dispatch and one exclusive class, in
/// candidate order. An alert is in at most one queue.
typealias AlertQueue = AlertHeap<CandidateOrder>

/// The alerts of one domain with a running timer (a `duration` while
/// showing, a `ttl` before first shown), soonest first.
typealias DeadlineHeap = AlertHeap<DeadlineOrder>
