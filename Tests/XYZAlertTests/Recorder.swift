import Testing
import XYZAlert

/// A host that records every event as one line, e.g. "show a page" or
/// "hide b covered", and can react to events by calling back into the engine.
final class Recorder: AlertHost, VirtualClock {
    var log: [String] = []
    var defersPasses = false
    /// Called after each event is recorded, with the line and the alert.
    var react: ((String, Alert?) -> Void)?
    /// The view each alert was last shown with.
    var views: [String: ViewHandle?] = [:]
    /// The state each alert was in when its event arrived.
    var statesSeen: [String] = []
    /// The host's clock (nil: the engine uses the system clock).
    var clock: Double?
    /// Whether each log line starts with the clock's time, "@1.5 ".
    var stampsTime = false
    /// Every `setTimer` request, as "root delay".
    var timerRequests: [String] = []

    init(deferred: Bool = false) {
        defersPasses = deferred
    }

    private func record(_ line: String, _ alert: Alert?) {
        log.append(stampsTime ? "@\(clock!) " + line : line)
        if let alert {
            statesSeen.append("\(name(alert)):\(alert.state)")
        }
        react?(line, alert)
    }

    func name(_ alert: Alert) -> String { alert.id ?? "?" }

    func show(_ alert: Alert, target: String, view: ViewHandle?) {
        views[name(alert)] = view
        record("show \(name(alert)) \(target)", alert)
    }
    func hide(_ alert: Alert, reason: HideReason) { record("hide \(name(alert)) \(reason)", alert) }
    func unhide(_ alert: Alert) { record("unhide \(name(alert))", alert) }
    func remove(_ alert: Alert, reason: EndReason) { record("remove \(name(alert)) \(reason)", alert) }
    func finish(_ alert: Alert, reason: EndReason) { record("finish \(name(alert)) \(reason)", alert) }
    func move(_ alert: Alert, dy: Double, duration: Double) { record("move \(name(alert)) \(dy) \(duration)", alert) }
    func action(_ alert: Alert, index: Int) { record("action \(name(alert)) \(index)", alert) }
    func update(_ alert: Alert) { record("update \(name(alert)) \(alert.content.title ?? "-")", alert) }
    /// Logged only with `logsAnnouncements` (docs/rules.md §17).
    var logsAnnouncements = false
    func announce(_ alert: Alert, politeness: Politeness, text: String) {
        if logsAnnouncements { record("announce \(name(alert)) \(politeness) \(text)", alert) }
    }
    func requestFlush(_ root: Dispatch) { record("flush? \(root.name)", nil) }
    /// docs/rules.md §21: "trigger CAMPAIGN", "skip CAMPAIGN REASON" or "miss CAMPAIGN REASON".
    func campaign(_ root: Dispatch, campaign: String, kind: CampaignEventKind, reason: SkipReason, alert: Alert?) {
        switch kind {
        case .trigger: record("trigger \(campaign)" + (alert?.variant.map { " " + $0 } ?? ""), alert)
        case .skip, .miss: record("\(kind) \(campaign) \(reason)", alert)
        case .control: record("control \(campaign)", alert)
        }
    }
    func now() -> Double? { clock }
    /// docs/rules.md §22: the offset `utcOffset` answers (nil: UTC), and
    /// the wall clock without a history.
    var offset: ((Double) -> Double)?
    func utcOffset(_ root: Dispatch, wall: Double) -> Double? { offset?(wall) }
    func setTimer(_ root: Dispatch, delay: Double) { timerRequests.append("\(root.name) \(delay)") }

    /// Moves `clock` forward by `seconds` as a scenario's "advance" step
    /// does (`VirtualClock.advance`), ticking the pages whose timers are due.
    func advance(_ seconds: Double, _ pages: [Dispatch]) throws {
        try advance(by: seconds, pages: pages) { try $0.tick() }
    }

    /// Returns the timer requests so far and clears them.
    func takeTimers() -> [String] {
        defer { timerRequests = [] }
        return timerRequests
    }

    /// Returns the log so far and clears it.
    func take() -> [String] {
        defer { log = [] }
        return log
    }
}

/// A host whose destructor is observable, like a C host's context destructor.
final class CountedHost: AlertHost {
    let onDeinit: () -> Void
    let recorder: Recorder
    init(_ recorder: Recorder, onDeinit: @escaping () -> Void) {
        self.recorder = recorder
        self.onDeinit = onDeinit
    }
    deinit { onDeinit() }
    func show(_ alert: Alert, target: String, view: ViewHandle?) { recorder.show(alert, target: target, view: view) }
    func remove(_ alert: Alert, reason: EndReason) { recorder.remove(alert, reason: reason) }
    func finish(_ alert: Alert, reason: EndReason) { recorder.finish(alert, reason: reason) }
}

func alert(_ id: String?, _ priority: Int32 = 0, _ exclusive: Exclusive = .wait,
           waiting: Bool = false, actions: Int = 0) -> Alert {
    let a = Alert(id: id)
    try! a.setPriority(priority)
    try! a.setExclusive(exclusive)
    if waiting {
        try! a.setWaiting()
    }
    if actions > 0 {
        try! a.setContent(AlertContent(actions: (0..<actions).map { AlertAction(id: "act\($0)", title: "Action \($0)") }))
    }
    return a
}

/// A visible page with the given host.
func page(_ name: String, _ host: AlertHost, visible: Bool = true, view: ViewHandle? = nil) -> Dispatch {
    let d = Dispatch(host: host, pageView: view, name: name)
    if visible {
        try! d.pageDidAppear()
    }
    return d
}

/// `count` visible child pages of `parent`, named `prefix` + 0, 1, ...,
/// each joined, then given the alert `make(i)`.
func childPages(_ count: Int, of parent: Dispatch, _ host: AlertHost, named prefix: String,
                each make: (Int) throws -> Alert) throws -> [Dispatch] {
    try (0..<count).map { i in
        let child = page("\(prefix)\(i)", host)
        try child.setParent(parent)
        try child.add(make(i))
        return child
    }
}

/// Alert "a`i`" in a lane of its own, "l`i`".
func alertInOwnLane(_ i: Int) throws -> Alert {
    let a = alert("a\(i)")
    try a.setLane("l\(i)")
    return a
}

/// A visible "tab" page with two visible children, "home" and "me".
func tabs(_ host: AlertHost) throws -> (tab: Dispatch, home: Dispatch, me: Dispatch) {
    let tab = page("tab", host)
    let home = page("home", host)
    let me = page("me", host)
    try home.setParent(tab)
    try me.setParent(tab)
    return (tab, home, me)
}

/// The error code a call throws, or nil when it succeeds.
func errorCode(_ body: () throws -> Void) -> AlertError.Code? {
    caught(body)?.code
}

/// The error message a call throws, or nil when it succeeds.
func errorMessage(_ body: () throws -> Void) -> String? {
    caught(body)?.message
}

private func caught(_ body: () throws -> Void) -> AlertError? {
    do {
        try body()
        return nil
    } catch let error as AlertError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

func view(_ n: UInt) -> ViewHandle { ViewHandle(bitPattern: n)! }

extension Recorder {
    /// The host's clock, which must be set to be moved.
    var virtualTime: Double {
        get { clock! }
        set { clock = newValue }
    }
}
