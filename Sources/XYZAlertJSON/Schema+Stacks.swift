import XYZAlert

/// The schema of docs/rules.md §19: a lane's limit and a page's order.
extension Schema {
    /// A page's `"lanes"` entry: `{"visible": N, "on_full": "queue" | "evict_oldest"}`.
    func laneLimit(_ body: JSONValue) throws(LoadError) -> LaneLimit {
        try laneLimit(try object(body, "a lane's limit"))
    }

    /// The members of a lane's limit (also a `lane_limit` step's).
    func laneLimit(_ members: [(key: String, value: JSONValue)]) throws(LoadError) -> LaneLimit {
        var limit = LaneLimit()
        for (key, field) in members {
            switch key {
            case "visible":
                guard let n = field.integer, n >= 1, n <= Int32.max else {
                    throw fail("visible must be an integer from 1 to 2147483647 (how many of the lane show at once), got \(field.described)",
                               at: field)
                }
                limit.visible = Int(n)
            case "on_full":
                limit.onFull = try choice(field, "on_full", OnFull.self)
            default:
                throw unknownKey(key, in: "a lane's limit", known: ["visible", "on_full"], at: field)
            }
        }
        return limit
    }

    /// `"order"`: "fifo" or "lifo".
    func queueOrder(_ value: JSONValue) throws(LoadError) -> QueueOrder {
        try choice(value, "order", QueueOrder.self)
    }
}
