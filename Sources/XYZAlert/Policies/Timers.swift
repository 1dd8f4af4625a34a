internal import CSystem

/// Time (docs/rules.md §12): the domain's clock, the alerts' timers and the
/// host's timer.
///
/// A live alert's timer runs while it is waiting or ready with a `ttl`
/// (deadline: add time + ttl) and while it is showing with a `duration`
/// (deadline: the time it became visible + the part of its duration not yet
/// spent). Hiding an alert pauses its duration (the time left is kept in
/// `remainingDuration`), showing it the first time stops its ttl for good.
/// Running timers are in `deadlines`, a heap: starting, pausing or stopping
/// one costs O(log n), finding the earliest O(1), and a tick costs O(log n)
/// per alert it ends, however many timers are pending.
///
/// The clock is read only while the domain has timed alerts (an add with a
/// ttl, a show, hide or unhide of an alert with a duration, a tick, a timer
/// request), so hosts that use no timers never have their clock asked.
/// `time`, kept finite: an infinity or NaN (an overflow) becomes the
/// largest finite time of its sign, NaN the largest: a deadline there never
/// comes, and no delay handed to a host is infinite.
@inline(__always)
func finiteTime(_ time: Double) -> Double {
    time.isFinite ? time : time < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude
}

extension Domain {
    /// The domain's time in seconds: the root's host's `now()`, or the
    /// system's monotonic clock (counted from this domain's first reading)
    /// when the host has no clock.
    /// While a recorded call runs, every reading of a root's clock is the
    /// call's first one of that clock (see `Recording.clockRead`).
    func now() -> Double {
        guard let root, let recording = root.recording, recording.isInCall else {
            return readClock()
        }
        if let frozen = recording.frozenTime(of: root) {
            return frozen
        }
        let reading = readClock()
        recording.clockRead(reading, root: root)
        return reading
    }

    private func readClock() -> Double {
        if let host = root?.host {
            let outer = hostCalls.readOnlyCallback
            hostCalls.readOnlyCallback = "the host's clock"
            var reading: Double?
            runHostCode(host) { reading = host.now() }
            hostCalls.readOnlyCallback = outer
            if let reading {
                if reading.isFinite {
                    if !clock.hasRead {
                        clock.hasRead = true
                        clock.offset = clock.readBadFirst ? reading - clock.lastReading : 0
                        clock.lastReading = reading - clock.offset
                    } else if case let time = reading - clock.offset, time >= clock.lastReading, time.isFinite {
                        clock.lastReading = time
                    } else {
                        // A clock that went back (or past the largest
                        // time): only forward movement counts.
                        clock.offset = finiteTime(reading - clock.lastReading)
                    }
                } else if !clock.hasRead {
                    clock.readBadFirst = true
                }
                return clock.lastReading
            }
        }
        let instant = xyz_monotonic_seconds()
        let origin = clock.origin ?? instant
        clock.origin = origin
        clock.lastReading = instant - origin
        return clock.lastReading
    }

    /// `alert` was just added: its ttl starts, at `time`.
    func startTTL(_ alert: Alert, at time: Double) {
        startTimer(alert, at: finiteTime(time + alert.ttl))
    }

    /// `alert`'s timer runs out at `deadline` (domain time): into the heap,
    /// with its timing box made (the heap's order reads the box).
    private func startTimer(_ alert: Alert, at deadline: Double) {
        alert.writableTimingAndLayout.deadline = deadline
        deadlines.insert(alert)
    }

    /// `alert` was just shown for the first time: its ttl no longer applies,
    /// and its duration starts (unless held, docs/rules.md §17).
    @inline(never)
    func firstShown(_ alert: Alert) {
        if alert.deadlineIndex >= 0 {
            deadlines.remove(alert)
        }
        if alert.duration > 0 && durationRuns(alert) {
            runDuration(alert)
        }
    }

    /// `alert` became visible (or its hold ended): the rest of its
    /// duration runs from now, times the domain's scale. `remainingDuration`
    /// is in unscaled seconds.
    func runDuration(_ alert: Alert) {
        let scale = durationScale
        let time = now()
        alert.durationStartedAt = time
        startTimer(alert, at: finiteTime(time + (scale == 1 ? alert.remainingDuration : alert.remainingDuration * scale)))
    }

    /// `alert`, whose duration was running, was just hidden or held: the
    /// time left is kept (unscaled). Under a scale other than 1 it is what
    /// was left less the time run divided by the scale, never read back from
    /// the deadline: `remaining × scale` may overflow (1e308) or underflow
    /// (5e-324), and the share left must survive both (docs/rules.md §17.2).
    func pauseDuration(_ alert: Alert) {
        let scale = durationScale
        let time = now()
        if scale == 1 {
            alert.remainingDuration = max(0, alert.deadline - time)
        } else {
            let spent = max(0, time - alert.durationStartedAt) / scale
            alert.remainingDuration = spent < alert.remainingDuration ? alert.remainingDuration - spent : 0
        }
        deadlines.remove(alert)
    }

