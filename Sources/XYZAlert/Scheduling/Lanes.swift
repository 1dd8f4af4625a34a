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
/// them per lane (`LaneState.live`) to keep `lanes.inUse`, so a pass visits
/// only the lanes in use, and of those only the ones that changed.
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

/// One lane in use in a domain. While more than one is in use, a pass
/// looks only at the lanes something changed in since each was last seen
/// settled (lanes are arbitrated on their own: a lane where nothing changed
/// has no event), each through its own stack and candidate pages, so one
/// event costs what its lane holds, not what the domain holds.
final class LaneState {
    enum Status {
        /// Seen settled; nothing changed in it since.
        case clean
        /// In the domain's `lanes.dirty`, to be looked at.
        case dirty
        /// Looked at by the running pass, which held an event of it back
        /// (an alert's mark): looked at again by the next pass.
        case heldBack
        /// Out of use (a stale entry of `lanes.dirty` is skipped).
        case gone
    }

    /// nil for "main".
    let key: ExactString?
    /// Its name's UTF-8: lanes are taken in byte order of their names.
    let name: [UInt8]
    /// Its position in `Domain.lanes.inUse`.
    @exclusivity(unchecked) var position: Int
    /// The domain's live alerts in it (not counted for "main").
    @exclusivity(unchecked) var live = 0
    @exclusivity(unchecked) var status = Status.clean
    /// Its on-screen alerts, bottom to top (kept while more than one lane
    /// is in use; `Domain.stack` keeps them all).
    @exclusivity(unchecked) var stack: [Alert] = []
    /// The dispatches with candidates in it (not kept for "main", whose
    /// candidates the participating pages' queues hold), and where each is.
    @exclusivity(unchecked) var pages: [Dispatch] = []
    @exclusivity(unchecked) var pagePositions: [ObjectIdentifier: Int] = [:]
    /// Whether its last sweep found no on-screen alert of it needing an
    /// event and none held back, with nothing changed on its part of the
    /// screen since (a show that hides nothing keeps it settled); and the
    /// top of its participating on-screen alerts then (`ScreenTop`).
    /// Kept for "main" also while it is the only lane.
    @exclusivity(unchecked) var settled = false
    @exclusivity(unchecked) var settledTop: ScreenTop?
    /// In a lane with a limit: how many of its on-screen alerts competed
    /// then (docs/rules.md §19), and whether a `hideOthers` one was among them.
    @exclusivity(unchecked) var settledCompeting = 0
    @exclusivity(unchecked) var settledHidesOthers = false
    /// Where the running pass's sweep of it stopped (see `Domain.sweepLane`).
    @exclusivity(unchecked) var cursor: LaneCursor?
    /// The `hideOthers` alert whose choice the last sweep settled the lane
    /// for (a lane without a limit): its show leaves the lane settled, the
    /// sweep having hidden everything below it already.
    @exclusivity(unchecked) var settledForChoice: ObjectIdentifier?
    /// For "main" while it is the only lane: the part of the stack its
    /// sweeps look at, and when it was made (see SweepFocus.swift).
    @exclusivity(unchecked) var focus: [Alert]?
    @exclusivity(unchecked) var focusKey = FocusKey(pass: -1, changes: 0, participation: 0, count: 0)
    /// For a lane with a limit: its on-screen alerts by rank, weakest first,
    /// while they are known to need no sweep (see StackRanking.swift), and
    /// how many shows and ends changed it since an evaluation found every
    /// one of them as it should be.
    @exclusivity(unchecked) var ranking: [Alert]?
    @exclusivity(unchecked) var rankingChanges = 0

    init(key: ExactString?, position: Int) {
        self.key = key
        self.name = Array((key ?? Domain.mainLane).string.utf8)
        self.position = position
    }

    /// Whether a pass takes it before `other` (byte order of the names).
    @inline(__always)
    func precedes(_ other: LaneState) -> Bool {
        name.lexicographicallyPrecedes(other.name)
    }

    func addPage(_ dispatch: Dispatch) {
        guard pagePositions[ObjectIdentifier(dispatch)] == nil else { return }
        pagePositions[ObjectIdentifier(dispatch)] = pages.count
        pages.append(dispatch)
    }

    /// `alert` of this lane showed (on top): a show changes no one's
    /// visibility unless it hides others, so a settled lane stays settled.
    @inline(__always)
    func shown(_ alert: Alert) {
        guard settled else { return }
        if alert.exclusive == .hideOthers {
            if settledForChoice == ObjectIdentifier(alert) {
                settledTop = ScreenTop(alert)  // (above every alert on screen: it was eligible)
            } else {
                settled = false
            }
            settledForChoice = nil
        } else {
            settledTop.include(alert)
            settledCompeting += 1
        }
    }

