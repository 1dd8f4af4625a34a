import XYZAlert

/// The reference model's derived facts (docs/rules.md §2–§6), each
/// recomputed by scanning at every use: what is live, dependencies,
/// participation, reasons, admission, order, timers, keyboard offsets,
/// cycles.
extension ReferenceHarness {
    func live(in domain: RefDomain) -> [RefAlert] {
        alerts.filter { $0.state.isLive && $0.page!.domain === domain }
    }

    func depsMet(_ a: RefAlert) -> Bool {
        a.deps.allSatisfy { $0.state == .finished }
            && a.idDeps.allSatisfy { id in !live(in: a.page!.domain).contains { $0.id == id } }
    }

    func participates(_ p: RefPage) -> Bool {
        guard !p.destroyed && p.visible else { return false }
        guard let parent = p.parent else { return true }
        guard participates(parent) else { return false }
        if parent.hasProvider {
            return choices[parent.index] == p.index
        }
        if let explicit = parent.explicitChild {
            return explicit === p
        }
        return true
    }

    /// Whether the page or an ancestor is suspended.
    func held(_ p: RefPage) -> Bool {
        p.suspensions > 0 || (p.parent.map(held) ?? false)
    }

    /// `participates`, with the providers' last answers.
    func participatedLast(_ p: RefPage) -> Bool {
        guard !p.destroyed && p.visible else { return false }
        guard let parent = p.parent else { return true }
        guard participatedLast(parent) else { return false }
        if parent.hasProvider {
            return lastAnswers[parent.index] == p.index
        }
        if let explicit = parent.explicitChild {
            return explicit === p
        }
        return true
    }

    /// Why `p` does not participate (nil if it does): its own page when it
    /// is destroyed or not visible, else its parent's reason when the
    /// parent does not participate, else its own page (not an active child).
    func absence(_ p: RefPage) -> (String, RefPage)? {
        if participatedLast(p) { return nil }
        if p.destroyed || !p.visible { return ("page_not_visible", p) }
        guard let parent = p.parent else { return nil }
        return absence(parent) ?? ("not_active_child", p)
    }

    /// docs/rules.md §18, derived from the facts: the first cause that
    /// applies, in the order of the rules.
    func reason(_ a: RefAlert) -> String {
        if a.state.isOnScreen && a.pendingEnd != nil { return "min_visible" }
        switch a.state {
        case .idle: return "idle"
        case .waiting: return a.awaitingShowAfter ? (a.campaign != nil ? "trigger_delay" : "show_after") : "not_ready"
        case .finished: return "finished" + (a.endedBy.map { " " + $0 } ?? "")
        case .showing:
            let held = a.duration > 0 && (a.holds > 0 || (a.page?.domain?.root?.timerHolds ?? 0) > 0)
            return held ? "held" : "showing"
        case .ready, .hidden: break
        }
        let page = a.page!
        let d = page.domain!
        if !participatedLast(page) {
            let (code, cause) = absence(page)!
            return a.state == .hidden ? "hidden_page p\(cause.index)" : "\(code) p\(cause.index)"
        }
        if a.state == .hidden {
            let i = d.stack.firstIndex { $0 === a }!
            if let cover = d.stack[(i + 1)...].last(where: {
                participatedLast($0.page!) && $0.exclusive == .hideOthers && $0.lane == a.lane
            }) {
                return "hidden_covered \(cover.label)"
            }
            return stackHiddenReason(a, d) ?? "deferred"
        }
        if let dep = a.deps.first(where: { $0.state != .finished }) {
            return "dependency \(dep.label)"
        }
        for id in a.idDeps {
            if let holder = live(in: d).first(where: { $0.id == id }) {
                return "id_dependency #\(id) \(holder.label)"
            }
        }
        var p: RefPage? = page
        while let q = p {
            if q.suspensions > 0 { return "suspended p\(q.index)" }
            p = q.parent
        }
        if let parked = a.parked {
            return "\(parked.code) \(parked.key)"
        }
        let stack = d.stack.filter { participatedLast($0.page!) && $0.lane == a.lane }
        // What a cover or hide_others candidate must be admitted over (nil: anything shows).
        var above: [RefAlert]?
        let (stackReason, full) = stackReason(a, d)
        if let stackReason {
            return stackReason
        }
        if limit(d, a.lane) != nil {
            above = full ? stack : nil
        } else if let last = stack.last {
            if a.exclusive == .wait {
                return "behind \(last.label)"
            }
            if let uncoverable = stack.last(where: { !$0.coverable }) {
                return "behind \(uncoverable.label)"
            }
            if !admits(a, over: stack) {
                let highest = stack.map(\.priority).max()!
                if highest == a.priority && a.preempt == .equal {
                    // The alert of its priority added after it.
                    return "behind \(stack.filter { $0.priority == highest }.max { $0.seq < $1.seq }!.label)"
                }
                return "behind \(stack.first { $0.priority == highest }!.label)"
            }
            above = stack
        }
        let candidates = live(in: d)
            .filter { $0.lane == a.lane && $0.state == .ready && $0.parked == nil && participatedLast($0.page!)
                && !held($0.page!) && depsMet($0) }
            .sorted(by: before)
        let first = above.map { above in candidates.first { $0.exclusive != .wait }.flatMap { admits($0, over: above) ? $0 : nil } }
            ?? candidates.first
        if let first, first !== a {
            return "lower_priority \(first.label)"
        }
        if d.laneBlockedUntil[a.lane] != nil {
            return "lane_gap"
        }
        return "deferred"
    }

