import XYZAlert

/// The reference model's stacks and dialog-manager controls (docs/rules.md
/// §19), written from the rules by scanning: lane limits and eviction,
/// displaced alerts, the lifo order, upserts, actions that keep the alert
/// open, and cancel_queued.
extension ReferenceHarness {
    /// The limit of `lane` in `d` when it is not the classic one.
    func limit(_ d: RefDomain, _ lane: String) -> (visible: Int, onFull: OnFull)? {
        d.root?.laneLimits[lane]
    }

    /// The alerts of a lane's participating stack that compete for its room,
    /// top first: every one down to and with the topmost `hideOthers` one.
    /// `participating` decides who takes part (the current answers, or the
    /// last ones for reasons).
    func competing(_ stack: [RefAlert], _ participating: (RefPage) -> Bool) -> (alerts: [RefAlert], exclusive: Bool) {
        var out: [RefAlert] = []
        for a in stack.reversed() where participating(a.page!) {
            out.append(a)
            if a.exclusive == .hideOthers { return (out, true) }
        }
        return (out, false)
    }

    /// Of `alerts` (top first), the `count` best-ranked: higher priority,
    /// then the newer show (the one nearer the top).
    func best(_ alerts: [RefAlert], _ count: Int) -> [RefAlert] {
        Array(alerts.enumerated().sorted { x, y in
            x.element.priority != y.element.priority ? x.element.priority > y.element.priority : x.offset < y.offset
        }.prefix(count).map(\.element))
    }

    /// docs/rules.md §18 for a ready alert of a lane with a limit, after its
    /// page, dependencies, suspension and caps: nil when nothing on screen
    /// holds it (the selection decides then), with whether the lane's
    /// alerts on screen stop a `wait` candidate (`full`).
    func stackReason(_ a: RefAlert, _ d: RefDomain) -> (reason: String?, full: Bool) {
        guard let limit = limit(d, a.lane) else { return (nil, false) }
        let stack = d.stack.filter { $0.lane == a.lane }
        let participating = stack.filter { participatedLast($0.page!) }
        let uncoverable = participating.last { !$0.coverable }
        let (alerts, exclusive) = competing(stack, participatedLast)
        let full = exclusive || alerts.count >= limit.visible
        guard full else {
            // With room, a hide_others one would hide an uncoverable one.
            if a.exclusive == .hideOthers, let uncoverable {
                return ("behind \(uncoverable.label)", false)
            }
            return (nil, false)
        }
        let blocksIt = a.exclusive == .wait || !admits(a, over: participating)
        let visible = limit.visible > 1 ? best(alerts, limit.visible) : Array(alerts.prefix(1))
        let oldest = stack.first { s in visible.contains { $0 === s } }!
        if blocksIt {
            if a.exclusive != .wait, let uncoverable {
                return ("behind \(uncoverable.label)", true)
            }
            // A full lane that evicts does not evict an uncoverable one.
            if limit.onFull == .queue || exclusive || !oldest.coverable {
                return ("behind \(oldest.label)", true)
            }
        }
        return (nil, limit.onFull == .queue || exclusive)
    }

    /// Why a hidden alert of a lane with a limit above 1 stays hidden when
    /// no `hideOthers` alert covers it: the lowest-ranked visible alert, if
    /// it ranks above it.
    func stackHiddenReason(_ a: RefAlert, _ d: RefDomain) -> String? {
        guard let limit = limit(d, a.lane), limit.visible > 1 else { return nil }
        let stack = d.stack.filter { $0.lane == a.lane }
        let visible = best(competing(stack, participatedLast).alerts, limit.visible)
        guard visible.count >= limit.visible, let last = visible.last, !visible.contains(where: { $0 === a }) else { return nil }
        return "hidden_covered \(last.label)"
    }

