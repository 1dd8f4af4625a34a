/// The shared state of one tree of dispatches, which is arbitrated as a whole
/// (SPEC sections 1 and 3). Every dispatch of the tree points to the same
/// `Domain`; joining two trees merges their domains into the parent's
/// (`absorb`), detaching a subtree splits it off into a new one (`split`).
///
/// Invariants, between public calls:
/// - `stack` holds exactly the on-screen alerts of the domain, oldest show first.
/// - `ids[x]` is the live alert of the domain whose id is `x`, if any.
/// - `idWaiters[x]` lists the live alerts of the domain that depend on id `x`.
/// - every live alert's `unmet` counts its unmet dependencies, and the alert
///   is in its dispatch's candidate queue iff it is ready with `unmet == 0`.
/// - `liveCount` is the number of live alerts of the domain.
final class Domain {
    /// The root dispatch; nil once the domain is dead.
    var root: Dispatch?
    /// On-screen alerts, bottom (oldest show) to top (newest).
    var stack: [Alert] = []
    var ids: [ExactString: Alert] = [:]
    var idWaiters: [ExactString: [Alert]] = [:]
    /// The `seq` the next added alert gets.
    var nextSeq = 0
    var liveCount = 0
    var keyboard = Rect.zero
    /// True while `run()` delivers passes: calls made from callbacks then
    /// change state only, and the running loop re-derives its next event.
    var isRunning = false
    /// Deferred mode: the host was asked for a flush and has not flushed yet.
    var flushRequested = false
    /// True while an active-child provider runs: the schedule must not change.
    var inProvider = false
    /// The root was destroyed, or the domain was merged into another one.
    var isDead = false

    init(root: Dispatch?) {
        self.root = root
    }

    var isDeferred: Bool { root?.host?.defersPasses ?? false }

    func requireMutable(_ what: String) throws(AlertError) {
        if inProvider {
            throw AlertError(.state, "cannot \(what) from inside an active-child provider")
        }
    }

    /// Every dispatch of the domain, parents before children.
    var dispatches: [Dispatch] { root?.subtree ?? [] }

    // MARK: Participation (SPEC rule 1)

