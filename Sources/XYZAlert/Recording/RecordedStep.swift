/// One call a recording writes down, with its arguments; pages and alerts
/// appear by the names the recording gave them (nil: one it has not seen,
/// which has broken the recording already). `ScenarioWriter` renders each
/// case as one step of a scenario file (docs/formats.md, "Recordings").
enum RecordedStep {
    /// A call on a page that takes nothing else.
    enum PageCall: String {
        case appear, disappear, flush, tick, destroy, suspend, resume
        case holdTimers = "hold_timers", unholdTimers = "unhold_timers"
    }

    /// A call on an alert that takes nothing else.
    enum AlertCall: String {
        case ready, dismiss, cancel, hold, unhold
    }

    /// A content change, as the one C-level setter it amounts to.
    enum ContentChange {
        case title(String?)
        case message(String?)
        case style(String)
        case meta(String?)
        case clearActions
        case addAction(AlertAction)
    }

    case page(PageCall, String?)
    case alert(AlertCall, String?)
    /// The definitions of the added alerts, in batch order.
    case add([String])
    case parent(page: String?, parent: String?)
    case select(page: String?, child: String?)
    case keyboard(page: String?, frame: Rect, duration: Double)
    case capacity(page: String?, capacity: Int)
    case cancelTagged(page: String?, tag: String?)
    case action(alert: String?, index: Int)
    case target(alert: String?, target: String)
    /// A tag added to a live alert.
    case tag(alert: String?, tag: String)
    case avoidance(alert: String?, enabled: Bool, adjust: Double)
    case frame(alert: String?, frame: Rect?)
    case update(alert: String?, ContentChange)
    /// A dependency added to a live alert: on another alert, by its name.
    case dependOnAlert(alert: String?, on: String)
    /// A dependency added to a live alert: on an id.
    case dependOnID(alert: String?, id: String)
    /// The root's duration scale (docs/rules.md §17; infinity: never).
    case durationScale(page: String?, scale: Double)
    /// The root's gap of a lane.
    case gap(page: String?, lane: String, seconds: Double)
    /// The root's limit of a lane (docs/rules.md §19).
    case laneLimit(page: String?, lane: String, visible: Int, onFull: OnFull)
    /// A page's tie-break order.
    case order(page: String?, order: QueueOrder)
    case cancelQueued(page: String?, tag: String?)
    /// The history began a session.
    case session
    /// The caps set on a history key became these.
    case caps(key: String, CapRules)
    /// docs/rules.md §21: an event tracked (its properties as JSON text),
    /// an attribute set (its value as JSON text; nil removed it).
    case track(page: String?, event: String, props: String)
    case setAttribute(page: String?, name: String, value: String?)

    /// The change from `old` to `new` content, when it is one setter's;
    /// nil when it is none of them (or nothing changed).
    static func contentChange(from old: AlertContent, to new: AlertContent) -> ContentChange? {
        var changes: [ContentChange] = []
        if !identicalText(old.title, new.title) { changes.append(.title(new.title)) }
        if !identicalText(old.message, new.message) { changes.append(.message(new.message)) }
        if !identicalText(old.style, new.style) { changes.append(.style(new.style)) }
        if !identicalText(old.meta, new.meta) { changes.append(.meta(new.meta)) }
        if !identicalActions(old.actions, new.actions) {
            if new.actions.isEmpty {
                changes.append(.clearActions)
            } else if new.actions.count == old.actions.count + 1, identicalActions(Array(new.actions.dropLast()), old.actions) {
                changes.append(.addAction(new.actions.last!))
            } else {
                return nil
            }
        }
        return changes.count == 1 ? changes[0] : nil
    }
}

extension Dispatch {
    /// Tells this page's recording, if any, that a call begins, with the
    /// step `step` builds (given the recording, for names); the caller
    /// calls `end()` on the result as it returns.
    @inline(__always)
    func recordCall(_ step: (Recording) -> RecordedStep) -> Recording? {
        guard let recording else { return nil }
        recording.begin(step(recording))
        return recording
    }

    /// Begins the recorded add of `batch`, unless it is a campaign's
    /// instance, which the replay makes from the track step it is part of.
    /// (Inlined: on every add, nothing records.)
    @inline(__always)
    func recordAdd<Batch: Collection<Alert>>(_ batch: Batch) -> Recording? {
        guard let recording else { return nil }
        return recordAdd(batch, in: recording)
    }

    @inline(never)
    private func recordAdd<Batch: Collection<Alert>>(_ batch: Batch, in recording: Recording) -> Recording? {
        if batch.count == 1, let instance = batch.first!.extras?.campaign {
            recording.adopt(batch.first!, campaignAlert: instance.definition)
            return nil
        }
        recording.beginAdd(batch, on: self)
        return recording
    }

    /// `recordCall` for a call that takes this page only.
    @inline(__always)
    func recordPageCall(_ call: RecordedStep.PageCall) -> Recording? {
        recordCall { .page(call, $0.page(self)) }
    }
}

extension Alert {
    /// Tells the recording of the alert's page, if any, that a call on the
    /// alert begins, with the step `step` builds; the caller calls `end()`
    /// on the result as it returns.
    @inline(__always)
    func recordCall(_ step: (Recording) -> RecordedStep) -> Recording? {
        guard let recording = dispatch?.recording else { return nil }
        recording.begin(step(recording))
        return recording
    }

    /// `recordCall` for a call that takes this alert only.
    @inline(__always)
    func recordAlertCall(_ call: RecordedStep.AlertCall) -> Recording? {
        recordCall { .alert(call, $0.alert(self)) }
    }
}
