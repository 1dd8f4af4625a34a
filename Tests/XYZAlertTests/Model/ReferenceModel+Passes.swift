import XYZAlert

/// The reference model's passes (docs/rules.md §2–§6), ending alerts and
/// reshaping domains (splits and joins).
extension ReferenceHarness {
    // MARK: Passes

    /// Domains needing a pass, in the order the call touched them.
    final class Touched {
        var domains: [RefDomain] = []
        func add(_ d: RefDomain) { if !domains.contains(where: { $0 === d }) { domains.append(d) } }
    }

    func settle(_ touched: Touched) {
        for d in touched.domains where !d.dead && !d.running && !d.held && d.root?.destroyed == false {
            let root = d.root!
            if root.mode == .immediate {
                run(d)
            } else if !d.flushRequested {
                d.flushRequested = true
                event("flush? p\(root.index)", nil, kind: "flush")
                if root.mode == .deferredFlushingAtOnce {
                    trace.append("  flush p\(root.index) -> " + perform(.flush(page: root.index)))
                }
            }
        }
    }

    func run(_ d: RefDomain) {
        guard !d.running, !d.dead else { return }
        // (The engine runs no pass in a domain without live alerts, and asks
        // its providers at every event of one that has some.)
        let hadLiveAlerts = !live(in: d).isEmpty
        defer { if !d.dead && hadLiveAlerts { askProviders(d) } }
        d.running = true
        repeat {
            while !d.dead && onePass(d) > 0 {}
        } while !d.dead && moveStep(d, duration: 0) > 0
        d.running = false
    }

    func onePass(_ d: RefDomain) -> Int {
        var delivered = Set<String>()
        // docs/rules.md §14: each lane in use on its own, in byte order of the names.
        while !d.dead, laneStep(d, &delivered) {}
        return delivered.count
    }

    /// Delivers the next event of the first lane that has one; false if none has.
    func laneStep(_ d: RefDomain, _ delivered: inout Set<String>) -> Bool {
        let lanes = Set(live(in: d).map(\.lane) + ["main"])
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for lane in lanes where laneEvent(d, lane, &delivered) {
            return true
        }
        return false
    }

    /// Rules 2-6 within one lane: delivers its next event, if any.
    func laneEvent(_ d: RefDomain, _ lane: String, _ delivered: inout Set<String>) -> Bool {
        if let limit = limit(d, lane) {
            return stackLaneEvent(d, lane, limit, &delivered)
        }
        let stack = d.stack.filter { $0.lane == lane }
        do {
            let participatingStack = stack.filter { participates($0.page!) }
            func select() -> RefAlert? {
                let candidates = live(in: d)
                    .filter { $0.lane == lane && $0.state == .ready && $0.parked == nil && participates($0.page!)
                        && !held($0.page!) && depsMet($0) }
                    .sorted(by: before)
                if participatingStack.isEmpty {
                    return candidates.first
                }
                return candidates.first { $0.exclusive != .wait }.flatMap { admits($0, over: participatingStack) ? $0 : nil }
            }
            // docs/rules.md §16: a capped candidate is dropped (an event) or
            // parked, and the selection goes on without it.
            var chosen: RefAlert?
            switch screened(select, &delivered) {
            case .dropped: return true
            case .chosen(let a): chosen = a
            }
            // docs/rules.md §17: the lane's gap holds its next show back.
            if chosen != nil && !d.laneLeftAt.isEmpty && gapHolds(d, lane) {
                chosen = nil
            }
            let virtual = stack + (chosen.map { [$0] } ?? [])
            func visible(_ i: Int) -> Bool {
                participates(virtual[i].page!)
                    && !virtual[(i + 1)...].contains { participates($0.page!) && $0.exclusive == .hideOthers }
            }
            if visibilityStep(stack, visible, &delivered) {
                return true
            } else if let a = chosen {
                show(a, delivered: &delivered)
            } else {
                return false
            }
        }
        return true
    }

    /// Rule 4's chosen candidate shows: pushed on the stack, then `show`.
    func show(_ a: RefAlert, delivered: inout Set<String>) {
        let d = a.page!.domain!
        delivered.insert(a.label)
        // docs/rules.md §22: a test campaign's displays are not counted.
        if a.campaign?.test != true { countDisplay(a) }
        // A control instance: counted, reported, ended; never shown.
        if let c = a.campaign, c.control {
            event("control \(c.id) \(a.label)", nil, kind: "control")
            let touched = Touched()
            end(a, .control, touched)
            event("finish \(a.label) control", a, kind: "finish")
            settle(touched)
            return
        }
        d.stack.append(a)
        a.state = .showing
        a.offset = 0
        if durationRuns(a) { runDuration(a) }
        if a.minVisible > 0 { a.shownAt = clock }
        let laneNote = a.lane == "main" ? "" : " lane \(a.lane)"
        event("show \(a.label) p\(a.page!.index) \(a.target) \(hex(resolve(a.target, on: a.page!)))" + laneNote,
              a, kind: "show")
        announce(a)
    }

