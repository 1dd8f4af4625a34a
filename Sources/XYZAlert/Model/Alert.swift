/// One alert instance (docs/rules.md §1): what to show, how it competes for the
/// screen, and where it is in its life.
///
/// Scheduling properties (`priority`, `exclusive`) can change only while the
/// alert is idle; dependencies only before it shows; content, target and
/// keyboard settings until it finishes. Every state-changing call on a
/// finished alert throws `.state` and changes nothing; getters always work.
/// A finished alert stays a valid object for as long as it is referenced.
public final class Alert {
    /// Unique among the live alerts of a domain; nil for an anonymous alert.
    public var id: String? { key?.string }
    /// The id as the engine's lookup key (byte for byte).
    let key: ExactString?
    /// `IDIndex.digest(key)`, computed once (0 without an id).
    let keyDigest: Int
    /// Larger is more important.
    @exclusivity(unchecked) public var priority: Int32 = 0
    @exclusivity(unchecked) public var exclusive: Exclusive = .wait
    /// The plain properties (AlertProperties.swift: `onDuplicate`,
    /// `preempt`, ... each read through an accessor of its own).
    @exclusivity(unchecked) public internal(set) var properties = AlertProperties()
    /// Where the alert is in its life. Computed over `storedState`: another
    /// module reads a public stored property under the run-time exclusivity
    /// check, which `@exclusivity(unchecked)` does not lift there.
    public internal(set) var state: AlertState {
        get { storedState }
        set { storedState = newValue }
    }
    @exclusivity(unchecked) var storedState: AlertState = .idle
    /// Why the alert finished; nil until it has.
    @exclusivity(unchecked) public internal(set) var endReason: EndReason?
    /// Whether its page's order was `.lifo` when it was added: it then goes
    /// before the candidates of its priority added earlier (see `rank`).
    @exclusivity(unchecked) var addedLifo = false
    /// `dropIndex`, in 32 bits (a queue never holds 2^31 alerts): with the
    /// one-byte fields above it fills the word before `target`.
    @exclusivity(unchecked) var storedDropIndex: Int32 = -1
    /// The layer to show on: "page" (the dispatch's page view) or a name
    /// registered with `Dispatch.setTarget` on its dispatch or an ancestor.
    @exclusivity(unchecked) public var target = "page"
    /// What the host renders. Stored only once set: most alerts on a hot
    /// path never set it, and would otherwise copy the default in and out.
    public var content: AlertContent { storedContent?.content ?? AlertContent() }
    /// Boxed: an alert that never gets content (most on a hot path) is
    /// then 64 bytes smaller and its deinit releases one reference, not five.
    @exclusivity(unchecked) var storedContent: ContentBox?
    /// Whether content was ever set (else it has no text to announce).
    var hasContent: Bool { storedContent != nil }
    /// Its keyboard settings and frame, durations and timer, made on first
    /// use (see TimingAndLayout.swift): an alert that never uses them is
    /// 120 bytes smaller.
    @exclusivity(unchecked) var timingAndLayout: TimingAndLayout?
    /// The lane, nil for "main" (see Lanes.swift).
    @exclusivity(unchecked) var laneKey: ExactString?
    /// The tags (see Tags.swift), in the order first added, with an index
    /// that finds a tag already there in O(1).
    @exclusivity(unchecked) var tagList = IDList()
    var tagKeys: [ExactString] { tagList.ids }
    /// Anything the host wants to keep with the alert; released with it.
    public var hostData: AnyObject?

    // MARK: Scheduling data, owned by the engine.

