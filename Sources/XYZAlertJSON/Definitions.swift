import XYZAlert

/// One alert of an alert set (SPEC section 8), as loaded: everything needed
/// to create fresh instances.
public struct AlertDefinition: Sendable {
    public var id: String
    public var priority: Int32 = 0
    public var exclusive: Exclusive = .wait
    /// Ids defined in the same file; they become id dependencies.
    public var after: [String] = []
    public var ready = true
    public var target = "page"
    public var content = AlertContent()
    public var avoidKeyboard = true
    public var keyboardAdjust: Double = 0
    /// Seconds of showing before it times out, and seconds it may wait to
    /// be first shown before it expires (SPEC 12); 0: no limit.
    public var duration: Double = 0
    public var ttl: Double = 0
    /// Tags, for cancelling by tag (SPEC 13).
    public var tags: [String] = []
    public var onDuplicate: OnDuplicate = .reject
    /// The lane (SPEC 14).
    public var lane = "main"
    /// The page of a scenario's alert; nil in a plain alert set.
    public var page: String?

    init(id: String) {
        self.id = id
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
        try! alert.setDuration(duration)
        try! alert.setTTL(ttl)
        for tag in tags {
            try! alert.addTag(tag)
        }
        try! alert.setOnDuplicate(onDuplicate)
        try! alert.setLane(lane)
        for dependency in after {
            try! alert.addDependency(id: dependency)
        }
        if !ready {
            try! alert.setWaiting()
        }
        return alert
    }
}

/// A validated alert set: definitions in file order, ids unique, `after`
/// naming defined ids, no dependency cycle.
public struct AlertSet: Sendable {
    public let definitions: [AlertDefinition]
    /// Ids compare byte for byte, as everywhere in the engine.
    private let indexByID: [ExactString: Int]

    init(_ definitions: [AlertDefinition]) {
        self.definitions = definitions
        var index: [ExactString: Int] = [:]
        for (i, definition) in definitions.enumerated() {
            index[ExactString(definition.id)] = i
        }
        indexByID = index
    }

    public func definition(_ id: String) -> AlertDefinition? {
        index(of: id).map { definitions[$0] }
    }

    /// The index in `definitions` of the alert with this id. O(1).
    public func index(of id: String) -> Int? {
        indexByID[ExactString(id)]
    }
}

/// A validated scenario (SPEC section 9).
public struct Scenario: Sendable {
    public struct Page: Sendable, Equatable {
        public var name: String
        public var parent: String?
        /// The initially active child.
        public var active: String?
        /// The dispatch's capacity (0: no limit).
        public var capacity: Int

        public init(name: String, parent: String? = nil, active: String? = nil, capacity: Int = 0) {
            self.name = name
            self.parent = parent
            self.active = active
            self.capacity = capacity
        }
    }

    public enum Step: Sendable, Equatable {
        case appear(page: String)
        case disappear(page: String)
        case destroy(page: String)
        /// Fresh instances of these alerts, all on `page`, in one atomic add.
        case add(page: String, alerts: [String])
        case ready(alert: String)
        case dismiss(alert: String)
        case cancel(alert: String)
        case action(alert: String, index: Int)
        case select(page: String, child: String?)
        case keyboard(page: String, frame: Rect, duration: Double)
        case frame(alert: String, frame: Rect)
        case flush(page: String)
        /// Moves the virtual clock forward, ticking at each deadline on the way.
        case advance(seconds: Double)
        /// Cancels the live alerts of the page's domain with `tag` (nil: all).
        case cancelTagged(page: String, tag: String?)
        case suspend(page: String)
        case resume(page: String)
        /// Sets content of the alert's latest instance (the fields given, in
        /// this order: title, message, style).
        case update(alert: String, title: String?, message: String?, style: String?)
    }

    /// One line of a scenario's "expect" list (SPEC 15) and where it is.
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
    public var expect: Expectations?
}
