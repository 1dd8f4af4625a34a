/// A domain's lane gaps (`Domain.gaps`, docs/rules.md §17; see Timing.swift).
struct LaneGaps {
    /// When an alert of each lane last left the screen, and until when a
    /// gap held back a show.
    var leftAt: [ExactString: Double] = [:]
    var blockedUntil: [ExactString: Double] = [:]
    /// The blocked lanes by the time their gap ends, soonest first (a heap,
    /// `heapPush`; an entry whose lane was blocked again since is passed
    /// over), so that a gap ending looks at its own lane only.
    var ends: [(until: Double, lane: ExactString)] = []
    /// Whether the root has any lane gap (kept so that ending an alert
    /// reads one flag, not the root's table).
    var inUse = false

    /// The earliest gap end, for the timer.
    var wake: Double? { ends.first?.until }
}
