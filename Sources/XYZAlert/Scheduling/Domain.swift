/// The shared state of one tree of dispatches, which is arbitrated as a whole
/// (docs/rules.md §1 and §3). Every dispatch of the tree points to the same
/// `Domain`; joining two trees merges their domains into the parent's
/// (`absorb`), detaching a subtree splits it off into a new one (`split`).
///
/// Invariants, between public calls:
/// - `stack` holds exactly the on-screen alerts of the domain, oldest show first.
/// - `ids[x]` is the live alert of the domain whose id is `x`, if any.
/// - `idWaiters[x]` lists the live alerts of the domain that depend on id `x`,
///   each once, in the order they began to wait (see WaiterList.swift).
/// - `tagged[t]` holds exactly the live alerts of the domain that carry tag `t`.
/// - every live alert's `unmet` counts its unmet dependencies, and the alert
///   is in its dispatch's candidate queue iff it is ready with `unmet == 0`.
/// - `liveCount` is the number of live alerts of the domain.
/// - while `participationIsCurrent`, every dispatch's `isParticipating` and
///   `participating` are what rule 1 gives for the tree as it is.
/// - every alert's `passMark`, `hideMark` and `moveMark` are at most this
///   domain's `passNumber`, `hideSweeps` and `moveSweeps`.
/// - `deadlines` holds exactly the live alerts whose timer runs: the showing
///   ones with a `duration`, and the waiting or ready ones with a `ttl`
///   (see Timers.swift).
/// - `ids`, `deadlines` and every dispatch's candidate and drop heaps hold
///   their alerts unowned: each is live and listed in its dispatch's
///   `alerts`, which owns it (see UnownedAlert.swift).
///
/// Exclusivity: the engine's own stored properties here, on `Dispatch` and on
/// `Alert` are `@exclusivity(unchecked)`, so that the hot path pays no
/// run-time check. No two accesses to them can overlap: host code, the only code
/// that could start a second access, is never called from inside an access
/// (every callback is made between the statements that read and write this
/// state, never from a mutating method or from a closure passed to one), and
/// a domain is used from one thread at a time. Properties the host writes
/// (`Alert.hostData`, `Dispatch.name`) keep the check.
final class Domain {
    /// The root dispatch; nil once the domain is dead.
    @exclusivity(unchecked) var root: Dispatch?
    /// On-screen alerts, bottom (oldest show) to top (newest). Every change
    /// bumps `stackVersion`, so that a sweep over the stack that delivers
    /// callbacks can tell whether they changed it.
    @exclusivity(unchecked) var stack: [Alert] = [] {
        didSet {
            stackVersion &+= 1
            scheduleChanges &+= 1
            // (The facts hold on-screen alerts: none outlives its place here.)
            if screenFacts != nil {
                screenFacts = nil
            }
        }
    }
    @exclusivity(unchecked) private(set) var stackVersion = 0
    /// The `stackOrder` the next alert going on top of the stack gets.
    @exclusivity(unchecked) var nextStackOrder = 0
    /// The pages whose participation flipped since "main" was last seen
    /// settled, or `flipsOverflowed` when that is not known; the mark of the
    /// last focus made; how many on-screen alerts sweeps were given (for
    /// tests of their cost). See SweepFocus.swift.
    @exclusivity(unchecked) var flippedPages: [Dispatch] = []
    @exclusivity(unchecked) var flipsOverflowed = false
    /// Whether `flippedPages`, `flipsOverflowed` or a focus is set: one test
    /// when "main" settles.
    @exclusivity(unchecked) var flipsToForget = false
    @exclusivity(unchecked) var focusMarks = 0
    @exclusivity(unchecked) var sweptAlerts = 0
    /// Whether lanes with a limit keep their ranking (StackRanking.swift);
    /// tests turn it off to compare the events with and without it.
    @exclusivity(unchecked) var keepsStackRankings = true
    /// How many events (and settled looks) rankings gave (for tests).
    @exclusivity(unchecked) var rankedStackEvents = 0
    /// Counts the changes that can give a running pass an event it did not
    /// have: the stack changing, rule 1's inputs changing
    /// (`participationChanged`) and a candidate joining a queue
    /// (`Dispatch.updateQueue`). Taking a candidate out or a timer cannot, so
    /// they leave it alone. `onePass` compares it around a callback.
    @exclusivity(unchecked) var scheduleChanges = 0
    /// How many alerts of `stack` have a nonzero `offset`. With the keyboard
    /// hidden every wanted offset is 0, so while this is 0 too a move sweep
    /// has nothing to do and `moveStep` returns at once.
    @exclusivity(unchecked) var offsetAlerts = 0
    @exclusivity(unchecked) var ids = IDIndex()
    @exclusivity(unchecked) var idWaiters: [ExactString: WaiterList] = [:]
    /// The lanes in use other than "main", by name; "main"; every lane in
    /// use (in no order); the lanes a pass is to look at (a heap by byte
    /// order of their names), and those whose events the running pass held
    /// back (see Lanes.swift).
    @exclusivity(unchecked) var laneStates: [ExactString: LaneState] = [:]
    @exclusivity(unchecked) var mainLaneState = LaneState(key: nil, position: 0)
    @exclusivity(unchecked) var lanesInUse: [LaneState]
    @exclusivity(unchecked) var dirtyLanes: [LaneState] = []
    @exclusivity(unchecked) var heldLanes: [LaneState] = []
    /// The live alerts of the domain by tag (see Tags.swift).
    @exclusivity(unchecked) var tagged: [ExactString: [ObjectIdentifier: Alert]] = [:]
    /// The `seq` the next added alert gets.
    @exclusivity(unchecked) var nextSeq = 0
    @exclusivity(unchecked) var liveCount = 0
    @exclusivity(unchecked) var keyboard = Rect.zero
    /// True while `run()` delivers passes: calls made from callbacks then
    /// change state only, and the running loop re-derives its next event.
    @exclusivity(unchecked) var isRunning = false
    /// Above 0 while a campaign call (Tracking.swift) adds instances and
    /// reports events: their passes wait for its end, to run as one.
    @exclusivity(unchecked) var passesHeld = 0
    /// While a cancel-many call delivers its finishes: the cancels that
    /// callbacks made meanwhile, which it carries out next (Cancelling.swift).
    @exclusivity(unchecked) var joinedCancels: JoinedCancels?
    /// While `fireDueTimers` ends alerts: whether a callback ticked again
    /// (the running loop reads the clock again instead of nesting).
    @exclusivity(unchecked) var tickedWhileFiring: Bool?
    /// What `why` last computed of the screen (ScreenFacts.swift); dropped
    /// when the stack or a lane limit changes.
    @exclusivity(unchecked) var screenFacts: ScreenFacts?
    /// Deferred mode: the host was asked for a flush and has not flushed yet.
    @exclusivity(unchecked) var flushRequested = false
    /// What host code is running that must not change the schedule (an
    /// active-child provider, the host's clock), or nil.
    @exclusivity(unchecked) var readOnlyCallback: String?
    /// How many callbacks of the domain run, and the embedding layer's
    /// number for the thread running them (CallbackThread.swift).
    @exclusivity(unchecked) var hostCodeDepth = 0
    @exclusivity(unchecked) var hostCodeThread: UInt = 0
    #if XYZALERT_CHECK_INVARIANTS
    /// Checked builds: how many callbacks the domain has made.
    @exclusivity(unchecked) var hostCallsMade = 0
    #endif
    /// The recorded call (`Recording.callSerial`) during which it split off
    /// from another domain, if any (see `Recording.inSplitFlushRequest`).
    @exclusivity(unchecked) var splitInRecordedCall: Int?
    /// The root was destroyed, or the domain was merged into another one.
    @exclusivity(unchecked) var isDead = false

