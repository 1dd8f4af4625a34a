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
/// The heap holds its alerts unowned (see `UnownedAlert`).
struct AlertHeap<Order: AlertHeapOrder> {
    private var storage: [UnownedAlert] = []

    /// The elements in heap order (a copy, for readers off the hot path).
    var items: [Alert] { storage.map { $0.alert } }

    var first: Alert? { storage.first?.alert }

    /// The first element of `a` and `b` together (`b` nil: of `a`).
    static func first(of a: AlertHeap, and b: AlertHeap?) -> Alert? {
        guard let b, let second = b.first else { return a.first }
        guard let first = a.first else { return second }
        return Order.precedes(second, first) ? second : first
    }

    var isEmpty: Bool { storage.isEmpty }
    var count: Int { storage.count }

    mutating func insert(_ alert: Alert) {
        assert(Order.position(of: alert) < 0, "alert is already in the heap")
        Order.setPosition(storage.count, of: alert)
        storage.append(UnownedAlert(alert))
        siftUp(storage.count - 1)
    }

    mutating func remove(_ alert: Alert) {
        let i = Order.position(of: alert)
        assert(i >= 0 && i < storage.count && storage[i].alert === alert, "alert is not in this heap")
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
        storage.withUnsafeMutableBufferPointer { AlertHeap.swapAt(i, j, in: $0) }
    }

    // The sifts work on the array's buffer: one uniqueness check per sift
    // instead of one per step, and with no call left in the loop the
    // alerts compared and moved are neither retained nor released (through
    // the array itself each step would take an atomic retain and release).

    private static func swapAt(_ i: Int, _ j: Int, in items: UnsafeMutableBufferPointer<UnownedAlert>) {
        items.swapAt(i, j)
        items[i].read { Order.setPosition(i, of: $0) }
        items[j].read { Order.setPosition(j, of: $0) }
    }

    /// `Order.precedes` on two elements, reading them without a retain.
    @inline(__always)
    private static func precedes(_ a: UnownedAlert, _ b: UnownedAlert) -> Bool {
        a.read { a in b.read { b in Order.precedes(a, b) } }
    }

    private mutating func siftUp(_ start: Int) {
        storage.withUnsafeMutableBufferPointer { items in
            var i = start
            while i > 0 {
                let parent = (i - 1) / 2
                guard AlertHeap.precedes(items[i], items[parent]) else { return }
                AlertHeap.swapAt(i, parent, in: items)
                i = parent
            }
        }
    }

    private mutating func siftDown(_ start: Int) {
        storage.withUnsafeMutableBufferPointer { items in
            var i = start
            while true {
                let left = 2 * i + 1
                guard left < items.count else { return }
                var best = left
                let right = left + 1
                if right < items.count && AlertHeap.precedes(items[right], items[left]) {
                    best = right
                }
                guard AlertHeap.precedes(items[best], items[i]) else { return }
                AlertHeap.swapAt(i, best, in: items)
                i = best
            }
        }
    }
}

/// Candidate order (rule 3, docs/rules.md §3): higher priority first, then earlier add.
/// The position is `Alert.queueIndex`.
enum CandidateOrder: AlertHeapOrder {
    static func precedes(_ a: Alert, _ b: Alert) -> Bool { a.precedes(b) }
    static func position(of alert: Alert) -> Int { alert.queueIndex }
    static func setPosition(_ position: Int, of alert: Alert) { alert.queueIndex = position }
}

/// Deadline order (docs/rules.md §12): earlier deadline first, ties in add
/// order. The position is `Alert.deadlineIndex`.
/// (An alert in the heap has its `TimingAndLayout` box: every insert goes
/// through `Domain.startTimer`, which makes it, so the order reads the box
/// itself.)
enum DeadlineOrder: AlertHeapOrder {
    static func precedes(_ a: Alert, _ b: Alert) -> Bool {
        let (x, y) = (a.timingAndLayout!.deadline, b.timingAndLayout!.deadline)
        return x != y ? x < y : a.seq < b.seq
    }
    static func position(of alert: Alert) -> Int { alert.deadlineIndex }
    static func setPosition(_ position: Int, of alert: Alert) { alert.timingAndLayout!.deadlineIndex = position }
}

/// The ready, unblocked alerts of one dispatch and one exclusive class, in
/// candidate order. An alert is in at most one queue.
typealias AlertQueue = AlertHeap<CandidateOrder>

/// The alerts of one domain with a running timer (a `duration` while
/// showing, a `ttl` before first shown), soonest first.
typealias DeadlineHeap = AlertHeap<DeadlineOrder>

extension AlertHeap {
    /// Checks the invariants above, and that every member `belongs`
    /// (O(count)); for `Domain.checkInvariants`.
    func checkInvariants(belongs: (Alert) -> Bool) {
        let all = items
        for (i, alert) in all.enumerated() {
            precondition(Order.position(of: alert) == i, "XYZAlert invariant broken: heap position of \(alert.quotedName)")
            precondition(belongs(alert), "XYZAlert invariant broken: \(alert.quotedName) in the wrong heap")
            if i > 0 {
                precondition(!Order.precedes(alert, all[(i - 1) / 2]), "XYZAlert invariant broken: heap order")
            }
        }
    }
}