    /// docs/rules.md §19: whether `a`, a `cover` or `hideOthers` candidate,
    /// may show over `stack` (participating, not empty): none of them is
    /// uncoverable, and each has a lower priority or, when `a` pre-empts
    /// equals, the same one and an earlier add.
    func admits(_ a: RefAlert, over stack: [RefAlert]) -> Bool {
        stack.allSatisfy {
            $0.coverable && ($0.priority < a.priority || ($0.priority == a.priority && a.preempt == .equal && $0.seq < a.seq))
        }
    }

    /// Candidate order: priority, then as if each add put a fifo page's
    /// alert at the back of its priority and a lifo page's at the front.
    func before(_ a: RefAlert, _ b: RefAlert) -> Bool {
        if a.priority != b.priority { return a.priority > b.priority }
        if a.lifo != b.lifo { return a.lifo }
        return a.lifo ? a.seq > b.seq : a.seq < b.seq
    }

    /// When the alert's timer runs out, if one runs: its duration while it
    /// is showing, its ttl while it has never been on screen (docs/rules.md §12).
    func timerDeadline(_ a: RefAlert) -> Double? {
        if a.state == .showing && a.running { return a.deadline }
        if (a.state == .waiting || a.state == .ready) && a.ttl > 0 { return a.addedAt + a.ttl }
        return nil
    }

    /// The earliest of its timer and its wake, if any.
    func nextTime(_ a: RefAlert) -> Double? {
        let times = [timerDeadline(a), wake(a)?.time].compactMap { $0 }
        return times.min()
    }

    /// Its wake (docs/rules.md §16, §17): a cap freeing, a show_after
    /// delay over, a pending end due.
    func wake(_ a: RefAlert) -> (time: Double, kind: String)? {
        if let time = a.parked?.wake { return (time, "cap") }
        if a.state == .waiting && a.awaitingShowAfter { return (a.showAfterWake, "showAfter") }
        if a.state.isOnScreen && a.pendingEnd != nil { return (a.minVisibleWake, "minVisible") }
        return nil
    }