    /// The alerts whose timer runs, soonest deadline first; O(log n) per
    /// change, O(1) to find the earliest (see Timers.swift).
    @exclusivity(unchecked) var deadlines = DeadlineHeap()
    /// The display history whose caps apply here, if any (CapChecks.swift).
    @exclusivity(unchecked) var history: History?
    /// The alerts waiting for a time of their own (a cap freeing, a
    /// show_after delay, a minimum visible time), soonest first.
    @exclusivity(unchecked) var wakes = AlertHeap<WakeOrder>()
    /// Lane gaps (docs/rules.md §17): when an alert of each lane last left
    /// the screen, until when a gap held back a show, and the earliest such
    /// time, for the timer.
    @exclusivity(unchecked) var laneLeftAt: [ExactString: Double] = [:]
    @exclusivity(unchecked) var laneBlockedUntil: [ExactString: Double] = [:]
    /// The blocked lanes by the time their gap ends, soonest first (a heap,
    /// `heapPush`; an entry whose lane was blocked again since is passed
    /// over), so that a gap ending looks at its own lane only.
    @exclusivity(unchecked) var gapEnds: [(until: Double, lane: ExactString)] = []
    /// The earliest gap end, for the timer.
    var gapWake: Double? { gapEnds.first?.until }
    /// Whether the root has any lane gap (kept so that ending an alert
    /// reads one flag, not the root's table).
    @exclusivity(unchecked) var gapsInUse = false
    /// Whether the root gives any lane a limit (docs/rules.md §19): passes
    /// then look up each lane's limit.
    @exclusivity(unchecked) var stacksInUse = false
    /// Whether an alert with `preempt: equal` was ever added to the domain
    /// (or to one it took in or split from): a show then no longer ends
    /// its pass at once (`deliver`), as an equal candidate added later may
    /// show over it.
    @exclusivity(unchecked) var preemptsEqual = false
    /// The deadline of the timer last requested from the root's host with
    /// `setTimer`; nil when none is outstanding (none was asked for, the
    /// last request cancelled it, or a tick used it up).
    @exclusivity(unchecked) var requestedTimer: Double?
    /// The system clock's reading taken as this domain's time 0 (at its
    /// first reading), when the root's host has no clock.
    @exclusivity(unchecked) var clockOrigin: Double?
    /// The last time the clock gave; a host clock that returns NaN or an
    /// infinity is taken to stand still there.
    @exclusivity(unchecked) var lastReading: Double = 0
    /// Subtracted from the host clock's readings: 0, unless its first
    /// readings were not finite; then the first finite one continues the
    /// time those stood at (docs/rules.md §12: no countdown runs before the
    /// clock has given a time).
    @exclusivity(unchecked) var clockOffset: Double = 0
    /// Whether the host's clock has given a finite reading, and whether it
    /// gave a bad one before (which sets `clockOffset` at the first good one).
    @exclusivity(unchecked) var clockHasRead = false
    @exclusivity(unchecked) var clockReadBadFirst = false

