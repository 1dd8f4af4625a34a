/// The next event of a pass (docs/rules.md, rules 2-7): per lane, the hides,
/// unhides and show it wants, in rule 6's order, and the sweeps that find them.
extension Domain {
    /// The next event of the running pass, in the order of rule 6: hides,
    /// then unhides (each top of stack first), then the selected show.
    /// Alerts marked with `pass` had their event. Cost: O(participating
    /// dispatches + stack), plus provider calls (O(dispatches) when
    /// participation must be recomputed).
    @inline(__always)
    func nextEvent(_ pass: Int) -> PassEvent? {
        computeParticipation(askProviders: true)
        var heldBack = false
        guard hasLanes else {
            let event = lanes.stacksInUse ? anyLaneEvent(pass, lanes.main, in: stack, pages: nil, &heldBack)
                : laneEvent(pass, nil, in: stack, pages: nil, &heldBack)
            passes.endedSettled = event == nil && !heldBack
            return event
        }
        return nextLaneEvent(pass)
    }

    /// `nextEvent` with more than one lane in use (docs/rules.md §14): each
    /// lane on its own, in byte order of their names, looking only at the
    /// lanes something changed in since each was last seen settled
    /// (`lanes.dirty`); a lane seen without an event is clean until
    /// something marks it again, one whose event a mark held back is looked
    /// at by the next pass. O(log L) per lane looked at, plus that lane's
    /// stack and candidate pages.
    @inline(never)
    func nextLaneEvent(_ pass: Int) -> PassEvent? {
        while let lane = lanes.dirty.first {
            if lane.status == .gone {
                popDirty()
                continue
            }
            var heldBack = false
            let pages = lane.key == nil ? nil : lane.pages
            if let event = lanes.stacksInUse ? anyLaneEvent(pass, lane, in: lane.stack, pages: pages, &heldBack)
                : laneEvent(pass, lane, in: lane.stack, pages: pages, &heldBack) {
                return event
            }
            popDirty()
            if heldBack {
                lane.status = .heldBack
                lanes.held.append(lane)
            } else {
                lane.status = .clean
            }
        }
        passes.endedSettled = lanes.held.isEmpty
        let held = lanes.held
        lanes.held = []
        for lane in held where lane.status == .heldBack {
            pushDirty(lane)
        }
        return nil
    }

    /// The next event of a lane, when some lane of the domain has a limit
    /// (docs/rules.md §19): the stack rules for a lane with one, the classic
    /// ones otherwise.
    @inline(never)
    func anyLaneEvent(_ pass: Int, _ state: LaneState, in alerts: [Alert], pages: [Dispatch]?,
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
    func laneEvent(_ pass: Int, _ laneState: LaneState?, in alerts: [Alert], pages: [Dispatch]?,
                           _ heldBack: inout Bool) -> PassEvent? {
        // (nil: "main" while it is the only lane; its state is then read in
        // place, which retains nothing on the hot path.)
        let lane = laneState?.key
        let settled = laneState?.settled ?? lanes.main.settled
        // What a sweep looks at: for "main" alone and a long stack, the
        // part of it that can have events (see SweepFocus.swift). (Two
        // branches, not a variable: a copy of the array would retain it.)
        let focused = laneState == nil && alerts.count >= Domain.minimumStackForFocus
        var top: ScreenTop?
        if settled {
            top = laneState == nil ? lanes.main.settledTop : laneState!.settledTop
        } else if let cursor = laneState == nil ? lanes.main.cursor : laneState!.cursor,
                  cursor.isValid(pass, self, focused ? mainSweepList(pass).count : alerts.count) {
            top = cursor.top
        } else if focused {
            top = participatingTop(mainSweepList(pass))
        } else {
            top = participatingTop(alerts)
        }
        var chosen: Alert?
        if let pages {
            chosen = select(above: top, lane: lane, among: pages)
        } else {
            chosen = select(above: top, lane: lane)
        }
        if let capped = screen(&chosen, above: top, lane: lane) {
            return .end(capped.0, capped.1)
        }
        // docs/rules.md §17: a lane's gap holds its next show back (its
        // hides and unhides go on).
        if !gaps.leftAt.isEmpty, chosen != nil, gapHolds(lane) {
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
                lanes.main.settleEmpty()
                if focus.flipsToForget {
                    forgetFlips(overflowing: false)
                }
            }
            return chosen.map(PassEvent.show)
        }
        if focused {
            return sweepLane(pass, lanes.main, in: mainSweepList(pass), top: top, chosen: chosen,
                             settled: settled, &heldBack)
        }
        return sweepLane(pass, laneState ?? lanes.main, in: alerts, top: top, chosen: chosen, settled: settled,
                         &heldBack)
    }

    /// The top of the participating alerts among `alerts`.
    @inline(__always)
    func participatingTop(_ alerts: [Alert]) -> ScreenTop? {
        #if DEBUG
        counters.sweptAlerts &+= alerts.count
        #endif
        var top: ScreenTop?
        for i in alerts.indices {
            let alert = alerts[i]
            if alert.dispatch!.isParticipating {
                top.include(alert)
            }
        }
        return top
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
    func sweepLane(_ pass: Int, _ state: LaneState, in alerts: [Alert], top: ScreenTop?, chosen: Alert?,
                           settled: Bool, _ heldBack: inout Bool) -> PassEvent? {
        state.settled = false
        state.settledForChoice = nil
        let choice = chosen.map(ObjectIdentifier.init)
        var cursor: LaneCursor
        if let resumed = state.cursor, resumed.isValid(pass, self, alerts.count), resumed.chosen == choice {
            cursor = resumed
            heldBack = heldBack || cursor.heldBack
        } else {
            cursor = LaneCursor(pass: pass, changes: passes.scheduleChanges, participation: participation.version,
                                top: top, chosen: choice, count: alerts.count,
                                position: alerts.count - 1, hiding: chosen?.exclusive == .hideOthers)
            cursor.endsAtHideOthers = settled && chosen?.exclusive == .hideOthers
        }
        state.cursor = nil
        #if DEBUG
        counters.sweptAlerts &+= cursor.position + 1
        #endif
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
            if focus.flipsToForget && state.key == nil && !hasLanes {
                forgetFlips(overflowing: false)
            }
            if let chosen, chosen.exclusive == .hideOthers, !lanes.stacksInUse || stackLimit(state.key) == nil {
                state.settledForChoice = ObjectIdentifier(chosen)
            }
        }
        return chosen.map(PassEvent.show)
    }
}
