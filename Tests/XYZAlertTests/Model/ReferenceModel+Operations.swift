import XYZAlert

/// The reference model's operations: each public call of the engine, as
/// the rules describe it, checked and carried out on the model's state.
extension ReferenceHarness {
    func usable(_ p: RefPage) throws(RefFailure) {
        if p.destroyed { throw RefFailure("state") }
    }

    func make(_ spec: AlertSpec) -> String? {
        let a = RefAlert(label: "L\(alerts.count)", id: spec.id)
        alerts.append(a)
        slots[spec.slot] = a
        a.reactions = spec.reactions
        a.priority = spec.priority
        a.exclusive = spec.exclusive
        a.startsWaiting = spec.waiting
        a.target = spec.target
        a.actions = spec.actions
        a.duration = spec.duration
        a.ttl = spec.ttl
        a.tags = spec.tags
        a.onDuplicate = spec.onDuplicate
        a.lane = spec.lane
        a.onCapped = spec.onCapped
        a.windows = spec.windows
        a.onOutside = spec.onOutside
        a.frame = spec.frameY.map { Rect(x: 0, y: $0, width: 300, height: 150) }
        a.showAfter = spec.showAfter
        a.minVisible = spec.minVisible
        a.whenDisplaced = spec.whenDisplaced
        a.preempt = spec.preempt
        a.coverable = spec.coverable
        a.keepOpenFirst = spec.keepOpenFirst && spec.actions > 0
        if let id = spec.id, let rules = idCaps[id] {
            a.caps = rules
        }
        do throws(RefFailure) {
            for id in spec.afterIDs {
                try dependOnID(a, id)
            }
            for other in spec.afterSlots {
                if let dep = slots[other] {
                    try dependOn(a, dep)
                }
            }
            return nil
        } catch {
            return error.code
        }
    }

    func dependOn(_ a: RefAlert, _ dep: RefAlert) throws(RefFailure) {
        if a.state == .finished || a.state.isOnScreen { throw RefFailure("state") }
        if dep === a { throw RefFailure("cycle") }
        if dep.state == .finished || a.deps.contains(where: { $0 === dep }) { return }
        if hasCycle(isLive: { $0.state.isLive }, domainOf: currentDomainOf, extra: [(a, dep)]) {
            throw RefFailure("cycle")
        }
        a.deps.append(dep)
        if a.state.isLive { dep.dependents.append(a) }
    }

    func dependOnID(_ a: RefAlert, _ text: String) throws(RefFailure) {
        let id = byteKey(text)
        if a.state == .finished || a.state.isOnScreen { throw RefFailure("state") }
        if id == a.id { throw RefFailure("cycle") }
        if a.idDeps.contains(id) { return }
        a.idDeps.append(id)
        if hasCycle(isLive: { $0.state.isLive }, domainOf: currentDomainOf) {
            a.idDeps.removeLast()
            throw RefFailure("cycle")
        }
    }

