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
    /// Its id's caps, what it does when capped, and while a cap holds it
    /// out of the candidates: the code, the key and when it is looked at again.
    var caps = CapRules()
    var onCapped: OnCapped = .drop
    /// docs/rules.md §22: the shape of its windows (`Spec.windows`) and its policy.
    var windows = 0
    var onOutside: OnOutside = .wait
    var parked: (code: String, key: String, wake: Double?)?
    // docs/rules.md §17: holds, show_after, min_visible, whether the
    // duration runs now, and the text last announced.
    var holds = 0
    var showAfter = 0.0
    var minVisible = 0.0
    var awaitingShowAfter = false
    var readyAfterDelay = false
    var showAfterWake = 0.0
    var shownAt = 0.0
    var pendingEnd: EndReason?
    var minVisibleWake = 0.0
    var running = false
    var lastAnnounced: String?
    /// docs/rules.md §19: the adds `coalesce` folded into it.
    var repeats = 0
    /// docs/rules.md §19: what it does when displaced, whether its first
    /// action keeps it open, and whether its page was lifo at its add.
    var whenDisplaced: WhenDisplaced = .restore
    var keepOpenFirst = false
    var lifo = false
    var preempt: Preempt = .lower
    var coverable = true
    /// docs/rules.md §21: the campaign that made it.
    var campaign: ModelCampaign?
    /// The id as given (`id` is its bytes), for cap keys.
    let rawID: String?

    init(label: String, id: String?) {
        self.label = label
        self.id = (id?.isEmpty ?? true) ? nil : id.map(byteKey)
        self.rawID = self.id == nil ? nil : id
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
    /// Its destroy has completed: its host is released and hears nothing more.
    var hostGone = false
    var suspensions = 0
    var capacity = 0
    /// docs/rules.md §17, as a root: timer holds, the scale, the lanes' gaps.
    var timerHolds = 0
    var scale = 1.0
    var gaps: [String: Double] = [:]
    /// docs/rules.md §19: the page's order, and as a root its lanes' limits.
    var order = QueueOrder.fifo
    var laneLimits: [String: (visible: Int, onFull: OnFull)] = [:]
    var targets: [String: ViewHandle] = [:]
    /// docs/rules.md §21, as a root keeps them: the "tier" attribute, and
    /// the instances its tracks made that may not have shown yet.
    var tier: String?
    var pending: [RefAlert] = []
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
    /// docs/rules.md §21: while a campaign call holds its passes.
    var held = false
    /// docs/rules.md §17: lane gaps.
    var laneLeftAt: [String: Double] = [:]
    var laneBlockedUntil: [String: Double] = [:]
    var gapWake: Double?
    /// docs/rules.md §13: while a cancel of many alerts ends them, the
    /// requests (tag, queued only) that callbacks joined to it.
    var joinedCancels: [RefCancel]?

    init(root: RefPage?) { self.root = root }
}

/// A `cancel_tagged` (queuedOnly false) or `cancel_queued` request.
struct RefCancel: Equatable {
    let tag: String?
    let queuedOnly: Bool
}

struct RefFailure: Error {
    let code: String
    init(_ code: String) { self.code = code }
}

final class ReferenceHarness: Harness {
    var trace: [String] = []
    var pages: [RefPage] = []
    var alerts: [RefAlert] = []
    var slots: [Int: RefAlert] = [:]
    var choices: [Int: Int] = [:]
    var clock = 0.0

    // docs/rules.md §16: every display ever counted, by key (keys in byte
    // form: "tag:" + byteKey(tag)), the session, the caps set on keys and
    // each id's caps, and the domains that use the history in the order
    // they took it (the order a session reaches them).
    var displays: [String: [(time: Double, session: Int)]] = [:]
    var session = 1
    var keyCaps: [String: CapRules] = [:]
    var idCaps: [String: CapRules] = [:]
    var historyDomains: [RefDomain] = []
    // docs/rules.md §21: the campaigns every page has, and their counts
    // (in the shared history): matching events by trigger and by cancel.
    var campaigns: [ModelCampaign] = []
    var triggerCounts: [String: Int] = [:]
    var cancelCounts: [String: Int] = [:]

    init(modes: [PageMode], caps: CapsSetup) {
        campaigns = caps.campaigns
        for (key, rules) in caps.keyCaps {
            keyCaps[ReferenceHarness.byteForm(key)] = rules
        }
        idCaps = caps.idCaps
        for (i, mode) in modes.enumerated() {
            let page = RefPage(index: i, mode: mode)
            page.domain = RefDomain(root: page)
            historyDomains.append(page.domain)
            if registersWindow(i) {
                page.targets["window"] = windowView(i)
            }
            page.tier = caps.campaigns.isEmpty ? nil : "gold" // (every page starts "gold" beside campaigns)
            pages.append(page)
        }
    }

    func states() -> [String] {
        alerts.map { "\($0.label):\($0.state):" + reason($0) + ($0.repeats > 0 ? " x\($0.repeats + 1)" : "") }
    }

    /// The active child each provider answered when the engine last asked
    /// (at every event of a pass of a domain with live alerts, and when a
    /// page disappears): reasons are given as of those answers, not of the
    /// current `choices`.
    var lastAnswers: [Int: Int] = [:]

    /// The providers of `d` are asked now: those of the parents that
    /// participate (a parent that does not has no active child to choose).
    func askProviders(_ d: RefDomain) {
        for p in pages where p.domain === d && p.hasProvider && participates(p) {
            lastAnswers[p.index] = choices[p.index]
        }
    }

    // MARK: Derived facts, by scanning

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
        case .finished: return "finished"
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

    // MARK: Events

    /// docs/rules.md §17: the text a screen reader says (the harness sets
    /// titles only), not again when it was the last one said.
    func announce(_ a: RefAlert) {
        guard a.state == .showing, let title = a.title, !title.isEmpty, a.lastAnnounced != byteKey(title) else { return }
        a.lastAnnounced = byteKey(title)
        event("announce \(a.label) polite \(byteKey(title))", a, kind: "announce")
    }

    func deliverUpdate(_ a: RefAlert) {
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

    func event(_ line: String, _ alert: RefAlert?, kind: String) {
        trace.append(line)
        guard let alert, let i = alert.reactions.firstIndex(where: { $0.on == kind }) else { return }
        let reaction = alert.reactions.remove(at: i)
        trace.append("  react \(alert.label) on \(kind) -> " + perform(reaction.op))
    }

    func resolve(_ target: String, on page: RefPage) -> ViewHandle? {
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
            var chosen = select()
            while let a = chosen, let verdict = verdict(a) {
                let outside = verdict.code == "outside_window"
                if outside ? a.onOutside == .drop : a.onCapped == .drop {
                    delivered.insert(a.label)
                    let touched = Touched()
                    let reason: EndReason = outside ? .outsideWindow : .capped
                    end(a, reason, touched)
                    event("finish \(a.label) \(reason)", a, kind: "finish")
                    settle(touched)
                    return true
                }
                a.parked = (verdict.code, verdict.key, verdict.frees.map { clock + max(0, $0 - clock) })
                chosen = select()
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
            } else if let i = pending.first(where: { stack[$0].state == .hidden && visible($0) }) {
                let a = stack[i]
                delivered.insert(a.label)
                a.state = .showing
                if durationRuns(a) { runDuration(a) }
                event("unhide \(a.label)", a, kind: "unhide")
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
