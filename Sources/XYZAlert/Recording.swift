/// Recording (SPEC 15): everything done to a domain, written down as a
/// scenario that `xyzalert simulate` replays to the same events in the same
/// order.
///
/// A recording is started on a dispatch whose domain has no live alert (what
/// was shown before cannot be replayed) and no active-child provider (host
/// code a file cannot hold). Every page of the domain then points to it
/// (`Dispatch.recording`), and so does every page that joins later; a page
/// keeps it when it leaves, so a subtree that splits off and comes back is
/// followed. Each public call on a recorded page or on an alert of one
/// (`begin` ... `end`, made once the call's checks have passed, so a failed
/// call leaves nothing) appends one step; an add also writes each alert's
/// configuration down as a definition. Calls made from inside an event
/// callback are nested: their step says after how many events of the call
/// around them they were made (`"during"`), so the replay makes them from
/// the same callback. While a call runs, the domain's clock reads one time,
/// written on the outermost step (`"at"`) once the engine reads it.
///
/// What the file cannot hold (a provider set later, a page joining with
/// alerts added before it was seen, a dependency on an alert never added)
/// breaks the recording: it goes on, and `scenarioJSON` reports the first
/// such problem instead of writing a file that replays differently.
///
/// Memory: a page per page seen, a definition per add at most (an instance
/// whose definition is unchanged and whose previous instance has finished
/// reuses it), a step per call, and an entry per unfinished recorded alert.
/// Off, it costs one nil check per call and per event.
public final class Recording {
    /// A page as the scenario declares it.
    struct Page {
        var name: String
        var parent: Int?
        var active: Int?
        var capacity: Int
    }

    /// One alert definition: an added alert as it was configured.
    struct Definition: Equatable {
        var name: String
        var id: String?
        var page: Int
        var priority: Int32
        var exclusive: Exclusive
        var after: [String]
        /// Names of definitions whose latest instance it depends on (handle dependencies).
        var afterAlerts: [String]
        var ready: Bool
        var target: String
        var content: AlertContent
        var avoidKeyboard: Bool
        var keyboardAdjust: Double
        var frame: Rect?
        var duration: Double
        var ttl: Double
        var tags: [String]
        var onDuplicate: OnDuplicate
        var lane: String
    }

    /// One step: the JSON text of its member, when the clock was read in it,
    /// after how many events of the enclosing call it was made (nested
    /// calls only).
    struct Step {
        var body: String
        var at: Double?
        var during: Int?
    }

    let deferred: Bool
    /// Whether calls are still being recorded.
    public private(set) var isActive = true
    /// The first reason the file could not replay what happened, if any.
    public private(set) var problem: String?

    private var pages: [Page] = []
    private var pageIndex: [ObjectIdentifier: Int] = [:]
    /// The recorded dispatches, held while recording so that `stop` can
    /// unhook them (they point to the recording).
    private var members: [Dispatch] = []
    private var usedPageNames: Set<String> = []
    private var definitions: [Definition] = []
    private var definitionsByID: [String?: [Int]] = [:]
    private var usedAlertNames: Set<String> = []
    private var anonymousCount = 0
    /// Unfinished recorded alerts and their definitions; a definition with
    /// one is `busy` and is not reused (steps name the latest instance).
    private var instances: [ObjectIdentifier: (alert: Alert, definition: Int)] = [:]
    private var busy: Set<Int> = []
    /// Idle alerts that an added alert depends on by handle, and the names
    /// kept for them: the replay creates them early, and their own add
    /// later uses that name (held here until then, or until `stop`).
    private var reserved: [ObjectIdentifier: (alert: Alert, name: String)] = [:]
    private var steps: [Step] = []

    /// Recorded calls in progress (more than one: nested from callbacks),
    /// by step index.
    private var calls: [Int] = []
    private var depth: Int { calls.count }
    private var outerStep = 0
    /// An alert whose finish is being delivered: still named until the
    /// next event or the end of the call.
    private var finishing: Alert?
    private var eventsInCall = 0
    /// The one time every recorded domain's clock reads during the call
    /// running now (its first reading), or nil before it is read.
    private(set) var frozenTime: Double?

