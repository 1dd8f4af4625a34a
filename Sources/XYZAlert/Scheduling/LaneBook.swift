/// A domain's lanes (`Domain.lanes`; see Lanes.swift and, for their limits,
/// Policies/Stacks.swift).
struct LaneBook {
    /// The lanes in use other than "main", by name.
    var byName: [ExactString: LaneState] = [:]
    /// "main".
    let main = LaneState(key: nil, position: 0)
    /// Every lane in use, in no order.
    var inUse: [LaneState]
    /// The lanes a pass is to look at (a heap by byte order of their
    /// names), and those whose events the running pass held back.
    var dirty: [LaneState] = []
    var held: [LaneState] = []
    /// Whether the root gives any lane a limit (docs/rules.md §19): passes
    /// then look up each lane's limit.
    var stacksInUse = false
    /// Whether lanes with a limit keep their ranking (StackRanking.swift);
    /// tests turn it off to compare the events with and without it.
    var keepsStackRankings = true

    init() {
        inUse = [main]
    }
}
