/// Passes: the scheduling rules applied one event at a time (rules 2-7
/// of docs/rules.md), until a pass delivers nothing.
/// One event of a pass.
enum PassEvent {
    case hide(Alert, HideReason)
    case unhide(Alert)
    case show(Alert)
    /// A candidate that a cap forbids, with `onCapped == .drop`.
    case capped(Alert)
    /// An on-screen alert that ends as an event of the pass (`.evicted`,
    /// `.displaced`: docs/rules.md §19): `remove`, then `finish`.
    case end(Alert, EndReason)
}

extension Domain {
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
    /// here, and this into its two callers (`Settlement.settle`, `flush`),
    /// because the calls between them were a measurable share of a pass
    /// (docs/performance.md, "Where `@inline(__always)` stays").
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
            case .capped(let alert):
                alert.passMark = pass
                endInPass(alert, .capped)
            case .end(let alert, let reason):
                alert.passMark = pass
                endInPass(alert, reason)
            case .hide(let alert, let reason):
                alert.passMark = pass
                deliverHide(alert, reason)
            case .unhide(let alert):
                alert.passMark = pass
                deliverUnhide(alert)
            case .show(let alert):
                alert.passMark = pass
                if let history {
                    countDisplay(of: alert, in: history)
                }
                let dispatch = alert.dispatch!
                let host = dispatch.host
                dispatch.dequeue(alert)
                dispatch.unqueued(alert)
                stack.append(alert)
                laneShown(alert)
                alert.state = .showing
                alert.offset = 0
                if alert.deadlineIndex >= 0 || alert.duration > 0 {
                    firstShown(alert)
                }
                if alert.extras != nil {
                    firstShowForPeople(alert, before: true)
                }
                let target = alert.target
                dispatch.recording?.delivered(alert, finished: false)
                let changes = scheduleChanges
                if let host {
                    runHostCode(host) { host.show(alert, target: target, view: dispatch.resolveTarget(target)) }
                }
                // docs/rules.md §17: what a screen reader says, after the show.
                if alert.hasContent {
                    firstShowForPeople(alert, before: false)
                }
                if delivered == 1 && changes == scheduleChanges && laneOrder.count == 1 && !hasProviders && !stacksInUse {
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

    /// A hide of the running pass: the state change, then `hide`. Out of
    /// line, as is `deliverUnhide`: shows are the events of every hot path,
    /// and the pass loop must stay small enough for `nextEvent` to be
    /// inlined into it (docs/performance.md).
    @inline(never)
    private func deliverHide(_ alert: Alert, _ reason: HideReason) {
        let host = alert.dispatch?.host
        alert.dispatch?.recording?.delivered(alert, finished: false)
        alert.state = .hidden
        if alert.deadlineIndex >= 0 {
            pauseDuration(alert)
        }
        if let host {
            runHostCode(host) { host.hide(alert, reason: reason) }
        }
    }

    /// An unhide of the running pass: the state change, the duration runs
    /// again (unless held), then `unhide`.
    @inline(never)
    private func deliverUnhide(_ alert: Alert) {
        let host = alert.dispatch?.host
        alert.dispatch?.recording?.delivered(alert, finished: false)
        alert.state = .showing
        if alert.duration > 0 {
            refreshDuration(alert)
        }
        if let host {
            runHostCode(host) { host.unhide(alert) }
        }
    }

    /// The next event of the running pass, in the order of rule 6: hides,
    /// then unhides (each top of stack first), then the selected show.
    /// Alerts marked with `pass` had their event. Cost: O(participating
    /// dispatches + stack), plus provider calls (O(dispatches) when
    /// participation must be recomputed).
    @inline(__always)
    private func nextEvent(_ pass: Int) -> PassEvent? {
        computeParticipation(askProviders: true)
        var heldBack = false
        guard hasLanes else {
            let event = stacksInUse ? anyLaneEvent(pass, mainLaneState, in: stack, pages: nil, &heldBack)
                : laneEvent(pass, nil, in: stack, pages: nil, &heldBack)
            passEndedSettled = event == nil && !heldBack
            return event
        }
        return nextLaneEvent(pass)
    }

    /// `nextEvent` with more than one lane in use (docs/rules.md §14): each
    /// lane on its own, in byte order of their names, looking only at the
    /// lanes something changed in since each was last seen settled
    /// (`dirtyLanes`); a lane seen without an event is clean until
    /// something marks it again, one whose event a mark held back is looked
    /// at by the next pass. O(log L) per lane looked at, plus that lane's
    /// stack and candidate pages.
    @inline(never)
    private func nextLaneEvent(_ pass: Int) -> PassEvent? {
        while let lane = dirtyLanes.first {
            if lane.status == .gone {
                popDirty()
                continue
            }
            var heldBack = false
            let pages = lane.key == nil ? nil : lane.pages
            if let event = stacksInUse ? anyLaneEvent(pass, lane, in: lane.stack, pages: pages, &heldBack)
                : laneEvent(pass, lane, in: lane.stack, pages: pages, &heldBack) {
                return event
            }
            popDirty()
            if heldBack {
                lane.status = .heldBack
                heldLanes.append(lane)
            } else {
                lane.status = .clean
            }
        }
        passEndedSettled = heldLanes.isEmpty
        let held = heldLanes
        heldLanes = []
        for lane in held where lane.status == .heldBack {
            pushDirty(lane)
        }
        return nil
    }

    /// The next event of a lane, when some lane of the domain has a limit
    /// (docs/rules.md §19): the stack rules for a lane with one, the classic
    /// ones otherwise.
    @inline(never)
    private func anyLaneEvent(_ pass: Int, _ state: LaneState, in alerts: [Alert], pages: [Dispatch]?,
                              _ heldBack: inout Bool) -> PassEvent? {
        if let limit = stackLimit(state.key) {
            return stackLaneEvent(pass, state, in: alerts, pages: pages, limit: limit, &heldBack)
        }
        return laneEvent(pass, state, in: alerts, pages: pages, &heldBack)
    }

    /// The next event of one lane (`state`), whose on-screen alerts are
    /// `alerts` (the whole stack while "main" is the only lane in use) and
    /// whose candidates are on `pages` (nil: every participating page); sets
    /// `heldBack` when a mark held back an alert that would have had one.
    ///
    /// A lane seen settled (no on-screen alert of it needed an event, see
    /// `LaneState.settled`) is asked only for its show: O(pages), however
    /// many of its alerts are on screen. Otherwise `sweepLane` looks down
    /// its stack.
    @inline(__always)
    private func laneEvent(_ pass: Int, _ laneState: LaneState?, in alerts: [Alert], pages: [Dispatch]?,
                           _ heldBack: inout Bool) -> PassEvent? {
        // (nil: "main" while it is the only lane; its state is then read in
        // place, which retains nothing on the hot path.)
        let lane = laneState?.key
        let settled = laneState?.settled ?? mainLaneState.settled
        var top: Int32?
        if settled {
            top = laneState == nil ? mainLaneState.settledTop : laneState!.settledTop
        } else if let cursor = laneState == nil ? mainLaneState.cursor : laneState!.cursor,
                  cursor.isValid(pass, self, alerts.count) {
            top = cursor.top
        } else {
            for i in alerts.indices {
                let alert = alerts[i]
                if alert.dispatch!.isParticipating {
                    top = max(top ?? alert.priority, alert.priority)
                }
            }
        }
        var chosen: Alert?
        if let pages {
            chosen = select(above: top, lane: lane, among: pages)
        } else {
            chosen = select(above: top, lane: lane)
        }
        if history != nil && chosen != nil, let capped = screenCaps(&chosen, above: top, lane: lane) {
            return .capped(capped)
        }
        // docs/rules.md §17: a lane's gap holds its next show back (its
        // hides and unhides go on).
        if !laneLeftAt.isEmpty, chosen != nil, gapHolds(lane) {
            chosen = nil
        }
        // Settled, a show that hides nothing changes no one's visibility;
        // with nothing on screen there is nothing to sweep.
        if settled && chosen?.exclusive != .hideOthers {
            return chosen.map(PassEvent.show)
        }
        if alerts.isEmpty {
            if let laneState {
                laneState.settleEmpty()
            } else {
                mainLaneState.settleEmpty()
            }
            return chosen.map(PassEvent.show)
        }
        return sweepLane(pass, laneState ?? mainLaneState, in: alerts, top: top, chosen: chosen, settled: settled,
                         &heldBack)
    }

    /// Rule 6 down a lane's stack: the hides (and `displaced` ends) top
    /// first, then the unhides top first, then the show of `chosen`.
    ///
    /// One sweep finds every event of the lane: after a hide or an unhide
    /// it resumes where it stopped (`LaneState.cursor`) as long as nothing
    /// else changed (the same pass, no schedule change, participation not
    /// computed again, the same choice),
    /// so hiding or unhiding n alerts costs O(s) in all, not per event.
    /// A sweep that finds nothing and held nothing back leaves the lane
    /// settled.
    ///
    /// The loops find positions in `alerts` and make the event only at the
    /// end: an alert that is merely looked at is then never retained (a
    /// reference that might leave the loop cost a retain and a release per
    /// alert per sweep).
    @inline(never)
    private func sweepLane(_ pass: Int, _ state: LaneState, in alerts: [Alert], top: Int32?, chosen: Alert?,
                           settled: Bool, _ heldBack: inout Bool) -> PassEvent? {
        state.settled = false
        state.settledForChoice = nil
        let choice = chosen.map(ObjectIdentifier.init)
        var cursor: LaneCursor
        if let resumed = state.cursor, resumed.isValid(pass, self, alerts.count), resumed.chosen == choice {
            cursor = resumed
            heldBack = heldBack || cursor.heldBack
        } else {
            cursor = LaneCursor(pass: pass, changes: scheduleChanges, participation: participationVersion,
                                top: top, chosen: choice, count: alerts.count,
                                position: alerts.count - 1, hiding: chosen?.exclusive == .hideOthers)
            cursor.endsAtHideOthers = settled && chosen?.exclusive == .hideOthers
        }
        state.cursor = nil
        // Phase one: hides and ends, top first (an unhide waits for them).
        while !cursor.unhiding && cursor.position >= 0 {
            let i = cursor.position
            cursor.position -= 1
            let alert = alerts[i]
            let dispatch = alert.dispatch!
            let participates = dispatch.isParticipating
            let visible = participates && !cursor.hiding
            if participates && alert.exclusive == .hideOthers {
                cursor.hiding = true
                if cursor.endsAtHideOthers {
                    cursor.position = -1  // (this alert is the last one looked at)
                }
            }
            if dispatch.isDestroyed {
                continue
            }
            if alert.passMark == pass {
                cursor.heldBack = cursor.heldBack || (alert.state == .showing && !visible) || (alert.state == .hidden && visible)
                    || (!visible && participates && alert.whenDisplaced == .drop)
                continue
            }
            if !visible {
                // docs/rules.md §19: one that drops when displaced ends
                // where it would be (or stay) hidden `covered`.
                if participates && alert.whenDisplaced == .drop {
                    heldBack = heldBack || cursor.heldBack
                    state.cursor = cursor
                    return .end(alerts[i], .displaced)
                }
                if alert.state == .showing {
                    heldBack = heldBack || cursor.heldBack
                    state.cursor = cursor
                    return .hide(alerts[i], participates ? .covered : .page)
                }
            } else if cursor.firstUnhide < 0 && alert.state == .hidden {
                cursor.firstUnhide = i
                cursor.hidingAtUnhide = cursor.hiding
            }
        }
        // Phase two: the unhides, top first, from the first one found.
        if !cursor.unhiding && cursor.firstUnhide >= 0 {
            cursor.unhiding = true
            cursor.position = cursor.firstUnhide
            cursor.hiding = cursor.hidingAtUnhide
            heldBack = heldBack || cursor.heldBack
            state.cursor = cursor
            state.cursor!.position -= 1
            return .unhide(alerts[cursor.firstUnhide])
        }
        while cursor.unhiding && cursor.position >= 0 {
            let i = cursor.position
            cursor.position -= 1
            let alert = alerts[i]
            let dispatch = alert.dispatch!
            let visible = dispatch.isParticipating && !cursor.hiding
            if dispatch.isParticipating && alert.exclusive == .hideOthers {
                cursor.hiding = true
            }
            if visible && alert.state == .hidden && alert.passMark != pass && !dispatch.isDestroyed {
                heldBack = heldBack || cursor.heldBack
                state.cursor = cursor
                return .unhide(alerts[i])
            }
        }
        heldBack = heldBack || cursor.heldBack
        if !cursor.heldBack {
            // Nothing on screen needs an event (and, below, the show of a
            // `hideOthers` alert leaves the lane to be swept again).
            state.settled = true
            state.settledTop = top
            if let chosen, chosen.exclusive == .hideOthers, !stacksInUse || stackLimit(state.key) == nil {
                state.settledForChoice = ObjectIdentifier(chosen)
            }
        }
        return chosen.map(PassEvent.show)
    }

    /// Rule 4: the first eligible candidate of the participating dispatches.
    /// With an empty participating stack (`top == nil`) that is the first
    /// candidate; otherwise the first `cover`/`hideOthers` candidate, if its
    /// priority is above `top`. Only one can be chosen per selection: the
    /// chosen alert outranks every other candidate.
    /// Cost: O(participating dispatches). (`Alert.why` asks it too, which
    /// candidate the next pass selects.)
    @inline(__always)
    func select(above top: Int32?, lane: ExactString?) -> Alert? {
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

    /// `select` among `pages` (a lane's candidate pages, while more than
    /// one lane is in use), of which only those that participate are
    /// asked: O(pages).
    @inline(never)
    func select(above top: Int32?, lane: ExactString?, among pages: [Dispatch]) -> Alert? {
        var best: Alert?
        for dispatch in pages where dispatch.isParticipating && !dispatch.isHeld {
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
}
