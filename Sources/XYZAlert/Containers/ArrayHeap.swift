/// A binary min-heap kept in a plain array, ordered by `precedes`: what the
/// domain's dirty lanes and its lanes' gap ends are kept in. O(log n) to
/// push and to pop the first. (Alerts, which record their place in the
/// heap to be removed from anywhere, use `AlertHeap`.)
extension Array {
    mutating func heapPush(_ element: Element, by precedes: (Element, Element) -> Bool) {
        append(element)
        var i = count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard precedes(self[i], self[parent]) else { break }
            swapAt(i, parent)
            i = parent
        }
    }

    /// Takes the first element off (the heap must not be empty).
    mutating func heapPopFirst(by precedes: (Element, Element) -> Bool) {
        let last = removeLast()
        guard !isEmpty else { return }
        self[0] = last
        var i = 0
        while true {
            let left = 2 * i + 1
            guard left < count else { break }
            var least = left
            if left + 1 < count && precedes(self[left + 1], self[left]) {
                least = left + 1
            }
            guard precedes(self[least], self[i]) else { break }
            swapAt(i, least)
            i = least
        }
    }
}
