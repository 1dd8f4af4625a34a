/// The ready, unblocked alerts of one dispatch and one exclusive class, in
/// candidate order (SPEC rule 3): higher priority first, then earlier add.
///
/// An indexed binary min-heap. Invariants: `items[i].queueIndex == i` for
/// every element, an alert is in at most one queue, and no parent comes after
/// its children in candidate order. `insert` and `remove` cost O(log n),
/// `first` O(1). Elements keep their relative order when every `seq` of the
/// queue shifts by the same amount (domains joining, see `Domain.absorb`).
struct AlertQueue {
    private(set) var items: [Alert] = []

    var first: Alert? { items.first }
    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    mutating func insert(_ alert: Alert) {
        assert(alert.queueIndex < 0, "alert is already queued")
        alert.queueIndex = items.count
        items.append(alert)
        siftUp(items.count - 1)
    }

    mutating func remove(_ alert: Alert) {
        let i = alert.queueIndex
        assert(i >= 0 && i < items.count && items[i] === alert, "alert is not in this queue")
        let last = items.count - 1
        if i != last {
            swapAt(i, last)
        }
        items.removeLast()
        alert.queueIndex = -1
        if i < items.count {
            siftDown(i)
            siftUp(i)
        }
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        items.swapAt(i, j)
        items[i].queueIndex = i
        items[j].queueIndex = j
    }

    private mutating func siftUp(_ start: Int) {
        var i = start
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i].precedes(items[parent]) else { return }
            swapAt(i, parent)
            i = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var i = start
        while true {
            let left = 2 * i + 1
            guard left < items.count else { return }
            var best = left
            let right = left + 1
            if right < items.count && items[right].precedes(items[left]) {
                best = right
            }
            guard items[best].precedes(items[i]) else { return }
            swapAt(i, best)
            i = best
        }
    }
}
