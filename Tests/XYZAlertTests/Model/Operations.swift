import XYZAlert

/// One alert to create: its slot and everything set on it before `add`.
struct AlertSpec: CustomStringConvertible {
    var slot: Int
    var id: String?
    var priority: Int32
    var exclusive: Exclusive
    var waiting: Bool
    var afterIDs: [String]
    /// Handle dependencies on the current instances of these slots.
    var afterSlots: [Int]
    var actions: Int
    var target: String
    /// Seconds (0: none), set before add.
    var duration: Double = 0
    var ttl: Double = 0
    var tags: [String] = []
    var onDuplicate: OnDuplicate = .reject
    var lane = "main"
    /// What it does when capped; its caps are its id's (`CapsSetup.idCaps`).
    var onCapped: OnCapped = .drop
    /// docs/rules.md §22: 0 none, 1 a window 00:01-24:00, 2 an exclude
    /// 00:00-00:02, 3 a window 00:00-00:01 (`ReferenceHarness.windowVerdict`).
    var windows = 0
    var onOutside: OnOutside = .wait
    /// A laid-out frame set before add (x 0, width 300, height 150), at this y.
    var frameY: Double?
    /// docs/rules.md §17.
    var showAfter: Double = 0
    var minVisible: Double = 0
    /// docs/rules.md §19: what it does when displaced; whether its first
    /// action (if it has actions) keeps it open.
    var whenDisplaced: WhenDisplaced = .restore
    var keepOpenFirst = false
    var reactions: [Reaction]
    /// docs/rules.md §19: which on-screen alerts it shows over, and whether
    /// it may be covered.
    var preempt: Preempt = .lower
    var coverable = true

    var description: String {
        var parts = ["slot: \(slot)", "id: \(id.map { "\"\($0)\"" } ?? "nil")", "priority: \(priority)", "exclusive: .\(exclusive)"]
        if waiting { parts.append("waiting") }
        if !afterIDs.isEmpty { parts.append("afterIDs: \(afterIDs)") }
        if !afterSlots.isEmpty { parts.append("afterSlots: \(afterSlots)") }
        if actions > 0 { parts.append("actions: \(actions)") }
        if target != "page" { parts.append("target: \"\(target)\"") }
        if duration > 0 { parts.append("duration: \(duration)") }
        if ttl > 0 { parts.append("ttl: \(ttl)") }
        if !tags.isEmpty { parts.append("tags: \(tags)") }
        if onDuplicate != .reject { parts.append("onDuplicate: .\(onDuplicate)") }
        if lane != "main" { parts.append("lane: \"\(lane)\"") }
        if onCapped != .drop { parts.append("onCapped: .\(onCapped)") }
        if windows != 0 { parts.append("windows: \(windows)") }
        if onOutside != .wait { parts.append("onOutside: .\(onOutside)") }
        if let frameY { parts.append("frameY: \(frameY)") }
        if showAfter > 0 { parts.append("showAfter: \(showAfter)") }
        if minVisible > 0 { parts.append("minVisible: \(minVisible)") }
        if whenDisplaced != .restore { parts.append("whenDisplaced: .\(whenDisplaced)") }
        if keepOpenFirst { parts.append("keepOpenFirst: true") }
        if !reactions.isEmpty { parts.append("reactions: \(reactions)") }
        if preempt != .lower { parts.append("preempt: .\(preempt)") }
        if !coverable { parts.append("coverable: false") }
        return "Spec(" + parts.joined(separator: ", ") + ")"
    }
}

/// What a host does when an alert first receives an event of one kind:
/// it calls back into the engine from inside the callback.
struct Reaction: CustomStringConvertible {
    /// "show", "hide", "unhide", "remove", "finish", "move" or "action".
    var on: String
    var op: Op
    var description: String { "on \(on): \(op)" }
}

