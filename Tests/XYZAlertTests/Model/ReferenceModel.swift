import XYZAlert

// A deliberately simple scheduler written from the rules of docs/rules.md (§2–§6)
// and the engine's documented decisions. It keeps only the facts (states,
// the stack of each domain, parent links) and recomputes everything else by
// scanning at every step: candidates, dependency satisfaction, participation,
// visibility, id uniqueness and cycles. No queues, indexes or counters.

final class RefAlert {
    let label: String
    let id: String?
    var priority: Int32 = 0
    var exclusive: Exclusive = .wait
    var startsWaiting = false
    var state: AlertState = .idle
    var page: RefPage?
    var seq = 0
    var deps: [RefAlert] = []
    var idDeps: [String] = []
    /// Live alerts that depend on this one by handle, in the order they
    /// registered: it orders the passes of other domains a finish unblocks.
    var dependents: [RefAlert] = []
    var actions = 0
    var target = "page"
    var avoid = true
    var adjust = 0.0
    var frame: Rect?
    var offset = 0.0
    var reactions: [Reaction] = []
    var duration = 0.0
    var ttl = 0.0
    /// When it was added, the showing time left of its duration, and while
    /// it is visible, when that runs out.
    var addedAt = 0.0
    var remaining = 0.0
    var deadline = 0.0
    var tags: [String] = []
    var onDuplicate: OnDuplicate = .reject
    var lane = "main"
    var title: String?
    var updateIsRunning = false
    var updateIsPending = false

    init(label: String, id: String?) {
        self.label = label
        self.id = (id?.isEmpty ?? true) ? nil : id.map(byteKey)
    }
}

final class RefPage {
    let index: Int
    let mode: PageMode
    var visible = false
    var parent: RefPage?
    var children: [RefPage] = []
    var explicitChild: RefPage?
    var hasProvider = false
    var destroyed = false
    var suspensions = 0
    var capacity = 0
    var targets: [String: ViewHandle] = [:]
    var domain: RefDomain!

    init(index: Int, mode: PageMode) {
        self.index = index
        self.mode = mode
    }

    var subtree: [RefPage] { [self] + children.flatMap(\.subtree) }
}

final class RefDomain {
    var root: RefPage?
    var stack: [RefAlert] = []
    var nextSeq = 0
    var keyboard = Rect.zero
    var running = false
    var flushRequested = false
    var dead = false

    init(root: RefPage?) { self.root = root }
}

struct RefFailure: Error {
    let code: String
    init(_ code: String) { self.code = code }
}

final class ReferenceHarness: Harness {
    var trace: [String] = []
    private var pages: [RefPage] = []
    private var alerts: [RefAlert] = []
    private var slots: [Int: RefAlert] = [:]
    private var choices: [Int: Int] = [:]
    private var clock = 0.0

    init(modes: [PageMode]) {
        for (i, mode) in modes.enumerated() {
            let page = RefPage(index: i, mode: mode)
            page.domain = RefDomain(root: page)
            if registersWindow(i) {
                page.targets["window"] = windowView(i)
            }
            pages.append(page)
        }
    }

    func states() -> [String] { alerts.map { "\($0.label):\($0.state)" } }

    // MARK: Derived facts, by scanning

    private func live(in domain: RefDomain) -> [RefAlert] {
        alerts.filter { $0.state.isLive && $0.page!.domain === domain }
    }

    private func depsMet(_ a: RefAlert) -> Bool {
        a.deps.allSatisfy { $0.state == .finished }
            && a.idDeps.allSatisfy { id in !live(in: a.page!.domain).contains { $0.id == id } }
    }