    /// The participating dispatches, parents first, as last computed; still
    /// right while `participationIsCurrent`. Everything that changes rule 1's
    /// inputs (a page's visibility, the tree, an active child or provider, a
    /// destroy) calls `participationChanged()`. With no provider in the domain
    /// a pass reuses this list until then; with one, every event of a pass
    /// recomputes it and asks the providers (docs/rules.md §5: asked at every pass).
    @exclusivity(unchecked) var participating: [Dispatch] = []
    /// The subtrees whose participation alone must be computed again, while
    /// `participationIsCurrent` is false because of them only (nil: all).
    @exclusivity(unchecked) var changedSubtrees: [Dispatch]?
    @exclusivity(unchecked) private(set) var participationIsCurrent = false
    /// Whether the last computation met a dispatch with a provider.
    @exclusivity(unchecked) var hasProviders = false
    /// Counts the computations, so that a sweep can tell one happened.
    @exclusivity(unchecked) var participationVersion = 0
    /// The pages the computations visited so far (a test reads it to check
    /// that a change is computed for its subtree alone).
    @exclusivity(unchecked) var participationVisits = 0

    /// Numbers the passes of this domain: an alert whose `passMark` equals
    /// the running pass's number has had its one event of that pass.
    @exclusivity(unchecked) var passNumber = 0
    /// Whether the last `nextEvent` found nothing to deliver without skipping
    /// an alert that would have had an event but for its mark.
    @exclusivity(unchecked) var passEndedSettled = false
    /// Number the sweeps of `hidePagesNow` and `moveStep`; an alert's mark at
    /// or above a running sweep's number was handled by it, or by a sweep
    /// nested in it (from a callback), which leaves nothing for it to redo.
    @exclusivity(unchecked) var hideSweeps = 0
    @exclusivity(unchecked) var moveSweeps = 0
    /// Whether a `move` callback is running, and the duration of a move
    /// asked for from inside it (a frame, the keyboard or an avoidance
    /// setting changed there): the sweep runs again once it returns.
    @exclusivity(unchecked) var moveIsRunning = false
    @exclusivity(unchecked) var movePendingDuration: Double?

