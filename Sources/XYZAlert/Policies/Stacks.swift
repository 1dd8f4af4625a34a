/// Stacks and dialog-manager controls (docs/rules.md §19): how many alerts
/// of a lane may be visible at once and what a full lane does, the page's
/// tie-break order, and clearing the queue while keeping the screen.
///
/// A lane keeps the classic rules (Scheduling/LaneEvents.swift) unless the root
/// gives it a limit: `visible` above 1 or `onFull == .evictOldest`. Only
/// such lanes take `stackLaneEvent`, so a domain without limits runs the
/// same pass as before.

/// A lane's limit: how many of its alerts may be visible at once, and what
/// a `wait` candidate does when that many are.
public struct LaneLimit: Equatable, Sendable {
    public var visible: Int
    public var onFull: OnFull

    public init(visible: Int = 1, onFull: OnFull = .queue) {
        self.visible = visible
        self.onFull = onFull
    }

    /// The classic lane: one at a time, the rest queue.
    var isDefault: Bool { visible == 1 && onFull == .queue }
}

extension Dispatch {
    /// Sets a lane's limit for the domain (root only, `.state` otherwise, as
    /// for gaps): up to `visible` alerts of the lane show at once, as a
    /// stack; `onFull` says what a `wait` candidate does when they are all
    /// there. `visible` below 1 or an empty lane is `.invalidArgument`.
    /// A pass follows (a larger limit can show more at once).
    public func setLaneLimit(lane: String, visible: Int, onFull: OnFull = .queue) throws(AlertError) {
        defer { checkAfterCall() }
        try requireRoot("set a lane limit")
        if lane.isEmpty {
            throw AlertError(.invalidArgument, "the lane of a limit must not be empty")
        }
        if visible < 1 {
            throw AlertError(.invalidArgument, "the visible limit of lane '\(lane)' must be 1 or more, not \(visible)")
        }
        let recorded = recordCall { .laneLimit(page: $0.page(self), lane: lane, visible: visible, onFull: onFull) }
        defer { recorded?.end() }
        let limit = LaneLimit(visible: visible, onFull: onFull)
        laneLimits[ExactString(lane)] = limit.isDefault ? nil : limit
        domain.lanes.stacksInUse = !laneLimits.isEmpty
        domain.screen.facts = nil
        domain.unsettleLane(named: ExactString(lane))
        try Settlement.settle(domain)
    }

    /// A lane's limit in this domain (the default when none was set).
    public func laneLimit(lane: String) -> LaneLimit {
        root.laneLimits[ExactString(lane)] ?? LaneLimit()
    }

    /// The tie-break among this page's candidates of equal priority (default
    /// `.fifo`). Applies to the alerts added from then on: each keeps the
    /// place its add gave it. Any page, any time but after destroy.
    public var order: QueueOrder { storedOrder }

    public func setOrder(_ order: QueueOrder) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set the order")
        let recorded = recordCall { .order(page: $0.page(self), order: order) }
        defer { recorded?.end() }
        storedOrder = order
    }

    /// Cancels the queued alerts of the domain (waiting or ready, not on
    /// screen) that carry `tag` (nil: all of them), one by one in candidate
    /// order, as `cancel` would (`finish(.cancelled)`); on-screen alerts,
    /// hidden ones included, stay. Then one pass. Returns how many ended
    /// (a call from a callback of another cancel joins it: Cancelling.swift).
    /// An empty tag is `.invalidArgument`.
    @discardableResult
    public func cancelQueued(_ tag: String?) throws(AlertError) -> Int {
        defer { checkAfterCall() }
        try requireUsable("cancel queued alerts")
        if tag?.isEmpty == true {
            throw AlertError(.invalidArgument, "cannot cancel queued alerts: the tag must not be empty")
        }
        let recorded = recordCall { .cancelQueued(page: $0.page(self), tag: tag) }
        defer { recorded?.end() }
        let domain = self.domain
        var settlement = Settlement()
        settlement.needPass(domain)
        let ended = domain.cancelMany(CancelRequest(tag: tag.map(ExactString.init), queuedOnly: true), &settlement)
        try settlement.settle()
        if domain.hasTimerWork {
            domain.armTimer()
        }
        return ended
    }
}

extension Domain {
    /// `select` among `pages` when given (a lane's candidate pages).
    func selectIn(_ pages: [Dispatch]?, above top: ScreenTop?, lane: ExactString?) -> Alert? {
        pages.map { select(above: top, lane: lane, among: $0) } ?? select(above: top, lane: lane)
    }

    /// `selectIn` for a lane with a limit: with room (`above` nil), a
    /// `hideOthers` choice waits while an alert that is not coverable is
    /// on screen (`top`), as it would hide it.
    func selectInStack(_ pages: [Dispatch]?, above: ScreenTop?, top: ScreenTop?, lane: ExactString?) -> Alert? {
        let chosen = selectIn(pages, above: above, lane: lane)
        return Domain.waitsForUncoverable(chosen, above: above, top: top) ? nil : chosen
    }