    init(_ domain: Domain) {
        deferred = domain.isDeferred
        let dispatches = domain.dispatches
        declare(dispatches)
        if domain.keyboard != .zero, let root = dispatches.first {
            append(keyboardStep(root, domain.keyboard, duration: 0))
        }
    }

    /// Unhooks every recorded page; what was recorded stays readable.
    func stop() {
        definitions += unaddedDependencies()
        isActive = false
        for dispatch in members where dispatch.recording === self {
            dispatch.recording = nil
        }
        members = []
        instances = [:]
        reserved = [:]
        finishing = nil
    }

    func fail(_ why: String) {
        problem = problem ?? why
    }

    // MARK: Pages

    /// Declares pages not seen yet (parents first), and appends the steps
    /// that bring each to its state: appearing, suspensions. Their page
    /// objects give parents among them, active children and capacities.
    private func declare(_ dispatches: [Dispatch]) {
        let unseen = dispatches.filter { pageIndex[ObjectIdentifier($0)] == nil }
        for dispatch in unseen {
            var name = dispatch.name.isEmpty ? "page" : dispatch.name
            if usedPageNames.contains(name) {
                var n = 2
                while usedPageNames.contains("\(name)#\(n)") { n += 1 }
                name = "\(name)#\(n)"
            }
            usedPageNames.insert(name)
            pageIndex[ObjectIdentifier(dispatch)] = pages.count
            let parent = dispatch.parent.flatMap { pageIndex[ObjectIdentifier($0)] }
            pages.append(Page(name: name, parent: parent, active: nil, capacity: dispatch.capacityLimit))
            members.append(dispatch)
            dispatch.recording = self
            if dispatch.activeChildProvider != nil {
                fail("\(dispatch.quotedName) has an active-child provider, which a file cannot hold")
            }
            // Any page may become a root, whose host's mode then rules.
            if (dispatch.host != nil && dispatch.hostDefersPasses) != deferred {
                fail("\(dispatch.quotedName) has a host in the other pass mode (immediate or deferred), and a file has one mode")
            }
        }
        for dispatch in unseen {
            let i = pageIndex[ObjectIdentifier(dispatch)]!
            if let child = dispatch.explicitActiveChild {
                pages[i].active = pageIndex[ObjectIdentifier(child)]
            }
            if dispatch.isPageVisible {
                append("\"appear\": " + page(dispatch))
            }
            for _ in 0..<dispatch.suspensions {
                append("\"suspend\": " + page(dispatch))
            }
        }
    }

    /// The page's name as JSON text.
    func page(_ dispatch: Dispatch) -> String {
        guard let i = pageIndex[ObjectIdentifier(dispatch)] else {
            fail("a call named \(dispatch.quotedName), which the recording has not seen")
            return "null"
        }
        return JSONText.string(pages[i].name)
    }

    /// `dispatch` gets `newParent` (nil: detached). Pages of the domain it
    /// joins that were not recorded are declared first; they must have no
    /// live alert.
    func beginParent(_ dispatch: Dispatch, _ newParent: Dispatch?) {
        if let newParent {
            let unseen = newParent.domain.dispatches.filter { pageIndex[ObjectIdentifier($0)] == nil }
                + dispatch.domain.dispatches.filter { pageIndex[ObjectIdentifier($0)] == nil }
            if let other = unseen.lazy.compactMap(\.recording).first(where: { $0 !== self }) {
                other.fail("a recorded page joined the domain of another recording")
                fail("a page recorded by another recording joined this one")
            }
            for page in unseen where !page.alerts.isEmpty {
                fail("\(page.quotedName) joined the recorded domain with alerts added before the recording saw it")
            }
            // Each side's unseen pages, as the trees they form now.
            for root in [newParent.root, dispatch.root] where unseen.contains(where: { $0 === root }) {
                declare(root.subtree)
            }
            declare(unseen)
        }
        begin("\"parent\": " + JSONText.object([("page", page(dispatch)), ("parent", newParent.map(page) ?? "null")]))
    }

