/// The scheduler of one page (docs/rules.md §1): its alerts, its visibility,
/// its page view and named targets, and its place in a domain.
///
/// A dispatch lives until `destroy()`; the engine keeps references between
/// dispatches, alerts and their domain until then, so a host must destroy
/// every dispatch it creates. Methods that change the schedule run a pass at
/// their end (immediate mode) or ask the root's host for a flush (deferred
/// mode, see `AlertHost.defersPasses`). All calls on one domain must come
/// from one thread at a time.
public final class Dispatch {
    /// The page's name, used in explanations and snapshots.
    public var name: String
    /// Receives the events of this dispatch's alerts; released by `destroy()`
    /// after everything else it does.
    @exclusivity(unchecked) public internal(set) var host: AlertHost?
    /// The host's `defersPasses`, read when the dispatch was created (every
    /// call that changes a schedule needs it; asking the host each time cost
    /// a retain and a release of the host per call).
    let hostDefersPasses: Bool
    /// The view that the target "page" resolves to.
    @exclusivity(unchecked) public private(set) var pageView: ViewHandle?
    @exclusivity(unchecked) public private(set) var isPageVisible = false
    /// Whether the page took part in the last computed pass (rule 1, docs/rules.md §3).
    @exclusivity(unchecked) public internal(set) var isParticipating = false
    /// The parent while attached. Not weak (a weak reference would move the
    /// parent's reference count to a side table and slow every retain of it)
    /// and not strong (the parent owns its children): while a dispatch is
    /// attached, its parent is reachable from the domain's root through
    /// `children`, and detaching (`setParent`, the parent's `destroy`) clears
    /// this first, so it never outlives its target.
    @exclusivity(unchecked) private(set) unowned(unsafe) var storedParent: Dispatch?
    /// The parent while attached, nil for a root.
    public var parent: Dispatch? { storedParent }
    /// Attached children, in attach order.
    @exclusivity(unchecked) public private(set) var children: [Dispatch] = []
    /// The child set with `setActiveChild`, if any: always one of `children`
    /// (which keep it alive), cleared when it is detached.
    @exclusivity(unchecked) private(set) unowned(unsafe) var storedActiveChild: Dispatch?
    /// The child made active with `setActiveChild`, nil when none is.
    public var explicitActiveChild: Dispatch? { storedActiveChild }
    @exclusivity(unchecked) var activeChildProvider: ((Dispatch) -> Dispatch?)?
    /// The provider's answer at the last pass: any dispatch, held until the
    /// next answer, a change of provider or this dispatch's `destroy()`.
    @exclusivity(unchecked) var lastProvidedChild: Dispatch?
    /// Whether that answer differed from the one before (for diagnostics).
    @exclusivity(unchecked) var providerAnswerChanged = false
    @exclusivity(unchecked) private var targets: [ExactString: ViewHandle] = [:]
    @exclusivity(unchecked) public private(set) var isDestroyed = false
    /// How many `suspend()` calls are not resumed yet (see Suspension.swift).
    @exclusivity(unchecked) var suspensions = 0
    /// Whether this dispatch or an ancestor is suspended, as of the last
    /// computation of participation: its candidates are not selected.
    @exclusivity(unchecked) var isHeld = false
    /// Its position in its domain's `participating` list, -1 when not in it.
    @exclusivity(unchecked) var participationIndex = -1
    /// The capacity (0: none) and, while one is set, the queued alerts
    /// lowest-ranked first (see Capacity.swift).
    @exclusivity(unchecked) var capacityLimit = 0
    /// docs/rules.md §17, as a root sets them for its domain: timer holds,
    /// the duration scale and the lanes' gaps.
    @exclusivity(unchecked) var storedTimerHolds = 0
    @exclusivity(unchecked) var storedDurationScale: Double = 1
    @exclusivity(unchecked) var gaps: [ExactString: Double] = [:]
    /// docs/rules.md §19: the lanes' limits as a root sets them (only those
    /// that are not the classic one), and this page's tie-break order.
    @exclusivity(unchecked) var laneLimits: [ExactString: LaneLimit] = [:]
    @exclusivity(unchecked) var storedOrder = QueueOrder.fifo
    @exclusivity(unchecked) var dropQueue = DropQueue()
    /// The recording this page is part of, while one runs (see
    /// Recording.swift), and the one last started on this dispatch.
    @exclusivity(unchecked) var recording: Recording?
    @exclusivity(unchecked) var ownRecording: Recording?