    /// The dispatch the alert was added to; nil while idle and once finished.
    @exclusivity(unchecked) public internal(set) var dispatch: Dispatch?
    /// The dispatch an ending alert was on, while its `action`, `remove` and
    /// `finish` events are delivered (`dispatch` is nil by then); nil otherwise.
    /// Unowned: it is set and cleared by `Domain.report`, whose caller holds
    /// that dispatch for the whole time (storing a strong reference cost a
    /// retain and a release per ended alert).
    @exclusivity(unchecked) unowned(unsafe) var storedEndingDispatch: Dispatch?
    /// The dispatch an ending alert was on, while its last events are
    /// delivered; nil otherwise.
    public var endingDispatch: Dispatch? { storedEndingDispatch }
    /// Add order within the domain; larger is later. Set by `add`.
    @exclusivity(unchecked) var seq = 0
    /// Its place in its domain's stack while on screen: larger is higher.
    @exclusivity(unchecked) var stackOrder = 0
    /// Position in its dispatch's candidate queue, or -1 when not queued.
    @exclusivity(unchecked) var queueIndex = -1
    /// Position in its dispatch's `alerts` while live.
    @exclusivity(unchecked) var listIndex = -1
    /// The pass and sweeps of its domain that last handled it (see `Domain`).
    @exclusivity(unchecked) var passMark = 0
    @exclusivity(unchecked) var hideMark = 0
    /// Position in its dispatch's `dropQueue`, or -1 when not in it.
    var dropIndex: Int {
        get { Int(storedDropIndex) }
        set { storedDropIndex = Int32(truncatingIfNeeded: newValue) }
    }
    /// While its `update` callback runs; and whether a change made from
    /// inside it waits for one more delivery (see `setContent`).
    @exclusivity(unchecked) var updateIsRunning = false
    @exclusivity(unchecked) var updateIsPending = false
    /// Set by `setWaiting()` on an idle alert: `add` makes it waiting.
    @exclusivity(unchecked) var startsWaiting = false
    /// docs/rules.md §22, read by the selection without loading `extras`:
    /// `SelectionFlags` (it has windows; it is a control instance; a test
    /// campaign's instance). One byte beside the flags above.
    @exclusivity(unchecked) var selectionFlags: UInt8 = 0
    /// Handle dependencies. Cleared when the alert finishes, so that finished
    /// alerts hold no references; the graph of unfinished handle dependencies
    /// is kept acyclic, so these references never form a cycle.
    var dependencies: [Alert] {
        get { edges?.dependencies ?? [] }
        set { if edges != nil || !newValue.isEmpty { writableEdges.dependencies = newValue } }
        _modify { yield &writableEdges.dependencies }
    }
    /// Id dependencies in the order they were added (adding one is O(1)
    /// however many there are).
    var idDependencyList: IDList {
        get { edges?.idDependencyList ?? IDList() }
        _modify { yield &writableEdges.idDependencyList }
    }
    var idDependencies: [ExactString] { edges?.idDependencyList.ids ?? [] }
    /// Live alerts that list this one in `dependencies` (registered by `add`,
    /// dropped when either side finishes).
    var dependents: [Alert] {
        get { edges?.dependents ?? [] }
        set { if edges != nil || !newValue.isEmpty { writableEdges.dependents = newValue } }
        _modify { yield &writableEdges.dependents }
    }
    /// The three above, made on first write: most alerts have no dependency
    /// edges, and then hold one nil reference instead of four empty arrays,
    /// each of which their deinit released.
    @exclusivity(unchecked) var edges: DependencyEdges?
    var writableEdges: DependencyEdges {
        if let edges {
            return edges
        }
        let made = DependencyEdges()
        edges = made
        return made
    }
    /// The alert's caps and, while one holds it, why (CapRules.swift); made on
    /// first use, as most alerts have none.
    @exclusivity(unchecked) var extras: AlertExtras?
    /// While live: the number of unmet dependencies, i.e. unfinished handle
    /// dependencies plus id dependencies naming a live alert of the domain
    /// (kept with the edges: without them it is 0).
    var unmet: Int {
        get { edges?.unmet ?? 0 }
        set { if edges != nil || newValue != 0 { writableEdges.unmet = newValue } }
    }

    /// Creates an idle, ready alert. An empty `id` means no id.
    public init(id: String? = nil) {
        self.key = (id?.isEmpty ?? true) ? nil : id.map(ExactString.init)
        self.keyDigest = key.map(IDIndex.digest) ?? 0
    }

    /// True when `self` comes before `other` in candidate order: higher
    /// priority first, then lower `rank`.
    func precedes(_ other: Alert) -> Bool {
        priority != other.priority ? priority > other.priority : rank < other.rank
    }

    /// The tie-break among equal priorities (docs/rules.md §19): as if each
    /// add put a `fifo` page's alert at the back of its priority and a
    /// `lifo` page's at the front. So lifo alerts come first, the later
    /// add first (`~seq` is `-seq - 1`), then fifo ones, the earlier first.
    @inline(__always)
    var rank: Int { addedLifo ? ~seq : seq }

