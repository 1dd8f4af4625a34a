@_spi(Testing) import XYZAlert

/// The engine under test, driven through its public API only.
final class EngineHarness: Harness, VirtualClock {
    var trace: [String] = []
    private var pages: [Dispatch] = []
    private var hosts: [PageHost] = []
    private var slots: [Int: Alert] = [:]
    private var created: [Alert] = []
    private var labels: [ObjectIdentifier: String] = [:]
    private var reactions: [ObjectIdentifier: [Reaction]] = [:]
    private var choices: [Int: Int] = [:]
    /// The virtual clock every page's host reads.
    var clock = 0.0
    var virtualTime: Double {
        get { clock }
        set { clock = newValue }
    }
    /// While page 0's domain is recorded: the events its recorded pages'
    /// hosts get, as expect lines "STEP EVENT ALERT [DETAIL]" with the step
    /// of the recording they belong to (RecordingRoundTripTests).
    var recording: Recording?
    var recorded: [String] = []

    /// The history every page shares, on the virtual clock, and the caps
    /// of each id.
    private var history: History!
    private var idCaps: [String: CapRules] = [:]

    convenience init(modes: [PageMode], caps: CapsSetup) {
        self.init(modes: modes, caps: caps, ownClocks: false)
    }

    /// `ownClocks`: page i's host reads the virtual clock plus 100·i
    /// seconds (hosts with clocks of their own; the history reads page 0's).
    init(modes: [PageMode], caps: CapsSetup, ownClocks: Bool) {
        idCaps = caps.idCaps
        history = History { [unowned self] in self.clock }
        for (key, rules) in caps.keyCaps {
            for limit in rules.limits {
                try! history.setLimit(key, limit)
            }
            try! history.setCooldown(key, rules.cooldown)
        }
        for (i, mode) in modes.enumerated() {
            let host = PageHost(harness: self, mode: mode)
            host.skew = ownClocks ? Double(i) * 100 : 0
            hosts.append(host)
            let page = Dispatch(host: host, pageView: pageView(i), name: "p\(i)")
            if registersWindow(i) {
                try! page.setTarget("window", view: windowView(i))
            }
            try! page.setHistory(history)
            pages.append(page)
        }
        if !caps.campaigns.isEmpty {
            // With the JSON an alert set would give, so that recordings hold them.
            let set = try! CampaignSet(caps.campaigns.map { EngineHarness.campaign($0, idCaps: caps.idCaps) },
                                       json: JSONText.array(caps.campaigns.map(EngineHarness.json)))
            for page in pages {
                try! page.setCampaigns(set)
                try! page.setAttributes(JSONObject([("tier", .string("gold")), ("user_id", .string("u"))]))
            }
        }
    }

    /// The engine's campaign for a model's (docs/rules.md §21).
    private static func campaign(_ model: ModelCampaign, idCaps: [String: CapRules]) -> Campaign {
        nonisolated(unsafe) let spec = model.spec
        let audience = model.audience.map { value in
            try! Rule.compile(.object(JSONObject([("==", .array([.object(JSONObject([("var", .string("tier"))])),
                                                                 .string(value)]))])))
        }
        return Campaign(id: model.id, alert: model.id, makeAlert: {
            let alert = Alert(id: spec.id)
            try! configure(alert, spec, idCaps: idCaps)
            return alert
        }, page: model.page.map { "p\($0)" },
           triggers: [CampaignTrigger(event: model.event, count: model.count, nth: model.nth)],
           audience: audience, delay: model.delay,
           cancelOn: model.cancelOn.map { [CampaignTrigger(event: $0)] } ?? [],
           variants: model.control ? [CampaignVariant(id: "holdout", weight: 1, control: true)] : [], test: model.test)
    }

    /// The campaign as an alert set's `campaigns` member writes it.
    private static func json(_ c: ModelCampaign) -> String {
        func trigger(_ event: String, count: Int = 1, nth: Int? = nil) -> String {
            var members = [("event", JSONText.string(event))]
            if let nth { members.append(("nth", "\(nth)")) } else if count > 1 { members.append(("count", "\(count)")) }
            return JSONText.object(members)
        }
        var members = [("id", JSONText.string(c.id)), ("alert", JSONText.string(c.id)),
                       ("trigger", trigger(c.event, count: c.count, nth: c.nth))]
        if let audience = c.audience {
            members.append(("audience", "{\"==\": [{\"var\": \"tier\"}, \(JSONText.string(audience))]}"))
        }
        if c.delay > 0 { members.append(("delay", JSONText.number(c.delay))) }
        if let cancel = c.cancelOn { members.append(("cancel_on", trigger(cancel))) }
        if let page = c.page { members.append(("page", JSONText.string("p\(page)"))) }
        if c.control { members.append(("variants", "[{\"id\": \"holdout\", \"weight\": 1, \"control\": true}]")) }
        if c.test { members.append(("test", "true")) }
        return JSONText.object(members)
    }

