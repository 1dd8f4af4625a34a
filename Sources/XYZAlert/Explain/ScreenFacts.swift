/// What `why`, `explain` and snapshots need of the screen (docs/rules.md
/// §18), computed in one pass over the stack and kept while the
/// participation stays as it is (the domain drops it when its stack or a
/// lane limit changes). So a snapshot, or a
/// host asking `why` of every queued alert, costs O(s log s) once for the s
/// alerts on screen plus O(1) per alert, instead of O(s) (and, beside a lane
/// with a limit, O(s²)) per alert.
final class ScreenFacts {
    /// One lane's participating on-screen alerts.
    struct Lane {
        /// The top (newest show), the first of the highest priority, and
        /// that priority.
        var top: Alert?
        var strongest: Alert?
        /// The latest add of the highest priority, and the topmost alert
        /// that is not coverable.
        var newestStrongest: Alert?
        var uncoverable: Alert?
        /// The topmost `hideOthers` one, and its position in the stack.
        var topHideOthers: (alert: Alert, index: Int)?
        /// A lane with a limit: its room (`Domain.laneRoom`), and the
        /// visible alert shown first (the one that leaves first).
        var room: LaneRoom?
        var oldestVisible: Alert?

        /// What a candidate must pass to show over them (`ScreenTop`): the
        /// uncoverable alert's rank, else the highest priority and its latest add.
        var screenTop: ScreenTop? { uncoverable.map(ScreenTop.init) ?? newestStrongest.map(ScreenTop.init) }
    }

    let participationVersion: Int
    /// Each on-screen alert's position in the stack (0: the oldest show).
    private(set) var positions: [ObjectIdentifier: Int] = [:]
    private(set) var lanes: [ExactString?: Lane] = [:]

    /// O(s log s) for the s alerts on screen. Participation must be current.
    init(_ domain: Domain) {
        participationVersion = domain.participation.version
        positions.reserveCapacity(domain.stack.count)
        for (index, alert) in domain.stack.enumerated() {
            positions[ObjectIdentifier(alert)] = index
            guard alert.dispatch!.isParticipating else { continue }
            var lane = lanes[alert.laneKey] ?? Lane()
            lane.top = alert
            if lane.strongest.map({ alert.priority > $0.priority }) ?? true {
                lane.strongest = alert
            }
            if lane.newestStrongest.map({ alert.priority != $0.priority ? alert.priority > $0.priority : alert.seq > $0.seq })
                ?? true {
                lane.newestStrongest = alert
            }
            if !alert.coverable {
                lane.uncoverable = alert
            }
            if alert.exclusive == .hideOthers {
                lane.topHideOthers = (alert, index)
            }
            lanes[alert.laneKey] = lane
        }
        if domain.lanes.stacksInUse {
            for key in Array(lanes.keys) {
                guard let room = domain.laneRoom(key) else { continue }
                lanes[key]!.room = room
                lanes[key]!.oldestVisible = room.visible.min { positions[ObjectIdentifier($0)]! < positions[ObjectIdentifier($1)]! }
            }
        }
    }

    /// The facts of `lane` (nil: "main"); empty when none of its alerts is
    /// on screen and participating.
    func lane(_ lane: ExactString?) -> Lane { lanes[lane] ?? Lane() }

    /// The stack position of an on-screen alert.
    func position(of alert: Alert) -> Int? { positions[ObjectIdentifier(alert)] }

    func isCurrent(for domain: Domain) -> Bool {
        participationVersion == domain.participation.version
    }
}

extension Domain {
    /// The screen facts as the domain is now (participation computed first).
    func currentScreenFacts() -> ScreenFacts {
        if let facts = screen.facts, facts.isCurrent(for: self) {
            return facts
        }
        let facts = ScreenFacts(self)
        screen.facts = facts
        return facts
    }
}
