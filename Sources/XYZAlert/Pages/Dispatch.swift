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
    /// The host's `defersPasses`, read when the dispatch is created: every
    /// call that changes a schedule needs it, and asking the host each time
    /// would retain and release the host per call.
    let hostDefersPasses: Bool
    /// The view that the target "page" resolves to.
    @exclusivity(unchecked) public var pageView: ViewHandle?
    @exclusivity(unchecked) public var isPageVisible = false
    /// Whether the page took part in the last computed pass (rule 1, docs/rules.md §3).
    @exclusivity(unchecked) public internal(set) var isParticipating = false
    /// The parent while attached. Not weak (a weak reference would move the
    /// parent's reference count to a side table and slow every retain of it)
    /// and not strong (the parent owns its children): while a dispatch is
    /// attached, its parent is reachable from the domain's root through
    /// `children`, and detaching (`setParent`, the parent's `destroy`) clears
    /// this first, so it never outlives its target.
    @exclusivity(unchecked) unowned(unsafe) var storedParent: Dispatch?
    /// The parent while attached, nil for a root.
    public var parent: Dispatch? { storedParent }
    /// Attached children, in attach order.
    @exclusivity(unchecked) public var children: [Dispatch] = []
    /// The child set with `setActiveChild`, if any: always one of `children`
    /// (which keep it alive), cleared when it is detached.
    @exclusivity(unchecked) unowned(unsafe) var storedActiveChild: Dispatch?
    /// The child made active with `setActiveChild`, nil when none is.
    public var explicitActiveChild: Dispatch? { storedActiveChild }
    @exclusivity(unchecked) var activeChildProvider: ((Dispatch) -> Dispatch?)?
    /// The provider's answer at the last pass: any dispatch, held until the
    /// next answer, a change of provider or this dispatch's `destroy()`.
    @exclusivity(unchecked) var lastProvidedChild: Dispatch?
    /// Whether that answer differed from the one before (for diagnostics).
    @exclusivity(unchecked) var providerAnswerChanged = false
    @exclusivity(unchecked) var targets: [ExactString: ViewHandle] = [:]
    @exclusivity(unchecked) public var isDestroyed = false
    /// How many `suspend()` calls are not resumed yet (see Suspension.swift).
    @exclusivity(unchecked) var suspensions = 0
    /// Whether this dispatch or an ancestor is suspended, as of the last
    /// computation of participation: its candidates are not selected.
    @exclusivity(unchecked) var isHeld = false
    /// Its position in its domain's `participation.pages` list, -1 when not in it.
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
    /// docs/rules.md §21, as a root keeps it for its domain: campaigns,
    /// attributes, counts (see Targeting.swift).
    @exclusivity(unchecked) var targeting: Targeting?

    @exclusivity(unchecked) var domain: Domain
    /// The live alerts of this dispatch, in no particular order; each knows
    /// its position (`listIndex`), so listing and unlisting cost O(1).
    @exclusivity(unchecked) var alerts: [Alert] = []
    /// The mark of the last sweep focus that took its on-screen alerts
    /// (see SweepFocus.swift).
    @exclusivity(unchecked) var focusMark = 0
    /// Ready alerts with all dependencies met, by exclusive class: the wait
    /// queue holds `wait` alerts, the cover queue `cover` and `hideOthers`.
    @exclusivity(unchecked) var waitQueue = AlertQueue()
    @exclusivity(unchecked) var coverQueue = AlertQueue()
    /// The same for the lanes other than "main" (see Lanes.swift).
    @exclusivity(unchecked) var otherLanes: [ExactString: LaneQueues] = [:]

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
    public var keyboard: Rect { domain.keyboard.frame }
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
    func destroyedError(_ what: String) -> AlertError {
        AlertError(.state, "cannot \(what): \(quotedName) was destroyed")
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
        try trackBuiltIn("page_appear", JSONObject([("page", .string(name))]))
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
        domain.keyboard.frame = frame
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
        domain.passes.flushRequested = false
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
        guard let alert = domain.index.ids[ExactString(id)], alert.dispatch === self else { return nil }
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
            // From inside a recorded call, the recording stops when that
            // call returns (the rest of its events are the replay's too).
            if let own = ownRecording {
                if own.isInCall {
                    own.stopsWhenCallEnds = true
                } else {
                    own.stop()
                }
            }
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
        }
        for split in domain.split(formerChildren) {
            settlement.needPass(new: split)
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
        targeting = nil
        defer { host = nil }
        try settlement.settle()
    }
}