    /// The domain's due alert that fires first: by scanning every live alert.
    func firstDue(_ d: RefDomain, at time: Double) -> RefAlert? {
        var first: (alert: RefAlert, deadline: Double)?
        for a in live(in: d) {
            guard let deadline = timerDeadline(a), deadline <= time else { continue }
            if let f = first, f.deadline < deadline || (f.deadline == deadline && f.alert.seq < a.seq) { continue }
            first = (a, deadline)
        }
        return first?.alert
    }

    func tick(_ d: RefDomain) {
        let time = clock
        let touched = Touched()
        var fired = false
        // The wakes due, soonest first (ties in add order), then the gaps.
        while !d.dead, let a = live(in: d).filter({ (wake($0)?.time).map { $0 <= time } ?? false })
            .min(by: { (wake($0)!.time, $0.seq) < (wake($1)!.time, $1.seq) }) {
            fired = true
            touched.add(d)
            switch wake(a)!.kind {
            case "cap":
                a.parked = nil
            case "showAfter":
                a.awaitingShowAfter = false
                // docs/rules.md §21: the audience is asked again, with the
                // attributes of the domain it is in now.
                if let c = a.campaign, !c.test, let audience = c.audience, d.root?.tier != audience {
                    a.endedBy = "audience"
                    end(a, .ineligible, touched)
                    event("finish \(a.label) ineligible", a, kind: "finish")
                    continue
                }
                if a.readyAfterDelay { a.state = .ready }
            default:
                let reason = a.pendingEnd!
                end(a, reason, touched)
                event("remove \(a.label) \(reason)", a, kind: "remove")
                event("finish \(a.label) \(reason)", a, kind: "finish")
            }
        }
        if let wake = d.gapWake, wake <= time {
            d.gapWake = nil
            d.laneBlockedUntil = d.laneBlockedUntil.filter { $0.value > time }
            fired = true
            touched.add(d)
        }
        while !d.dead, let a = firstDue(d, at: time) {
            fired = true
            let onScreen = a.state.isOnScreen
            let reason: EndReason = onScreen ? .timeout : .expired
            end(a, reason, touched)
            if onScreen { event("remove \(a.label) \(reason)", a, kind: "remove") }
            event("finish \(a.label) \(reason)", a, kind: "finish")
        }
        if fired { settle(touched) }
    }

    func wantedOffset(_ a: RefAlert, _ keyboard: Rect) -> Double {
        guard a.avoid, let frame = a.frame, keyboard.height > 0 else { return 0 }
        let overlap = frame.y + frame.height - keyboard.y
        return overlap > 0 ? -overlap + a.adjust : 0
    }

    /// G over unfinished alerts (see DependencyGraph in the engine), with
    /// `isLive` and `domainOf` overridable to ask "what if", plus extra edges.
    func hasCycle(isLive: (RefAlert) -> Bool, domainOf: (RefAlert) -> RefDomain?,
                          extra: [(RefAlert, RefAlert)] = [], gone: [RefAlert] = []) -> Bool {
        let nodes = alerts.filter { a in a.state != .finished && !gone.contains { $0 === a } }
        func successors(_ a: RefAlert) -> [RefAlert] {
            var out = a.deps.filter { d in d.state != .finished && !gone.contains { $0 === d } }
            if isLive(a) {
                for id in a.idDeps {
                    out += nodes.filter { isLive($0) && $0.id == id && domainOf($0) === domainOf(a) }
                }
            }
            return out + extra.filter { $0.0 === a }.map(\.1)
        }
        var done = Set<String>()
        var path = Set<String>()
        func visit(_ a: RefAlert) -> Bool {
            if path.contains(a.label) { return true }
            if done.contains(a.label) { return false }
            path.insert(a.label)
            for b in successors(a) where visit(b) { return true }
            path.remove(a.label)
            done.insert(a.label)
            return false
        }
        return nodes.contains { visit($0) }
    }

    var currentDomainOf: (RefAlert) -> RefDomain? { { $0.state.isLive ? $0.page!.domain : nil } }
}