    /// A campaign made `alert` (its `trigger` event): it is a created alert
    /// of the campaign slot from now on.
    func adopt(_ alert: Alert) {
        labels[ObjectIdentifier(alert)] = "L\(created.count)"
        created.append(alert)
        slots[ModelCampaign.slot] = alert
    }

    func label(_ alert: Alert) -> String { labels[ObjectIdentifier(alert)]! }

    func page(_ i: Int) -> Dispatch { pages[i] }

    /// Notes an event for the round trip when its page is recorded.
    func recordedEvent(_ event: String, _ alert: Alert, on page: Dispatch?, _ detail: String = "") {
        guard let recording, let page, page.isRecorded, let step = recording.currentStep else { return }
        let name = alert.id ?? recording.name(of: alert) ?? "?"
        recorded.append("\(step) \(event) \(name)" + (detail.isEmpty ? "" : " " + detail))
    }

    /// Notes a campaign event (to `root`'s host) for the round trip.
    func recordedCampaignEvent(_ line: String, root: Dispatch) {
        guard let recording, root.isRecorded, let step = recording.currentStep else { return }
        recorded.append("\(step) \(line)")
    }

    func pageIndex(_ page: Dispatch) -> Int { pages.firstIndex { $0 === page }! }

    /// Records an event, then runs the alert's reaction to it, once. Every
    /// engine invariant of every domain must hold before each callback: the
    /// state a host sees is complete (see "Callbacks" in xyzalert.h).
    func event(_ line: String, _ alert: Alert?, kind: String) {
        for page in pages {
            page.checkInvariants()
        }
        trace.append(line)
        guard let alert, var pending = reactions[ObjectIdentifier(alert)],
              let i = pending.firstIndex(where: { $0.on == kind }) else { return }
        let reaction = pending.remove(at: i)
        reactions[ObjectIdentifier(alert)] = pending
        trace.append("  react \(label(alert)) on \(kind) -> " + perform(reaction.op))
    }

    /// Also checks every engine invariant of every domain: the trace is read
    /// after each operation, so a broken invariant stops the sequence there.
    func states() -> [String] {
        for page in pages {
            page.checkInvariants()
        }
        return created.map { "\(label($0)):\($0.state):" + reason($0) + ($0.occurrenceCount > 1 ? " x\($0.occurrenceCount)" : "") }
    }

    /// The alert's reason (`Alert.why()`) and its cause: another alert's
    /// label, "p" and a page index, or the id (with the alert holding it).
    private func reason(_ alert: Alert) -> String {
        let why = alert.why()
        var text = "\(why.code)"
        if let id = why.id { text += " #" + byteKey(id) }
        if let cause = why.alert { text += " " + (labels[ObjectIdentifier(cause)] ?? "?") }
        if let page = why.page { text += " p\(pageIndex(page))" }
        if let key = why.key { text += " " + key }
        return text
    }

    private func make(_ spec: AlertSpec) -> String? {
        let alert = Alert(id: spec.id)
        labels[ObjectIdentifier(alert)] = "L\(created.count)"
        created.append(alert)
        reactions[ObjectIdentifier(alert)] = spec.reactions
        slots[spec.slot] = alert
        do {
            try EngineHarness.configure(alert, spec, idCaps: idCaps)
            for other in spec.afterSlots {
                if let dependency = slots[other] {
                    try alert.addDependency(dependency)
                }
            }
            return nil
        } catch {
            return codeName(error)
        }
    }

    /// Sets everything of `spec` on `alert` but its handle dependencies.
    private static func configure(_ alert: Alert, _ spec: AlertSpec, idCaps: [String: CapRules]) throws(AlertError) {
        try alert.setPriority(spec.priority)
        try alert.setExclusive(spec.exclusive)
        if spec.waiting {
            try alert.setWaiting()
        }
        try alert.setTarget(spec.target)
        try alert.setDuration(spec.duration)
        try alert.setTTL(spec.ttl)
        for tag in spec.tags {
            try alert.addTag(tag)
        }
        try alert.setOnDuplicate(spec.onDuplicate)
        try alert.setLane(spec.lane)
        try alert.setOnCapped(spec.onCapped)
        switch spec.windows {
        case 1: try alert.setWindows([TimeWindow(from: 1, to: 1440)])
        case 2: try alert.setExclude([TimeWindow(from: 0, to: 2)])
        case 3: try alert.setWindows([TimeWindow(from: 0, to: 1)])
        default: break
        }
        try alert.setOnOutside(spec.onOutside)
        try alert.setShowAfter(spec.showAfter)
        try alert.setMinVisible(spec.minVisible)
        try alert.setWhenDisplaced(spec.whenDisplaced)
        try alert.setPreempt(spec.preempt)
        try alert.setCoverable(spec.coverable)
        if let y = spec.frameY {
            try alert.setFrame(Rect(x: 0, y: y, width: 300, height: 150))
        }
        if let id = spec.id, let rules = idCaps[id] {
            for limit in rules.limits {
                try alert.addLimit(limit)
            }
            try alert.setCooldown(rules.cooldown)
        }
        try alert.setContent(AlertContent(actions: (0..<spec.actions).map {
            AlertAction(id: "x\($0)", title: "X", keepOpen: $0 == 0 && spec.keepOpenFirst)
        }))
        for id in spec.afterIDs {
            try alert.addDependency(id: id)
        }
    }