    /// Something changed on its part of the screen that neither its settled
    /// summary nor its ranking accounts for: both are dropped (the next
    /// evaluation sweeps it).
    @inline(__always)
    func unsettle() {
        settled = false
        ranking = nil
    }

    /// Nothing of it is on screen: settled, with nothing to resume.
    @inline(__always)
    func settleEmpty() {
        settled = true
        settledTop = nil
        cursor = nil
        settledForChoice = nil
    }

    func removePage(_ dispatch: Dispatch) {
        guard let i = pagePositions.removeValue(forKey: ObjectIdentifier(dispatch)) else { return }
        let last = pages.removeLast()
        if i < pages.count {
            pages[i] = last
            pagePositions[ObjectIdentifier(last)] = i
        }
    }
}

/// Where a sweep of a lane stopped at an event, to resume from there.
struct LaneCursor {
    /// What it is valid for: the pass, `Domain.passes.scheduleChanges` and
    /// `participation.version`, the chosen candidate, the lane's stack size;
    /// and the top on screen then (unchanged while it is).
    let pass: Int
    let changes: Int
    let participation: Int
    let top: ScreenTop?
    let chosen: ObjectIdentifier?
    let count: Int
    /// The next position to look at (down the stack), and whether a
    /// `hideOthers` alert above it (or the choice) hides it.
    var position: Int
    var hiding: Bool
    /// Whether the hides are all done and the unhides are being made.
    var unhiding = false
    /// The topmost alert to unhide, and `hiding` just below it.
    var firstUnhide = -1
    var hidingAtUnhide = false
    /// Whether a mark held back an event of an alert looked at so far.
    var heldBack = false
    /// Set when the lane was settled and a `hideOthers` alert is chosen:
    /// below the lane's topmost participating `hideOthers` alert every
    /// alert is hidden already and stays hidden, so the sweep ends there
    /// (a pile of n `hideOthers` alerts then costs O(1) per add, not O(n)).
    var endsAtHideOthers = false

    /// Whether nothing changed since it was made but the events of its
    /// sweep (the choice is compared apart).
    func isValid(_ pass: Int, _ domain: Domain, _ count: Int) -> Bool {
        self.pass == pass && changes == domain.passes.scheduleChanges && participation == domain.participation.version
            && self.count == count
    }
}

extension Domain {
    static let mainLane = ExactString("main")

    /// Whether more than one lane is in use (the lanes' own state is kept).
    @inline(__always)
    var hasLanes: Bool { lanes.inUse.count > 1 }

    /// The state of `lane` (nil: "main"), which must be in use.
    @inline(__always)
    func laneState(_ lane: ExactString?) -> LaneState {
        lane.map { lanes.byName[$0]! } ?? lanes.main
    }

    /// One more (or fewer) live alert of the domain in `lane`. A lane comes
    /// into use, or goes out of it, in O(1) (`lanes.inUse` keeps no order:
    /// `lanes.dirty` orders the lanes it holds); the first lane besides
    /// "main" gives every lane its stack, O(s).
    func useLane(_ lane: ExactString, _ delta: Int) {
        if let state = lanes.byName[lane] {
            state.live += delta
            guard state.live == 0 else { return }
            lanes.byName[lane] = nil
            state.status = .gone
            let last = lanes.inUse.removeLast()
            if state.position < lanes.inUse.count {
                lanes.inUse[state.position] = last
                last.position = state.position
            }
            if !hasLanes {
                // One lane again: the pass looks at the whole stack.
                lanes.main.stack = []
                lanes.main.status = .clean
                lanes.dirty = []
                lanes.held = []
            }
            return
        }
        guard delta > 0 else { return }
        let state = LaneState(key: lane, position: lanes.inUse.count)
        state.live = delta
        lanes.byName[lane] = state
        lanes.inUse.append(state)
        if lanes.inUse.count == 2 {
            rebuildLaneStacks()
        } else {
            pushDirty(state)
        }
    }

    /// Gives every lane its stack again from `stack` and marks them all to
    /// be looked at (more lanes came into use, or a join or a split changed
    /// the stack). O(s + L log L).
    func rebuildLaneStacks() {
        lanes.main.unsettle()
        guard hasLanes else { return }
        for lane in lanes.inUse {
            lane.stack = []
            lane.unsettle()
        }
        for alert in stack {
            // (During a join or a split a lane may not be counted in yet:
            // they build the stacks again once every count has moved.)
            (alert.laneKey.map { lanes.byName[$0] } ?? lanes.main)?.stack.append(alert)
        }
        markAllLanesDirty()
    }

