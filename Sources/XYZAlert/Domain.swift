/// The shared state of one tree of dispatches, which is arbitrated as a whole
/// (SPEC sections 1 and 3). Every dispatch of the tree points to the same
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
/// `Alert` are `@exclusivity(unchecked)` (the run-time check was a third of
/// a cycle). No two accesses to them can overlap: host code, the only code
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
        }
    }
    @exclusivity(unchecked) private(set) var stackVersion = 0
    /// Counts the changes that can give a running pass an event it did not
    /// have: the stack changing, rule 1's inputs changing
    /// (`participationChanged`) and a candidate joining a queue
    /// (`Dispatch.updateQueue`). Taking a candidate out or a timer cannot, so
    /// they leave it alone. `onePass` compares it around a callback.
    @exclusivity(unchecked) var scheduleChanges = 0
    /// How many alerts of `stack` have a nonzero `offset`. With the keyboard
    /// hidden every wanted offset is 0, so while this is 0 too a move sweep
    /// has nothing to do and `moveStep` returns at once.
    @exclusivity(unchecked) private(set) var offsetAlerts = 0
    @exclusivity(unchecked) var ids = IDIndex()
    @exclusivity(unchecked) var idWaiters: [ExactString: WaiterList] = [:]
    /// How many live alerts of the domain are in each lane other than
    /// "main", and every lane in use ("main" always, as nil) in byte order
    /// of the names (see Lanes.swift).
    @exclusivity(unchecked) var lanesInUse: [ExactString: Int] = [:]
    @exclusivity(unchecked) var laneOrder: [ExactString?] = [nil]
    /// The live alerts of the domain by tag (see Tags.swift).
    @exclusivity(unchecked) var tagged: [ExactString: [ObjectIdentifier: Alert]] = [:]
    /// The `seq` the next added alert gets.
    @exclusivity(unchecked) var nextSeq = 0
    @exclusivity(unchecked) var liveCount = 0
    @exclusivity(unchecked) var keyboard = Rect.zero
    /// True while `run()` delivers passes: calls made from callbacks then
    /// change state only, and the running loop re-derives its next event.
    @exclusivity(unchecked) var isRunning = false
    /// Deferred mode: the host was asked for a flush and has not flushed yet.
    @exclusivity(unchecked) var flushRequested = false
    /// What host code is running that must not change the schedule (an
    /// active-child provider, the host's clock), or nil.
    @exclusivity(unchecked) var readOnlyCallback: String?
    /// How many callbacks of the domain run, and the embedding layer's
    /// number for the thread running them (CallbackThread.swift).
    @exclusivity(unchecked) var hostCodeDepth = 0
    @exclusivity(unchecked) var hostCodeThread: UInt = 0
    /// The root was destroyed, or the domain was merged into another one.
    @exclusivity(unchecked) var isDead = false

    /// The alerts whose timer runs, soonest deadline first; O(log n) per
    /// change, O(1) to find the earliest (see Timers.swift).
    @exclusivity(unchecked) var deadlines = DeadlineHeap()
    /// The deadline of the timer last requested from the root's host with
    /// `setTimer`; nil when none is outstanding (none was asked for, the
    /// last request cancelled it, or a tick used it up).
    @exclusivity(unchecked) var requestedTimer: Double?
    /// The system clock's reading taken as this domain's time 0 (at its
    /// first reading), when the root's host has no clock.
    @exclusivity(unchecked) var clockOrigin: ContinuousClock.Instant?
    /// The last time the clock gave; a host clock that returns NaN or an
    /// infinity is taken to stand still there.
    @exclusivity(unchecked) var lastReading: Double = 0

    /// The participating dispatches, parents first, as last computed; still
    /// right while `participationIsCurrent`. Everything that changes rule 1's
    /// inputs (a page's visibility, the tree, an active child or provider, a
    /// destroy) calls `participationChanged()`. With no provider in the domain
    /// a pass reuses this list until then; with one, every event of a pass
    /// recomputes it and asks the providers (SPEC: asked at every pass).
    @exclusivity(unchecked) private var participating: [Dispatch] = []
    @exclusivity(unchecked) private var participationIsCurrent = false
    /// Whether the last computation met a dispatch with a provider.
    @exclusivity(unchecked) private var hasProviders = false
    /// Counts the computations, so that a sweep can tell one happened.
    @exclusivity(unchecked) private var participationVersion = 0

    /// Numbers the passes of this domain: an alert whose `passMark` equals
    /// the running pass's number has had its one event of that pass.
    @exclusivity(unchecked) private var passNumber = 0
    /// Whether the last `nextEvent` found nothing to deliver without skipping
    /// an alert that would have had an event but for its mark.
    @exclusivity(unchecked) private var passEndedSettled = false
    /// Number the sweeps of `hidePagesNow` and `moveStep`; an alert's mark at
    /// or above a running sweep's number was handled by it, or by a sweep
    /// nested in it (from a callback), which leaves nothing for it to redo.
    @exclusivity(unchecked) private var hideSweeps = 0
    @exclusivity(unchecked) private var moveSweeps = 0

    init(root: Dispatch?) {
        self.root = root
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

    // MARK: Participation (SPEC rule 1)

    /// Rule 1's inputs changed: the next pass, explanation or snapshot
    /// recomputes participation.
    func participationChanged() {
        participationIsCurrent = false
        scheduleChanges &+= 1
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
        return recomputeParticipation(askProviders: askProviders)
    }

    private func recomputeParticipation(askProviders: Bool) -> [Dispatch] {
        // Built aside: a provider may ask for an explanation, which computes
        // participation from the last answers while this runs.
        participationIsCurrent = false
        var list: [Dispatch] = []
        list.reserveCapacity(participating.count)
        var sawProvider = false
        func visit(_ d: Dispatch, _ eligible: Bool, _ held: Bool) {
            d.isParticipating = eligible && d.isPageVisible && !d.isDestroyed
            d.isHeld = held || d.suspensions > 0
            if d.isParticipating {
                list.append(d)
            }
            guard !d.children.isEmpty else { return }
            var restricted = false
            var active: Dispatch?
            sawProvider = sawProvider || d.activeChildProvider != nil
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
        participationIsCurrent = true
        participationVersion &+= 1
        return list
    }

    // MARK: Passes (SPEC rules 2–7)

    /// Runs passes until one delivers nothing, then moves alerts for the
    /// keyboard, and again while moves were delivered (their callbacks may
    /// have changed the schedule). Never nests within this domain.
    ///
    /// Bounded: a pass that delivers something is followed by another, so a
    /// provider that changes its answer at every pass, or callbacks that undo
    /// each other forever, would never let the call return. After
    /// `passLimit` delivering passes the loop stops and throws `.state`; every
    /// event delivered so far stands and the state is consistent (each alert
    /// is in the state its last event reported), and the next call that
    /// needs a pass goes on from there.
    ///
    /// A domain without live alerts has nothing to show, hide or move, so
    /// its passes are skipped (providers are asked at the next pass that has
    /// alerts to arbitrate): building a tree of thousands of empty pages then
    /// costs no pass per join.
    ///
    /// The passes are one function: `onePass` and `nextEvent` are inlined
    /// here, and this into its two callers (`Settlement.settle`, `flush`).
    /// The calls cost a fifth of a cycle's pass work.
    @inline(__always)
    func run() throws(AlertError) {
        guard !isRunning, !isDead, liveCount > 0 else { return }
        isRunning = true
        defer { isRunning = false }
        let firstSeq = nextSeq
        let live = liveCount
        var passes = 0
        repeat {
            while !isDead && onePass() > 0 {
                passes += 1
                if passes > Domain.passLimit(live: live, added: nextSeq - firstSeq) {
                    throw AlertError(.state, unsettledMessage(passes), tookEffect: true)
                }
                // The next pass would start from the state this one ended
                // in, without its marks: when no mark held an event back and
                // no provider can answer differently, it would deliver nothing.
                if passEndedSettled && !hasProviders {
                    break
                }
            }
        } while !isDead && moveStep(duration: 0) > 0
    }

    /// How many delivering passes one call may run: a settled schedule needs
    /// one per alert that shows at most, and every alert added by a callback
    /// during the call may need a few more.
    static func passLimit(live: Int, added: Int) -> Int {
        64 + 4 * (live + added)
    }

    /// Names the providers whose answer changed in the last pass, if any.
    private func unsettledMessage(_ passes: Int) -> String {
        let flipping = dispatches.filter { $0.providerAnswerChanged }
        let cause = flipping.isEmpty
            ? "callbacks kept changing the schedule"
            : "the active-child provider of " + flipping.map(\.quotedName).joined(separator: ", ")
                + " changed its answer at every pass"
        return "the passes of the domain of \(root?.quotedName ?? "a destroyed page") did not settle after \(passes) passes: "
            + cause + "; the call stopped (every event delivered stands, the rest waits for the next call)"
    }

    private enum Event {
        case hide(Alert, HideReason)
        case unhide(Alert)
        case show(Alert)
    }

    /// One pass: delivers events one at a time, each re-derived from the
    /// current state, at most one per alert. Returns how many it delivered.
    @inline(__always)
    private func onePass() -> Int {
        passNumber += 1
        let pass = passNumber
        var delivered = 0
        while !isDead, let event = nextEvent(pass) {
            delivered += 1
            switch event {
            case .hide(let alert, let reason):
                alert.passMark = pass
                let host = alert.dispatch?.host
                alert.dispatch?.recording?.delivered(alert, finished: false)
                alert.state = .hidden
                if alert.deadlineIndex >= 0 {
                    pauseDuration(alert)
                }
                if let host {
                    runHostCode(host) { host.hide(alert, reason: reason) }
                }
            case .unhide(let alert):
                alert.passMark = pass
                let host = alert.dispatch?.host
                alert.dispatch?.recording?.delivered(alert, finished: false)
                alert.state = .showing
                if alert.duration > 0 {
                    runDuration(alert)
                }
                if let host {
                    runHostCode(host) { host.unhide(alert) }
                }
            case .show(let alert):
                alert.passMark = pass
                let dispatch = alert.dispatch!
                let host = dispatch.host
                dispatch.dequeue(alert)
                dispatch.unqueued(alert)
                stack.append(alert)
                alert.state = .showing
                alert.offset = 0
                if alert.deadlineIndex >= 0 || alert.duration > 0 {
                    firstShown(alert)
                }
                let target = alert.target
                dispatch.recording?.delivered(alert, finished: false)
                let changes = scheduleChanges
                if let host {
                    runHostCode(host) { host.show(alert, target: target, view: dispatch.resolveTarget(target)) }
                }
                if delivered == 1 && changes == scheduleChanges && laneOrder.count == 1 && !hasProviders {
                    // The pass is over, without looking again (one lane, no
                    // provider, nothing changed during the callback):
                    // - no hide or unhide was due when this show was chosen
                    //   (they come first), and the new top changes no one's
                    //   visibility: if it hides others, they were hidden
                    //   before it showed, by hides chosen with it in view;
                    // - no other candidate can show: this one outranked them
                    //   all, and the top of the stack is now its priority;
                    // - as the first event of the pass, no alert had an event
                    //   held back by its mark.
                    passEndedSettled = true
                    return delivered
                }
            }
        }
        return delivered
    }

    /// The next event of the running pass, in the order of rule 6: hides,
    /// then unhides (each top of stack first), then the selected show.
    /// Alerts marked with `pass` had their event. Cost: O(participating
    /// dispatches + stack), plus provider calls (O(dispatches) when
    /// participation must be recomputed).
    @inline(__always)
    private func nextEvent(_ pass: Int) -> Event? {
        computeParticipation(askProviders: true)
        var heldBack = false
        guard laneOrder.count > 1 else {
            let event = laneEvent(pass, lane: nil, onlyLane: false, &heldBack)
            passEndedSettled = event == nil && !heldBack
            return event
        }
        // SPEC 14: each lane on its own, in byte order of their names.
        for lane in laneOrder {
            if let event = laneEvent(pass, lane: lane, onlyLane: true, &heldBack) {
                return event
            }
        }
        passEndedSettled = !heldBack
        return nil
    }

    /// The next event of one lane (`lane`, nil for "main"; with `onlyLane`
    /// false every on-screen alert is in it, as when only "main" is in use);
    /// sets `heldBack` when a mark held back an alert that would have had one.
    ///
    /// The sweeps below find positions in `stack` and make the event only at
    /// the end: an alert that is merely looked at is then never retained (a
    /// reference that might leave the loop cost a retain and a release per
    /// alert per sweep).
    @inline(__always)
    private func laneEvent(_ pass: Int, lane: ExactString?,
                           onlyLane: Bool, _ heldBack: inout Bool) -> Event? {
        var top: Int32?
        for i in stack.indices {
            let alert = stack[i]
            if alert.dispatch!.isParticipating && (!onlyLane || alert.laneKey == lane) {
                top = max(top ?? alert.priority, alert.priority)
            }
        }
        let chosen = select(above: top, lane: lane)
        var hiding = chosen?.exclusive == .hideOthers
        var unhide = -1
        var i = stack.count - 1
        while i >= 0 {
            let alert = stack[i]
            i -= 1
            if onlyLane && alert.laneKey != lane {
                continue
            }
            let dispatch = alert.dispatch!
            let participates = dispatch.isParticipating
            let visible = participates && !hiding
            if participates && alert.exclusive == .hideOthers {
                hiding = true
            }
            if dispatch.isDestroyed {
                continue
            }
            if alert.passMark == pass {
                heldBack = heldBack || (alert.state == .showing && !visible) || (alert.state == .hidden && visible)
                continue
            }
            if alert.state == .showing && !visible {
                return .hide(stack[i + 1], participates ? .covered : .page)
            }
            if unhide < 0 && alert.state == .hidden && visible {
                unhide = i + 1
            }
        }
        if unhide >= 0 {
            return .unhide(stack[unhide])
        }
        return chosen.map(Event.show)
    }

    /// Rule 4: the first eligible candidate of the participating dispatches.
    /// With an empty participating stack (`top == nil`) that is the first
    /// candidate; otherwise the first `cover`/`hideOthers` candidate, if its
    /// priority is above `top`. Only one can be chosen per selection: the
    /// chosen alert outranks every other candidate.
    /// Cost: O(participating dispatches).
    private func select(above top: Int32?, lane: ExactString?) -> Alert? {
        var best: Alert?
        for i in participating.indices {
            let dispatch = participating[i]
            if dispatch.isHeld {
                continue
            }
            if let candidate = dispatch.firstCandidate(lane, anyClass: top == nil),
               best.map({ candidate.precedes($0) }) ?? true {
                best = candidate
            }
        }
        if let best, let top, best.priority <= top {
            return nil
        }
        return best
    }

    /// `pageWillDisappear`: hides, top of stack first, every showing alert
    /// whose page no longer participates, right away in both pass modes; each
    /// at most once. One sweep down the stack, O(stack) plus participation,
    /// which restarts from the top (skipping hidden alerts) after a callback
    /// that changed the stack or participation.
    func hidePagesNow() {
        hideSweeps += 1
        let sweep = hideSweeps
        computeParticipation(askProviders: true)
        var version = (stackVersion, participationVersion)
        var i = stack.count - 1
        while !isDead && i >= 0 {
            let alert = stack[i]
            i -= 1
            let dispatch = alert.dispatch!
            guard alert.hideMark < sweep, alert.state == .showing, !dispatch.isParticipating, !dispatch.isDestroyed else {
                continue
            }
            alert.hideMark = sweep
            alert.state = .hidden
            if alert.deadlineIndex >= 0 {
                pauseDuration(alert)
            }
            dispatch.recording?.delivered(alert, finished: false)
            if let host = dispatch.host {
                runHostCode(host) { host.hide(alert, reason: .page) }
            }
            computeParticipation(askProviders: true)
            if version != (stackVersion, participationVersion) {
                version = (stackVersion, participationVersion)
                i = stack.count - 1
            }
        }
    }

    // MARK: Keyboard avoidance

    /// Moves, top of stack first, every showing alert whose wanted offset
    /// differs from its current one; each at most once. Returns the count.
    ///
    /// One sweep down the stack: O(stack). A callback that changes a frame,
    /// the keyboard or an avoidance setting runs a nested sweep at once, which
    /// leaves every offset right, so the sweep goes on below; after a callback
    /// that changed the stack it restarts from the top, skipping what it moved.
    /// (The check for nothing to move is inlined: every pass ends with it.)
    @discardableResult @inline(__always)
    func moveStep(duration: Double) -> Int {
        if keyboard.height <= 0 && offsetAlerts == 0 {
            return 0
        }
        return moveSweep(duration: duration)
    }

    private func moveSweep(duration: Double) -> Int {
        moveSweeps += 1
        let sweep = moveSweeps
        var version = stackVersion
        var moved = 0
        var i = stack.count - 1
        while !isDead && i >= 0 {
            let alert = stack[i]
            i -= 1
            let dispatch = alert.dispatch!
            guard alert.moveMark < sweep, alert.state == .showing, !dispatch.isDestroyed else { continue }
            let dy = alert.wantedOffset(keyboard: keyboard)
            guard dy != alert.offset else { continue }
            alert.moveMark = sweep
            moved += 1
            offsetAlerts += (dy != 0 ? 1 : 0) - (alert.offset != 0 ? 1 : 0)
            alert.offset = dy
            dispatch.recording?.delivered(alert, finished: false)
            if let host = dispatch.host {
                runHostCode(host) { host.move(alert, dy: dy, duration: duration) }
            }
            if version != stackVersion {
                version = stackVersion
                i = stack.count - 1
            }
        }
        return moved
    }

    // MARK: Ending alerts

    /// Ends a live alert and delivers the events of the call that ended it:
    /// `action(index)` when an action was chosen, `remove` if it was on screen
    /// (unless the host already took it off, as with `dismiss`), then
    /// `finish`. All state changes come first (SPEC section 2).
    func endAndReport(_ alert: Alert, _ reason: EndReason, action: Int? = nil, removing: Bool = true,
                      _ settlement: inout Settlement) {
        let wasOnScreen = alert.state.isOnScreen
        let dispatch = end(alert, reason, &settlement)
        report(alert, reason, dispatch, wasOnScreen: wasOnScreen, action: action, removing: removing)
    }

    /// An alert that ended, with what its events need to say.
    struct Ending {
        let alert: Alert
        let reason: EndReason
        let dispatch: Dispatch
        let wasOnScreen: Bool
    }

    /// Ends a live alert without its events, which `report` delivers once
    /// every state change of the call is made (an add that replaces, ignores
    /// and drops alerts reports them all after adding).
    func endSilently(_ alert: Alert, _ reason: EndReason, _ settlement: inout Settlement) -> Ending {
        let wasOnScreen = alert.state.isOnScreen
        return Ending(alert: alert, reason: reason, dispatch: end(alert, reason, &settlement), wasOnScreen: wasOnScreen)
    }

    /// The events of an ending: `action(index)`, `remove` if it was on screen
    /// (and `removing`), then `finish`, to the host of its former dispatch.
    func report(_ ending: Ending) {
        report(ending.alert, ending.reason, ending.dispatch, wasOnScreen: ending.wasOnScreen, action: nil, removing: true)
    }

    private func report(_ alert: Alert, _ reason: EndReason, _ dispatch: Dispatch, wasOnScreen: Bool,
                        action: Int?, removing: Bool) {
        let host = dispatch.host
        alert.endingDispatch = dispatch
        defer { alert.endingDispatch = nil }
        let recording = dispatch.recording
        if let action {
            recording?.delivered(alert, finished: false)
            if let host {
                runHostCode(host) { host.action(alert, index: action) }
            }
        }
        if removing && wasOnScreen {
            recording?.delivered(alert, finished: false)
            if let host {
                runHostCode(host) { host.remove(alert, reason: reason) }
            }
        }
        recording?.delivered(alert, finished: true)
        if let host {
            runHostCode(host) { host.finish(alert, reason: reason) }
        }
    }

    /// Ends a live alert: the state change and all bookkeeping, no events;
    /// returns the dispatch it was on (`alert.dispatch` is nil after).
    /// Dependents whose last dependency this was become candidates. The
    /// settlement gets this domain first, then the domains of those
    /// dependents (handle dependencies may cross domains) in the order the
    /// dependents registered.
    private func end(_ alert: Alert, _ reason: EndReason, _ settlement: inout Settlement) -> Dispatch {
        settlement.needPass(self)
        // The alert leaves its dispatch first: the local takes over the
        // alert's reference (copying it cost a retain and a release). Nothing
        // below reads `alert.dispatch`.
        let dispatch = alert.dispatch.take()!
        if alert.queueIndex >= 0 {
            dispatch.dequeue(alert)
        }
        if alert.deadlineIndex >= 0 {
            deadlines.remove(alert)
        }
        dispatch.unqueued(alert)
        if alert.state.isOnScreen, let i = stack.lastIndex(where: { $0 === alert }) {
            if i == stack.count - 1 {
                stack.removeLast()  // (the usual case, and cheaper than remove(at:))
            } else {
                stack.remove(at: i)
            }
            if alert.offset != 0 {
                offsetAlerts -= 1
            }
        }
        dispatch.unlist(alert)
        if !alert.tagKeys.isEmpty {
            unindexTags(of: alert)
        }
        if let lane = alert.laneKey {
            useLane(lane, -1)
        }
        liveCount -= 1
        alert.state = .finished
        alert.endReason = reason
        // (Each loop is skipped when empty: most alerts have no dependency
        // edges, and even an empty loop retained and released the array.)
        if !alert.dependencies.isEmpty {
            for dependency in alert.dependencies {
                dependency.dependents.removeAll { $0 === alert }
            }
            alert.dependencies = []
        }
        if !alert.idDependencies.isEmpty {
            for id in alert.idDependencies {
                idWaiters[id]?.remove(alert)
                if idWaiters[id]?.isEmpty == true {
                    idWaiters[id] = nil
                }
            }
        }
        if !alert.dependents.isEmpty {
            let dependents = alert.dependents
            alert.dependents = []
            for waiter in dependents {
                free(waiter, &settlement)
            }
        }
        if let id = alert.key, ids.remove(alert) {
            if !idWaiters.isEmpty, let waiters = idWaiters[id] {
                for waiter in waiters {
                    free(waiter, &settlement)
                }
            }
        }
        return dispatch
    }

    /// Finishes an idle alert that an add turned away (`.duplicate`): it
    /// never joins, holds no dependency any more, and frees the live alerts
    /// that waited for it by handle. Its events go to `dispatch`'s host.
    func finishUnadded(_ alert: Alert, _ reason: EndReason, on dispatch: Dispatch,
                       _ settlement: inout Settlement) -> Ending {
        settlement.needPass(self)
        alert.state = .finished
        alert.endReason = reason
        alert.dependencies = []
        let dependents = alert.dependents
        alert.dependents = []
        for waiter in dependents {
            free(waiter, &settlement)
        }
        return Ending(alert: alert, reason: reason, dispatch: dispatch, wasOnScreen: false)
    }

    /// One dependency of `waiter` is met; at the last it becomes a candidate.
    private func free(_ waiter: Alert, _ settlement: inout Settlement) {
        waiter.unmet -= 1
        if waiter.unmet == 0, let other = waiter.dispatch {
            other.updateQueue(waiter)
            settlement.needPass(other.domain)
        }
    }

    // MARK: Joining and splitting

    /// Moves the bookkeeping of `moving` (every live alert of the dispatches
    /// that change domain, in add order) from `source` to `target`: the id
    /// index, the id waiters, the live count, and the unmet count and queue
    /// membership of every alert whose id dependencies change meaning. Costs
    /// O(moving alerts + their id dependencies + the waiters on their ids),
    /// not O(domain): nothing else changes. (Handle dependencies cross
    /// domains and are untouched.) The caller has checked that no id clashes.
    static func transfer(_ moving: [Alert], from source: Domain, to target: Domain) {
        guard !moving.isEmpty else { return }
        let members = Set(moving.map(ObjectIdentifier.init))
        source.liveCount -= moving.count
        target.liveCount += moving.count
        for alert in moving where !alert.tagKeys.isEmpty {
            source.unindexTags(of: alert)
            target.indexTags(of: alert)
        }
        for alert in moving {
            if let lane = alert.laneKey {
                source.useLane(lane, -1)
                target.useLane(lane, 1)
            }
        }
        var touched: [Alert] = []
        // Ids leave the source: its other alerts waiting for them are freed.
        for alert in moving {
            guard let key = alert.key, source.ids.remove(alert) else { continue }
            for waiter in source.idWaiters[key] ?? WaiterList() where !members.contains(ObjectIdentifier(waiter)) {
                waiter.unmet -= 1
                touched.append(waiter)
            }
        }
        // The moving alerts stop waiting in the source.
        var dependencyIDs = Set<ExactString>()
        for alert in moving {
            dependencyIDs.formUnion(alert.idDependencies)
        }
        for id in dependencyIDs {
            let rest = source.idWaiters[id]?.filter { !members.contains(ObjectIdentifier($0)) } ?? []
            source.idWaiters[id] = rest.isEmpty ? nil : WaiterList(rest)
        }
        // Ids arrive in the target: its alerts waiting for them are blocked.
        for alert in moving {
            guard let key = alert.key else { continue }
            for waiter in target.idWaiters[key] ?? WaiterList() {
                waiter.unmet += 1
                touched.append(waiter)
            }
            target.ids.insert(alert)
        }
        // The moving alerts wait in the target, counted against its ids.
        for alert in moving {
            for id in alert.idDependencies {
                target.idWaiters[id, default: WaiterList()].append(alert)
            }
            alert.unmet = alert.dependencies.count { $0.state != .finished }
                + alert.idDependencies.count { target.ids[$0] != nil }
            touched.append(alert)
        }
        for alert in touched {
            alert.dispatch!.updateQueue(alert)
        }
    }

    /// The live alerts of `subtree`'s dispatches, in add order.
    static func liveAlerts(of subtree: [Dispatch]) -> [Alert] {
        var alerts: [Alert] = []
        for dispatch in subtree {
            alerts.append(contentsOf: dispatch.alerts)
        }
        alerts.sort { $0.seq < $1.seq }
        return alerts
    }

    /// Moves the subtree under `child` (already unlinked from its parent)
    /// into a new domain, which it returns. Alerts keep their add order and
    /// stack order; the keyboard frame is copied. O(the subtree's dispatches
    /// and alerts + this domain's stack).
    func split(_ child: Dispatch) -> Domain {
        let domain = Domain(root: child)
        domain.nextSeq = nextSeq
        domain.keyboard = keyboard
        domain.continueNumbering(self)
        participationChanged()
        let subtree = child.subtree
        for dispatch in subtree {
            dispatch.domain = domain
        }
        domain.stack = stack.filter { $0.dispatch!.domain === domain }
        stack.removeAll { $0.dispatch!.domain === domain }
        domain.offsetAlerts = domain.stack.count { $0.offset != 0 }
        offsetAlerts -= domain.offsetAlerts
        let moving = Domain.liveAlerts(of: subtree)
        Domain.transfer(moving, from: self, to: domain)
        moveTimers(of: moving, to: domain)
        return domain
    }

    /// Merges `other`, the domain of `subtree` (just linked under a dispatch
    /// of this domain), into this one. Its alerts rank after this domain's in
    /// add order and its on-screen alerts go on top of the stack, each keeping
    /// their own order: two domains have no common clock to interleave them.
    /// The incoming alerts are numbered on from this domain's `nextSeq` in
    /// their own order, so numbers grow by the alerts that move (adding
    /// `other.nextSeq` to each doubled them at every join after a split,
    /// and overflowed after about 60). O(the subtree's dispatches, and
    /// k log k for its k alerts).
    func absorb(_ other: Domain, subtree: Dispatch) {
        let dispatches = subtree.subtree
        var moving: [Alert] = []
        for dispatch in dispatches {
            moving += dispatch.alerts
            dispatch.domain = self
        }
        moving.sort { $0.seq < $1.seq }
        for alert in moving {
            alert.seq = nextSeq
            nextSeq += 1
        }
        continueNumbering(other)
        participationChanged()
        stack += other.stack
        offsetAlerts += other.offsetAlerts
        other.stack = []
        other.offsetAlerts = 0
        Domain.transfer(Domain.liveAlerts(of: dispatches), from: other, to: self)
        other.moveTimers(of: other.deadlines.items, to: self)
        let formerRoot = other.requestedTimer != nil ? other.root : nil
        other.ids = IDIndex()
        other.idWaiters = [:]
        other.root = nil
        other.isDead = true
        // The subtree's root roots no domain any more: its host's timer is
        // not needed (this domain's host is asked for one when it settles).
        if let formerRoot, let host = formerRoot.host {
            host.setTimer(formerRoot, delay: -1)
        }
    }

    /// Numbers passes and sweeps on from `other`'s, so that the marks of
    /// alerts coming from it stay below every later pass and sweep here.
    private func continueNumbering(_ other: Domain) {
        passNumber = max(passNumber, other.passNumber)
        hideSweeps = max(hideSweeps, other.hideSweeps)
        moveSweeps = max(moveSweeps, other.moveSweeps)
    }
}
