/// The problems found so far. Once `limit` are recorded the check ends: the
/// last one is thrown on through every enclosing `Schema.attempt`.
final class Problems {
    let limit: Int
    private(set) var list: [LoadError] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// What a valid document does that likely fails silently (docs/formats.md,
    /// "Warnings"), at most `limit`.
    private(set) var warnings: [LoadError] = []

    func warn(_ warning: LoadError) {
        if warnings.count < limit { warnings.append(warning) }
    }

    /// The warnings in document order.
    var sortedWarnings: [LoadError] {
        warnings.enumerated().sorted { a, b in
            let (x, y) = (a.element.position?.offset ?? 0, b.element.position?.offset ?? 0)
            return x != y ? x < y : a.offset < b.offset
        }.map { $0.element }
    }

    /// Records `error`; false when that reached the limit.
    func record(_ error: LoadError) -> Bool {
        list.append(error)
        return !isFull
    }

    var isFull: Bool { list.count >= limit }

    var count: Int { list.count }

    /// In document order (by byte offset; ties in the order found).
    var sorted: [LoadError] {
        list.enumerated().sorted { a, b in
            let (x, y) = (a.element.position?.offset ?? 0, b.element.position?.offset ?? 0)
            return x != y ? x < y : a.offset < b.offset
        }.map { $0.element }
    }
}
