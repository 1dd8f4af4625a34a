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
    /// The key of the cap (or "windows", or "audience") that ended it: its reason's cause
    /// once finished (docs/rules.md §18).
    var endedBy: String?
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
}
