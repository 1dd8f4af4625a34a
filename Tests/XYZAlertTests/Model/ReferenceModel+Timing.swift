import XYZAlert

/// The reference model's timing for people (docs/rules.md §17), written from
/// the rules: the same arithmetic as the engine's clock so that ticks fall at
/// the same times, everything else recomputed by scanning.
extension ReferenceHarness {
    func scale(_ d: RefDomain) -> Double { d.root?.scale ?? 1 }

    func durationRuns(_ a: RefAlert) -> Bool {
        let d = a.page!.domain!
        return a.state == .showing && a.duration > 0 && a.holds == 0 && (d.root?.timerHolds ?? 0) == 0
            && scale(d).isFinite
    }

    func runDuration(_ a: RefAlert) {
        let s = scale(a.page!.domain)
        a.deadline = clock + (s == 1 ? a.remaining : a.remaining * s)
        a.running = true
    }

    func pauseDuration(_ a: RefAlert) {
        let s = scale(a.page!.domain)
        let left = max(0, a.deadline - clock)
        a.remaining = s == 1 ? left : left / s
        a.running = false
    }

    func refreshDuration(_ a: RefAlert) {
        guard a.state == .showing, a.duration > 0 else { return }
        let runs = durationRuns(a)
        if runs && !a.running {
            runDuration(a)
        } else if !runs && a.running {
            pauseDuration(a)
        }
    }

    func refreshDurations(_ d: RefDomain) {
        for a in d.stack where a.duration > 0 {
            refreshDuration(a)
        }
    }

    /// Whether the lane's gap holds a show back now (noting until when).
    func gapHolds(_ d: RefDomain, _ lane: String) -> Bool {
        guard let gap = d.root?.gaps[lane], let left = d.laneLeftAt[lane] else { return false }
        let until = left + gap
        guard clock < until else { return false }
        d.laneBlockedUntil[lane] = until
        d.gapWake = min(d.gapWake ?? until, until)
        return true
    }

    /// A dismiss or cancel before the minimum visible time waits for it.
    func deferEnd(_ a: RefAlert, _ reason: EndReason) -> Bool {
        guard a.state.isOnScreen, a.minVisible > 0 else { return false }
        if a.pendingEnd != nil { return true }
        let due = a.shownAt + a.minVisible
        guard clock < due else { return false }
        a.pendingEnd = reason
        a.minVisibleWake = due
        return true
    }

    func requireRoot(_ p: RefPage) throws(RefFailure) {
        try usable(p)
        if p.parent != nil { throw RefFailure("state") }
    }

    func performTiming(_ op: Op) throws(RefFailure) -> String {
        switch op {
        case .hold(let slot):
            guard let a = slots[slot] else { return "skip" }
            if a.state == .finished { throw RefFailure("state") }
            a.holds += 1
            if a.holds == 1 && a.state.isLive { refreshDuration(a) }
        case .unhold(let slot):
            guard let a = slots[slot] else { return "skip" }
            if a.state == .finished || a.holds == 0 { throw RefFailure("state") }
            a.holds -= 1
            if a.holds == 0 && a.state.isLive { refreshDuration(a) }
        case .holdTimers(let page):
            let p = pages[page]
            try requireRoot(p)
            p.timerHolds += 1
            if p.timerHolds == 1 { refreshDurations(p.domain) }
        case .unholdTimers(let page):
            let p = pages[page]
            try requireRoot(p)
            if p.timerHolds == 0 { throw RefFailure("state") }
            p.timerHolds -= 1
            if p.timerHolds == 0 { refreshDurations(p.domain) }
        case .setScale(let page, let scale):
            let p = pages[page]
            try requireRoot(p)
            if !(scale > 0) { throw RefFailure("invalidArgument") }
            for a in p.domain.stack where a.running && a.state == .showing { pauseDuration(a) }
            p.scale = scale
            refreshDurations(p.domain)
        case .setGap(let page, let lane, let seconds):
            let p = pages[page]
            try requireRoot(p)
            p.gaps[lane] = seconds > 0 ? seconds : nil
            let touched = Touched()
            touched.add(p.domain)
            settle(touched)
        default:
            return "?"
        }
        return "ok"
    }
}