    /// Rules 2-6 in a lane with a limit (docs/rules.md §19): delivers its
    /// next event, if any.
    func stackLaneEvent(_ d: RefDomain, _ lane: String, _ limit: (visible: Int, onFull: OnFull),
                        _ delivered: inout Set<String>) -> Bool {
        let stack = d.stack.filter { $0.lane == lane }
        let participatingStack = stack.filter { participates($0.page!) }
        let (alerts, exclusive) = competing(stack, participates)
        let room = !exclusive && alerts.count < limit.visible
        func candidates() -> [RefAlert] {
            live(in: d).filter { $0.lane == lane && $0.state == .ready && $0.parked == nil && participates($0.page!)
                && !held($0.page!) && depsMet($0) }.sorted(by: before)
        }
        func select() -> RefAlert? {
            if participatingStack.isEmpty || room {
                // docs/rules.md §19: a hide_others one would hide an uncoverable one.
                let first = candidates().first
                if first?.exclusive == .hideOthers && participatingStack.contains(where: { !$0.coverable }) {
                    return nil
                }
                return first
            }
            return candidates().first { $0.exclusive != .wait }.flatMap { admits($0, over: participatingStack) ? $0 : nil }
        }
        var chosen: RefAlert?
        switch screened(select, &delivered) {
        case .dropped: return true
        case .chosen(let a): chosen = a
        }
        var evicting = false
        if chosen == nil && !room && !exclusive && limit.onFull == .evictOldest {
            switch screened({ candidates().first }, &delivered) {
            case .dropped: return true
            case .chosen(let a): evicting = a != nil
            }
        }
        if (chosen != nil || evicting) && !d.laneLeftAt.isEmpty && gapHolds(d, lane) {
            chosen = nil
            evicting = false
        }
        let virtual = stack + (chosen.map { [$0] } ?? [])
        let (virtualAlerts, _) = competing(virtual, participates)
        let kept = limit.visible > 1 ? best(virtualAlerts, limit.visible) : virtualAlerts
        func visible(_ i: Int) -> Bool { kept.contains { $0 === virtual[i] } }
        if visibilityStep(stack, visible, &delivered) {
            return true
        } else if evicting, let i = stack.indices.first(where: visible), stack[i].coverable {
            // (The oldest visible one had its event in this pass: the next pass evicts.)
            guard !delivered.contains(stack[i].label) else { return false }
            delivered.insert(stack[i].label)
            endInPass(stack[i], .evicted)
        } else if let a = chosen {
            show(a, delivered: &delivered)
        } else {
            return false
        }
        return true
    }

    /// The next event of `stack`'s alerts that `visible` (by index) says
    /// are covered or uncovered, topmost first: one not visible that
    /// shows, or drops when displaced (`displaced`), is hidden; one hidden
    /// and visible again is unhidden. False when none has one.
    func visibilityStep(_ stack: [RefAlert], _ visible: (Int) -> Bool, _ delivered: inout Set<String>) -> Bool {
        let pending = stack.indices.reversed().filter {
            !stack[$0].page!.destroyed && !delivered.contains(stack[$0].label)
        }
        if let i = pending.first(where: {
            (participates(stack[$0].page!) && !visible($0) && stack[$0].whenDisplaced == .drop)
                || (stack[$0].state == .showing && !visible($0))
        }) {
            let a = stack[i]
            delivered.insert(a.label)
            if participates(a.page!) && a.whenDisplaced == .drop {
                endInPass(a, .displaced)
            } else {
                a.state = .hidden
                pause(a)
                event("hide \(a.label) \(participates(a.page!) ? "covered" : "page")", a, kind: "hide")
            }
            return true
        }
        if let i = pending.first(where: { stack[$0].state == .hidden && visible($0) }) {
            let a = stack[i]
            delivered.insert(a.label)
            a.state = .showing
            if durationRuns(a) { runDuration(a) }
            event("unhide \(a.label)", a, kind: "unhide")
            return true
        }
        return false
    }

    enum Screened {
        case chosen(RefAlert?)
        /// A `drop` candidate a cap forbade ended (an event of the pass).
        case dropped
    }