    init(root: Dispatch?) {
        self.root = root
        lanesInUse = [mainLaneState]
    }

    /// A history lists the domains that use it unowned (`History.users`):
    /// a dying domain takes itself off that list.
    deinit {
        history?.detach(ObjectIdentifier(self))
    }

    /// Whether the root's host defers passes (a destroyed root has no host).
    var isDeferred: Bool {
        guard let root, root.host != nil else { return false }
        return root.hostDefersPasses
    }

    /// Inlined, with the error built out of line (see `Alert.requireIdle`).
    @inline(__always)
    func requireMutable(_ what: String) throws(AlertError) {
        if readOnlyCallback != nil {
            throw readOnlyError(what)
        }
    }

    @inline(never)
    private func readOnlyError(_ what: String) -> AlertError {
        AlertError(.state, "cannot \(what) from inside \(readOnlyCallback!)")
    }

    /// Every dispatch of the domain, parents before children.
    var dispatches: [Dispatch] { root?.subtree ?? [] }

    // MARK: Participation (rule 1, docs/rules.md §3)

    /// Rule 1's inputs changed: the next pass, explanation or snapshot
    /// recomputes participation.
    func participationChanged() {
        participationIsCurrent = false
        changedSubtrees = nil
        scheduleChanges &+= 1
    }

    /// Rule 1's inputs changed for `dispatch`'s subtree only (it appeared or
    /// disappeared, was suspended or resumed): unless more must be computed
    /// anyway, the next computation visits that subtree alone.
    func participationChanged(below dispatch: Dispatch) {
        scheduleChanges &+= 1
        if participationIsCurrent {
            participationIsCurrent = false
            changedSubtrees = [dispatch]
        } else {
            changedSubtrees?.append(dispatch)
        }
    }

    /// `dispatch`'s subtree stops taking part here (it is destroyed, or
    /// leaves the tree: a split or a join computes its new domain's
    /// participation whole): out of `participating`, its lanes looked at
    /// again. Nothing else's participation changes. O(the subtree).
    func leaveParticipation(_ dispatch: Dispatch) {
        scheduleChanges &+= 1
        for d in dispatch.subtree {
            removeFromParticipating(d)
            if d.isParticipating || d.isHeld {
                d.isParticipating = false
                participationFlipped(d)
            }
        }
    }

    /// Takes `d` out of `participating` (the last entry takes its place),
    /// if this domain's list has it. O(1).
    private func removeFromParticipating(_ d: Dispatch) {
        let i = d.participationIndex
        d.participationIndex = -1
        guard i >= 0 && i < participating.count && participating[i] === d else { return }
        let last = participating.removeLast()
        if i < participating.count {
            participating[i] = last
            last.participationIndex = i
        }
    }

    /// Brings `isParticipating` of every dispatch up to date and returns the
    /// participating ones, parents first. Providers are asked only when
    /// `askProviders` is true, for parents that participate; otherwise their
    /// last answers are used (explain and snapshots never call host code).
    /// O(1) while nothing changed and no provider is set; else O(dispatches)
    /// plus the providers' calls.
    @discardableResult @inline(__always)
    func computeParticipation(askProviders: Bool) -> [Dispatch] {
        if participationIsCurrent && !(askProviders && hasProviders) {
            return participating
        }
        if !hasProviders, let subtrees = changedSubtrees, recomputeParticipation(of: subtrees) {
            return participating
        }
        return recomputeParticipation(askProviders: askProviders)
    }