    /// Recomputes `isParticipating` of every dispatch and returns the
    /// participating ones, parents first. Providers are asked only when
    /// `askProviders` is true, for parents that participate; otherwise their
    /// last answers are used (explain and snapshots never call host code).
    @discardableResult
    func computeParticipation(askProviders: Bool) -> [Dispatch] {
        var participating: [Dispatch] = []
        func visit(_ d: Dispatch, _ eligible: Bool) {
            d.isParticipating = eligible && d.isPageVisible && !d.isDestroyed
            if d.isParticipating {
                participating.append(d)
            }
            guard !d.children.isEmpty else { return }
            var restricted = false
            var active: Dispatch?
            if d.isParticipating {
                if let provider = d.activeChildProvider {
                    restricted = true
                    if askProviders {
                        inProvider = true
                        let answer = provider(d)
                        inProvider = false
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
                visit(child, d.isParticipating && (!restricted || child === active))
            }
        }
        if let root {
            visit(root, true)
        }
        return participating
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
    private func onePass() -> Int {
        var delivered = Set<ObjectIdentifier>()
        while !isDead, let event = nextEvent(skipping: delivered) {
            switch event {
            case .hide(let alert, let reason):
                delivered.insert(ObjectIdentifier(alert))
                let host = alert.dispatch?.host
                alert.state = .hidden
                host?.hide(alert, reason: reason)
            case .unhide(let alert):
                delivered.insert(ObjectIdentifier(alert))
                let host = alert.dispatch?.host
                alert.state = .showing
                host?.unhide(alert)
            case .show(let alert):
                delivered.insert(ObjectIdentifier(alert))
                let dispatch = alert.dispatch!
                let host = dispatch.host
                dispatch.dequeue(alert)
                stack.append(alert)
                alert.state = .showing
                alert.offset = 0
                let target = alert.target
                host?.show(alert, target: target, view: dispatch.resolveTarget(target))
            }
        }
        return delivered.count
    }

    /// The next event of the running pass, in the order of rule 6: hides,
    /// then unhides (each top of stack first), then the selected show.
    /// Cost: O(dispatches + stack), plus provider calls.
    private func nextEvent(skipping delivered: Set<ObjectIdentifier>) -> Event? {
        let participating = computeParticipation(askProviders: true)
        var top: Int32?
        for alert in stack where alert.dispatch!.isParticipating {
            top = max(top ?? alert.priority, alert.priority)
        }
        let chosen = select(from: participating, above: top)
        var hiding = chosen?.exclusive == .hideOthers
        var unhide: Alert?
        for alert in stack.reversed() {
            let dispatch = alert.dispatch!
            let participates = dispatch.isParticipating
            let visible = participates && !hiding
            if participates && alert.exclusive == .hideOthers {
                hiding = true
            }
            if dispatch.isDestroyed || delivered.contains(ObjectIdentifier(alert)) {
                continue
            }
            if alert.state == .showing && !visible {
                return .hide(alert, participates ? .covered : .page)
            }
            if unhide == nil && alert.state == .hidden && visible {
                unhide = alert
            }
        }
        if let unhide {
            return .unhide(unhide)
        }
        return chosen.map(Event.show)
    }

    /// Rule 4: the first eligible candidate of the participating dispatches.
    /// With an empty participating stack (`top == nil`) that is the first
    /// candidate; otherwise the first `cover`/`hideOthers` candidate, if its
    /// priority is above `top`. Only one can be chosen per selection: the
    /// chosen alert outranks every other candidate.
    /// Cost: O(participating dispatches).
    private func select(from participating: [Dispatch], above top: Int32?) -> Alert? {
        var best: Alert?
        for dispatch in participating {
            var candidate = dispatch.coverQueue.first
            if top == nil, let waiting = dispatch.waitQueue.first,
               candidate.map({ waiting.precedes($0) }) ?? true {
                candidate = waiting
            }
            if let candidate, best.map({ candidate.precedes($0) }) ?? true {
                best = candidate
            }
        }
        if let best, let top, best.priority <= top {
            return nil
        }
        return best
    }

    /// `pageWillDisappear`: hides, top of stack first, every showing alert
    /// whose page no longer participates, right away in both pass modes.
    func hidePagesNow() {
        var hidden = Set<ObjectIdentifier>()
        while !isDead {
            computeParticipation(askProviders: true)
            guard let alert = stack.last(where: {
                $0.state == .showing && !$0.dispatch!.isParticipating && !$0.dispatch!.isDestroyed
                    && !hidden.contains(ObjectIdentifier($0))
            }) else { return }
            hidden.insert(ObjectIdentifier(alert))
            let host = alert.dispatch?.host
            alert.state = .hidden
            host?.hide(alert, reason: .page)
        }
    }

    // MARK: Keyboard avoidance

    /// Moves, top of stack first, every showing alert whose wanted offset
    /// differs from its current one; each at most once. Returns the count.
    @discardableResult
    func moveStep(duration: Double) -> Int {
        var moved = Set<ObjectIdentifier>()
        while !isDead, let alert = stack.last(where: {
            $0.state == .showing && !$0.dispatch!.isDestroyed && !moved.contains(ObjectIdentifier($0))
                && $0.wantedOffset(keyboard: keyboard) != $0.offset
        }) {
            moved.insert(ObjectIdentifier(alert))
            let host = alert.dispatch?.host
            let dy = alert.wantedOffset(keyboard: keyboard)
            alert.offset = dy
            host?.move(alert, dy: dy, duration: duration)
        }
        return moved.count
    }

    // MARK: Ending alerts

    /// Ends a live alert and delivers the events of the call that ended it:
    /// `action(index)` when an action was chosen, `remove` if it was on screen
    /// (unless the host already took it off, as with `dismiss`), then
    /// `finish`. All state changes come first (SPEC section 2).
    func endAndReport(_ alert: Alert, _ reason: EndReason, action: Int? = nil, removing: Bool = true,
                      _ settlement: Settlement) {
        let dispatch = alert.dispatch!
        let host = dispatch.host
        let wasOnScreen = alert.state.isOnScreen
        end(alert, reason, settlement)
        alert.endingDispatch = dispatch
        defer { alert.endingDispatch = nil }
        if let action {
            host?.action(alert, index: action)
        }
        if removing && wasOnScreen {
            host?.remove(alert, reason: reason)
        }
        host?.finish(alert, reason: reason)
    }

    /// Ends a live alert: the state change and all bookkeeping, no events.
    /// Dependents whose last dependency this was become candidates. The
    /// settlement gets this domain first, then the domains of those
    /// dependents (handle dependencies may cross domains) in the order the
    /// dependents registered.
    private func end(_ alert: Alert, _ reason: EndReason, _ settlement: Settlement) {
        settlement.needPass(self)
        let dispatch = alert.dispatch!
        if alert.queueIndex >= 0 {
            dispatch.dequeue(alert)
        }
        if alert.state.isOnScreen, let i = stack.lastIndex(where: { $0 === alert }) {
            stack.remove(at: i)
        }
        dispatch.alerts[ObjectIdentifier(alert)] = nil
        liveCount -= 1
        alert.state = .finished
        alert.endReason = reason
        for dependency in alert.dependencies {
            dependency.dependents.removeAll { $0 === alert }
        }
        alert.dependencies = []
        for id in alert.idDependencies {
            idWaiters[id]?.removeAll { $0 === alert }
            if idWaiters[id]?.isEmpty == true {
                idWaiters[id] = nil
            }
        }
        var freed = alert.dependents
        alert.dependents = []
        if let id = alert.key, ids[id] === alert {
            ids[id] = nil
            freed += idWaiters[id] ?? []
        }
        for waiter in freed {
            waiter.unmet -= 1
            if waiter.unmet == 0, let other = waiter.dispatch {
                other.updateQueue(waiter)
                settlement.needPass(other.domain)
            }
        }
        alert.dispatch = nil
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
        var touched: [Alert] = []
        // Ids leave the source: its other alerts waiting for them are freed.
        for alert in moving {
            guard let key = alert.key, source.ids[key] === alert else { continue }
            source.ids[key] = nil
            for waiter in source.idWaiters[key] ?? [] where !members.contains(ObjectIdentifier(waiter)) {
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
            source.idWaiters[id] = rest.isEmpty ? nil : rest
        }
        // Ids arrive in the target: its alerts waiting for them are blocked.
        for alert in moving {
            guard let key = alert.key else { continue }
            for waiter in target.idWaiters[key] ?? [] {
                waiter.unmet += 1
                touched.append(waiter)
            }
            target.ids[key] = alert
        }
        // The moving alerts wait in the target, counted against its ids.
        for alert in moving {
            for id in alert.idDependencies {
                target.idWaiters[id, default: []].append(alert)
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
            alerts.append(contentsOf: dispatch.alerts.values)
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
        let subtree = child.subtree
        for dispatch in subtree {
            dispatch.domain = domain
        }
        domain.stack = stack.filter { $0.dispatch!.domain === domain }
        stack.removeAll { $0.dispatch!.domain === domain }
        Domain.transfer(Domain.liveAlerts(of: subtree), from: self, to: domain)
        return domain
    }

    /// Merges `other`, the domain of `subtree` (just linked under a dispatch
    /// of this domain), into this one. Its alerts rank after this domain's in
    /// add order and its on-screen alerts go on top of the stack, each keeping
    /// their own order: two domains have no common clock to interleave them.
    /// O(the subtree's dispatches and alerts).
    func absorb(_ other: Domain, subtree: Dispatch) {
        let dispatches = subtree.subtree
        for dispatch in dispatches {
            for alert in dispatch.alerts.values {
                alert.seq += nextSeq
            }
            dispatch.domain = self
        }
        nextSeq += other.nextSeq
        stack += other.stack
        other.stack = []
        Domain.transfer(Domain.liveAlerts(of: dispatches), from: other, to: self)
        other.ids = [:]
        other.idWaiters = [:]
        other.root = nil
        other.isDead = true
    }
}