    private func participates(_ p: RefPage) -> Bool {
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
    private func held(_ p: RefPage) -> Bool {
        p.suspensions > 0 || (p.parent.map(held) ?? false)
    }

    private func before(_ a: RefAlert, _ b: RefAlert) -> Bool {
        a.priority != b.priority ? a.priority > b.priority : a.seq < b.seq
    }

    /// When the alert's timer runs out, if one runs: its duration while it
    /// is showing, its ttl while it has never been on screen (docs/rules.md §12).
    private func timerDeadline(_ a: RefAlert) -> Double? {
        if a.state == .showing && a.duration > 0 { return a.deadline }
        if (a.state == .waiting || a.state == .ready) && a.ttl > 0 { return a.addedAt + a.ttl }
        return nil
    }

    /// The domain's due alert that fires first: by scanning every live alert.
    private func firstDue(_ d: RefDomain, at time: Double) -> RefAlert? {
        var first: (alert: RefAlert, deadline: Double)?
        for a in live(in: d) {
            guard let deadline = timerDeadline(a), deadline <= time else { continue }
            if let f = first, f.deadline < deadline || (f.deadline == deadline && f.alert.seq < a.seq) { continue }
            first = (a, deadline)
        }
        return first?.alert
    }

    private func tick(_ d: RefDomain) {
        let time = clock
        let touched = Touched()
        var fired = false
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

    private func wantedOffset(_ a: RefAlert, _ keyboard: Rect) -> Double {
        guard a.avoid, let frame = a.frame, keyboard.height > 0 else { return 0 }
        let overlap = frame.y + frame.height - keyboard.y
        return overlap > 0 ? -overlap + a.adjust : 0
    }

    /// G over unfinished alerts (see DependencyGraph in the engine), with
    /// `isLive` and `domainOf` overridable to ask "what if", plus extra edges.
    private func hasCycle(isLive: (RefAlert) -> Bool, domainOf: (RefAlert) -> RefDomain?,
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

    private var currentDomainOf: (RefAlert) -> RefDomain? { { $0.state.isLive ? $0.page!.domain : nil } }

    // MARK: Events

    private func deliverUpdate(_ a: RefAlert) {
        if a.updateIsRunning {
            a.updateIsPending = true
            return
        }
        a.updateIsRunning = true
        repeat {
            a.updateIsPending = false
            event("update \(a.label)", a, kind: "update")
        } while a.updateIsPending && a.state.isOnScreen
        a.updateIsRunning = false
    }

    private func event(_ line: String, _ alert: RefAlert?, kind: String) {
        trace.append(line)
        guard let alert, let i = alert.reactions.firstIndex(where: { $0.on == kind }) else { return }
        let reaction = alert.reactions.remove(at: i)
        trace.append("  react \(alert.label) on \(kind) -> " + perform(reaction.op))
    }

    private func resolve(_ target: String, on page: RefPage) -> ViewHandle? {
        if target == "page" { return pageView(page.index) }
        var p: RefPage? = page
        while let q = p {
            if let view = q.targets[target] { return view }
            p = q.parent
        }
        return nil
    }

    // MARK: Passes

    /// Domains needing a pass, in the order the call touched them.
    private final class Touched {
        var domains: [RefDomain] = []
        func add(_ d: RefDomain) { if !domains.contains(where: { $0 === d }) { domains.append(d) } }
    }

    private func settle(_ touched: Touched) {
        for d in touched.domains where !d.dead && !d.running && d.root?.destroyed == false {
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

    private func run(_ d: RefDomain) {
        guard !d.running, !d.dead else { return }
        d.running = true
        repeat {
            while !d.dead && onePass(d) > 0 {}
        } while !d.dead && moveStep(d, duration: 0) > 0
        d.running = false
    }

    private func onePass(_ d: RefDomain) -> Int {
        var delivered = Set<String>()
        // docs/rules.md §14: each lane in use on its own, in byte order of the names.
        while !d.dead, laneStep(d, &delivered) {}
        return delivered.count
    }

    /// Delivers the next event of the first lane that has one; false if none has.
    private func laneStep(_ d: RefDomain, _ delivered: inout Set<String>) -> Bool {
        let lanes = Set(live(in: d).map(\.lane) + ["main"])
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for lane in lanes where laneEvent(d, lane, &delivered) {
            return true
        }
        return false
    }

    /// Rules 2-6 within one lane: delivers its next event, if any.
    private func laneEvent(_ d: RefDomain, _ lane: String, _ delivered: inout Set<String>) -> Bool {
        let stack = d.stack.filter { $0.lane == lane }
        do {
            let participatingStack = stack.filter { participates($0.page!) }
            let candidates = live(in: d)
                .filter { $0.lane == lane && $0.state == .ready && participates($0.page!) && !held($0.page!) && depsMet($0) }
                .sorted(by: before)
            var chosen: RefAlert?
            if participatingStack.isEmpty {
                chosen = candidates.first
            } else {
                let top = participatingStack.map(\.priority).max()!
                chosen = candidates.first { $0.exclusive != .wait && $0.priority > top }
            }
            let virtual = stack + (chosen.map { [$0] } ?? [])
            func visible(_ i: Int) -> Bool {
                participates(virtual[i].page!)
                    && !virtual[(i + 1)...].contains { participates($0.page!) && $0.exclusive == .hideOthers }
            }
            let pending = stack.indices.reversed().filter {
                !stack[$0].page!.destroyed && !delivered.contains(stack[$0].label)
            }
            if let i = pending.first(where: { stack[$0].state == .showing && !visible($0) }) {
                let a = stack[i]
                delivered.insert(a.label)
                a.state = .hidden
                pause(a)
                event("hide \(a.label) \(participates(a.page!) ? "covered" : "page")", a, kind: "hide")
            } else if let i = pending.first(where: { stack[$0].state == .hidden && visible($0) }) {
                let a = stack[i]
                delivered.insert(a.label)
                a.state = .showing
                if a.duration > 0 { a.deadline = clock + a.remaining }
                event("unhide \(a.label)", a, kind: "unhide")
            } else if let a = chosen {
                delivered.insert(a.label)
                d.stack.append(a)
                a.state = .showing
                a.offset = 0
                if a.duration > 0 { a.deadline = clock + a.remaining }
                let laneNote = a.lane == "main" ? "" : " lane \(a.lane)"
                event("show \(a.label) p\(a.page!.index) \(a.target) \(hex(resolve(a.target, on: a.page!)))" + laneNote,
                      a, kind: "show")
            } else {
                return false
            }
        }
        return true
    }

    @discardableResult
    private func moveStep(_ d: RefDomain, duration: Double) -> Int {
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

    private func hidePagesNow(_ d: RefDomain) {
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
    private func pause(_ a: RefAlert) {
        if a.duration > 0 { a.remaining = max(0, a.deadline - clock) }
    }

    /// Ends the lowest-ranked queued alerts of `p` while it holds more than
    /// its capacity (state only); returns them in order.
    private func dropOverCapacity(_ p: RefPage, _ touched: Touched) -> [RefAlert] {
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

    private func end(_ a: RefAlert, _ reason: EndReason, _ touched: Touched) {
        let d = a.page!.domain!
        touched.add(d)
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

    private func unlink(_ parent: RefPage, _ child: RefPage) {
        parent.children.removeAll { $0 === child }
        child.parent = nil
        if parent.explicitChild === child {
            parent.explicitChild = nil
        }
    }

    private func split(_ d: RefDomain, _ child: RefPage) -> RefDomain {
        let n = RefDomain(root: child)
        n.nextSeq = d.nextSeq
        n.keyboard = d.keyboard
        for p in child.subtree { p.domain = n }
        n.stack = d.stack.filter { $0.page!.domain === n }
        d.stack.removeAll { $0.page!.domain === n }
        return n
    }

    private func absorb(_ d: RefDomain, _ other: RefDomain, _ child: RefPage) {
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
    }

    // MARK: Operations

    private func usable(_ p: RefPage) throws(RefFailure) {
        if p.destroyed { throw RefFailure("state") }
    }

    private func make(_ spec: AlertSpec) -> String? {
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

    private func dependOn(_ a: RefAlert, _ dep: RefAlert) throws(RefFailure) {
        if a.state == .finished || a.state.isOnScreen { throw RefFailure("state") }
        if dep === a { throw RefFailure("cycle") }
        if dep.state == .finished || a.deps.contains(where: { $0 === dep }) { return }
        if hasCycle(isLive: { $0.state.isLive }, domainOf: currentDomainOf, extra: [(a, dep)]) {
            throw RefFailure("cycle")
        }
        a.deps.append(dep)
        if a.state.isLive { dep.dependents.append(a) }
    }

    private func dependOnID(_ a: RefAlert, _ text: String) throws(RefFailure) {
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

    private func add(_ p: RefPage, _ batch: [RefAlert]) throws(RefFailure) {
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
        let ignored = conflicts.filter { $0.new.onDuplicate == .ignore }.map(\.new)
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
        var endings: [(alert: RefAlert, reason: EndReason, wasOnScreen: Bool)] = []
        for (new, live) in conflicts {
            if new.onDuplicate == .ignore {
                new.state = .finished
                new.deps = []
                let dependents = new.dependents
                new.dependents = []
                for w in dependents where w.state.isLive && depsMet(w) {
                    touched.add(w.page!.domain)
                }
                endings.append((new, .duplicate, false))
            } else {
                let wasOnScreen = live.state.isOnScreen
                end(live, .replaced, touched)
                endings.append((live, .replaced, wasOnScreen))
            }
        }
        for a in joining {
            a.seq = p.domain.nextSeq
            p.domain.nextSeq += 1
            a.page = p
            a.state = a.startsWaiting ? .waiting : .ready
            a.addedAt = clock
            a.remaining = a.duration
        }
        for a in joining {
            for dep in a.deps where dep.state != .finished {
                dep.dependents.append(a)
            }
        }
        let dropped = dropOverCapacity(p, touched)
        for (a, reason, wasOnScreen) in endings {
            if wasOnScreen { event("remove \(a.label) \(reason)", a, kind: "remove") }
            event("finish \(a.label) \(reason)", a, kind: "finish")
        }
        for a in dropped {
            event("finish \(a.label) dropped", a, kind: "finish")
        }
        settle(touched)
    }

    private func setParent(_ child: RefPage, _ parent: RefPage?) throws(RefFailure) {
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

    private func destroy(_ p: RefPage) throws(RefFailure) {
        try usable(p)
        p.destroyed = true
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
                } else if a.state == .waiting {
                    a.state = .ready
                    let touched = Touched()
                    touched.add(a.page!.domain)
                    settle(touched)
                }
            case .dismiss(let slot):
                guard let a = slots[slot] else { return "skip" }
                if !a.state.isOnScreen { throw RefFailure("state") }
                let touched = Touched()
                end(a, .dismissed, touched)
                event("finish \(a.label) dismissed", a, kind: "finish")
                settle(touched)
            case .cancel(let slot):
                guard let a = slots[slot] else { return "skip" }
                if !a.state.isLive { throw RefFailure("state") }
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
                let touched = Touched()
                touched.add(p.domain)
                settle(touched)
            case .setProvider(let parent, let on):
                let p = pages[parent]
                try usable(p)
                p.hasProvider = on
                p.explicitChild = nil
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
            case .update(let slot, let title):
                guard let a = slots[slot] else { return "skip" }
                if a.state == .finished { throw RefFailure("state") }
                // Content equal byte for byte changes nothing; a change made
                // from inside the alert's own update callback is delivered
                // once more after it returns.
                if a.title.map(byteKey) == byteKey(title) { return "ok" }
                a.title = title
                if a.state.isOnScreen { deliverUpdate(a) }
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
                let d = p.domain!
                let chosen = live(in: d).filter { tag == nil || $0.tags.contains(tag!) }
                let order = d.stack.reversed().filter { a in chosen.contains { $0 === a } }
                    + chosen.filter { !$0.state.isOnScreen }.sorted(by: before)
                let touched = Touched()
                touched.add(d)
                var ended = 0
                for a in order where a.state.isLive && a.page!.domain === d {
                    let wasOnScreen = a.state.isOnScreen
                    end(a, .cancelled, touched)
                    if wasOnScreen { event("remove \(a.label) cancelled", a, kind: "remove") }
                    event("finish \(a.label) cancelled", a, kind: "finish")
                    ended += 1
                }
                settle(touched)
                return "ok \(ended)"
            case .advance(let seconds):
                let target = clock + seconds
                while true {
                    let due = pages.filter { !$0.destroyed }.compactMap { p in
                        live(in: p.domain).compactMap(timerDeadline).min().map { (p, max(0, $0 - clock)) }
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
