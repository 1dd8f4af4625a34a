/// Lanes (docs/rules.md §14): each lane of a domain is arbitrated on its own,
/// with its own stack (the on-screen alerts of that lane, in show order),
/// candidate order and visibility, so a toast lane never waits behind a
/// modal dialog and a `hideOthers` alert hides only its own lane. Within a
/// pass the lanes are taken in byte order of their names. Participation,
/// dependencies, ids, capacity and suspension are shared.
///
/// The default lane, "main", costs nothing extra: an alert in it has no
/// `laneKey`, its dispatch keeps its candidates in `waitQueue` and
/// `coverQueue`, and while no alert of the domain is in another lane a pass
/// looks at the whole stack at once. Alerts of
/// other lanes are queued in `Dispatch.otherLanes`, and the domain counts
/// them per lane (`lanesInUse`) to keep `laneOrder`, so a pass visits only
/// the lanes in use.
extension Alert {
    /// The lane the alert is arbitrated in ("main" by default).
    public var lane: String { laneKey?.string ?? "main" }

    /// Sets the lane. Idle alerts only (`.state` otherwise); an empty name
    /// is `.invalidArgument`.
    public func setLane(_ lane: String) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the lane")
        if lane.isEmpty {
            throw AlertError(.invalidArgument, "the lane of \(alertName) must not be empty")
        }
        let key = ExactString(lane)
        laneKey = key == Domain.mainLane ? nil : key
    }

    /// " (lane 'x')" for an alert outside "main", for explanations.
    var laneSuffix: String { laneKey.map { " (lane '\($0)')" } ?? "" }
}

/// The candidates of one lane of one dispatch, by exclusive class.
struct LaneQueues {
    var wait = AlertQueue()
    var cover = AlertQueue()

    var isEmpty: Bool { wait.isEmpty && cover.isEmpty }
}

extension ExactString {
    /// Byte order of the UTF-8, the order lanes are taken in.
    func precedesByBytes(_ other: ExactString) -> Bool {
        string.utf8.lexicographicallyPrecedes(other.string.utf8)
    }
}

extension Domain {
    static let mainLane = ExactString("main")

    /// One more (or fewer) live alert of the domain in `lane`; O(L log L)
    /// for L lanes when a lane comes into or goes out of use.
    func useLane(_ lane: ExactString, _ delta: Int) {
        let count = (lanesInUse[lane] ?? 0) + delta
        lanesInUse[lane] = count > 0 ? count : nil
        if count == 0 || count == delta {
            laneOrder = ([Domain.mainLane] + lanesInUse.keys).sorted { $0.precedesByBytes($1) }
                .map { $0 == Domain.mainLane ? nil : $0 }
        }
    }
}

extension Dispatch {
    /// The first candidate of a lane (nil: "main"): of the `cover` and
    /// `hideOthers` ones, or with `anyClass` of all. O(1).
    @inline(__always)
    func firstCandidate(_ lane: ExactString?, anyClass: Bool) -> Alert? {
        guard let lane else {
            return AlertQueue.first(of: coverQueue, and: anyClass ? waitQueue : nil)
        }
        guard let queues = otherLanes[lane] else { return nil }
        return AlertQueue.first(of: queues.cover, and: anyClass ? queues.wait : nil)
    }
}