    /// Whether `chosen`, selected with room (`above` nil), would hide an
    /// alert of `top` that is not coverable.
    @inline(__always)
    static func waitsForUncoverable(_ chosen: Alert?, above: ScreenTop?, top: ScreenTop?) -> Bool {
        above == nil && chosen?.exclusive == .hideOthers && top?.hasUncoverable == true
    }

    /// The limit of `lane` (nil: "main") when it is not the classic one.
    @inline(never)
    func stackLimit(_ lane: ExactString?) -> LaneLimit? {
        root?.laneLimits[lane ?? Domain.mainLane]
    }

    /// The next event of a lane with a limit: rules 2-6 with "busy" meaning
    /// "`visible` alerts of the lane compete for the screen". Those that
    /// compete are the lane's participating on-screen alerts not under a
    /// `hideOthers` one. A candidate of any class shows while fewer than
    /// `visible` compete and none is `hideOthers`; otherwise a `cover` or
    /// `hideOthers` candidate shows over lower priorities as before, and
    /// with `visible` above 1 only the best-ranked `visible` of those that
    /// compete (priority, then newer show) stay visible: the rest are
    /// hidden `covered`. A full lane that evicts ends its oldest visible
    /// alert (`.evicted`) for the first candidate instead of queueing it.
    ///
    /// Events come in the order of rule 6 (hides, unhides, then the show
    /// or the eviction that makes room for it). `alerts` are the lane's
    /// on-screen alerts, `pages` its candidate pages (see `laneEvent`).
    /// O(s log s) for the lane's stack of s, plus the selection; O(pages)
    /// for a settled lane whose show fits (`settledStackEvent`), and
    /// O(pages + changes) while the lane is known by rank
    /// (`rankedStackEvent`, StackRanking.swift).
    @inline(never)
    func stackLaneEvent(_ pass: Int, _ state: LaneState, in alerts: [Alert], pages: [Dispatch]?, limit: LaneLimit,
                        _ heldBack: inout Bool) -> PassEvent? {
        let lane = state.key
        if state.settled, let event = settledStackEvent(state, pages: pages, limit: limit) {
            return event
        }
        // Known by rank: the events without a sweep (StackRanking.swift).
        if state.ranking != nil {
            if let event = rankedStackEvent(pass, state, pages: pages, limit: limit) {
                return event
            }
            state.ranking = nil
        }
        state.settled = false
        #if DEBUG
        counters.sweptAlerts &+= alerts.count
        #endif
        var top: ScreenTop?
        var competing: [(priority: Int32, index: Int)] = []
        var exclusiveShows = false
        var i = alerts.count - 1
        while i >= 0 {
            let alert = alerts[i]
            if alert.dispatch!.isParticipating {
                top.include(alert)
                if !exclusiveShows {
                    competing.append((alert.priority, i))
                }
                if alert.exclusive == .hideOthers {
                    exclusiveShows = true
                }
            }
            i -= 1
        }
        let onScreen = competing.count
        let room = !exclusiveShows && competing.count < limit.visible
        let above = room ? nil : top
        var chosen = selectInStack(pages, above: above, top: top, lane: lane)
        if let capped = screen(&chosen, above: above, lane: lane, stackTop: top) {
            return .end(capped.0, capped.1)
        }
        var evicting = false
        if chosen == nil && !room && !exclusiveShows && limit.onFull == .evictOldest {
            var first = selectIn(pages, above: nil, lane: lane)
            if let capped = screen(&first, above: nil, lane: lane) {
                return .end(capped.0, capped.1)
            }
            evicting = first != nil
        }
        if !gaps.leftAt.isEmpty, chosen != nil || evicting, gapHolds(lane) {
            chosen = nil
            evicting = false
        }
        // With room for `visible`, who stays visible: the best-ranked.
        var cutoff: (priority: Int32, index: Int)?
        if limit.visible > 1, let chosen, chosen.exclusive != .hideOthers {
            competing.append((chosen.priority, alerts.count))
        }
        if limit.visible > 1 && competing.count > limit.visible && chosen?.exclusive != .hideOthers {
            competing.sort { $0.priority != $1.priority ? $0.priority > $1.priority : $0.index > $1.index }
            cutoff = competing[limit.visible - 1]
        }
        var hiding = chosen?.exclusive == .hideOthers
        var unhide = -1
        var oldestVisible = -1
        var oldestIsMarked = false
        i = alerts.count - 1
        while i >= 0 {
            let alert = alerts[i]
            let index = i
            i -= 1
            let dispatch = alert.dispatch!
            let participates = dispatch.isParticipating
            var visible = participates && !hiding
            if visible, let cutoff, alert.priority < cutoff.priority || (alert.priority == cutoff.priority && index < cutoff.index) {
                visible = false
            }
            if participates && alert.exclusive == .hideOthers {
                hiding = true
            }
            let marked = alert.passMark == pass
            if visible {
                oldestVisible = index
                oldestIsMarked = marked || dispatch.isDestroyed
            }
            if dispatch.isDestroyed {
                continue
            }
            let displaced = !visible && participates && alert.whenDisplaced == .drop
            if marked {
                heldBack = heldBack || displaced || (alert.state == .showing && !visible) || (alert.state == .hidden && visible)
                continue
            }
            if displaced {
                return .end(alerts[index], .displaced)
            }
            if alert.state == .showing && !visible {
                return .hide(alerts[index], participates ? .covered : .page)
            }
            if unhide < 0 && alert.state == .hidden && visible {
                unhide = index
            }
        }
        if unhide >= 0 {
            return .unhide(alerts[unhide])
        }
        // An alert that is not coverable is not evicted: the candidate waits.
        if evicting && oldestVisible >= 0 && alerts[oldestVisible].coverable {
            if oldestIsMarked {
                heldBack = true
                return nil
            }
            return .end(alerts[oldestVisible], .evicted)
        }
        if !heldBack {
            state.settled = true
            state.settledTop = top
            state.settledCompeting = onScreen
            state.settledHidesOthers = exclusiveShows
            keepRanking(state, alerts, limit: limit)
        }
        return chosen.map(PassEvent.show)
    }