    /// Something changed in `lane` (nil: "main") that may give it an event.
    @inline(__always)
    func markLaneDirty(_ lane: ExactString?) {
        if hasLanes {
            pushDirty(laneState(lane))
        }
    }

    /// The same for the lane named `name`, if it is in use ("main"
    /// included). O(log L).
    func markLaneDirty(named name: ExactString) {
        if hasLanes, let state = laneState(named: name) {
            pushDirty(state)
        }
    }

    /// Something changed that may give any lane an event (participation,
    /// a lane limit, a gap ending, a join or a split). O(L log L).
    func markAllLanesDirty() {
        guard hasLanes else { return }
        for lane in lanes.inUse {
            pushDirty(lane)
        }
    }

    /// `dispatch` started or stopped participating, or being held: its
    /// lanes are looked at again (`markLanesDirty(of:)`), or with "main"
    /// alone, "main" is swept again.
    func participationFlipped(_ dispatch: Dispatch) {
        recordFlip(dispatch)
        if hasLanes {
            markLanesDirty(of: dispatch)
        } else {
            lanes.main.unsettle()
        }
    }

    /// `dispatch` started or stopped participating, or being held: the
    /// lanes it has candidates or on-screen alerts in are to be looked at
    /// (no other lane's events depend on it). O(its live alerts).
    func markLanesDirty(of dispatch: Dispatch) {
        for lane in dispatch.otherLanes.keys {
            markLaneDirty(lane)
        }
        if !dispatch.waitQueue.isEmpty || !dispatch.coverQueue.isEmpty {
            markLaneDirty(nil)
        }
        for alert in dispatch.alerts where alert.state.isOnScreen {
            laneScreenChanged(alert.laneKey)
        }
    }

    /// Something changed on `lane`'s part of the screen (nil: "main") that
    /// a settled lane does not account for: it is swept again.
    @inline(__always)
    func laneScreenChanged(_ lane: ExactString?) {
        guard hasLanes else {
            lanes.main.unsettle()
            return
        }
        let state = laneState(lane)
        state.unsettle()
        pushDirty(state)
    }

    /// The state of the lane named `name` ("main" included), nil when it is
    /// not in use.
    func laneState(named name: ExactString) -> LaneState? {
        name == Domain.mainLane ? lanes.main : lanes.byName[name]
    }

    /// The root changed how the lane named `name` arbitrates (its limit or
    /// its gap): that lane alone is swept again, if it is in use. O(log L).
    func unsettleLane(named name: ExactString) {
        guard let state = laneState(named: name) else { return }
        state.unsettle()
        if hasLanes {
            pushDirty(state)
        }
    }

    /// Every lane is to be swept again.
    func unsettleAllLanes() {
        lanes.main.unsettle()
        for lane in lanes.inUse {
            lane.unsettle()
        }
        markAllLanesDirty()
    }

    /// Puts `lane` in `lanes.dirty`, a heap by name (the first lane to look
    /// at on top), unless it is there. O(log L) comparisons of names.
    func pushDirty(_ lane: LaneState) {
        guard lane.status != .dirty else { return }
        lane.status = .dirty
        lanes.dirty.heapPush(lane) { $0.precedes($1) }
    }

    /// Takes the first lane off `lanes.dirty`. O(log L).
    func popDirty() {
        lanes.dirty.heapPopFirst { $0.precedes($1) }
    }

    /// `alert` went on screen (the pass's show): on its lane's stack too.
    @inline(__always)
    func laneShown(_ alert: Alert) {
        if hasLanes {
            let state = laneState(alert.laneKey)
            state.stack.append(alert)
            state.shown(alert)
            if state.ranking != nil {
                rankingShown(state, alert)
            }
        } else {
            if lanes.main.settled {
                lanes.main.shown(alert)
            }
            if lanes.main.ranking != nil {
                rankingShown(lanes.main, alert)
            }
        }
    }

    /// `alert` left the screen (it ended): off its lane's stack, and the
    /// lane is to be looked at. O(the alerts shown after it in its lane).
    @inline(__always)
    func laneLeftScreen(_ alert: Alert) {
        guard hasLanes else {
            lanes.main.settled = false
            if lanes.main.ranking != nil {
                rankingLeft(lanes.main, alert)
            }
            return
        }
        let state = laneState(alert.laneKey)
        if let i = state.stack.lastIndex(where: { $0 === alert }) {
            state.stack.remove(at: i)
        }
        state.settled = false
        if state.ranking != nil {
            rankingLeft(state, alert)
        }
        pushDirty(state)
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
