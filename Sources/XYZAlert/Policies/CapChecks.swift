/// Caps in the scheduler (docs/rules.md §16): a candidate that would be
/// selected is checked against the domain's history; a `drop` one ends
/// (`capped`), a `wait` one is parked out of its candidate queue until its
/// caps free. Parked alerts are looked at again when the earliest time one
/// of them frees comes (`wakes`, on the domain's timer) and whenever the
/// history changes (a session, caps, a load). Displays are counted at first
/// show. Without a history none of this runs.
extension Domain {
    /// Replaces `chosen` (rule 4's selection in `lane` above `top`; in a
    /// lane with a limit, `stackTop` is what is on screen) with
    /// the first candidate no window (docs/rules.md §22) or cap holds,
    /// parking the `wait` ones it meets; returns a `drop` one instead, with
    /// its end reason, to end as the pass's event. Reads the
    /// history's clock once per alert it checks. (Out of line, and without
    /// a closure: the pass it is called from stays one function.)
    /// `screenCaps` where a check may apply (the domain has a history, or
    /// the chosen alert has windows or is a campaign's control or test
    /// instance: `selectionFlags`); nil otherwise, without the call.
    @inline(__always)
    func screen(_ chosen: inout Alert?, above top: ScreenTop?, lane: ExactString?,
                stackTop: ScreenTop? = nil) -> (Alert, EndReason)? {
        guard chosen != nil && (history != nil || chosen!.selectionFlags != 0) else { return nil }
        return screenCaps(&chosen, above: top, lane: lane, stackTop: stackTop)
    }

    @inline(never)
    func screenCaps(_ chosen: inout Alert?, above top: ScreenTop?, lane: ExactString?,
                    stackTop: ScreenTop? = nil) -> (Alert, EndReason)? {
        while let alert = chosen {
            // docs/rules.md §22: a test campaign's instance skips windows and caps.
            if alert.selectionFlags & SelectionFlags.test != 0 { break }
            let verdict: CapVerdict
            var wall: Double
            // docs/rules.md §22: windows first, then caps.
            if alert.selectionFlags & SelectionFlags.windows != 0, let outside = windowVerdict(alert) {
                if alert.onOutside == .drop {
                    alert.writableExtras.endedBy = (outside.key, outside.rule)
                    return (alert, .outsideWindow)
                }
                verdict = outside
                wall = outside.readAt
            } else if let history, history.mayCap(alert) {
                stampRecordedCall()
                let outer = hostCalls.readOnlyCallback
                hostCalls.readOnlyCallback = "the history's clock"
                let capped = history.verdict(for: alert, utcOffset: { self.utcOffset(at: $0) })
                wall = capped == nil ? 0 : history.now()
                hostCalls.readOnlyCallback = outer
                guard let capped else { break }
                if alert.onCapped == .drop {
                    alert.writableExtras.endedBy = (capped.key, capped.rule)
                    return (alert, .capped)
                }
                verdict = capped
            } else {
                break
            }
            park(alert, verdict, wall: wall)
            chosen = select(above: top, lane: lane)
            if Domain.waitsForUncoverable(chosen, above: top, top: stackTop) {
                chosen = nil
            }
        }
        return nil
    }

    /// Ends an alert as an event of the running pass (a `drop` alert a cap
    /// forbade: `finish(capped)`; an evicted or displaced one: `remove`,
    /// `finish`), then runs the passes of the other domains whose alerts
    /// it freed (this one is running: its pass goes on). Out of line: the
    /// passes it may run would otherwise make the pass loop recursive, and
    /// the loop would no longer be inlined into its callers.
    @inline(never)
    func endInPass(_ alert: Alert, _ reason: EndReason) {
        var settlement = Settlement()
        endAndReport(alert, reason, &settlement)
        // (An error here is another domain's passes not settling; that
        // domain's next call goes on from where they stopped.)
        _ = try? settlement.settle()
    }