    @exclusivity(unchecked) var domain: Domain
    /// The live alerts of this dispatch, in no particular order; each knows
    /// its position (`listIndex`), so listing and unlisting cost O(1).
    @exclusivity(unchecked) private(set) var alerts: [Alert] = []
    /// Ready alerts with all dependencies met, by exclusive class: the wait
    /// queue holds `wait` alerts, the cover queue `cover` and `hideOthers`.
    @exclusivity(unchecked) private(set) var waitQueue = AlertQueue()
    @exclusivity(unchecked) private(set) var coverQueue = AlertQueue()
    /// The same for the lanes other than "main" (see Lanes.swift).
    @exclusivity(unchecked) private(set) var otherLanes: [ExactString: LaneQueues] = [:]

    /// Creates a dispatch whose page is not visible yet, alone in its domain.
    public init(host: AlertHost?, pageView: ViewHandle? = nil, name: String = "") {
        self.host = host
        self.hostDefersPasses = host?.defersPasses ?? false
        self.pageView = pageView
        self.name = name
        self.domain = Domain(root: nil)
        domain.root = self
    }

    /// The root of this dispatch's domain.
    public var root: Dispatch { domain.root ?? self }
    /// Whether an active-child provider is set.
    public var hasActiveChildProvider: Bool { activeChildProvider != nil }
    /// The keyboard frame last reported for this domain.
    public var keyboard: Rect { domain.keyboard }
    /// This dispatch and its descendants, parents first.
    var subtree: [Dispatch] {
        var out: [Dispatch] = [self]
        var i = 0
        while i < out.count {
            for child in out[i].children {
                out.append(child)
            }
            i += 1
        }
        return out
    }

    var quotedName: String { name.isEmpty ? "an unnamed page" : "page '\(name)'" }

    /// Inlined, with the error built out of line (see `Alert.requireIdle`).
    @inline(__always)
    func requireUsable(_ what: String) throws(AlertError) {
        if isDestroyed {
            throw destroyedError(what)
        }
        try domain.requireMutable(what)
    }

    @inline(never)
    private func destroyedError(_ what: String) -> AlertError {
        AlertError(.state, "cannot \(what): \(quotedName) was destroyed")
    }

    // MARK: Candidate queues

    /// Puts `alert` in or takes it out of its candidate queue so that it is
    /// queued iff ready with all dependencies met. O(log n).
    func updateQueue(_ alert: Alert) {
        let wanted = alert.state == .ready && alert.unmet == 0 && alert.extras?.parked == nil
        if wanted && alert.queueIndex < 0 {
            domain.scheduleChanges &+= 1
            if let lane = alert.laneKey {
                if otherLanes[lane] == nil {
                    domain.laneState(lane).addPage(self)
                }
                if alert.exclusive == .wait {
                    otherLanes[lane, default: LaneQueues()].wait.insert(alert)
                } else {
                    otherLanes[lane, default: LaneQueues()].cover.insert(alert)
                }
            } else if alert.exclusive == .wait { waitQueue.insert(alert) } else { coverQueue.insert(alert) }
            domain.markLaneDirty(alert.laneKey)
        } else if !wanted && alert.queueIndex >= 0 {
            dequeue(alert)
        }
    }

    func dequeue(_ alert: Alert) {
        if let lane = alert.laneKey {
            if alert.exclusive == .wait { otherLanes[lane]!.wait.remove(alert) } else { otherLanes[lane]!.cover.remove(alert) }
            if otherLanes[lane]!.isEmpty {
                otherLanes[lane] = nil
                domain.laneStates[lane]?.removePage(self)
            }
        } else if alert.exclusive == .wait { waitQueue.remove(alert) } else { coverQueue.remove(alert) }
    }

    func list(_ alert: Alert) {
        alert.listIndex = alerts.count
        alerts.append(alert)
    }