    /// `stackLaneEvent` for a settled lane: its event when the lane's
    /// summary answers without a sweep (no show, or a show that hides and
    /// evicts nothing and leaves no more competing than the limit lets
    /// show), `.some(nil)` for none; nil when a sweep is needed. O(pages).
    private func settledStackEvent(_ state: LaneState, pages: [Dispatch]?, limit: LaneLimit) -> PassEvent?? {
        let lane = state.key
        let room = !state.settledHidesOthers && state.settledCompeting < limit.visible
        let above = room ? nil : state.settledTop
        var chosen = selectInStack(pages, above: above, top: state.settledTop, lane: lane)
        if let capped = screen(&chosen, above: above, lane: lane, stackTop: state.settledTop) {
            return .some(.end(capped.0, capped.1))
        }
        if chosen == nil && !room && !state.settledHidesOthers && limit.onFull == .evictOldest
            && selectIn(pages, above: nil, lane: lane) != nil {
            return nil
        }
        if !gaps.leftAt.isEmpty, chosen != nil, gapHolds(lane) {
            chosen = nil
        }
        guard let chosen else {
            return .some(nil)
        }
        if chosen.exclusive == .hideOthers || (limit.visible > 1 && state.settledCompeting + 1 > limit.visible) {
            return nil
        }
        return .some(.show(chosen))
    }
}

/// How full a lane with a limit is, for `why` (docs/rules.md §18, §19).
struct LaneRoom {
    let limit: LaneLimit
    /// The alerts that compete for the lane (participating, not under a
    /// `hideOthers` one), best-ranked first; the first `limit.visible` are
    /// the visible ones.
    let competing: [Alert]
    let hasHideOthers: Bool

    var visible: ArraySlice<Alert> { competing.prefix(limit.visible) }
    var isFull: Bool { hasHideOthers || competing.count >= limit.visible }
}

extension Domain {
    /// The room of a lane with a limit, nil for a classic lane. O(s log s).
    func laneRoom(_ lane: ExactString?) -> LaneRoom? {
        guard let limit = stackLimit(lane) else { return nil }
        var competing: [Alert] = []
        var hasHideOthers = false
        for alert in stack.reversed() where alert.laneKey == lane && alert.dispatch!.isParticipating {
            if !hasHideOthers {
                competing.append(alert)
            }
            hasHideOthers = hasHideOthers || alert.exclusive == .hideOthers
        }
        // Newest show first already: a stable sort by priority keeps that among equals.
        let ranked = limit.visible > 1 ? stableSortedByPriority(competing) : competing
        return LaneRoom(limit: limit, competing: ranked, hasHideOthers: hasHideOthers)
    }

    private func stableSortedByPriority(_ alerts: [Alert]) -> [Alert] {
        alerts.enumerated().sorted { a, b in
            a.element.priority != b.element.priority ? a.element.priority > b.element.priority : a.offset < b.offset
        }.map { $0.element }
    }
}

extension Alert {
    /// Ranks above `other` on screen in a lane with a limit: higher
    /// priority, then the newer show.
    func outranks(_ other: Alert) -> Bool {
        guard let domain = dispatch?.domain else { return false }
        return priority != other.priority ? priority > other.priority : shownOrder(domain) > other.shownOrder(domain)
    }

    /// Its position in its domain's stack (show order), -1 when not on screen.
    func shownOrder(_ domain: Domain) -> Int {
        domain.stack.firstIndex { $0 === self } ?? -1
    }
}

extension Alert {
    /// How many adds this alert stands for: 1, plus one for each add of its
    /// id that `coalesce` folded into it (docs/rules.md §19).
    public var occurrenceCount: Int { (extras?.repeats ?? 0) + 1 }
}
