import XYZAlert

/// Random sequences over a small world (4 pages, 8 slots, 5 ids) so that
/// collisions, dependencies and domain changes are frequent.
struct SequenceGenerator {
    static let pageCount = 4
    static let slotCount = 8
    /// Two of them are one text in two Unicode forms (composed and
    /// decomposed): different ids, byte for byte.
    static let ids = ["a", "b", "c", "\u{E9}", "e\u{301}"]
    /// Titles for updates, so that an update often repeats the current one.
    static let titles = ["updated", "renamed", "\u{E9}", "e\u{301}"]

    var rng: SeededRandom

    init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
    mutating func page() -> Int { Int.random(in: 0..<Self.pageCount, using: &rng) }
    mutating func slot() -> Int { Int.random(in: 0..<Self.slotCount, using: &rng) }
    mutating func id() -> String { Self.ids.randomElement(using: &rng)! }

    mutating func sequence() -> OpSequence {
        let modes: [PageMode]
        switch Int.random(in: 0..<4, using: &rng) {
        case 0, 1: modes = Array(repeating: .immediate, count: Self.pageCount)
        case 2: modes = Array(repeating: .deferred, count: Self.pageCount)
        default: modes = (0..<Self.pageCount).map { _ in [.immediate, .deferred, .deferredFlushingAtOnce].randomElement(using: &rng)! }
        }
        let length = Int.random(in: 10...40, using: &rng)
        var caps = chance(50) ? capsSetup() : CapsSetup()
        if chance(35) {
            caps.campaigns = (0..<Int.random(in: 1...2, using: &rng)).map { campaign($0) }
        }
        // docs/rules.md §19: often some lanes with limits from the start, so
        // that stacks, eviction and trimming are reached.
        var limits: [Op] = []
        if chance(40), case .setLaneLimit(_, let lane, let visible, let onFull) = laneLimit() {
            // The same limit on every page: whichever page roots a domain has it.
            limits = (0..<Self.pageCount).map { .setLaneLimit(page: $0, lane: lane, visible: visible, onFull: onFull) }
        }
        if chance(15) {
            // And now and then a gap in "main" everywhere (docs/rules.md §17).
            let seconds = [1, 2.5].randomElement(using: &rng)!
            limits += (0..<Self.pageCount).map { .setGap(page: $0, lane: "main", seconds: seconds) }
        }
        return OpSequence(modes: modes, ops: limits + (0..<length).map { _ in op(depth: 0) }, caps: caps)
    }

    mutating func laneLimit() -> Op {
        .setLaneLimit(page: page(), lane: ["main", "main", "main", "toast"].randomElement(using: &rng)!,
                      visible: [1, 2, 2, 3].randomElement(using: &rng)!, onFull: chance(40) ? .evictOldest : .queue)
    }

    /// Caps on a few keys and ids, small enough to bind within a sequence.
    mutating func capsSetup() -> CapsSetup {
        var setup = CapsSetup()
        for key in ["all", "tag:x", "lane:toast", "id:a"] where chance(35) {
            setup.keyCaps.append((key, rules()))
        }
        for id in Self.ids.prefix(3) where chance(35) {
            setup.idCaps[id] = rules()
        }
        return setup
    }

    /// docs/rules.md §21: a campaign whose instances are plain alerts (no
    /// handle or id dependencies, no reactions) in the campaign slot.
    mutating func campaign(_ n: Int) -> ModelCampaign {
        var spec = spec(depth: 1)
        spec.slot = ModelCampaign.slot
        spec.id = spec.id ?? id() // (a campaign's alert has an id)
        spec.afterIDs = []
        spec.afterSlots = []
        spec.reactions = []
        let event = ["e0", "e1"].randomElement(using: &rng)!
        let nth = chance(15) ? 2 : nil
        return ModelCampaign(id: "c\(n)", spec: spec, event: event, count: nth == nil ? [1, 1, 2].randomElement(using: &rng)! : 1,
                             nth: nth, cancelOn: chance(40) ? ["e0", "e1", "e2"].filter { $0 != event }.randomElement(using: &rng)! : nil,
                             audience: chance(50) ? ["gold", "silver"].randomElement(using: &rng)! : nil,
                             delay: [0, 0, 1, 2].randomElement(using: &rng)!, page: chance(25) ? page() : nil,
                             control: chance(15), test: chance(15))
    }