/// One step of a random sequence. Slots name the latest alert instance
/// created for them; pages are indices into the sequence's fixed pages.
indirect enum Op: CustomStringConvertible {
    case add(page: Int, specs: [AlertSpec])
    /// Adds the current instances of these slots again (usually a failure).
    case addExisting(page: Int, slots: [Int])
    case ready(slot: Int)
    case dismiss(slot: Int)
    case cancel(slot: Int)
    case action(slot: Int, index: Int)
    case dependOn(slot: Int, other: Int)
    case dependOnID(slot: Int, id: String)
    case appear(page: Int)
    case disappear(page: Int)
    case setParent(child: Int, parent: Int?)
    case setActiveChild(parent: Int, child: Int?)
    case setProvider(parent: Int, on: Bool)
    /// Changes what the page's provider answers (no engine call).
    case choose(parent: Int, child: Int?)
    case destroy(page: Int)
    case keyboard(page: Int, y: Double, height: Double, duration: Double)
    case frame(slot: Int, y: Double, height: Double)
    case avoidance(slot: Int, enabled: Bool, adjust: Double)
    case flush(page: Int)
    /// Moves the shared virtual clock forward as the scenario runner does
    /// (docs/rules.md §12): to each pending deadline in turn, ticking there.
    case advance(seconds: Double)
    /// Ticks the page's domain at the current time (often early: nothing).
    case tick(page: Int)
    /// Cancels the live alerts of the page's domain with the tag (nil: all).
    case cancelTagged(page: Int, tag: String?)
    case suspend(page: Int)
    case resume(page: Int)
    case setCapacity(page: Int, capacity: Int)
    /// Sets the alert's title (keeping the rest of its content).
    case update(slot: Int, title: String)
    /// The shared history begins a session (docs/rules.md §16).
    case session
    /// docs/rules.md §17.
    case hold(slot: Int)
    case unhold(slot: Int)
    case holdTimers(page: Int)
    case unholdTimers(page: Int)
    case setScale(page: Int, scale: Double)
    case setGap(page: Int, lane: String, seconds: Double)
    /// docs/rules.md §19.
    case setLaneLimit(page: Int, lane: String, visible: Int, onFull: OnFull)
    case setOrder(page: Int, order: QueueOrder)
    case cancelQueued(page: Int, tag: String?)
    /// docs/rules.md §21: an event tracked on the page ("e0", "e1", "e2"),
    /// and the "tier" attribute of its root (nil removes it).
    case track(page: Int, event: String)
    case setAttribute(page: Int, value: String?)

    var description: String {
        switch self {
        case .add(let page, let specs): ".add(page: \(page), specs: \(specs))"
        case .addExisting(let page, let slots): ".addExisting(page: \(page), slots: \(slots))"
        case .ready(let slot): ".ready(slot: \(slot))"
        case .dismiss(let slot): ".dismiss(slot: \(slot))"
        case .cancel(let slot): ".cancel(slot: \(slot))"
        case .action(let slot, let index): ".action(slot: \(slot), index: \(index))"
        case .dependOn(let slot, let other): ".dependOn(slot: \(slot), other: \(other))"
        case .dependOnID(let slot, let id): ".dependOnID(slot: \(slot), id: \"\(id)\")"
        case .appear(let page): ".appear(page: \(page))"
        case .disappear(let page): ".disappear(page: \(page))"
        case .setParent(let child, let parent): ".setParent(child: \(child), parent: \(parent.map(String.init) ?? "nil"))"
        case .setActiveChild(let parent, let child): ".setActiveChild(parent: \(parent), child: \(child.map(String.init) ?? "nil"))"
        case .setProvider(let parent, let on): ".setProvider(parent: \(parent), on: \(on))"
        case .choose(let parent, let child): ".choose(parent: \(parent), child: \(child.map(String.init) ?? "nil"))"
        case .destroy(let page): ".destroy(page: \(page))"
        case .keyboard(let page, let y, let height, let duration): ".keyboard(page: \(page), y: \(y), height: \(height), duration: \(duration))"
        case .frame(let slot, let y, let height): ".frame(slot: \(slot), y: \(y), height: \(height))"
        case .avoidance(let slot, let enabled, let adjust): ".avoidance(slot: \(slot), enabled: \(enabled), adjust: \(adjust))"
        case .flush(let page): ".flush(page: \(page))"
        case .advance(let seconds): ".advance(seconds: \(seconds))"
        case .tick(let page): ".tick(page: \(page))"
        case .update(let slot, let title): ".update(slot: \(slot), title: \"\(title)\")"
        case .setCapacity(let page, let capacity): ".setCapacity(page: \(page), capacity: \(capacity))"
        case .suspend(let page): ".suspend(page: \(page))"
        case .resume(let page): ".resume(page: \(page))"
        case .cancelTagged(let page, let tag): ".cancelTagged(page: \(page), tag: \(tag.map { "\"\($0)\"" } ?? "nil"))"
        case .session: ".session"
        case .hold(let slot): ".hold(slot: \(slot))"
        case .unhold(let slot): ".unhold(slot: \(slot))"
        case .holdTimers(let page): ".holdTimers(page: \(page))"
        case .unholdTimers(let page): ".unholdTimers(page: \(page))"
        case .setScale(let page, let scale): ".setScale(page: \(page), scale: \(scale))"
        case .setGap(let page, let lane, let seconds): ".setGap(page: \(page), lane: \"\(lane)\", seconds: \(seconds))"
        case .setLaneLimit(let page, let lane, let visible, let onFull):
            ".setLaneLimit(page: \(page), lane: \"\(lane)\", visible: \(visible), onFull: .\(onFull == .queue ? "queue" : "evictOldest"))"
        case .setOrder(let page, let order): ".setOrder(page: \(page), order: .\(order))"
        case .cancelQueued(let page, let tag): ".cancelQueued(page: \(page), tag: \(tag.map { "\"\($0)\"" } ?? "nil"))"
        case .track(let page, let event): ".track(page: \(page), event: \"\(event)\")"
        case .setAttribute(let page, let value): ".setAttribute(page: \(page), value: \(value.map { "\"\($0)\"" } ?? "nil"))"
        }
    }
}