    func perform(_ op: Op) -> String {
        do {
            switch op {
            case .add(let page, let specs):
                var failures: [String] = []
                var batch: [Alert] = []
                for spec in specs {
                    if let failure = make(spec) { failures.append(failure) }
                    batch.append(slots[spec.slot]!)
                }
                let prefix = failures.isEmpty ? "" : "make " + failures.joined(separator: ",") + "; "
                do {
                    try pages[page].add(batch)
                    return prefix + "ok"
                } catch {
                    return prefix + codeName(error)
                }
            case .addExisting(let page, let wanted):
                let batch = wanted.compactMap { slots[$0] }
                guard !batch.isEmpty else { return "skip" }
                try pages[page].add(batch)
            case .ready(let slot):
                guard let alert = slots[slot] else { return "skip" }
                try alert.setReady()
            case .dismiss(let slot):
                guard let alert = slots[slot] else { return "skip" }
                try alert.dismiss()
            case .cancel(let slot):
                guard let alert = slots[slot] else { return "skip" }
                try alert.cancel()
            case .action(let slot, let index):
                guard let alert = slots[slot] else { return "skip" }
                try alert.triggerAction(index)
            case .dependOn(let slot, let other):
                guard let alert = slots[slot], let dependency = slots[other] else { return "skip" }
                try alert.addDependency(dependency)
            case .dependOnID(let slot, let id):
                guard let alert = slots[slot] else { return "skip" }
                try alert.addDependency(id: id)
            case .appear(let page):
                try pages[page].pageDidAppear()
            case .disappear(let page):
                try pages[page].pageWillDisappear()
            case .setParent(let child, let parent):
                try pages[child].setParent(parent.map { pages[$0] })
            case .setActiveChild(let parent, let child):
                try pages[parent].setActiveChild(child.map { pages[$0] })
            case .setProvider(let parent, let on):
                if on {
                    try pages[parent].setActiveChildProvider { [unowned self] _ in
                        self.choices[parent].map { self.pages[$0] }
                    }
                } else {
                    try pages[parent].setActiveChildProvider(nil)
                }
            case .choose(let parent, let child):
                choices[parent] = child
            case .destroy(let page):
                try pages[page].destroy()
            case .keyboard(let page, let y, let height, let duration):
                try pages[page].keyboardChanged(Rect(x: 0, y: y, width: 400, height: height), duration: duration)
            case .frame(let slot, let y, let height):
                guard let alert = slots[slot] else { return "skip" }
                try alert.setFrame(Rect(x: 0, y: y, width: 300, height: height))
            case .avoidance(let slot, let enabled, let adjust):
                guard let alert = slots[slot] else { return "skip" }
                try alert.setKeyboardAvoidance(enabled, adjust: adjust)
            case .flush(let page):
                try pages[page].flush()
            case .tick(let page):
                try pages[page].tick()
            case .update(let slot, let title):
                guard let alert = slots[slot] else { return "skip" }
                var content = alert.content
                content.title = title
                try alert.setContent(content)
            case .setCapacity(let page, let capacity):
                try pages[page].setCapacity(capacity)
            case .suspend(let page):
                try pages[page].suspend()
            case .resume(let page):
                try pages[page].resume()
            case .cancelTagged(let page, let tag):
                return "ok \(try pages[page].cancelTagged(tag))"
            case .session:
                try history.beginSession()
            case .hold(let slot):
                guard let alert = slots[slot] else { return "skip" }
                try alert.hold()
            case .unhold(let slot):
                guard let alert = slots[slot] else { return "skip" }
                try alert.unhold()
            case .holdTimers(let page):
                try pages[page].holdTimers()
            case .unholdTimers(let page):
                try pages[page].unholdTimers()
            case .setScale(let page, let scale):
                try pages[page].setDurationScale(scale)
            case .setGap(let page, let lane, let seconds):
                try pages[page].setGap(lane: lane, seconds)
            case .setLaneLimit(let page, let lane, let visible, let onFull):
                try pages[page].setLaneLimit(lane: lane, visible: visible, onFull: onFull)
            case .setOrder(let page, let order):
                try pages[page].setOrder(order)
            case .cancelQueued(let page, let tag):
                return "ok \(try pages[page].cancelQueued(tag))"
            case .track(let page, let event):
                try pages[page].track(event)
            case .setAttribute(let page, let value):
                try pages[page].setAttribute("tier", value.map { .string($0) })
            case .advance(let seconds):
                advance(by: seconds, pages: pages) { page in
                    trace.append("tick \(page.name) at \(clock) -> " + perform(.tick(page: pageIndex(page))))
                }
            }
            return "ok"
        } catch {
            return codeName(error)
        }
    }
}