    // MARK: Calls

    /// A call with this step (a JSON member's text) begins.
    func begin(_ body: String) {
        append(body)
        if depth == 0 {
            outerStep = steps.count - 1
            eventsInCall = 0
            frozenTime = nil
        }
        calls.append(steps.count - 1)
    }

    /// The call begun last has returned.
    func end() {
        calls.removeLast()
        if depth == 0 {
            forgetFinishing()
            frozenTime = nil
        }
    }

    /// The index of the step whose call is running (the innermost), to
    /// which a replay attributes the events delivered now; nil between calls.
    public var currentStep: Int? { calls.last }

    private func append(_ body: String) {
        steps.append(Step(body: body, at: nil, during: depth > 0 && eventsInCall > 0 ? eventsInCall : nil))
    }

    /// Whether a recorded call is running (on any page of the recording,
    /// nested calls included).
    var isInCall: Bool { depth > 0 }

    /// A recorded domain read its clock during the call, for the first
    /// time: every reading until the call returns is this one (whichever
    /// domain reads it, the call's own or one it joined or reached from a
    /// callback), and the replay's clock must read it at the call's step.
    func clockRead(_ time: Double) {
        frozenTime = time
        steps[outerStep].at = time
    }

    /// An event is being delivered to the host of a recorded page.
    func delivered(_ alert: Alert, finished: Bool) {
        if depth == 0 {
            fail("an event came from a call the recording did not see")
        }
        eventsInCall += 1
        forgetFinishing()
        if finished {
            finishing = alert
        }
    }

    private func forgetFinishing() {
        if let alert = finishing, let entry = instances.removeValue(forKey: ObjectIdentifier(alert)) {
            busy.remove(entry.definition)
        }
        finishing = nil
    }

    // MARK: Alerts

    /// The recorded alert's definition name as JSON text.
    func alert(_ alert: Alert) -> String {
        guard let entry = instances[ObjectIdentifier(alert)] else {
            fail("a call named alert \(alert.quotedName), which the recording has not seen added")
            return "null"
        }
        return JSONText.string(definitions[entry.definition].name)
    }

    /// The name the recording gives `alert` (its definition's), or nil when
    /// it has not recorded it or it has finished.
    public func name(of alert: Alert) -> String? {
        instances[ObjectIdentifier(alert)].map { definitions[$0.definition].name }
    }

    /// A call on `alert` with this member (its value's object gets "alert").
    func beginAlertCall(_ kind: String, _ alert: Alert, _ members: [(String, String)] = []) {
        let body = members.isEmpty ? self.alert(alert) : JSONText.object([("alert", self.alert(alert))] + members)
        begin(JSONText.string(kind) + ": " + body)
    }

    /// A dependency is added to the live `alert`: on the alert `other`, or
    /// on the id `id`. Such a call has no events and reads no clock, so it
    /// is only written down.
    func recordDependency(_ alert: Alert, on other: Alert? = nil, id: String? = nil) {
        let target = other.map { ("on", JSONText.string(dependencyName($0) ?? "")) } ?? ("id", JSONText.string(id!))
        append("\"depend\": " + JSONText.object([("alert", self.alert(alert)), target]))
    }

    /// `batch` is being added to `dispatch` (every check passed).
    func beginAdd<Batch: Collection<Alert>>(_ batch: Batch, on dispatch: Dispatch) {
        let pageNumber = pageIndex[ObjectIdentifier(dispatch)]!
        var names: [String] = []
        for alert in batch {
            var definition = Recording.definition(of: alert, page: pageNumber)
            // Earlier alerts of the batch are recorded already, as the
            // replay creates them in this order too.
            for dependency in alert.dependencies where dependency.state != .finished {
                definition.afterAlerts.append(dependencyName(dependency) ?? "")
            }
            let kept = reserved.removeValue(forKey: ObjectIdentifier(alert))?.name
            let index = kept.map { create(definition, name: $0) } ?? reuse(definition) ?? create(definition)
            names.append(definitions[index].name)
            instances[ObjectIdentifier(alert)] = (alert, index)
            busy.insert(index)
        }
        let list = names.count == 1 ? JSONText.string(names[0]) : JSONText.array(names.map(JSONText.string))
        begin("\"add\": " + list)
    }

