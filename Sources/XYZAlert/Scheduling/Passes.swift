/// Passes: the scheduling rules applied one event at a time (rules 2-7
/// of docs/rules.md), until a pass delivers nothing.
/// One event of a pass.
enum PassEvent {
    case hide(Alert, HideReason)
    case unhide(Alert)
    case show(Alert)
    /// An alert that ends as an event of the pass: on screen (`.evicted`,
    /// `.displaced`: docs/rules.md §19), `remove` then `finish`; a
    /// candidate a cap or a window forbids with a `drop` policy (`.capped`,
    /// `.outsideWindow`), `finish`.
    case end(Alert, EndReason)
}

/// Where a domain's passes stand (`Domain.passes`).
struct PassState {
    /// True while `run()` delivers passes: calls made from callbacks then
    /// change state only, and the running loop re-derives its next event.
    var isRunning = false
    /// Above 0 while a campaign call (Tracking.swift) adds instances and
    /// reports events: their passes wait for its end, to run as one.
    var held = 0
    /// Counts the changes that can give a running pass an event it did not
    /// have: the stack changing, rule 1's inputs changing
    /// (`participationChanged`) and a candidate joining a queue
    /// (`Dispatch.updateQueue`). Taking a candidate out or a timer cannot, so
    /// they leave it alone. `onePass` compares it around a callback.
    var scheduleChanges = 0
    /// Numbers the passes of this domain: an alert whose `passMark` equals
    /// the running pass's number has had its one event of that pass.
    var number = 0
    /// Whether the last `nextEvent` found nothing to deliver without skipping
    /// an alert that would have had an event but for its mark.
    var endedSettled = false
    /// Numbers the sweeps of `hidePagesNow` (and `KeyboardState.moveSweeps`
    /// those of `moveStep`); an alert's mark at or above a running sweep's
    /// number was handled by it, or by a sweep nested in it (from a
    /// callback), which leaves nothing for it to redo.
    var hideSweeps = 0
    /// Whether an alert with `preempt: equal` was ever added to the domain
    /// (or to one it took in or split from): a show then no longer ends
    /// its pass at once (`deliver`), as an equal candidate added later may
    /// show over it.
    var preemptsEqual = false
    /// Deferred mode: the host was asked for a flush and has not flushed yet.
    var flushRequested = false
    /// While a cancel-many call delivers its finishes: the cancels that
    /// callbacks made meanwhile, which it carries out next (Cancelling.swift).
    var joinedCancels: JoinedCancels?
    /// While `fireDueTimers` ends alerts: whether a callback ticked again
    /// (the running loop reads the clock again instead of nesting).
    var tickedWhileFiring: Bool?
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
        guard !passes.isRunning, !isDead, index.liveCount > 0 else { return }
        passes.isRunning = true
        defer { passes.isRunning = false }
        let firstSeq = index.nextSeq
        let live = index.liveCount
        var delivering = 0
        repeat {
            while !isDead && onePass() > 0 {
                delivering += 1
                if delivering > Domain.passLimit(live: live, added: index.nextSeq - firstSeq) {
                    throw AlertError(.state, unsettledMessage(delivering), tookEffect: true)
                }
                // The next pass would start from the state this one ended
                // in, without its marks: when no mark held an event back and
                // no provider can answer differently, it would deliver nothing.
                if passes.endedSettled && !participation.hasProviders {
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
    func unsettledMessage(_ passes: Int) -> String {
        let flipping = dispatches.filter { $0.providerAnswerChanged }
        let cause = flipping.isEmpty
            ? "callbacks kept changing the schedule"
            : "the active-child provider of " + flipping.map { $0.quotedName }.joined(separator: ", ")
                + " changed its answer at every pass"
        return "the passes of the domain of \(root?.quotedName ?? "a destroyed page") did not settle after \(passes) passes: "
            + cause + "; the call stopped (every event delivered stands, the rest waits for the next call)"
    }


    /// One pass: delivers events one at a time, each re-derived from the
    /// current state, at most one per alert. Returns how many it delivered.
    @inline(__always)
    func onePass() -> Int {
        passes.number += 1
        let pass = passes.number
        var delivered = 0
        while !isDead, let event = nextEvent(pass) {
            delivered += 1
            switch event {
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
                // docs/rules.md §22: a control instance ends instead (out of line).
                guard alert.selectionFlags & SelectionFlags.control == 0 else {
                    endControl(alert)
                    break
                }
                let dispatch = alert.dispatch!
                let host = dispatch.host
                dispatch.removeCandidate(alert)
                dispatch.leaveCapacityQueue(alert)
                alert.stackOrder = screen.nextOrder
                screen.nextOrder &+= 1
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
                let changes = passes.scheduleChanges
                if let host {
                    runHostCode(host) { host.show(alert, target: target, view: dispatch.resolveTarget(target)) }
                }
                // docs/rules.md §17: what a screen reader says, after the show.
                if alert.hasContent {
                    firstShowForPeople(alert, before: false)
                }
                if delivered == 1 && changes == passes.scheduleChanges && lanes.inUse.count == 1 && !participation.hasProviders && !lanes.stacksInUse
                    && !passes.preemptsEqual {
                    // The pass is over, without looking again (one lane, no
                    // provider, nothing changed during the callback):
                    // - no hide or unhide was due when this show was chosen
                    //   (they come first), and the new top changes no one's
                    //   visibility: if it hides others, they were hidden
                    //   before it showed, by hides chosen with it in view;
                    // - no other candidate can show: this one outranked them
                    //   all, and the top of the stack is now its priority
                    //   (unless an equal one may pre-empt it);
                    // - as the first event of the pass, no alert had an event
                    //   held back by its mark.
                    passes.endedSettled = true
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
    func deliverHide(_ alert: Alert, _ reason: HideReason) {
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
    func deliverUnhide(_ alert: Alert) {
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
}