    /// `outer`: a campaign's add, whose call holds the passes of the page's
    /// domain (docs/rules.md §21): that domain goes to `outer`, the others
    /// it touched settle now, as the engine's add settles them.
    func add(_ p: RefPage, _ batch: [RefAlert], into outer: Touched? = nil) throws(RefFailure) {
        try usable(p)
        if batch.isEmpty { return } // nothing happens, not even a pass
        var ids = Set<String>()
        var conflicts: [(new: RefAlert, live: RefAlert)] = []
        for (i, a) in batch.enumerated() {
            if batch[..<i].contains(where: { $0 === a }) { throw RefFailure("invalidArgument") }
            if a.state != .idle { throw RefFailure("state") }
            if let id = a.id {
                if let live = live(in: p.domain).first(where: { $0.id == id }) {
                    if a.onDuplicate == .reject { throw RefFailure("duplicate") }
                    conflicts.append((a, live))
                }
                if !ids.insert(id).inserted { throw RefFailure("duplicate") }
            }
        }
        // docs/rules.md §16: a drop alert a cap forbids finishes unadded,
        // reported before the duplicates' ends.
        let capped = batch.filter { $0.onCapped == .drop && $0.campaign?.test != true && capVerdict($0) != nil }
        conflicts.removeAll { c in capped.contains { $0 === c.new } }
        let ignored = conflicts.filter { $0.new.onDuplicate != .replace }.map(\.new) + capped
        let gone = ignored + conflicts.filter { $0.new.onDuplicate == .replace }.map(\.live)
        let joining = batch.filter { a in !ignored.contains { $0 === a } }
        let isGone: (RefAlert) -> Bool = { a in gone.contains { $0 === a } }
        let isLive: (RefAlert) -> Bool = { a in (a.state.isLive && !isGone(a)) || joining.contains { $0 === a } }
        let domainOf: (RefAlert) -> RefDomain? = { a in
            joining.contains { $0 === a } ? p.domain : (a.state.isLive ? a.page!.domain : nil)
        }
        if hasCycle(isLive: isLive, domainOf: domainOf, gone: gone) { throw RefFailure("cycle") }
        let touched = Touched()
        touched.add(p.domain)
        // (With the page each is reported to: a page destroyed by an
        // earlier callback of the add has no host any more, and hears nothing.)
        var endings: [(alert: RefAlert, reason: EndReason, wasOnScreen: Bool, updated: RefAlert?, page: RefPage)] = []
        for a in capped {
            a.endedBy = capVerdict(a)!.key
            a.state = .finished
            a.deps = []
            let dependents = a.dependents
            a.dependents = []
            for w in dependents where w.state.isLive && depsMet(w) {
                touched.add(w.page!.domain)
            }
            endings.append((a, .capped, false, nil, p))
        }
        for (new, live) in conflicts {
            if new.onDuplicate != .replace {
                // docs/rules.md §19: an upsert gives the live one its content first.
                if new.onDuplicate == .update || new.onDuplicate == .coalesce {
                    upsert(live, from: new, coalescing: new.onDuplicate == .coalesce)
                }
                new.state = .finished
                new.deps = []
                let dependents = new.dependents
                new.dependents = []
                for w in dependents where w.state.isLive && depsMet(w) {
                    touched.add(w.page!.domain)
                }
                endings.append((new, .duplicate, false, new.onDuplicate == .update || new.onDuplicate == .coalesce ? live : nil, p))
            } else {
                let wasOnScreen = live.state.isOnScreen
                let home = live.page!
                end(live, .replaced, touched)
                endings.append((live, .replaced, wasOnScreen, nil, home))
            }
        }
        for a in joining {
            a.seq = p.domain.nextSeq
            p.domain.nextSeq += 1
            a.lifo = p.order == .lifo
            a.page = p
            a.state = a.startsWaiting ? .waiting : .ready
            if a.showAfter > 0 {
                a.awaitingShowAfter = true
                a.readyAfterDelay = !a.startsWaiting
                a.state = .waiting
                a.showAfterWake = clock + a.showAfter
            }
            a.addedAt = clock
            a.remaining = a.duration
        }
        for a in joining {
            for dep in a.deps where dep.state != .finished {
                dep.dependents.append(a)
            }
        }
        let dropped = dropOverCapacity(p, touched)
        for (a, reason, wasOnScreen, updated, home) in endings {
            if let updated, updated.state.isOnScreen {
                deliverUpdate(updated)
                if updated.state == .showing { announce(updated) }
            }
            if home.hostGone { continue }
            if wasOnScreen { event("remove \(a.label) \(reason)", a, kind: "remove") }
            event("finish \(a.label) \(reason)", a, kind: "finish")
        }
        for a in dropped where !p.hostGone {
            event("finish \(a.label) dropped", a, kind: "finish")
        }
        if let outer {
            let others = Touched()
            for d in touched.domains where d !== p.domain { others.add(d) }
            outer.add(p.domain)
            settle(others)
            return
        }
        settle(touched)
    }

    func setParent(_ child: RefPage, _ parent: RefPage?) throws(RefFailure) {
        try usable(child)
        if let parent { try usable(parent) }
        if parent === child.parent { return }
        var walker = parent
        while let w = walker {
            if w === child { throw RefFailure("cycle") }
            walker = w.parent
        }
        if child.domain.running || parent?.domain.running == true { throw RefFailure("state") }
        if let parent, parent.domain !== child.domain {
            let members = child.subtree
            let inSubtree: (RefAlert) -> Bool = { a in members.contains { $0 === a.page! } }
            let moving = alerts.filter { $0.state.isLive && inSubtree($0) }
            for a in moving where a.id != nil {
                if live(in: parent.domain).contains(where: { $0.id == a.id }) { throw RefFailure("duplicate") }
            }
            let merged = RefDomain(root: nil)
            let domainOf: (RefAlert) -> RefDomain? = { a in
                guard a.state.isLive else { return nil }
                return inSubtree(a) || a.page!.domain === parent.domain ? merged : a.page!.domain
            }
            if hasCycle(isLive: { $0.state.isLive }, domainOf: domainOf) { throw RefFailure("cycle") }
        }
        let touched = Touched()
        if let old = child.parent {
            unlink(old, child)
            if parent?.domain !== child.domain {
                let rest = child.domain!
                _ = split(rest, child)
                touched.add(rest)
            }
        }
        if let parent {
            parent.children.append(child)
            child.parent = parent
            if child.domain !== parent.domain {
                absorb(parent.domain, child.domain, child)
            }
        }
        touched.add(child.domain)
        settle(touched)
    }