    /// Takes `alert` out of its candidate queue until its caps free, asking
    /// for a wake at `verdict.freesAt` (read at wall-clock time `wall`).
    private func park(_ alert: Alert, _ verdict: CapVerdict, wall: Double) {
        alert.writableExtras.parked = verdict
        alert.dispatch!.updateQueue(alert)
        if let frees = verdict.freesAt {
            setWake(alert, at: now() + max(0, frees - wall), .capFree)
        }
    }

    /// Puts a parked alert back in its candidate queue (it is checked again
    /// when next selected).
    func unpark(_ alert: Alert) {
        guard let state = alert.extras, state.parked != nil else { return }
        if state.wakeIndex >= 0 {
            wakes.remove(alert)
        }
        state.parked = nil
        alert.dispatch?.updateQueue(alert)
    }

    /// Unparks every parked alert of the domain; true if there was one.
    /// O(live alerts): it runs when the history changes (a session, caps,
    /// a load, another history), not per pass.
    func releaseParked() -> Bool {
        var any = false
        for dispatch in dispatches {
            for alert in dispatch.alerts where alert.isParked {
                unpark(alert)
                any = true
            }
        }
        return any
    }
}

extension Domain {
    /// This domain changed `history` (a display, a campaign's count, a
    /// variant choice): the recordings of other domains that use it cannot
    /// replay that change, and break, saying `what`. O(the recordings using
    /// the history, usually none).
    func breakOtherRecordings(of history: History, _ what: @autoclosure () -> String) {
        guard !history.recordings.isEmpty else { return }
        let mine = root?.recording
        for entry in history.recordings {
            let recording = entry.recording
            if recording !== mine, recording.isActive {
                recording.fail("the recorded domain shares its history with a page the recording does not see, " + what())
            }
        }
    }
}

extension Dispatch {
    /// Attaches `history` to this domain (nil detaches): its displays are
    /// counted there and its caps apply (docs/rules.md §16). Only a domain's
    /// root can (`.state` otherwise, and from inside a callback). Several
    /// domains may share a history; joining two domains with different
    /// histories is refused. Alerts a cap held are looked at again.
    public func setHistory(_ history: History?) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set the history")
        guard parent == nil else {
            throw AlertError(.state, "cannot set the history of \(quotedName): it is not the root of its domain (set it on \(domain.root!.quotedName))")
        }
        try domain.requireMutable("set the history")
        if domain.passes.isRunning {
            throw AlertError(.state, "cannot set the history of \(quotedName) while its domain is delivering events")
        }
        let domain = self.domain
        if history === domain.history {
            return
        }
        recording?.historyAttached(history)
        domain.history?.detach(ObjectIdentifier(domain))
        domain.history = history
        history?.attach(domain)
        // (Queued alerts meet the new caps when next selected: only parked
        // ones need a pass now.)
        if domain.releaseParked() {
            try Settlement.settle(domain)
        }
    }

    /// The history of this page's domain, if any.
    public var history: History? { isDestroyed ? nil : domain.history }
}

extension Domain {
    /// Counts the first show of `alert` in `history` (reads its clock when
    /// a cap applies).
    @inline(never)
    func countDisplay(of alert: Alert, in history: History) {
        guard history.mayCap(alert), alert.selectionFlags & SelectionFlags.test == 0 else { return }
        stampRecordedCall()
        // A recording replays with the displays it saw: one of a domain it
        // does not see, counted in a history it shares, breaks it.
        breakOtherRecordings(of: history, "which showed \(alert.alertName)")
        let outer = hostCalls.readOnlyCallback
        hostCalls.readOnlyCallback = "the history's clock"
        history.countDisplay(of: alert)
        hostCalls.readOnlyCallback = outer
        // A display counted under a key other lanes share (`all`, a tag)
        // may cap the candidate a lane's gap holds back: those lanes are
        // looked at again, so that it is parked (why `capped`) now, not
        // when the gap ends. (Without a gap a lane's candidate shows, or
        // is held by what is on screen, and no cap is read for it.)
        if hasLanes && !gaps.leftAt.isEmpty {
            markAllLanesDirty()
        }
    }
}