    /// Takes a live alert off `alerts`: the last one takes its place.
    @inline(__always) // (on the path of every add and end)
    func unlist(_ alert: Alert) {
        let i = alert.listIndex
        let last = alerts.removeLast()
        if last !== alert {
            alerts[i] = last
            last.listIndex = i
        }
        alert.listIndex = -1
    }

    /// The view a target name resolves to: "page" is the page view; any other
    /// name is looked up here, then in each ancestor.
    func resolveTarget(_ name: String) -> ViewHandle? {
        if name == "page" {
            return pageView
        }
        let key = ExactString(name)
        var dispatch: Dispatch? = self
        while let d = dispatch {
            if let view = d.targets[key] {
                return view
            }
            dispatch = d.parent
        }
        return nil
    }

    // MARK: Public operations

    /// Adds alerts, all or none (docs/rules.md §6): each must be idle and
    /// appear once; ids must be free in the domain and in the batch; no
    /// dependency cycle may form. The first failure is thrown and nothing
    /// changes. Then a pass. O(k log n) for k alerts, plus the dependency
    /// edges of the new alerts.
    public func add(_ batch: [Alert]) throws(AlertError) {
        defer { checkAfterCall() }
        try add(batch: batch)
    }

    /// Adds one alert: `add([alert])`, without building an array.
    public func add(_ alert: Alert) throws(AlertError) {
        defer { checkAfterCall() }
        try add(batch: CollectionOfOne(alert))
    }