    func destroy(_ p: RefPage) throws(RefFailure) {
        try usable(p)
        p.destroyed = true
        lastAnswers[p.index] = nil
        let touched = Touched()
        touched.add(p.domain)
        while let a = p.domain.stack.last(where: { $0.page === p }) {
            end(a, .destroyed, touched)
            event("remove \(a.label) destroyed", a, kind: "remove")
            event("finish \(a.label) destroyed", a, kind: "finish")
        }
        let queued = alerts.filter { $0.state.isLive && $0.page === p }.sorted(by: before)
        for a in queued where a.state.isLive && a.page === p {
            end(a, .destroyed, touched)
            event("finish \(a.label) destroyed", a, kind: "finish")
        }
        let kids = p.children
        p.children = []
        for c in kids {
            c.parent = nil
            touched.add(split(p.domain, c))
        }
        if let parent = p.parent {
            unlink(parent, p)
        } else {
            p.domain.dead = true
            p.domain.root = nil
        }
        p.domain = RefDomain(root: nil)
        p.domain.dead = true
        p.hasProvider = false
        p.explicitChild = nil
        p.hostGone = true
        settle(touched)
    }

    func perform(_ op: Op) -> String {
        do throws(RefFailure) {
            switch op {
            case .add(let page, let specs):
                var failures: [String] = []
                var batch: [RefAlert] = []
                for spec in specs {
                    if let failure = make(spec) { failures.append(failure) }
                    batch.append(slots[spec.slot]!)
                }
                let prefix = failures.isEmpty ? "" : "make " + failures.joined(separator: ",") + "; "
                do throws(RefFailure) {
                    try add(pages[page], batch)
                    return prefix + "ok"
                } catch {
                    return prefix + error.code
                }
            case .addExisting(let page, let wanted):
                let batch = wanted.compactMap { slots[$0] }
                guard !batch.isEmpty else { return "skip" }
                try add(pages[page], batch)
            case .ready(let slot):
                guard let a = slots[slot] else { return "skip" }
                if a.state == .finished { throw RefFailure("state") }
                if a.state == .idle {
                    a.startsWaiting = false
                } else if a.state == .waiting && a.awaitingShowAfter {
                    a.readyAfterDelay = true
                } else if a.state == .waiting {
                    a.state = .ready
                    let touched = Touched()
                    touched.add(a.page!.domain)
                    settle(touched)
                }
            case .dismiss(let slot):
                guard let a = slots[slot] else { return "skip" }
                if !a.state.isOnScreen { throw RefFailure("state") }
                if deferEnd(a, .dismissed) { return "ok" }
                let touched = Touched()
                end(a, .dismissed, touched)
                event("finish \(a.label) dismissed", a, kind: "finish")
                settle(touched)
            case .cancel(let slot):
                guard let a = slots[slot] else { return "skip" }
                if !a.state.isLive { throw RefFailure("state") }
                if deferEnd(a, .cancelled) { return "ok" }
                let wasOnScreen = a.state.isOnScreen
                let touched = Touched()
                end(a, .cancelled, touched)
                if wasOnScreen { event("remove \(a.label) cancelled", a, kind: "remove") }
                event("finish \(a.label) cancelled", a, kind: "finish")
                settle(touched)
            case .action(let slot, let index):
                guard let a = slots[slot] else { return "skip" }
                if a.state != .showing { throw RefFailure("state") }
                if index < 0 || index >= a.actions { throw RefFailure("invalidArgument") }
                if index == 0 && a.keepOpenFirst {
                    event("action \(a.label) \(index)", a, kind: "action")
                    return "ok"
                }
                let touched = Touched()
                end(a, .dismissed, touched)
                event("action \(a.label) \(index)", a, kind: "action")
                event("remove \(a.label) dismissed", a, kind: "remove")
                event("finish \(a.label) dismissed", a, kind: "finish")
                settle(touched)
            case .dependOn(let slot, let other):
                guard let a = slots[slot], let dep = slots[other] else { return "skip" }
                try dependOn(a, dep)
            case .dependOnID(let slot, let id):
                guard let a = slots[slot] else { return "skip" }
                try dependOnID(a, id)
            case .appear(let page):
                let p = pages[page]
                try usable(p)
                p.visible = true
                let touched = Touched()
                touched.add(p.domain)
                settle(touched)
            case .disappear(let page):
                let p = pages[page]
                try usable(p)
                p.visible = false
                hidePagesNow(p.domain)
                let touched = Touched()
                touched.add(p.domain)
                settle(touched)
            case .setParent(let child, let parent):
                try setParent(pages[child], parent.map { pages[$0] })
            case .setActiveChild(let parent, let child):
                let p = pages[parent]
                try usable(p)
                if let child, pages[child].parent !== p { throw RefFailure("owner") }
                p.explicitChild = child.map { pages[$0] }
                p.hasProvider = false
                lastAnswers[p.index] = nil
                let touched = Touched()
                touched.add(p.domain)
                settle(touched)
            case .setProvider(let parent, let on):
                let p = pages[parent]
                try usable(p)
                p.hasProvider = on
                p.explicitChild = nil
                lastAnswers[p.index] = nil
                let touched = Touched()
                touched.add(p.domain)
                settle(touched)
            case .choose(let parent, let child):
                choices[parent] = child
            case .destroy(let page):
                try destroy(pages[page])
            case .keyboard(let page, let y, let height, let duration):
                let p = pages[page]
                try usable(p)
                p.domain.keyboard = Rect(x: 0, y: y, width: 400, height: height)
                moveStep(p.domain, duration: duration)
            case .frame(let slot, let y, let height):
                guard let a = slots[slot] else { return "skip" }
                if a.state == .finished { throw RefFailure("state") }
                a.frame = Rect(x: 0, y: y, width: 300, height: height)
                if let p = a.page { moveStep(p.domain, duration: 0) }
            case .avoidance(let slot, let enabled, let adjust):
                guard let a = slots[slot] else { return "skip" }
                if a.state == .finished { throw RefFailure("state") }
                a.avoid = enabled
                a.adjust = adjust
                if let p = a.page { moveStep(p.domain, duration: 0) }
            case .flush(let page):
                let p = pages[page]
                try usable(p)
                p.domain.flushRequested = false
                run(p.domain)
            case .tick(let page):
                let p = pages[page]
                try usable(p)
                tick(p.domain)
            case .session:
                beginSession()
            case .hold, .unhold, .holdTimers, .unholdTimers, .setScale, .setGap:
                return try performTiming(op)
            case .setLaneLimit, .setOrder, .cancelQueued:
                return try performStacks(op)
            case .track(let page, let event):
                try track(pages[page], event)
            case .setAttribute(let page, let value):
                try setTier(pages[page], value)
            case .update(let slot, let title):
                guard let a = slots[slot] else { return "skip" }
                if a.state == .finished { throw RefFailure("state") }
                // Content equal byte for byte changes nothing; a change made
                // from inside the alert's own update callback is delivered
                // once more after it returns.
                if a.title.map(byteKey) == byteKey(title) { return "ok" }
                a.title = title
                if a.state.isOnScreen {
                    deliverUpdate(a)
                    announce(a)
                }
            case .setCapacity(let page, let capacity):
                let p = pages[page]
                try usable(p)
                p.capacity = capacity
                let touched = Touched()
                let dropped = dropOverCapacity(p, touched)
                for a in dropped {
                    event("finish \(a.label) dropped", a, kind: "finish")
                }
                if !dropped.isEmpty { settle(touched) }
            case .suspend(let page):
                let p = pages[page]
                try usable(p)
                p.suspensions += 1
            case .resume(let page):
                let p = pages[page]
                try usable(p)
                if p.suspensions == 0 { throw RefFailure("state") }
                p.suspensions -= 1
                if p.suspensions == 0 {
                    let touched = Touched()
                    touched.add(p.domain)
                    settle(touched)
                }
            case .cancelTagged(let page, let tag):
                let p = pages[page]
                try usable(p)
                return "ok \(cancelMany(p.domain!, RefCancel(tag: tag, queuedOnly: false)))"
            case .advance(let seconds):
                let target = clock + seconds
                while true {
                    let due = pages.filter { !$0.destroyed }.compactMap { p in
                        (live(in: p.domain).compactMap(nextTime) + [p.domain.gapWake].compactMap { $0 }).min()
                            .map { (p, max(0, $0 - clock)) }
                    }
                    guard let (p, delay) = due.min(by: { $0.1 < $1.1 }), clock + delay <= target else { break }
                    clock += delay
                    trace.append("tick p\(p.index) at \(clock) -> " + perform(.tick(page: p.index)))
                }
                clock = target
            }
            return "ok"
        } catch {
            return error.code
        }
    }
}

/// An id as the engine compares it: by its UTF-8 bytes (Swift's `==` on
/// strings would make "\u{E9}" and "e\u{301}" one id).
func byteKey(_ text: String) -> String {
    text.utf8.map { String($0, radix: 16) }.joined(separator: ".")
}