    private func reuse(_ definition: Definition) -> Int? {
        for index in definitionsByID[definition.id] ?? [] where !busy.contains(index) {
            var candidate = definition
            candidate.name = definitions[index].name
            if candidate == definitions[index] {
                return index
            }
        }
        return nil
    }

    private func create(_ definition: Definition, name kept: String? = nil) -> Int {
        var named = definition
        named.name = kept ?? newName(for: definition.id)
        definitions.append(named)
        definitionsByID[definition.id, default: []].append(definitions.count - 1)
        return definitions.count - 1
    }

    /// A name not used yet: the id, else "id#2", "id#3"...; "#1", "#2"...
    /// for alerts without id.
    private func newName(for id: String?) -> String {
        var name: String
        if let id, !usedAlertNames.contains(id) {
            name = id
        } else {
            var n = 2
            if id == nil {
                anonymousCount += 1
                n = anonymousCount
            }
            repeat {
                name = "\(id ?? "")#\(n)"
                n += 1
            } while usedAlertNames.contains(name)
        }
        usedAlertNames.insert(name)
        return name
    }

    /// `alert`'s configuration, without a name yet nor handle dependencies.
    static func definition(of alert: Alert, page: Int) -> Definition {
        Definition(
            name: "", id: alert.id, page: page, priority: alert.priority, exclusive: alert.exclusive,
            after: alert.dependencyIDs, afterAlerts: [], ready: !alert.startsWaiting, target: alert.target,
            content: alert.content, avoidKeyboard: alert.avoidsKeyboard, keyboardAdjust: alert.keyboardAdjust,
            frame: alert.frame, duration: alert.duration, ttl: alert.ttl, tags: alert.tagKeys.map(\.string),
            onDuplicate: alert.onDuplicate, lane: alert.laneKey?.string ?? "main")
    }

    /// The name of an alert something depends on by handle: a recorded
    /// one's, or one kept for an idle alert (not added yet); nil, breaking
    /// the recording, for an alert added where the recording does not see.
    private func dependencyName(_ dependency: Alert) -> String? {
        if let entry = instances[ObjectIdentifier(dependency)] {
            return definitions[entry.definition].name
        }
        if dependency.state == .idle {
            return reserve(dependency)
        }
        fail("an alert depends on alert \(dependency.quotedName), which was added where the recording does not see")
        return nil
    }

    /// Definitions for the idle alerts kept a name that were never added:
    /// the replay creates them to depend on, as they are now (on the first
    /// page: never added, their page does not matter).
    private func unaddedDependencies() -> [Definition] {
        reserved.values.sorted { $0.name < $1.name }.map { kept in
            var definition = Recording.definition(of: kept.alert, page: 0)
            definition.name = kept.name
            return definition
        }
    }

    private func reserve(_ alert: Alert) -> String {
        if let kept = reserved[ObjectIdentifier(alert)] {
            return kept.name
        }
        let name = newName(for: alert.id)
        reserved[ObjectIdentifier(alert)] = (alert, name)
        return name
    }

    // MARK: Steps with values

    func keyboardStep(_ dispatch: Dispatch, _ frame: Rect, duration: Double) -> String {
        "\"keyboard\": " + JSONText.object([("page", page(dispatch)), ("frame", Recording.rect(frame)),
                                            ("duration", JSONText.number(duration))])
    }

    static func rect(_ r: Rect) -> String {
        JSONText.array([r.x, r.y, r.width, r.height].map(JSONText.number))
    }