/// How a page's host asks for passes.
enum PageMode: CustomStringConvertible {
    case immediate
    case deferred
    /// Deferred, and the host flushes from inside `requestFlush`.
    case deferredFlushingAtOnce

    var description: String {
        switch self {
        case .immediate: ".immediate"
        case .deferred: ".deferred"
        case .deferredFlushingAtOnce: ".deferredFlushingAtOnce"
        }
    }
}

/// The caps of a random case (docs/rules.md §16): set on the history every
/// page shares before the first operation, and every alert with an id in
/// `idCaps` carries that id's caps. Its wall clock is the virtual clock.
/// And the campaigns every page has attached (docs/rules.md §21).
struct CapsSetup: CustomStringConvertible {
    var keyCaps: [(key: String, rules: CapRules)] = []
    var idCaps: [String: CapRules] = [:]
    var campaigns: [ModelCampaign] = []

    var description: String {
        "keyCaps: \(keyCaps.map { "\($0.key): \($0.rules)" }), idCaps: \(idCaps.sorted { $0.key < $1.key })"
            + (campaigns.isEmpty ? "" : ", campaigns: \(campaigns)")
    }
}

/// A campaign of a random case (docs/rules.md §21): one trigger on `event`
/// (every `count`-th, or the `nth` only), an optional `cancel_on` event, an
/// audience on the "tier" attribute (nil: everyone), a delay, and a named
/// page (an index; nil: the tracking page). Its instances are made from
/// `spec` (which has an id) and take slot `ModelCampaign.slot`. Every page starts with the
/// tier "gold" when a case has campaigns.
struct ModelCampaign: CustomStringConvertible {
    static let slot = SequenceGenerator.slotCount - 1
    var id: String
    var spec: AlertSpec
    var event: String
    var count = 1
    var nth: Int?
    var cancelOn: String?
    var audience: String?
    var delay: Double = 0
    var page: Int?
    /// docs/rules.md §22: one control variant (every user gets it), and a
    /// test campaign.
    var control = false
    var test = false

    var description: String {
        "ModelCampaign(id: \"\(id)\", event: \"\(event)\", count: \(count), nth: \(nth.map(String.init) ?? "nil"), "
            + "cancelOn: \(cancelOn.map { "\"\($0)\"" } ?? "nil"), audience: \(audience.map { "\"\($0)\"" } ?? "nil"), "
            + "delay: \(delay), page: \(page.map(String.init) ?? "nil"), control: \(control), test: \(test), spec: \(spec))"
    }
}

/// A whole random case: the pages' modes, the caps and the operations.
struct OpSequence: CustomStringConvertible {
    var modes: [PageMode]
    var ops: [Op]
    var caps = CapsSetup()

    var description: String {
        "modes: \(modes)\ncaps: \(caps)\n" + ops.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
    }
}

/// The view pointer of page `i`, and of the "window" target it registers.
func pageView(_ i: Int) -> ViewHandle { ViewHandle(bitPattern: UInt(0x100 * (i + 1)))! }
func windowView(_ i: Int) -> ViewHandle { ViewHandle(bitPattern: UInt(0x1000 + i))! }
/// Pages 0 and 2 register a "window" target.
func registersWindow(_ i: Int) -> Bool { i % 2 == 0 }

/// SplitMix64: a tiny deterministic generator, so seeds reproduce anywhere.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
