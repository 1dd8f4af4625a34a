import XYZAlert

/// One alert of an alert set (docs/rules.md §8), as loaded: everything needed
/// to create fresh instances.
public struct AlertDefinition: Sendable {
    /// The alert's id; "" for an alert without one (scenarios only).
    public var id: String
    /// What the file calls it: the id, unless a scenario gives a "name"
    /// (recordings hold several definitions of one id, and alerts without
    /// one). Unique in the file.
    public var name: String
    public var priority: Int32 = 0
    public var exclusive: Exclusive = .wait
    /// Ids defined in the same file; they become id dependencies.
    public var after: [String] = []
    public var ready = true
    public var target = "page"
    public var content = AlertContent()
    public var avoidKeyboard = true
    public var keyboardAdjust: Double = 0
    /// Tags, for cancelling by tag (docs/rules.md §13).
    public var tags: [String] = []
    /// The table's properties (scripts/interface/properties.py): the plain
    /// ones, and the values of those with hand-written engine accessors
    /// (duration, ttl, on_capped, show_after, min_visible, announce).
    public var properties = AlertProperties()
    public var values = PropertyValues()
    /// The lane (docs/rules.md §14).
    public var lane = "main"
    /// The page of a scenario's alert; nil in a plain alert set.
    public var page: String?
    /// The laid-out frame instances start with (scenarios only).
    public var frame: Rect?
    /// Names of definitions of the same scenario whose latest instance each
    /// instance depends on, by handle (resolved by the runner at its add).
    public var afterAlerts: [String] = []
    /// Caps on the alert's id (docs/rules.md §16).
    public var caps = CapRules()
    /// docs/rules.md §22.
    public var windows: [TimeWindow] = []
    public var exclude: [TimeWindow] = []
    public var onOutside: OnOutside = .wait
    /// Holds on its countdown made before its add (scenarios only: a
    /// recording's alert held while idle).
    public var holds = 0
    /// The alert object as the file wrote it (compact JSON text), for the
    /// definitions that the file's campaigns name (nil for the others): a
    /// campaign set update compares it (docs/rules.md §22).
    public var text: String?

    init(id: String) {
        self.id = id
        self.name = id
    }

    /// A fresh idle instance with everything set, `after` ids as id
    /// dependencies. The definition was validated, so nothing can fail.
    public func makeAlert() -> Alert {
        let alert = Alert(id: id)
        try! alert.setPriority(priority)
        try! alert.setExclusive(exclusive)
        try! alert.setTarget(target)
        try! alert.setContent(content)
        try! alert.setKeyboardAvoidance(avoidKeyboard, adjust: keyboardAdjust)
        try! values.apply(to: alert)
        for tag in tags {
            try! alert.addTag(tag)
        }
        try! alert.setProperties(properties)
        try! alert.setLane(lane)
        for limit in caps.limits {
            try! alert.addLimit(limit)
        }
        try! alert.setCooldown(caps.cooldown)
        if !windows.isEmpty { try! alert.setWindows(windows) }
        if !exclude.isEmpty { try! alert.setExclude(exclude) }
        if onOutside != .wait { try! alert.setOnOutside(onOutside) }
        if let frame {
            try! alert.setFrame(frame)
        }
        for dependency in after {
            try! alert.addDependency(id: dependency)
        }
        if !ready {
            try! alert.setWaiting()
        }
        for _ in 0..<holds {
            try! alert.hold()
        }
        return alert
    }
}

/// A validated alert set: definitions in file order, names unique (in an
/// alert set the name is the id), `after` naming defined ids, no dependency
/// cycle among ids defined once.
public struct AlertSet: Sendable {
    public let definitions: [AlertDefinition]
    /// The caps of the set's `"caps"` member, in file order.
    public var caps: [KeyCaps] = []
    /// The set's campaigns, in file order (docs/rules.md §21), and the
    /// `campaigns` member as compact JSON text (recordings write it).
    public var campaigns: [CampaignDefinition] = []
    public var campaignsJSON: String?
    /// The set's "campaigns_version" (docs/rules.md §22).
    public var campaignsVersion: String?

    /// The caps of one key.
    public struct KeyCaps: Sendable, Equatable {
        public var key: String
        public var rules: CapRules
    }

    /// Sets every key's caps of this set on `history` (replacing what the
    /// history had on those keys).
    public func applyCaps(to history: History) throws(AlertError) {
        try AlertSet.apply(caps, to: history)
    }

    /// Sets each key's caps of `caps` on `history`, replacing what it had on them.
    public static func apply(_ caps: [KeyCaps], to history: History) throws(AlertError) {
        for entry in caps {
            try history.clearCaps(entry.key)
            for limit in entry.rules.limits {
                try history.setLimit(entry.key, limit)
            }
            if entry.rules.cooldown > 0 {
                try history.setCooldown(entry.key, entry.rules.cooldown)
            }
        }
    }
    /// Names compare byte for byte, as ids do everywhere in the engine.
    private let indexByName: [ExactString: Int]