    mutating func rules() -> CapRules {
        var rules = CapRules()
        if chance(40) { rules.limits.append(CapLimit(count: Int.random(in: 1...2, using: &rng), per: .session)) }
        if chance(40) {
            rules.limits.append(CapLimit(count: Int.random(in: 1...3, using: &rng),
                                         per: .window([2, 3.5, 10].randomElement(using: &rng)!)))
        }
        if chance(20) { rules.limits.append(CapLimit(count: Int.random(in: 2...4, using: &rng), per: .lifetime)) }
        if rules.limits.isEmpty || chance(30) { rules.cooldown = [1, 2.5, 4].randomElement(using: &rng)! }
        return rules
    }

    mutating func spec(depth: Int) -> AlertSpec {
        var reactions: [Reaction] = []
        if depth == 0 && chance(30) {
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let on = ["show", "show", "hide", "unhide", "remove", "finish", "move", "action", "update"].randomElement(using: &rng)!
                reactions.append(Reaction(on: on, op: op(depth: depth + 1)))
            }
        }
        return AlertSpec(
            slot: slot(),
            id: chance(80) ? id() : nil,
            priority: Int32(Int.random(in: 0...4, using: &rng)),
            exclusive: [.wait, .wait, .cover, .hideOthers].randomElement(using: &rng)!,
            waiting: chance(20),
            afterIDs: chance(20) ? [id()] : [],
            afterSlots: chance(15) ? [slot()] : [],
            actions: Int.random(in: 0...2, using: &rng),
            target: ["page", "page", "window", "nowhere"].randomElement(using: &rng)!,
            // With the extremes the API accepts: the largest double, the
            // smallest denormal.
            duration: chance(25) ? [1, 2, 3, 3, 1e308, Double.leastNonzeroMagnitude].randomElement(using: &rng)! : 0,
            ttl: chance(20) ? [1, 2, 4, 4, 1e308, Double.leastNonzeroMagnitude].randomElement(using: &rng)! : 0,
            tags: chance(30) ? (chance(70) ? ["x"] : ["x", "y"]) : [],
            onDuplicate: [.reject, .reject, .ignore, .replace, .update, .coalesce].randomElement(using: &rng)!,
            lane: ["main", "main", "main", "main", "toast", "alerts"].randomElement(using: &rng)!,
            onCapped: chance(50) ? .wait : .drop,
            windows: chance(10) ? Int.random(in: 1...3, using: &rng) : 0,
            onOutside: chance(40) ? .drop : .wait,
            frameY: chance(25) ? Double(Int.random(in: 3...7, using: &rng) * 100) : nil,
            showAfter: chance(12) ? [0.5, 1, 2].randomElement(using: &rng)! : 0,
            minVisible: chance(12) ? [1, 2.5].randomElement(using: &rng)! : 0,
            whenDisplaced: chance(15) ? .drop : .restore,
            keepOpenFirst: chance(30),
            reactions: reactions,
            preempt: chance(25) ? .equal : .lower,
            coverable: !chance(10))
    }

    mutating func op(depth: Int) -> Op {
        // Clock advances only at the top level: a host that advances its
        // own clock from inside a callback is not one a scenario describes.
        // 0..<100: the operations of the scheduling rules; above: time and
        // queue policies, rarer so that the rules keep their share.
        let roll = Int.random(in: 0..<(depth == 0 ? 137 : 134), using: &rng)
        switch roll {
        case 0..<20:
            // Now and then an add of no alerts at all.
            let count = chance(3) ? 0 : Int.random(in: 1...3, using: &rng)
            return .add(page: page(), specs: (0..<count).map { _ in spec(depth: depth) })
        case 20..<22: return .addExisting(page: page(), slots: [slot()])
        case 22..<28: return .ready(slot: slot())
        case 28..<36: return .dismiss(slot: slot())
        case 36..<42: return .cancel(slot: slot())
        case 42..<46: return .action(slot: slot(), index: Int.random(in: 0...2, using: &rng))
        case 46..<48: return .dependOn(slot: slot(), other: slot())
        case 48..<50: return .dependOnID(slot: slot(), id: id())
        case 50..<57: return .appear(page: page())
        case 57..<62: return .disappear(page: page())
        case 62..<68: return .setParent(child: page(), parent: chance(80) ? page() : nil)
        case 68..<72: return .setActiveChild(parent: page(), child: chance(75) ? page() : nil)
        case 72..<75: return .setProvider(parent: page(), on: chance(75))
        case 75..<79: return .choose(parent: page(), child: chance(85) ? page() : nil)
        case 79..<81: return .destroy(page: page())
        case 81..<85:
            let shown = chance(70)
            return .keyboard(page: page(), y: Double(Int.random(in: 4...8, using: &rng) * 100),
                             height: shown ? 300 : 0, duration: chance(50) ? 0.25 : 0)
        case 85..<89: return .frame(slot: slot(), y: Double(Int.random(in: 3...7, using: &rng) * 100), height: 150)
        case 89..<91: return .avoidance(slot: slot(), enabled: chance(60), adjust: chance(50) ? -8 : 0)
        case 91..<100: return .flush(page: page())
        case 100..<102: return .tick(page: page())
        case 102..<104: return .cancelTagged(page: page(), tag: chance(80) ? ["x", "y"].randomElement(using: &rng)! : nil)
        case 104..<106: return .suspend(page: page())
        case 106..<108: return .resume(page: page())
        case 108..<110: return .update(slot: slot(), title: Self.titles.randomElement(using: &rng)!)
        case 110..<112: return .setCapacity(page: page(), capacity: Int.random(in: 0...3, using: &rng))
        case 112..<114: return .session
        case 114..<116: return .hold(slot: slot())
        case 116..<118: return .unhold(slot: slot())
        case 118: return chance(50) ? .holdTimers(page: page()) : .unholdTimers(page: page())
        case 119: return .setScale(page: page(), scale: [0.5, 2, .infinity, 1].randomElement(using: &rng)!)
        case 120..<123: return .setGap(page: page(), lane: ["main", "toast", "alerts"].randomElement(using: &rng)!,
                                      seconds: [0, 1, 2.5].randomElement(using: &rng)!)
        case 123, 124: return laneLimit()
        case 125, 126: return .setOrder(page: page(), order: chance(70) ? .lifo : .fifo)
        case 127: return .cancelQueued(page: page(), tag: chance(60) ? ["x", "y"].randomElement(using: &rng)! : nil)
        case 128..<132: return .track(page: page(), event: ["e0", "e0", "e1", "e2"].randomElement(using: &rng)!)
        case 132, 133: return .setAttribute(page: page(), value: [nil, "gold", "silver"].randomElement(using: &rng)!)
        default: return .advance(seconds: [0.5, 1, 1.5, 2, 3, 5].randomElement(using: &rng)!)
        }
    }
}

/// Delta debugging over the operations, then over the reactions: removes
/// whatever it can while `fails` still holds, to print a minimal case.
func shrink(_ sequence: OpSequence, fails: (OpSequence) -> Bool) -> OpSequence {
    var current = sequence
    var chunk = max(1, current.ops.count / 2)
    while chunk >= 1 {
        var start = 0
        var removedAny = false
        while start < current.ops.count {
            var candidate = current
            candidate.ops.removeSubrange(start..<min(start + chunk, candidate.ops.count))
            if fails(candidate) {
                current = candidate
                removedAny = true
            } else {
                start += chunk
            }
        }
        if !removedAny {
            chunk /= 2
        }
    }
    for i in current.ops.indices {
        guard case .add(_, let original) = current.ops[i] else { continue }
        for j in original.indices where !original[j].reactions.isEmpty {
            guard case .add(let page, var specs) = current.ops[i] else { continue }
            specs[j].reactions = []
            var candidate = current
            candidate.ops[i] = .add(page: page, specs: specs)
            if fails(candidate) {
                current = candidate
            }
        }
    }
    return current
}
