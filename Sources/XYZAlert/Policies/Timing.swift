/// Timing for people (docs/rules.md §17): holds on countdowns, the duration
/// scale, show_after, min_visible, lane gaps and announcements. Everything
/// runs on the domain's clock (§12), so every case is a scenario.

extension Alert {
    /// Seconds the alert stays waiting after its add before it becomes
    /// ready by itself (0: none).
    public var showAfter: Double { extras?.showAfter ?? 0 }
    /// Seconds a dismiss or cancel waits for, counted from its first show.
    public var minVisible: Double { extras?.minVisible ?? 0 }
    /// How a screen reader says it (default `.polite`).
    public var announce: Politeness { extras?.announce ?? .polite }
    /// The holds on its countdown.
    public var holds: Int { extras?.holds ?? 0 }

    /// Sets `showAfter`. Idle alerts only; a negative, NaN or infinite value
    /// is `.invalidArgument`.
    public func setShowAfter(_ seconds: Double) throws(AlertError) {
        try setIdleSeconds(seconds, "show_after") { $0.showAfter = seconds }
    }

    /// Sets `minVisible`. Idle alerts only; as `setShowAfter` for bad values.
    public func setMinVisible(_ seconds: Double) throws(AlertError) {
        try setIdleSeconds(seconds, "min_visible") { $0.minVisible = seconds }
    }

    /// Checks a time setting (idle alert, finite seconds of 0 or more) and
    /// stores it in the extras box.
    private func setIdleSeconds(_ seconds: Double, _ name: String, _ store: (AlertExtras) -> Void) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set " + name)
        try Alert.requireTime(seconds, "\(name) of \(alertName)")
        store(writableExtras)
    }

    /// Sets how a screen reader says it. Idle alerts only.
    public func setAnnounce(_ politeness: Politeness) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the announcement")
        writableExtras.announce = politeness
    }

    /// Holds the alert's countdown (counted): while held, its `duration`
    /// does not run; the time left is kept. Any alert that has not finished.
    public func hold() throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("hold the countdown")
        try dispatch?.domain.requireMutable("hold a countdown")
        let recorded = recordCall { .alert(.hold, $0.alert(self)) }
        defer { recorded?.end() }
        writableExtras.holds += 1
        if extras!.holds == 1, let domain = dispatch?.domain {
            domain.refreshDuration(self)
            domain.armTimer()
        }
    }

    /// Undoes one `hold`; `.state` without one. The countdown goes on from
    /// where it stopped.
    public func unhold() throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("unhold the countdown")
        guard holds > 0 else {
            throw AlertError(.state, "cannot unhold \(alertName): its countdown is not held")
        }
        try dispatch?.domain.requireMutable("unhold a countdown")
        let recorded = recordCall { .alert(.unhold, $0.alert(self)) }
        defer { recorded?.end() }
        extras!.holds -= 1
        if extras!.holds == 0, let domain = dispatch?.domain {
            domain.refreshDuration(self)
            domain.armTimer()
        }
    }

    /// The text a screen reader says: title and message joined by ". ";
    /// nil with neither.
    var announcementText: String? {
        let content = self.content
        let parts = [content.title, content.message].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ". ")
    }
}

extension Dispatch {
    /// The domain's countdowns held by this root (counted).
    public var timerHolds: Int { storedTimerHolds }
    /// What this root multiplies every duration of its domain by (1 by
    /// default; infinity: never time out).
    public var durationScale: Double { storedDurationScale }

    /// Holds every countdown of the domain (app in the background, window
    /// minimised). Roots only (`.state` otherwise).
    public func holdTimers() throws(AlertError) {
        defer { checkAfterCall() }
        try requireRoot("hold the timers")
        let recorded = recordPageCall(.holdTimers)
        defer { recorded?.end() }
        storedTimerHolds += 1
        if storedTimerHolds == 1 {
            domain.refreshDurations()
            domain.armTimer()
        }
    }

    /// Undoes one `holdTimers`; `.state` without one.
    public func unholdTimers() throws(AlertError) {
        defer { checkAfterCall() }
        try requireRoot("unhold the timers")
        guard storedTimerHolds > 0 else {
            throw AlertError(.state, "cannot unhold the timers of \(quotedName): they are not held")
        }
        let recorded = recordPageCall(.unholdTimers)
        defer { recorded?.end() }
        storedTimerHolds -= 1
        if storedTimerHolds == 0 {
            domain.refreshDurations()
            domain.armTimer()
        }
    }

