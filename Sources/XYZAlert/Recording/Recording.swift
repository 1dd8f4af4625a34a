/// Recording (docs/rules.md §15): everything done to a domain, written down as a
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
/// the same callback. While a call runs, each clock (a root page's host's)
/// reads one time, its first reading in the call: the call's first reading
/// is written on the outermost step (`"at"`), other clocks that read another
/// time beside it (`"clocks"`), and so is a history's wall clock that moved
/// apart (`"wall"`).
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
        /// A page met as a child: its own root settings (docs/rules.md
        /// §17.6), in force once it splits off, which the file gives as
        /// page fields (a child cannot be given them by a step).
        var durationScale: Double = 1
        var gaps: [(lane: String, seconds: Double)] = []
        var laneLimits: [(lane: String, limit: LaneLimit)] = []
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
        var whenDisplaced: WhenDisplaced
        var lane: String
        var caps: CapRules
        var onCapped: OnCapped
        var showAfter: Double
        var minVisible: Double
        var announce: Politeness
        /// Holds on its countdown made while idle (docs/rules.md §17).
        var holds: Int
    }

    /// The history the recorded domain started from (docs/rules.md §16).
    struct StartingHistory {
        /// Its persistence format, as it was.
        var json: String
        /// Wall-clock time at the domain's clock time 0.
        var wallClock: Double
        /// The caps set on it, by key in byte order.
        var caps: [(String, CapRules)]
    }

    /// One step: its call, when the clock was read in it, after how many
    /// events of the enclosing call it was made (nested calls only).
    struct Step {
        var call: RecordedStep
        var at: Double?
        var during: Int?
        /// The pages (by index) whose host's clock read another time than
        /// `at` in the call, and those times (see `clockRead`).
        var clocks: [(page: Int, time: Double)] = []
        /// The history's wall clock, when it read another time than the
        /// file's `wall_clock` + `at` (see `wallRead`).
        var wall: Double?
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
    /// The definitions no unfinished instance uses (reusable), by
    /// `reuseKey`: a reuse looks only at those equal in the key's fields,
    /// so n adds cost O(n), however many definitions share an id.
    private var reusable: [Int: [Int]] = [:]
    private var usedAlertNames: Set<String> = []
    private var anonymousCount = 0
    /// Per id, the suffix after which "id#N" names are all taken.
    private var lastSuffix: [String: Int] = [:]
    /// Unfinished recorded alerts and their definitions; a definition with
    /// one is `busy` and is not reused (steps name the latest instance).
    private var instances: [ObjectIdentifier: (alert: Alert, definition: Int)] = [:]
    private var busy: Set<Int> = []
    /// Idle alerts that an added alert depends on by handle, and the names
    /// kept for them: the replay creates them early, and their own add
    /// later uses that name (held here until then, or until `stop`).
    private var reserved: [ObjectIdentifier: (alert: Alert, name: String)] = [:]
    private var steps: [Step] = []
    private var startingHistory: StartingHistory?
    /// The history object the recorded domain uses, told of this recording.
    private weak var watchedHistory: History? {
        didSet {
            if oldValue !== watchedHistory {
                oldValue?.unwatch(self)
                watchedHistory?.watch(self)
            }
        }
    }

    /// Recorded calls in progress (more than one: nested from callbacks),
    /// by step index.
    private var calls: [Int] = []
    private var depth: Int { calls.count }
    private var outerStep = 0
    /// An alert whose finish is being delivered: still named until the
    /// next event or the end of the call.
    private var finishing: Alert?
    private var eventsInCall = 0
    /// The clocks read during the call running now: each root page whose
    /// host's clock a domain read, with its first reading, which every
    /// later reading of that clock in the call returns.
    private var frozen: [(root: ObjectIdentifier, time: Double)] = []
    /// Whether the running call has read the history's wall clock.
    private var wallReadInCall = false

    init(_ domain: Domain) {
        deferred = domain.isDeferred
        let dispatches = domain.dispatches
        if let history = domain.history {
            startingHistory = Recording.starting(history, domain)
            watchedHistory = history
            history.watch(self)  // (observers do not run in an initializer)
        }
        declare(dispatches)
        if domain.keyboard != .zero, let root = dispatches.first {
            append(.keyboard(page: page(root), frame: domain.keyboard, duration: 0))
        }
    }

    /// Unhooks every recorded page; what was recorded stays readable.
    func stop() {
        watchedHistory = nil
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

    /// The history as a recording starts from it: its state and caps, and
    /// the wall-clock time at the domain's time 0.
    private static func starting(_ history: History, _ domain: Domain) -> StartingHistory {
        let wall = history.now()
        let time = domain.now()
        return StartingHistory(json: history.json(), wallClock: wall - time,
                               caps: history.cappedKeys.map { ($0, history.caps($0)) })
    }

    /// The recorded domain got `history` (nil: none), set on it or brought
    /// by a domain that joined it (`from`). A file has one history from its
    /// start: only before the first add can it change.
    func historyAttached(_ history: History?, from joining: Domain? = nil) {
        guard let domain = joining ?? members.first?.domain.root?.domain else { return }
        if steps.contains(where: { if case .add = $0.call { true } else { false } }) {
            fail(joining == nil ? "the domain's history changed after alerts were added, which a file cannot hold"
                 : "a domain with a history joined the recorded one after alerts were added, which a file cannot hold "
                   + "(attach the history before the first add)")
            return
        }
        startingHistory = history.map { Recording.starting($0, domain) }
        watchedHistory = history
    }

    /// The recorded domain's history changed: a session or caps begin a
    /// call (true: the caller ends it); a load, or clearing every key at
    /// once, cannot be replayed.
    func historyChanged(_ change: History.Change, _ history: History) -> Bool {
        switch change {
        case .session:
            begin(.session)
        case .limit(let key, _), .cooldown(let key, _), .clear(let key?):
            begin(.caps(key: key, history.caps(key)))
        case .clear(nil):
            fail("every cap of the history was cleared at once during the recording; clear them key by key")
            return false
        case .load:
            fail("a history was loaded during the recording, which a file cannot hold")
            return false
        }
        return true
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
            if dispatch.parent != nil {
                pages[pages.count - 1].durationScale = dispatch.storedDurationScale
                pages[pages.count - 1].gaps = dispatch.gaps.sorted { $0.key.precedesByBytes($1.key) }
                    .map { ($0.key.string, $0.value) }
                pages[pages.count - 1].laneLimits = dispatch.laneLimits.sorted { $0.key.precedesByBytes($1.key) }
                    .map { ($0.key.string, $0.value) }
                if dispatch.storedTimerHolds > 0 {
                    fail("\(dispatch.quotedName) holds timers of its own while it is a child, which a file cannot hold")
                }
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
                append(.page(.appear, page(dispatch)))
            }
            for _ in 0..<dispatch.suspensions {
                append(.page(.suspend, page(dispatch)))
            }
            // docs/rules.md §17: what the page sets as a root.
            if dispatch.parent == nil && dispatch.storedDurationScale != 1 {
                append(.durationScale(page: page(dispatch), scale: dispatch.storedDurationScale))
            }
            for (lane, seconds) in dispatch.gaps.sorted(by: { $0.key.precedesByBytes($1.key) }) where dispatch.parent == nil {
                append(.gap(page: page(dispatch), lane: lane.string, seconds: seconds))
            }
            // docs/rules.md §19: its lanes' limits (as a root) and its order.
            for (lane, limit) in dispatch.laneLimits.sorted(by: { $0.key.precedesByBytes($1.key) }) where dispatch.parent == nil {
                append(.laneLimit(page: page(dispatch), lane: lane.string, visible: limit.visible, onFull: limit.onFull))
            }
            if dispatch.storedOrder != .fifo {
                append(.order(page: page(dispatch), order: dispatch.storedOrder))
            }
            for _ in 0..<(dispatch.parent == nil ? dispatch.storedTimerHolds : 0) {
                append(.page(.holdTimers, page(dispatch)))
            }
        }
    }

    /// The page's name in the file; nil (breaking the recording) for a
    /// page it has not seen.
    func page(_ dispatch: Dispatch) -> String? {
        guard let i = pageIndex[ObjectIdentifier(dispatch)] else {
            fail("a call named \(dispatch.quotedName), which the recording has not seen")
            return nil
        }
        return pages[i].name
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
            // Each side's unseen pages, as the trees they form now, with
            // what their domain brings: its keyboard, its history.
            for root in [newParent.root, dispatch.root] where unseen.contains(where: { $0 === root }) {
                declare(root.subtree)
                if root.domain.keyboard != .zero {
                    append(.keyboard(page: page(root), frame: root.domain.keyboard, duration: 0))
                }
                if let history = root.domain.history, startingHistory == nil {
                    historyAttached(history, from: root.domain)
                }
            }
            declare(unseen)
        }
        begin(.parent(page: page(dispatch), parent: newParent.flatMap(page)))
    }

    // MARK: Calls

    /// A call with this step begins.
    func begin(_ call: RecordedStep) {
        if inSplitFlushRequest {
            fail("a call was made from inside the flush request of a page that split off during the same call")
        }
        append(call)
        if depth == 0 {
            callSerial &+= 1
            outerStep = steps.count - 1
            eventsInCall = 0
            frozen.removeAll()
            wallReadInCall = false
        }
        calls.append(steps.count - 1)
    }

    /// The call begun last has returned.
    func end() {
        calls.removeLast()
        if depth == 0 {
            forgetFinishing()
            frozen.removeAll()
            wallReadInCall = false
        }
    }

    /// The index of the step whose call is running (the innermost), to
    /// which a replay attributes the events delivered now; nil between calls.
    public var currentStep: Int? { calls.last }

    private func append(_ call: RecordedStep) {
        steps.append(Step(call: call, at: nil, during: depth > 0 && eventsInCall > 0 ? eventsInCall : nil))
    }

    /// Whether a recorded call is running (on any page of the recording,
    /// nested calls included).
    var isInCall: Bool { depth > 0 }

    /// The time the clock of `root`'s host reads during the running call,
    /// once a domain rooted there has read it.
    func frozenTime(of root: Dispatch) -> Double? {
        let key = ObjectIdentifier(root)
        return frozen.first { $0.root == key }?.time
    }

    /// A recorded domain rooted at `root` read its host's clock during the
    /// call, for the first time in the call: every reading of that clock
    /// until the call returns is this one (whichever domain reads it, the
    /// call's own, one it joined or split off, or one reached from a
    /// callback). The call's first reading is the step's `at`; a root
    /// whose clock reads another time (pages whose hosts keep clocks of
    /// their own, met in a join or a split) is written beside it, so that
    /// the replay gives that page's clock that time.
    func clockRead(_ time: Double, root: Dispatch) {
        frozen.append((ObjectIdentifier(root), time))
        guard let at = steps[outerStep].at else {
            steps[outerStep].at = time
            return
        }
        if time != at, let page = pageIndex[ObjectIdentifier(root)] {
            steps[outerStep].clocks.append((page, time))
        }
    }

    /// Whether the running call is yet to note the history's wall clock.
    var needsWallReading: Bool { !wallReadInCall && startingHistory != nil }

    /// The history's wall clock read `wall` during the call (after a domain
    /// clock gave the step its `at`): the replay's wall clock reads the
    /// file's `wall_clock` + `at`, so a reading that differs (a wall clock
    /// that moved apart from the pages' clocks: set by the user, or read
    /// beside a page's clock of its own) is written on the step.
    func wallRead(_ wall: Double) {
        wallReadInCall = true
        guard let history = startingHistory, let at = steps[outerStep].at, history.wallClock + at != wall else { return }
        steps[outerStep].wall = wall
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

    /// Set while the host of a page that split off during the running call
    /// is asked for a flush: a call it makes from there cannot be replayed
    /// (the file can only place it inside the event before, when the page
    /// had not split off yet).
    var inSplitFlushRequest = false
    /// Numbers the outermost recorded calls.
    private(set) var callSerial = 0

    private func forgetFinishing() {
        if let alert = finishing, let entry = instances.removeValue(forKey: ObjectIdentifier(alert)) {
            busy.remove(entry.definition)
            reusable[Recording.reuseKey(definitions[entry.definition]), default: []].append(entry.definition)
        }
        finishing = nil
    }

    // MARK: Alerts

    /// The recorded alert's definition name; nil (breaking the recording)
    /// for an alert it has not seen added.
    func alert(_ alert: Alert) -> String? {
        guard let entry = instances[ObjectIdentifier(alert)] else {
            fail("a call named \(alert.alertName), which the recording has not seen added")
            return nil
        }
        return definitions[entry.definition].name
    }

    /// The name the recording gives `alert` (its definition's), or nil when
    /// it has not recorded it or it has finished.
    public func name(of alert: Alert) -> String? {
        instances[ObjectIdentifier(alert)].map { definitions[$0.definition].name }
    }

    /// A dependency is added to the live `alert`: on the alert `other`, or
    /// on the id `id`. Such a call has no events and reads no clock, so it
    /// is only written down.
    func recordDependency(_ alert: Alert, on other: Alert) {
        append(.dependOnAlert(alert: self.alert(alert), on: dependencyName(other) ?? ""))
    }

    /// `recordDependency` for a dependency on the id `id`.
    func recordDependency(_ alert: Alert, id: String) {
        append(.dependOnID(alert: self.alert(alert), id: id))
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
        begin(.add(names))
    }

    /// A reusable definition equal to `definition` but for its name (the
    /// oldest such), taken out of `reusable`.
    private func reuse(_ definition: Definition) -> Int? {
        let key = Recording.reuseKey(definition)
        guard var candidates = reusable[key] else { return nil }
        for (position, index) in candidates.enumerated() {
            var candidate = definition
            candidate.name = definitions[index].name
            if candidate == definitions[index] {
                candidates.remove(at: position)
                reusable[key] = candidates.isEmpty ? nil : candidates
                return index
            }
        }
        return nil
    }

    /// A hash of the fields that tell definitions apart most often (equal
    /// definitions have equal keys; `==` decides).
    private static func reuseKey(_ d: Definition) -> Int {
        var hasher = Hasher()
        hasher.combine(d.id)
        hasher.combine(d.page)
        hasher.combine(d.priority)
        hasher.combine(d.exclusive.rawValue)
        hasher.combine(d.lane)
        hasher.combine(d.ready)
        hasher.combine(d.duration)
        hasher.combine(d.ttl)
        hasher.combine(d.content.title)
        hasher.combine(d.content.message)
        hasher.combine(d.tags.count)
        hasher.combine(d.after.count)
        return hasher.finalize()
    }

    private func create(_ definition: Definition, name kept: String? = nil) -> Int {
        var named = definition
        named.name = kept ?? newName(for: definition.id)
        definitions.append(named)
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
            } else if let last = lastSuffix[id!] {
                n = last + 1
            }
            repeat {
                name = "\(id ?? "")#\(n)"
                n += 1
            } while usedAlertNames.contains(name)
            if let id {
                lastSuffix[id] = n - 1
            }
        }
        usedAlertNames.insert(name)
        return name
    }

    /// `alert`'s configuration, without a name yet nor handle dependencies.
    /// An alert without id has no caps in the file: it can never be added
    /// with them (the add is `.invalidArgument`), and the loader refuses
    /// them; such a one is only ever an idle dependency.
    static func definition(of alert: Alert, page: Int) -> Definition {
        Definition(
            name: "", id: alert.id, page: page, priority: alert.priority, exclusive: alert.exclusive,
            after: alert.dependencyIDs, afterAlerts: [], ready: !alert.startsWaiting, target: alert.target,
            content: alert.content, avoidKeyboard: alert.avoidsKeyboard, keyboardAdjust: alert.keyboardAdjust,
            frame: alert.frame, duration: alert.duration, ttl: alert.ttl, tags: alert.tagKeys.map(\.string),
            onDuplicate: alert.onDuplicate, whenDisplaced: alert.whenDisplaced, lane: alert.laneKey?.string ?? "main",
            caps: alert.id == nil ? CapRules() : alert.caps, onCapped: alert.onCapped, showAfter: alert.showAfter,
            minVisible: alert.minVisible, announce: alert.announce, holds: alert.holds)
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
        fail("an alert depends on \(dependency.alertName), which was added where the recording does not see")
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

    // MARK: The file

    /// The recording as a scenario (docs/formats.md, "Recordings").
    /// Throws `.state` when it cannot replay what happened.
    public func scenarioJSON() throws(AlertError) -> String {
        if let problem {
            throw AlertError(.state, "the recording cannot be replayed: \(problem)")
        }
        let definitions = self.definitions + (isActive ? unaddedDependencies() : [])
        return ScenarioWriter.scenario(deferred: deferred, history: usedHistory(definitions), pages: pages,
                                       definitions: definitions, steps: steps)
    }

    /// The starting history, when anything recorded can depend on it: it
    /// has counts or caps, or an alert has caps, or a step changes it. (A
    /// host that attaches an empty history and never caps gets the file it
    /// got before caps existed.)
    private func usedHistory(_ definitions: [Definition]) -> StartingHistory? {
        guard let history = startingHistory else { return nil }
        let stepsUseIt = steps.contains { step in
            switch step.call {
            case .session, .caps: true
            default: false
            }
        }
        let empty = history.json.hasSuffix("\"session\": 1, \"keys\": {}}")
        if !empty || !history.caps.isEmpty || stepsUseIt
            || definitions.contains(where: { !$0.caps.isEmpty || $0.onCapped != .drop }) {
            return history
        }
        return nil
    }
}