/// One page's host: records events into the harness's trace.
private final class PageHost: AlertHost {
    unowned let harness: EngineHarness
    let mode: PageMode

    init(harness: EngineHarness, mode: PageMode) {
        self.harness = harness
        self.mode = mode
    }

    var defersPasses: Bool { mode != .immediate }
    /// Added to the virtual clock: a clock of its own.
    var skew = 0.0
    func now() -> Double? { harness.clock + skew }

    func show(_ alert: Alert, target: String, view: ViewHandle?) {
        let page = alert.dispatch!
        harness.recordedEvent("show", alert, on: page, page.name + (target == "page" ? "" : " " + target)
                              + (alert.lane == "main" ? "" : " lane:" + alert.lane))
        let lane = alert.lane == "main" ? "" : " lane \(alert.lane)"
        harness.event("show \(harness.label(alert)) \(alert.dispatch!.name) \(target) \(hex(view))" + lane, alert, kind: "show")
    }
    func hide(_ alert: Alert, reason: HideReason) {
        harness.recordedEvent("hide", alert, on: alert.dispatch, "\(reason)")
        harness.event("hide \(harness.label(alert)) \(reason)", alert, kind: "hide")
    }
    func unhide(_ alert: Alert) {
        harness.recordedEvent("unhide", alert, on: alert.dispatch)
        harness.event("unhide \(harness.label(alert))", alert, kind: "unhide")
    }
    func remove(_ alert: Alert, reason: EndReason) {
        harness.recordedEvent("remove", alert, on: alert.endingDispatch, "\(reason)")
        harness.event("remove \(harness.label(alert)) \(reason)", alert, kind: "remove")
    }
    func finish(_ alert: Alert, reason: EndReason) {
        harness.recordedEvent("finish", alert, on: alert.endingDispatch, "\(reason)")
        harness.event("finish \(harness.label(alert)) \(reason)", alert, kind: "finish")
    }
    func move(_ alert: Alert, dy: Double, duration: Double) {
        harness.recordedEvent("move", alert, on: alert.dispatch, formatNumber(dy))
        harness.event("move \(harness.label(alert)) \(dy) \(duration)", alert, kind: "move")
    }
    func action(_ alert: Alert, index: Int) {
        harness.recordedEvent("action", alert, on: alert.endingDispatch, alert.content.actions[index].id)
        harness.event("action \(harness.label(alert)) \(index)", alert, kind: "action")
    }
    func update(_ alert: Alert) {
        harness.recordedEvent("update", alert, on: alert.dispatch)
        harness.event("update \(harness.label(alert))", alert, kind: "update")
    }
    func announce(_ alert: Alert, politeness: Politeness, text: String) {
        harness.recordedEvent("announce", alert, on: alert.dispatch, "\(politeness)")
        harness.event("announce \(harness.label(alert)) \(politeness) \(byteKey(text))", alert, kind: "announce")
    }
    func campaign(_ root: Dispatch, campaign: String, kind: CampaignEventKind, reason: SkipReason, alert: Alert?) {
        let variant = alert?.variant.map { " " + $0 } ?? ""
        harness.recordedCampaignEvent(kind == .skip || kind == .miss ? "\(kind) \(campaign) \(reason)"
                                      : "\(kind) \(campaign)" + variant, root: root)
        switch kind {
        case .trigger:
            harness.adopt(alert!)
            harness.event("trigger \(campaign) \(harness.label(alert!))", nil, kind: "trigger")
        case .skip, .miss:
            harness.event("\(kind) \(campaign) \(reason)", nil, kind: "\(kind)")
        case .control:
            harness.event("control \(campaign) \(harness.label(alert!))", nil, kind: "control")
        }
    }
    func requestFlush(_ root: Dispatch) {
        harness.event("flush? \(root.name)", nil, kind: "flush")
        if mode == .deferredFlushingAtOnce {
            harness.trace.append("  flush \(root.name) -> " + harness.perform(.flush(page: harness.pageIndex(root))))
        }
    }
}