    /// Multiplies every duration of the domain by `scale` (> 0; infinity:
    /// never time out); running countdowns are re-timed in proportion (the
    /// share of the duration left stays). Roots only.
    public func setDurationScale(_ scale: Double) throws(AlertError) {
        defer { checkAfterCall() }
        try requireRoot("set the duration scale")
        if !(scale > 0) {
            throw AlertError(.invalidArgument, "the duration scale of \(quotedName) must be above 0 (infinity: never time out), not \(scale)")
        }
        let recorded = recordCall { .durationScale(page: $0.page(self), scale: scale) }
        defer { recorded?.end() }
        let domain = self.domain
        domain.pauseDurations()
        storedDurationScale = scale
        domain.refreshDurations()
        domain.armTimer()
    }

    /// After an alert of `lane` leaves the screen, the next show in the lane
    /// waits `seconds` (0: no gap). Unhides never wait. Roots only.
    public func setGap(lane: String, _ seconds: Double) throws(AlertError) {
        defer { checkAfterCall() }
        try requireRoot("set a lane gap")
        if lane.isEmpty {
            throw AlertError(.invalidArgument, "the lane of a gap must not be empty")
        }
        try Alert.requireTime(seconds, "gap of lane '\(lane)'")
        let recorded = recordCall { .gap(page: $0.page(self), lane: lane, seconds: seconds) }
        defer { recorded?.end() }
        let key = ExactString(lane)
        gaps[key] = seconds > 0 ? seconds : nil
        domain.gaps.inUse = !gaps.isEmpty
        domain.unsettleLane(named: key)
        try Settlement.settle(domain)
    }

    /// The gap of `lane` (0: none).
    public func gap(lane: String) -> Double { gaps[ExactString(lane)] ?? 0 }

    func requireRoot(_ what: String) throws(AlertError) {
        try requireUsable(what)
        guard parent == nil else {
            throw AlertError(.state, "cannot \(what) on \(quotedName): it is not the root of its domain (\(domain.root!.quotedName) is)")
        }
        try domain.requireMutable(what)
    }
}

extension Domain {
    /// The root's duration scale and timer holds.
    var durationScale: Double { root?.storedDurationScale ?? 1 }

    /// Whether `alert`'s duration runs now: showing, with a duration, not
    /// held, with a finite scale.
    @inline(never)
    func durationRuns(_ alert: Alert) -> Bool {
        alert.state == .showing && alert.duration > 0 && !countdownHeld(alert) && durationScale.isFinite
    }

    /// Whether a hold stops `alert`'s countdown: its own, or the root's
    /// timer holds (why code `held`, docs/rules.md §18).
    @inline(__always)
    func countdownHeld(_ alert: Alert) -> Bool {
        (alert.extras?.holds ?? 0) > 0 || (root?.storedTimerHolds ?? 0) > 0
    }

    /// Starts or stops `alert`'s duration to match `durationRuns`.
    @inline(never)
    func refreshDuration(_ alert: Alert) {
        guard alert.state == .showing, alert.duration > 0 else { return }
        let runs = durationRuns(alert)
        if runs && alert.deadlineIndex < 0 {
            runDuration(alert)
        } else if !runs && alert.deadlineIndex >= 0 {
            pauseDuration(alert)
        }
    }

    /// `refreshDuration` for every on-screen alert. O(s log t).
    func refreshDurations() {
        for alert in stack where alert.duration > 0 {
            refreshDuration(alert)
        }
    }

    /// Stops every running duration, keeping the time left (before the
    /// scale changes).
    func pauseDurations() {
        for alert in stack where alert.deadlineIndex >= 0 && alert.state == .showing {
            pauseDuration(alert)
        }
    }

    /// The lane's gap, as the root sets it.
    func gap(_ lane: ExactString?) -> Double? {
        guard let root, !root.gaps.isEmpty else { return nil }
        return root.gaps[lane ?? Domain.mainLane]
    }

    /// An alert of `lane` left the screen: its gap starts now.
    func laneLeft(_ lane: ExactString?) {
        guard gap(lane) != nil else { return }
        gaps.leftAt[lane ?? Domain.mainLane] = now()
    }

    /// Whether the lane's gap holds back a show now; if so, the time it
    /// ends is noted (for `why`) and asked for on the timer. (The rare
    /// paths of a pass are out of line, so that the pass loop stays one
    /// function: docs/performance.md.)
    @inline(never)
    func gapHolds(_ lane: ExactString?) -> Bool {
        guard let gap = gap(lane), let left = gaps.leftAt[lane ?? Domain.mainLane] else { return false }
        let until = finiteTime(left + gap)
        guard now() < until else { return false }
        let key = lane ?? Domain.mainLane
        if gaps.blockedUntil.updateValue(until, forKey: key) != until {
            gaps.ends.heapPush((until, key)) { $0.until < $1.until }
        }
        return true
    }