    /// Ends every alert whose deadline is due now, soonest first, ties in add
    /// order: a showing one with `.timeout` (remove, finish), a queued one
    /// with `.expired` (finish). Deadlines that callbacks set meanwhile are
    /// later than now, so the loop ends. A tick from one of its callbacks
    /// does not nest: this loop reads the clock again and goes on (the depth
    /// stays 1, as with cancels, Cancelling.swift). The host's timer, if one
    /// was asked for, counts as used up.
    func fireDueTimers(_ settlement: inout Settlement) {
        clock.requestedTimer = nil
        if (!wakes.isEmpty || gaps.wake != nil) && fireWakes(at: now(), &settlement) {
            settlement.needPass(self)
        }
        guard deadlines.first != nil else { return }
        if passes.tickedWhileFiring != nil {
            passes.tickedWhileFiring = true
            return
        }
        passes.tickedWhileFiring = false
        defer { passes.tickedWhileFiring = nil }
        var time = now()
        while true {
            while !isDead, let alert = deadlines.first, alert.deadline <= time {
                endAndReport(alert, alert.state.isOnScreen ? .timeout : .expired, &settlement)
            }
            guard !isDead, passes.tickedWhileFiring == true else { return }
            passes.tickedWhileFiring = false
            time = now()
        }
    }

    /// Seconds from now until the earliest deadline (0 when it is due), or
    /// nil when no timer runs.
    func secondsToNextDeadline() -> Double? {
        guard let earliest = earliestDeadline else { return nil }
        return max(0, finiteTime(earliest - now()))
    }

    /// The earliest of the alerts' deadlines and the parked alerts' wakes.
    var earliestDeadline: Double? {
        var earliest = deadlines.first?.deadline
        if let wake = wakes.first?.extras!.wake {
            earliest = min(earliest ?? wake, wake)
        }
        if let wake = gaps.wake {
            earliest = min(earliest ?? wake, wake)
        }
        return earliest
    }

    /// Asks the root's host for a tick at the earliest deadline when it is
    /// not the one last asked for, or tells it that no timer is needed once
    /// none runs. One request per change of the earliest deadline. Never
    /// while a pass delivers: the call that runs it arms the timer after.
    @inline(never)
    func armTimer() {
        guard hasTimerWork, !isDead, !passes.isRunning, let root else { return }
        let earliest = wakes.isEmpty && gaps.wake == nil ? deadlines.first?.deadline : earliestDeadline
        guard earliest != clock.requestedTimer else { return }
        clock.requestedTimer = earliest
        let delay = earliest.map { max(0, finiteTime($0 - now())) } ?? -1
        if let host = root.host {
            runHostCode(host) { host.setTimer(root, delay: delay) }
        }
    }

    /// Whether a timer runs or one was asked for: else `armTimer` has nothing to do.
    var hasTimerWork: Bool { clock.requestedTimer != nil || deadlines.count > 0 || wakes.count > 0 || gaps.wake != nil }

    /// The domain ends (its root is destroyed): an outstanding timer request
    /// is withdrawn.
    func cancelTimer() {
        guard clock.requestedTimer != nil, let root else { return }
        clock.requestedTimer = nil
        if let host = root.host {
            runHostCode(host) { host.setTimer(root, delay: -1) }
        }
    }

    /// Moves the running timers among `alerts` (which are changing domain)
    /// to `target`'s heap, shifting their deadlines from this domain's clock
    /// to `target`'s (two roots' hosts may keep different clocks). O(alerts +
    /// k log n) for k timed ones; reads the clocks only when k > 0.
    func moveTimers<Alerts: Sequence<Alert>>(of alerts: Alerts, to target: Domain) {
        let timed = alerts.filter { $0.deadlineIndex >= 0 }
        let waking = wakes.isEmpty ? [] : alerts.filter { ($0.extras?.wakeIndex ?? -1) >= 0 }
        guard !timed.isEmpty || !waking.isEmpty else { return }
        // The time left is carried, not the difference of the clocks, which
        // may overflow (docs/rules.md §12).
        let (from, to) = (now(), target.now())
        for alert in timed {
            deadlines.remove(alert)
            target.startTimer(alert, at: finiteTime(to + finiteTime(alert.deadline - from)))
        }
        for alert in waking {
            wakes.remove(alert)
            alert.extras!.wake = finiteTime(to + finiteTime(alert.extras!.wake - from))
            target.wakes.insert(alert)
        }
    }
}