    /// Computes participation again for `subtrees` alone (the rest is
    /// current and no provider is set), adding to and taking from
    /// `participating` as pages start or stop taking part: O(their pages).
    /// False when one of them is no longer in this domain, has a parent
    /// with a provider or meets one (the whole tree is then computed).
    private func recomputeParticipation(of subtrees: [Dispatch]) -> Bool {
        for top in subtrees {
            guard top.domain === self, !top.isDestroyed, top.parent?.activeChildProvider == nil else { return false }
        }
        var flips: [Dispatch] = []
        func visit(_ d: Dispatch, _ eligible: Bool, _ held: Bool) -> Bool {
            participationVisits &+= 1
            guard d.activeChildProvider == nil else { return false }
            let (wasParticipating, wasHeld) = (d.isParticipating, d.isHeld)
            d.isParticipating = eligible && d.isPageVisible && !d.isDestroyed
            d.isHeld = held || d.suspensions > 0
            if d.isParticipating != wasParticipating || d.isHeld != wasHeld {
                flips.append(d)
            }
            let active = d.isParticipating ? d.explicitActiveChild : nil
            for child in d.children {
                guard visit(child, d.isParticipating && (active == nil || child === active), d.isHeld) else { return false }
            }
            return true
        }
        for top in subtrees {
            var eligible = true
            var held = false
            if let parent = top.parent {
                let active = parent.isParticipating ? parent.explicitActiveChild : nil
                eligible = parent.isParticipating && (active == nil || top === active)
                held = parent.isHeld
            }
            guard visit(top, eligible, held) else {
                // (Cannot happen: setting a provider computes the whole
                // tree. Should it, every lane is looked at again.)
                unsettleAllLanes()
                return false
            }
        }
        for d in flips {
            if d.isParticipating && d.participationIndex < 0 {
                d.participationIndex = participating.count
                participating.append(d)
            } else if !d.isParticipating {
                removeFromParticipating(d)
            }
            participationFlipped(d)
        }
        changedSubtrees = nil
        participationIsCurrent = true
        participationVersion &+= 1
        return true
    }

    private func recomputeParticipation(askProviders: Bool) -> [Dispatch] {
        // Built aside: a provider may ask for an explanation, which computes
        // participation from the last answers while this runs.
        participationIsCurrent = false
        var list: [Dispatch] = []
        list.reserveCapacity(participating.count)
        var sawProvider = false
        func visit(_ d: Dispatch, _ eligible: Bool, _ held: Bool) {
            participationVisits &+= 1
            let (wasParticipating, wasHeld) = (d.isParticipating, d.isHeld)
            d.isParticipating = eligible && d.isPageVisible && !d.isDestroyed
            d.isHeld = held || d.suspensions > 0
            if d.isParticipating != wasParticipating || d.isHeld != wasHeld {
                participationFlipped(d)
            }
            d.participationIndex = d.isParticipating ? list.count : -1
            if d.isParticipating {
                list.append(d)
            }
            // (A provider counts before its page has children: a child
            // joining later must not be computed as if it had none.)
            sawProvider = sawProvider || d.activeChildProvider != nil
            guard !d.children.isEmpty else { return }
            var restricted = false
            var active: Dispatch?
            if d.isParticipating {
                if let provider = d.activeChildProvider {
                    restricted = true
                    if askProviders {
                        readOnlyCallback = "an active-child provider"
                        let answer = provider(d)
                        readOnlyCallback = nil
                        d.providerAnswerChanged = answer !== d.lastProvidedChild
                        d.lastProvidedChild = answer
                    }
                    active = d.lastProvidedChild
                } else if let explicit = d.explicitActiveChild {
                    restricted = true
                    active = explicit
                }
            }
            for child in d.children {
                visit(child, d.isParticipating && (!restricted || child === active), d.isHeld)
            }
        }
        if let root {
            visit(root, true, false)
        }
        participating = list
        hasProviders = sawProvider
        changedSubtrees = nil
        participationIsCurrent = true
        participationVersion &+= 1
        return list
    }
}