    /// The page appeared: it participates again (if its parents let it), its
    /// alerts are restored and candidates may show. Then a pass.
    public func pageDidAppear() throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("report the page appearing")
        let recorded = recordPageCall(.appear)
        defer { recorded?.end() }
        isPageVisible = true
        domain.participationChanged(below: self)
        try Settlement.settle(domain)
    }

    /// The page will disappear: its showing alerts, and those of pages that
    /// stop participating with it, are hidden (reason `.page`) during this
    /// call in both pass modes, top of stack first. Then a pass.
    public func pageWillDisappear() throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("report the page disappearing")
        let recorded = recordPageCall(.disappear)
        defer { recorded?.end() }
        isPageVisible = false
        domain.participationChanged(below: self)
        domain.hidePagesNow()
        try Settlement.settle(domain)
    }

    /// Makes this dispatch a child of `newParent` (nil detaches), joining
    /// the two domains (docs/rules.md §5). Throws `.cycle` for a parent cycle or
    /// a dependency cycle the join would close, `.duplicate` when the domains'
    /// live alerts share an id, `.state` when either domain is delivering a
    /// pass (domains cannot change shape from inside a callback). Passes
    /// follow in both resulting domains.
    public func setParent(_ newParent: Dispatch?) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set the parent")
        try newParent?.requireUsable("set the parent")
        if newParent === parent {
            return
        }
        // A parent cycle needs the new parent inside this subtree, hence in
        // this domain: joining another domain cannot close one.
        if let newParent, newParent.domain === domain {
            var chain: [Dispatch] = [self]
            var walker: Dispatch? = newParent
            while let d = walker {
                chain.append(d)
                if d === self {
                    throw AlertError(.cycle, "parent cycle: " + chain.map(\.quotedName).joined(separator: " -> "))
                }
                walker = d.parent
            }
        }
        if domain.isRunning || newParent?.domain.isRunning == true {
            throw AlertError(.state, "cannot set the parent of \(quotedName) while its domain is delivering events")
        }
        if let newParent, newParent.domain !== domain {
            if let mine = domain.history, let theirs = newParent.domain.history, mine !== theirs {
                throw AlertError(.state, "cannot attach \(quotedName) to \(newParent.quotedName): their domains keep different histories (a domain has one)")
            }
            try checkJoin(into: newParent.domain)
        }
        let recorded = recording ?? newParent?.recording
        recorded?.beginParent(self, newParent)
        defer { recorded?.end() }

        var settlement = Settlement()
        if let oldParent = parent {
            oldParent.unlink(self)
            if newParent?.domain !== domain {
                let rest = domain
                _ = rest.split(self)
                settlement.needPass(rest)
            }
        }
        if let newParent {
            newParent.children.append(self)
            storedParent = newParent
            newParent.domain.participationChanged()
            if domain !== newParent.domain {
                newParent.domain.absorb(domain, subtree: self)
            }
        }
        settlement.needPass(domain)
        try settlement.settle()
    }

    /// Checks that moving this subtree into `target` creates no duplicate
    /// id and no dependency cycle. O(alerts of both).
    private func checkJoin(into target: Domain) throws(AlertError) {
        let members = subtree
        let memberIDs = Set(members.map(ObjectIdentifier.init))
        var moving: [Alert] = []
        for dispatch in members {
            moving += dispatch.alerts
        }
        moving.sort { $0.seq < $1.seq }
        var movingIDs: [ExactString: Alert] = [:]
        for alert in moving {
            if let id = alert.key {
                if target.ids.find(id, digest: alert.keyDigest) != nil {
                    throw AlertError(.duplicate, "cannot attach \(quotedName): id '\(id)' is used by live alerts in both domains")
                }
                movingIDs[id] = alert
            }
        }
        let old = domain
        let resolve: DependencyGraph.Resolver = { alert, id in
            guard alert.state.isLive else { return nil }
            let dispatch = alert.dispatch!
            if dispatch.domain === target || memberIDs.contains(ObjectIdentifier(dispatch)) {
                return target.ids[id] ?? movingIDs[id]
            }
            let found = dispatch.domain.ids[id]
            if dispatch.domain === old, let found, memberIDs.contains(ObjectIdentifier(found.dispatch!)) {
                return nil
            }
            return found
        }
        // The graph is acyclic now; a cycle the join closes runs through one
        // of the id edges it adds, which start at a moving alert or at an
        // alert of the target waiting for an id that moves.
        var starts: [Alert] = moving
        for alert in moving {
            if let id = alert.key {
                starts += target.idWaiters[id] ?? WaiterList()
            }
        }
        if let cycle = DependencyGraph.cycle(from: starts, resolve) {
            throw AlertError(.cycle, "cannot attach \(quotedName): " + DependencyGraph.describe(cycle))
        }
    }

    /// Removes `child` from `children`, forgetting it as the active child.
    private func unlink(_ child: Dispatch) {
        if explicitActiveChild === child || activeChildProvider != nil {
            // Its siblings may take part now.
            domain.participationChanged(below: self)
        } else {
            domain.leaveParticipation(child)
        }
        children.removeAll { $0 === child }
        child.storedParent = nil
        if explicitActiveChild === child {
            storedActiveChild = nil
        }
        if lastProvidedChild === child {
            lastProvidedChild = nil
        }
    }

    /// Makes `child` the only active child (nil: every child is active
    /// again) and removes any provider. Throws `.owner` when `child` is not a
    /// child of this dispatch. Then a pass.
    public func setActiveChild(_ child: Dispatch?) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set the active child")
        if let child, child.parent !== self {
            throw AlertError(.owner, "cannot make \(child.quotedName) the active child of \(quotedName): it is not its child")
        }
        let recorded = recordCall { r in .select(page: r.page(self), child: child.flatMap(r.page)) }
        defer { recorded?.end() }
        storedActiveChild = child
        activeChildProvider = nil
        lastProvidedChild = nil
        domain.participationChanged()
        try Settlement.settle(domain)
    }

    /// Sets (nil: removes) the provider asked at every pass for the active
    /// child, replacing any explicit active child. A provider that returns nil
    /// or a dispatch that is not a child selects no child. It must not change
    /// the schedule: such calls from inside it throw `.state`. Then a pass.
    public func setActiveChildProvider(_ provider: ((Dispatch) -> Dispatch?)?) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set the active-child provider")
        if provider != nil {
            recording?.fail("\(quotedName) got an active-child provider, which a file cannot hold")
        }
        activeChildProvider = provider
        storedActiveChild = nil
        lastProvidedChild = nil
        domain.participationChanged()
        try Settlement.settle(domain)
    }

    /// Registers `view` under `name` for alerts of this dispatch and its
    /// descendants (nil removes it). "page" replaces the page view. Applies
    /// to later shows. Throws `.invalidArgument` for an empty name.
    public func setTarget(_ name: String, view: ViewHandle?) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set a target")
        if name.isEmpty {
            throw AlertError(.invalidArgument, "target name must not be empty")
        }
        if name == "page" {
            pageView = view
        } else {
            targets[ExactString(name)] = view
        }
    }

    /// Reports the keyboard frame for the whole domain (height zero or less: hidden).
    /// Visible alerts whose offset changes are moved during this call, with
    /// `duration`, top of stack first.
    public func keyboardChanged(_ frame: Rect, duration: Double) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("report a keyboard change")
        guard frame.x.isFinite, frame.y.isFinite, frame.width.isFinite, frame.height.isFinite,
              duration.isFinite, duration >= 0 else {
            throw AlertError(.invalidArgument, "keyboard frame and duration must be finite, and the duration not negative")
        }
        let recorded = recordCall { .keyboard(page: $0.page(self), frame: frame, duration: duration) }
        defer { recorded?.end() }
        domain.keyboard = frame
        domain.moveStep(duration: duration)
    }

    /// Runs the domain's passes now (both modes) and ends a pending flush
    /// request. From inside a callback of this domain it does nothing more:
    /// the running pass already re-derives every event.
    public func flush() throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("flush")
        let recorded = recordPageCall(.flush)
        defer { recorded?.end() }
        domain.flushRequested = false
        defer { domain.armTimer() }
        try domain.run()
    }

    /// Ends every alert of the domain whose timer is due (docs/rules.md §12):
    /// showing ones whose `duration` is spent with `.timeout` (remove,
    /// finish), queued ones whose `ttl` ran out with `.expired` (finish),
    /// soonest deadline first, ties in add order; then a pass (deferred
    /// mode: a flush request). A tick before the earliest deadline does
    /// nothing. Either way the host's timer counts as used up, and the next
    /// one is asked for if a timer still runs. Any dispatch of the domain
    /// may be ticked. O(log n) per alert it ends.
    public func tick() throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("tick")
        let recorded = recordPageCall(.tick)
        defer { recorded?.end() }
        let domain = self.domain
        var settlement = Settlement()
        domain.fireDueTimers(&settlement)
        defer { domain.armTimer() }
        try settlement.settle()
    }

    /// Seconds from now until the domain's earliest deadline (0 when it is
    /// due), or nil when no timer runs: for hosts without `setTimer` that
    /// tick by themselves. Reads the clock; nil for a destroyed dispatch.
    public func nextDeadline() -> Double? {
        isDestroyed ? nil : domain.secondsToNextDeadline()
    }

    /// The live alert of this dispatch with this id, if any. O(1).
    public func find(_ id: String) -> Alert? {
        guard let alert = domain.ids[ExactString(id)], alert.dispatch === self else { return nil }
        return alert
    }

    /// Ends every live alert with reason `.destroyed`, one by one: on-screen
    /// ones top of stack first (`remove`, then `finish`), then queued ones in
    /// candidate order (`finish`); detaches the children, each becoming its
    /// own domain; leaves the parent; re-arbitrates what remains; releases the
    /// host last. Every later call on this dispatch throws `.state`.
    public func destroy() throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("destroy the page")
        let recorded = recordPageCall(.destroy)
        defer {
            recorded?.end()
            ownRecording?.stop()
        }
        isDestroyed = true
        domain.leaveParticipation(self)
        var settlement = Settlement()
        settlement.needPass(domain)
        while let alert = domain.stack.last(where: { $0.dispatch === self }) {
            domain.endAndReport(alert, .destroyed, &settlement)
        }
        for alert in alerts.sorted(by: { $0.precedes($1) }) where alert.dispatch === self {
            domain.endAndReport(alert, .destroyed, &settlement)
        }
        let formerChildren = children
        children = []
        for child in formerChildren {
            child.storedParent = nil
            settlement.needPass(domain.split(child))
        }
        if let parent {
            parent.unlink(self)
        } else {
            domain.cancelTimer()
            domain.isDead = true
            domain.root = nil
        }
        domain = Domain(root: nil)
        domain.isDead = true
        activeChildProvider = nil
        storedActiveChild = nil
        lastProvidedChild = nil
        targets = [:]
        defer { host = nil }
        try settlement.settle()
    }
}