    /// The alert's name in messages: `'id'`, or "an alert without id".
    var quotedName: String { id.map { "'\($0)'" } ?? "an alert without id" }

    /// The alert in a message that names it as an alert: "alert 'id'", or
    /// "an alert without id" (never "alert an alert without id").
    var alertName: String { id.map { "alert '\($0)'" } ?? "an alert without id" }

    /// The dependency ids of this alert, in the order they were added.
    public var dependencyIDs: [String] { idDependencies.map { $0.string } }

    // MARK: Setters with state rules.

    // The state checks of every call are inlined and build their errors out
    // of line: a call then costs the hot path its comparison only, not a
    // function's prologue and epilogue (this holds for the `require`
    // functions of `Dispatch` and `Domain` too).

    @inline(__always)
    func requireNotFinished(_ what: String) throws(AlertError) {
        if state == .finished {
            throw finishedError(what)
        }
    }

    @inline(never)
    func finishedError(_ what: String) -> AlertError {
        AlertError(.state, "cannot \(what): \(alertName) has finished")
    }

    @inline(__always)
    func requireIdle(_ what: String) throws(AlertError) {
        if state != .idle {
            throw notIdleError(what)
        }
    }

    @inline(never)
    func notIdleError(_ what: String) -> AlertError {
        AlertError(.state, "cannot \(what): \(alertName) is \(state); only an idle alert can change it")
    }

    /// Sets the priority. Idle alerts only (`.state` otherwise).
    public func setPriority(_ priority: Int32) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the priority")
        self.priority = priority
    }

    /// Sets the exclusive behaviour. Idle alerts only (`.state` otherwise).
    public func setExclusive(_ exclusive: Exclusive) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the exclusive behaviour")
        self.exclusive = exclusive
    }

    /// Sets how long the alert may be showing before it ends with `.timeout`
    /// (0: no limit). Idle alerts only (`.state` otherwise); a negative,
    /// NaN or infinite value is `.invalidArgument`.
    public func setDuration(_ seconds: Double) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the duration")
        try Alert.requireTime(seconds, "duration of \(alertName)")
        duration = seconds
    }

    /// Sets how long after `add` the alert may wait to be first on screen
    /// before it ends with `.expired` (0: no limit). Idle alerts only
    /// (`.state` otherwise); a negative, NaN or infinite value is
    /// `.invalidArgument`.
    public func setTTL(_ seconds: Double) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the ttl")
        try Alert.requireTime(seconds, "ttl of \(alertName)")
        ttl = seconds
    }

    static func requireTime(_ seconds: Double, _ what: @autoclosure () -> String) throws(AlertError) {
        if !(seconds.isFinite && seconds >= 0) {
            throw AlertError(.invalidArgument, "\(what()) must be a finite number of seconds, 0 or more, not \(seconds)")
        }
    }

    /// Makes `add` queue the alert as waiting, until `setReady()`. Idle only.
    public func setWaiting() throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("mark the alert waiting")
        startsWaiting = true
    }

    /// Names the layer to show on; takes effect at the next show. Throws
    /// `.invalidArgument` for an empty name, `.state` once finished.
    public func setTarget(_ name: String) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("set the target")
        if name.isEmpty {
            throw AlertError(.invalidArgument, "target name of \(alertName) must not be empty")
        }
        let recorded = recordCall { .target(alert: $0.alert(self), target: name) }
        defer { recorded?.end() }
        target = name
    }

    /// The offset keyboard avoidance wants for this alert now.
    func wantedOffset(keyboard: Rect) -> Double {
        guard avoidsKeyboard, let frame else { return 0 }
        return keyboardOffset(frame: frame, keyboard: keyboard, adjust: keyboardAdjust)
    }
}

/// An alert's dependency edges (see `Alert.edges`).
final class DependencyEdges {
    @exclusivity(unchecked) var dependencies: [Alert] = []
    @exclusivity(unchecked) var idDependencyList = IDList()
    @exclusivity(unchecked) var dependents: [Alert] = []
    @exclusivity(unchecked) var unmet = 0
}