    init(_ definitions: [AlertDefinition]) {
        self.definitions = definitions
        var index: [ExactString: Int] = [:]
        for (i, definition) in definitions.enumerated() {
            index[ExactString(definition.name)] = i
        }
        indexByName = index
    }

    /// The definition called `name` (in an alert set: with that id).
    public func definition(_ name: String) -> AlertDefinition? {
        index(of: name).map { definitions[$0] }
    }

    /// The index in `definitions` of the alert called `name`. O(1).
    public func index(of name: String) -> Int? {
        indexByName[ExactString(name)]
    }
}

/// A validated scenario (docs/rules.md §9).
public struct Scenario: Sendable {
    public struct Page: Sendable, Equatable {
        public var name: String
        public var parent: String?
        /// The initially active child.
        public var active: String?
        /// The dispatch's capacity (0: no limit).
        public var capacity: Int
        /// docs/rules.md §17, as a root sets them: the duration scale
        /// (infinity: never) and the lanes' gaps, in file order.
        public var durationScale: Double = 1
        public var gaps: [LaneGap] = []
        /// docs/rules.md §19: the tie-break order, and the lanes' limits it
        /// sets as a root, in file order.
        public var order = QueueOrder.fifo
        public var laneLimits: [LaneLimitEntry] = []

        public init(name: String, parent: String? = nil, active: String? = nil, capacity: Int = 0) {
            self.name = name
            self.parent = parent
            self.active = active
            self.capacity = capacity
        }
    }

    /// A lane's limit (docs/rules.md §19).
    public struct LaneLimitEntry: Sendable, Equatable {
        public var lane: String
        public var limit: LaneLimit
    }

    /// A lane's gap (docs/rules.md §17).
    public struct LaneGap: Sendable, Equatable {
        public var lane: String
        public var seconds: Double
    }

    /// The content setters of an update step, made in this order for the
    /// fields present: title, message, style, clear actions, add an
    /// action, meta. A present nil clears the field.
    public struct ContentUpdate: Sendable, Equatable {
        public var title: String??
        public var message: String??
        public var style: String?
        public var clearActions = false
        public var addAction: AlertAction?
        /// Meta as compact JSON object text.
        public var meta: String??

        public init(title: String?? = .none, message: String?? = .none, style: String? = nil) {
            self.title = title
            self.message = message
            self.style = style
        }
    }

    /// When a step runs, besides its place in the list (recordings): the
    /// time the virtual clock reads during it, and, for a call a host made
    /// from inside an event callback, after how many events of the step
    /// around it (the nearest earlier step without `during`).
    public struct Timing: Sendable, Equatable {
        public var at: Double?
        public var during: Int?
        /// The pages whose host's clock reads another time than `at` at
        /// this step ("clocks", written by recordings of pages whose hosts
        /// keep clocks of their own), in file order.
        public var clocks: [PageClock] = []
        /// The history's wall clock at this step when it differs from the
        /// file's wall_clock + `at` ("wall", written by recordings).
        public var wall: Double?

        public init(at: Double? = nil, during: Int? = nil) {
            self.at = at
            self.during = during
        }
    }

    /// One entry of "utc_offsets": from wall-clock time `wall` on, the
    /// user's offset east of UTC is `offset` seconds.
    public struct OffsetChange: Sendable, Equatable {
        public var wall: Double
        public var offset: Double
    }

    /// One member of a step's "clocks": page `page`'s clock reads `time`.
    public struct PageClock: Sendable, Equatable {
        public var page: String
        public var time: Double
    }

    /// One line of a scenario's "expect" list (docs/rules.md §15) and where it is.
    public struct Expectation: Sendable, Equatable {
        public var line: String
        public var position: TextPosition
    }

    /// The "expect" list, if the scenario has one: the trace it must produce.
    public struct Expectations: Sendable, Equatable {
        public var lines: [Expectation]
        /// Where the array is: its first byte ("[") and the byte after its "]".
        public var start: TextPosition
        public var end: Int
    }

    /// Pages in file order; parents are defined pages, with no cycle.
    public var pages: [Page]
    public var deferred: Bool
    /// The scenario's alerts, each with its page.
    public var alerts: AlertSet
    public var steps: [Step]
    /// One per step.
    public var timings: [Timing]
    public var expect: Expectations?
    /// The history the scenario starts from (docs/rules.md §16), as read and
    /// as compact JSON text; nil: an empty one.
    public var history: History.State?
    public var historyText: String?
    /// The virtual wall clock at virtual time 0.
    public var wallClock: Double = 0
    /// The root pages' attributes before the first step (docs/rules.md §21).
    public var attributes: JSONObject?
    /// The user's local time (docs/rules.md §22): a fixed offset east of
    /// UTC, or a zone of the system's database; neither: UTC.
    public var utcOffset: Double?
    public var timeZone: String?
    /// Offsets that change ("utc_offsets", as recordings write them): from
    /// each `wall` on, `offset`; before the first, the first's. Walls rise.
    public var utcOffsets: [OffsetChange] = []
    /// The alert sets its `set_campaigns` steps name, by path as written.
    public var campaignSets: [String: AlertSet] = [:]
}