    /// A show of `alert` that is its first: what §17 does then (min_visible
    /// reads the clock) before the host hears of it.
    @inline(never)
    func noteFirstShow(_ alert: Alert) {
        if let extras = alert.extras, extras.minVisible > 0 {
            extras.shownAt = now()
        }
    }

    /// What a first show does for people: `noteFirstShow` before the host
    /// hears of it (`before`), `announce` after. One call out of line, for
    /// alerts with extras or content only: the pass loop stays small
    /// enough to be one function (docs/performance.md).
    @inline(never)
    func firstShowForPeople(_ alert: Alert, before: Bool) {
        if before {
            noteFirstShow(alert)
        } else if alert.hasContent {
            announce(alert)
        }
    }

    /// After a show or a content change: tells the host what a screen
    /// reader should say, unless the alert is `off`, has no text, or said
    /// the same text last. A change made from the alert's own `announce`
    /// callback is announced once that callback returns, never from inside
    /// it (depth 1, as `update`).
    @inline(never)
    func announce(_ alert: Alert) {
        if let extras = alert.extras, extras.announceIsRunning {
            extras.announceIsPending = true
            return
        }
        guard var text = textToAnnounce(alert) else { return }
        let extras = alert.writableExtras
        extras.announceIsRunning = true
        defer { extras.announceIsRunning = false }
        while true {
            extras.announceIsPending = false
            extras.lastAnnounced = text
            let dispatch = alert.dispatch!
            dispatch.recording?.delivered(alert, finished: false)
            if let host = dispatch.host {
                let politeness = alert.announce
                runHostCode(host) { host.announce(alert, politeness: politeness, text: text) }
            }
            guard extras.announceIsPending, let next = textToAnnounce(alert) else { return }
            text = next
        }
    }

    /// What `announce` would say now, if anything.
    private func textToAnnounce(_ alert: Alert) -> String? {
        guard alert.state == .showing, alert.announce != .off, let text = alert.announcementText,
              alert.extras?.lastAnnounced.map({ ExactString($0) == ExactString(text) }) != true else { return nil }
        return text
    }

    /// A dismiss or cancel of an on-screen alert before its minimum visible
    /// time: true when it waits for it (the end happens at the wake).
    func deferEnd(_ alert: Alert, _ reason: EndReason) -> Bool {
        guard alert.state.isOnScreen, let extras = alert.extras, extras.minVisible > 0 else { return false }
        if extras.pendingEnd != nil {
            return true
        }
        let due = extras.shownAt + extras.minVisible
        guard now() < due else { return false }
        extras.pendingEnd = reason
        setWake(alert, at: due, .minVisible)
        return true
    }

    /// Puts `alert` in `wakes` at `time` for `kind`.
    func setWake(_ alert: Alert, at time: Double, _ kind: WakeKind) {
        let extras = alert.writableExtras
        if extras.wakeIndex >= 0 {
            wakes.remove(alert)
        }
        extras.wake = finiteTime(time)
        extras.wakeKind = kind
        wakes.insert(alert)
    }

    /// Does what the wakes due at `time` say: caps freed, show_after
    /// delays over, pending ends; true when a pass is needed.
    func fireWakes(at time: Double, _ settlement: inout Settlement) -> Bool {
        var any = false
        while !isDead, let alert = wakes.first, alert.extras!.wake <= time {
            any = true
            let extras = alert.extras!
            switch extras.wakeKind {
            case .capFree:
                unpark(alert)
            case .showAfter:
                wakes.remove(alert)
                extras.awaitingShowAfter = false
                // docs/rules.md §21: a campaign's audience is asked again.
                if extras.campaign != nil, let targeting = root?.targeting, !targeting.admits(alert, domain: self) {
                    endAndReport(alert, .ineligible, &settlement)
                    continue
                }
                if extras.readyAfterDelay {
                    alert.state = .ready
                    alert.dispatch!.updateQueue(alert)
                }
            case .minVisible:
                wakes.remove(alert)
                let reason = extras.pendingEnd ?? .dismissed
                endAndReport(alert, reason, &settlement)
            }
        }
        if let wake = gaps.wake, wake <= time {
            // Each lane whose gap ended is looked at again, and only it.
            while let (until, key) = gaps.ends.first, until <= time {
                gaps.ends.heapPopFirst { $0.until < $1.until }
                guard gaps.blockedUntil[key] == until else { continue }
                gaps.blockedUntil[key] = nil
                markLaneDirty(named: key)
            }
            any = true
        }
        return any
    }
}