    /// The update step for a content change, as the one C-level setter it
    /// amounts to; nil when it is none of them.
    static func contentChange(from old: AlertContent, to new: AlertContent) -> [(String, String)]? {
        func text(_ value: String?) -> String { value.map(JSONText.string) ?? "null" }
        var changed: [(String, String)] = []
        if !identicalText(old.title, new.title) { changed.append(("title", text(new.title))) }
        if !identicalText(old.message, new.message) { changed.append(("message", text(new.message))) }
        if !identicalText(old.style, new.style) { changed.append(("style", JSONText.string(new.style))) }
        if !identicalText(old.meta, new.meta) { changed.append(("meta", new.meta ?? "null")) }
        if !identicalActions(old.actions, new.actions) {
            if new.actions.isEmpty {
                changed.append(("clear_actions", "true"))
            } else if new.actions.count == old.actions.count + 1, identicalActions(Array(new.actions.dropLast()), old.actions) {
                changed.append(("add_action", action(new.actions.last!)))
            } else {
                return nil
            }
        }
        // (`setContent` records nothing for content that did not change.)
        return changed.count == 1 ? changed : nil
    }

    static func action(_ a: AlertAction) -> String {
        JSONText.object([("id", JSONText.string(a.id)), ("title", JSONText.string(a.title)),
                         ("style", JSONText.string(a.style.description))])
    }

    // MARK: The file

    /// The recording as a scenario (docs/formats.md, "Recordings").
    /// Throws `.state` when it cannot replay what happened.
    public func scenarioJSON() throws(AlertError) -> String {
        if let problem {
            throw AlertError(.state, "the recording cannot be replayed: \(problem)")
        }
        let definitions = self.definitions + (isActive ? unaddedDependencies() : [])
        // Ids by their bytes, as the loader checks "after" against them.
        let definedIDs = Set(definitions.compactMap { $0.id.map(ExactString.init) })
        var out = "{\n  \"version\": 1,\n  \"deferred\": \(deferred),\n  \"pages\": {"
        out += pages.map { page in
            var members: [(String, String)] = []
            if let parent = page.parent { members.append(("parent", JSONText.string(pages[parent].name))) }
            if let active = page.active { members.append(("active", JSONText.string(pages[active].name))) }
            if page.capacity > 0 { members.append(("capacity", "\(page.capacity)")) }
            return "\n    " + JSONText.string(page.name) + ": " + JSONText.object(members)
        }.joined(separator: ",")
        out += "\n  },\n  \"alerts\": ["
        out += definitions.map { "\n    " + render($0, definedIDs) }.joined(separator: ",")
        out += "\n  ],\n  \"steps\": ["
        var rendered: [String] = []
        for step in steps {
            var text = "{" + step.body
            if let at = step.at { text += ", \"at\": " + JSONText.number(at) }
            if let during = step.during { text += ", \"during\": \(during)" }
            rendered.append("\n    " + text + "}")
        }
        out += rendered.joined(separator: ",")
        return out + "\n  ]\n}\n"
    }