    /// docs/rules.md §16 on a selection: a capped candidate is dropped (an
    /// event) or parked, and the selection goes on without it.
    func screened(_ select: () -> RefAlert?, _ delivered: inout Set<String>) -> Screened {
        var chosen = select()
        while let a = chosen, let verdict = verdict(a) {
            let outside = verdict.code == "outside_window"
            if outside ? a.onOutside == .drop : a.onCapped == .drop {
                delivered.insert(a.label)
                let touched = Touched()
                let reason: EndReason = outside ? .outsideWindow : .capped
                a.endedBy = verdict.key
                end(a, reason, touched)
                event("finish \(a.label) \(reason)", a, kind: "finish")
                settle(touched)
                return .dropped
            }
            a.parked = (verdict.code, verdict.key, verdict.frees.map { clock + max(0, $0 - clock) })
            chosen = select()
        }
        return .chosen(chosen)
    }

    /// An on-screen alert ends as an event of the pass: `remove`, `finish`.
    func endInPass(_ a: RefAlert, _ reason: EndReason) {
        let touched = Touched()
        end(a, reason, touched)
        event("remove \(a.label) \(reason)", a, kind: "remove")
        event("finish \(a.label) \(reason)", a, kind: "finish")
        settle(touched)
    }

    func performStacks(_ op: Op) throws(RefFailure) -> String {
        switch op {
        case .setLaneLimit(let page, let lane, let visible, let onFull):
            let p = pages[page]
            try requireRoot(p)
            p.laneLimits[lane] = visible == 1 && onFull == .queue ? nil : (visible, onFull)
            let touched = Touched()
            touched.add(p.domain)
            settle(touched)
        case .setOrder(let page, let order):
            let p = pages[page]
            try usable(p)
            p.order = order
        case .cancelQueued(let page, let tag):
            let p = pages[page]
            try usable(p)
            return "ok \(cancelMany(p.domain!, RefCancel(tag: tag, queuedOnly: true)))"
        default:
            return "?"
        }
        return "ok"
    }

    /// docs/rules.md §13 and §19: `cancel_tagged` and `cancel_queued` end
    /// the alerts the request names, one at a time (on-screen ones from the
    /// top, then queued ones in candidate order), then each request that a
    /// callback made meanwhile (which joined this one and reported 0),
    /// chosen afresh; then one pass. Returns how many ended.
    func cancelMany(_ d: RefDomain, _ request: RefCancel) -> Int {
        let touched = Touched()
        touched.add(d)
        if d.joinedCancels != nil {
            if !d.joinedCancels!.contains(request) {
                d.joinedCancels!.append(request)
            }
            settle(touched)
            return 0
        }
        d.joinedCancels = []
        var ended = 0
        var current: RefCancel? = request
        while let request = current, !d.dead {
            let chosen = live(in: d).filter { (request.tag == nil || $0.tags.contains(request.tag!))
                && !(request.queuedOnly && $0.state.isOnScreen) }
            let order = d.stack.reversed().filter { a in chosen.contains { $0 === a } }
                + chosen.filter { !$0.state.isOnScreen }.sorted(by: before)
            for a in order where a.state.isLive && a.page!.domain === d && !(request.queuedOnly && a.state.isOnScreen) {
                if deferEnd(a, .cancelled) { continue }
                let wasOnScreen = a.state.isOnScreen
                end(a, .cancelled, touched)
                if wasOnScreen { event("remove \(a.label) cancelled", a, kind: "remove") }
                event("finish \(a.label) cancelled", a, kind: "finish")
                ended += 1
            }
            current = d.joinedCancels!.isEmpty ? nil : d.joinedCancels!.removeFirst()
        }
        d.joinedCancels = nil
        settle(touched)
        return ended
    }

    /// Upsert (docs/rules.md §19): the live alert takes the new one's
    /// content and, when it has one, its duration, counted again.
    func upsert(_ live: RefAlert, from new: RefAlert, coalescing: Bool = false) {
        live.title = new.title
        live.actions = new.actions
        live.keepOpenFirst = new.keepOpenFirst
        if coalescing {
            // docs/rules.md §19: counted, and announced again.
            live.repeats += 1
            live.lastAnnounced = nil
        }
        let restart = new.duration > 0 ? new.duration : coalescing ? live.duration : 0
        guard restart > 0 else { return }
        live.duration = restart
        live.remaining = restart
        if live.state.isOnScreen {
            live.running = false
        }
        if live.state == .showing && durationRuns(live) {
            runDuration(live)
        }
    }
}