    @discardableResult
    func moveStep(_ d: RefDomain, duration: Double) -> Int {
        var moved = Set<String>()
        while !d.dead, let a = d.stack.reversed().first(where: {
            $0.state == .showing && !$0.page!.destroyed && !moved.contains($0.label)
                && wantedOffset($0, d.keyboard) != $0.offset
        }) {
            moved.insert(a.label)
            a.offset = wantedOffset(a, d.keyboard)
            event("move \(a.label) \(a.offset) \(duration)", a, kind: "move")
        }
        return moved.count
    }

    func hidePagesNow(_ d: RefDomain) {
        defer { if !d.dead { askProviders(d) } }
        var hidden = Set<String>()
        while !d.dead, let a = d.stack.reversed().first(where: {
            $0.state == .showing && !participates($0.page!) && !$0.page!.destroyed && !hidden.contains($0.label)
        }) {
            hidden.insert(a.label)
            a.state = .hidden
            pause(a)
            event("hide \(a.label) page", a, kind: "hide")
        }
    }

    /// A showing alert was hidden: its duration keeps the time left.
    func pause(_ a: RefAlert) {
        if a.running { pauseDuration(a) }
    }

    /// Ends the lowest-ranked queued alerts of `p` while it holds more than
    /// its capacity (state only); returns them in order.
    func dropOverCapacity(_ p: RefPage, _ touched: Touched) -> [RefAlert] {
        var dropped: [RefAlert] = []
        while p.capacity > 0 {
            let queued = alerts.filter { $0.state.isLive && !$0.state.isOnScreen && $0.page === p }
            guard queued.count > p.capacity else { break }
            let lowest = queued.min { $0.priority != $1.priority ? $0.priority < $1.priority : $0.seq > $1.seq }!
            end(lowest, .dropped, touched)
            dropped.append(lowest)
        }
        return dropped
    }

    // MARK: Ending alerts and reshaping domains

    func end(_ a: RefAlert, _ reason: EndReason, _ touched: Touched) {
        let d = a.page!.domain!
        touched.add(d)
        a.parked = nil
        a.pendingEnd = nil
        a.awaitingShowAfter = false
        a.running = false
        if a.state.isOnScreen, let root = d.root, root.gaps[a.lane] != nil {
            d.laneLeftAt[a.lane] = clock
        }
        d.stack.removeAll { $0 === a }
        a.state = .finished
        for dep in a.deps {
            dep.dependents.removeAll { $0 === a }
        }
        a.deps = []
        let dependents = a.dependents
        a.dependents = []
        a.page = nil
        for w in dependents where w.state.isLive && depsMet(w) {
            touched.add(w.page!.domain)
        }
    }

    func unlink(_ parent: RefPage, _ child: RefPage) {
        parent.children.removeAll { $0 === child }
        child.parent = nil
        if parent.explicitChild === child {
            parent.explicitChild = nil
        }
    }

    func split(_ d: RefDomain, _ child: RefPage) -> RefDomain {
        let n = RefDomain(root: child)
        historyDomains.append(n)
        n.nextSeq = d.nextSeq
        n.keyboard = d.keyboard
        // Running durations leave on this domain's scale, run on the new root's.
        let members = child.subtree
        for a in d.stack where a.running && a.state == .showing && members.contains(where: { $0 === a.page! }) {
            pauseDuration(a)
        }
        for p in child.subtree { p.domain = n }
        n.stack = d.stack.filter { $0.page!.domain === n }
        d.stack.removeAll { $0.page!.domain === n }
        refreshDurations(n)
        return n
    }

    func absorb(_ d: RefDomain, _ other: RefDomain, _ child: RefPage) {
        for a in other.stack where a.running && a.state == .showing {
            pauseDuration(a)
        }
        let members = child.subtree
        for a in alerts where a.state.isLive && members.contains(where: { $0 === a.page! }) {
            a.seq += d.nextSeq
        }
        for p in members { p.domain = d }
        d.nextSeq += other.nextSeq
        d.stack += other.stack
        other.stack = []
        other.dead = true
        other.root = nil
        historyDomains.removeAll { $0 === other }
        refreshDurations(d)
    }
}