    private func render(_ d: Definition, _ definedIDs: Set<ExactString>) -> String {
        var m: [(String, String)] = []
        if d.id != d.name { m.append(("name", JSONText.string(d.name))) }
        if let id = d.id { m.append(("id", JSONText.string(id))) }
        m.append(("page", JSONText.string(pages[d.page].name)))
        if d.priority != 0 { m.append(("priority", "\(d.priority)")) }
        if d.exclusive != .wait { m.append(("exclusive", JSONText.string(d.exclusive.description))) }
        // An id that no alert of the file has never blocks the replay:
        // leaving it out changes nothing, and the loader refuses it.
        let after = d.after.filter { definedIDs.contains(ExactString($0)) }
        if !after.isEmpty { m.append(("after", JSONText.array(after.map(JSONText.string)))) }
        if !d.afterAlerts.isEmpty { m.append(("after_alerts", JSONText.array(d.afterAlerts.map(JSONText.string)))) }
        if !d.ready { m.append(("ready", "false")) }
        if d.target != "page" { m.append(("target", JSONText.string(d.target))) }
        let c = d.content
        if c.style != "alert" { m.append(("style", JSONText.string(c.style))) }
        if let title = c.title { m.append(("title", JSONText.string(title))) }
        if let message = c.message { m.append(("message", JSONText.string(message))) }
        if !c.actions.isEmpty { m.append(("actions", JSONText.array(c.actions.map(Recording.action)))) }
        if let meta = c.meta { m.append(("meta", meta)) }
        if !d.avoidKeyboard { m.append(("avoid_keyboard", "false")) }
        if d.keyboardAdjust != 0 { m.append(("keyboard_adjust", JSONText.number(d.keyboardAdjust))) }
        if let frame = d.frame { m.append(("frame", Recording.rect(frame))) }
        if d.duration != 0 { m.append(("duration", JSONText.number(d.duration))) }
        if d.ttl != 0 { m.append(("ttl", JSONText.number(d.ttl))) }
        if !d.tags.isEmpty { m.append(("tags", JSONText.array(d.tags.map(JSONText.string)))) }
        if d.onDuplicate != .reject { m.append(("on_duplicate", JSONText.string(d.onDuplicate.description))) }
        if d.lane != "main" { m.append(("lane", JSONText.string(d.lane))) }
        return JSONText.object(m)
    }
}

extension Dispatch {
    /// Tells this page's recording, if any, that a call with the step
    /// `body` begins; the caller calls `end()` on the result as it returns.
    @inline(__always)
    func recordCall(_ body: (Recording) -> String) -> Recording? {
        guard let recording else { return nil }
        recording.begin(body(recording))
        return recording
    }

    /// `recordCall` for a step whose value is this page's name.
    @inline(__always)
    func recordPageCall(_ kind: StaticString) -> Recording? {
        recordCall { "\"\(kind)\": " + $0.page(self) }
    }

    /// Starts recording this dispatch's domain (see `Recording`), replacing
    /// any recording started here before. Throws `.state` while the domain
    /// has live alerts, an active-child provider or a recording of its own
    /// (stop that first), or is delivering events.
    public func startRecording() throws(AlertError) {
        try requireUsable("start recording")
        if domain.isRunning {
            throw AlertError(.state, "cannot start recording from inside a callback of \(quotedName)'s domain")
        }
        if domain.liveCount > 0 {
            throw AlertError(.state, "cannot start recording: the domain of \(quotedName) has \(domain.liveCount) live alert(s), and what they did before cannot be replayed; start recording before adding alerts")
        }
        for dispatch in domain.dispatches {
            if dispatch.activeChildProvider != nil {
                throw AlertError(.state, "cannot start recording: \(dispatch.quotedName) has an active-child provider, which a file cannot hold; use setActiveChild")
            }
            if dispatch.recording != nil && dispatch.recording !== ownRecording {
                throw AlertError(.state, "cannot start recording: \(dispatch.quotedName) is being recorded already")
            }
        }
        ownRecording?.stop()
        ownRecording = Recording(domain)
    }

    /// Stops the recording started on this dispatch; it stays readable.
    /// Throws `.state` when none was started here.
    public func stopRecording() throws(AlertError) {
        guard let ownRecording else {
            throw AlertError(.state, "cannot stop recording: no recording was started on \(quotedName)")
        }
        ownRecording.stop()
    }

    /// The recording last started on this dispatch, running or stopped.
    public var startedRecording: Recording? { ownRecording }

    /// Whether a running recording includes this page.
    public var isRecorded: Bool { recording != nil }
}

extension Alert {
    /// Tells the recording of the alert's page, if any, that a call on the
    /// alert begins (`kind`, with `members` besides "alert"); the caller
    /// calls `end()` on the result as it returns.
    @inline(__always)
    func recordCall(_ kind: StaticString, _ members: @autoclosure () -> [(String, String)] = []) -> Recording? {
        guard let recording = dispatch?.recording else { return nil }
        recording.beginAlertCall("\(kind)", self, members())
        return recording
    }
}
