/// The life of one alert (docs/rules.md §2).
///
/// An alert is *live* from `add` until `finished`, and *on screen* while
/// `showing` or `hidden`. Raw values are the C ABI's `xyz_state` values.
public enum AlertState: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Created, not yet added to a dispatch.
    case idle = 0
    /// Added, but the host is still preparing it (see `Alert.setReady()`).
    case waiting
    /// Added and ready; queued until the scheduling rules let it show.
    case ready
    /// On screen and visible.
    case showing
    /// On screen but temporarily hidden (page gone, or covered by `hideOthers`).
    case hidden
    /// Ended (dismissed, cancelled or destroyed); never shown again.
    case finished

    public var description: String {
        switch self {
        case .idle: "idle"
        case .waiting: "waiting"
        case .ready: "ready"
        case .showing: "showing"
        case .hidden: "hidden"
        case .finished: "finished"
        }
    }

    /// True from `add` until `finished`.
    public var isLive: Bool { self != .idle && self != .finished }
    /// True while `showing` or `hidden`.
    public var isOnScreen: Bool { self == .showing || self == .hidden }
}

/// How an alert treats the alerts already on screen (rule 4, docs/rules.md §3).
public enum Exclusive: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Never shows over another alert: waits until the screen is free (default).
    case wait = 0
    /// Shows over alerts of strictly lower priority, which stay visible below it.
    case cover
    /// Shows over alerts of strictly lower priority and hides everything below it.
    case hideOthers

    public var description: String {
        switch self {
        case .wait: "wait"
        case .cover: "cover"
        case .hideOthers: "hide_others"
        }
    }
}

/// What `add` does with an alert whose id is already live in the domain
/// (docs/rules.md §13). Raw values are the C ABI's `xyz_on_duplicate` values.
public enum OnDuplicate: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The add fails with `.duplicate` and changes nothing (the default).
    case reject = 0
    /// The new alert does not join: it finishes (`.duplicate`) during the
    /// add, and the rest of the batch is added.
    case ignore
    /// The live alert ends (`.replaced`: `remove` if on screen, `finish`),
    /// and the new one is added in its place, as a new add.
    case replace
    /// Upsert: the live alert takes the new alert's content (and, when the
    /// new one has a duration, restarts its countdown with it), keeping its
    /// state and place; the new alert finishes (`.duplicate`) unadded.
    case update
    /// `update`, and the live alert's occurrence count goes up by one, its
    /// countdown restarts (with the new alert's duration when it has one,
    /// else its own) and it is announced again, even with the same text:
    /// a toast storm shows as one toast with a count (docs/rules.md §19).
    case coalesce

    public var description: String {
        switch self {
        case .reject: "reject"
        case .ignore: "ignore"
        case .replace: "replace"
        case .update: "update"
        case .coalesce: "coalesce"
        }
    }
}

/// What happens to an on-screen alert that would be hidden `covered`
/// (docs/rules.md §19). Raw values are the C ABI's `xyz_when_displaced`.
public enum WhenDisplaced: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// It is hidden, and unhides when it can (the default).
    case restore = 0
    /// It ends instead (`remove(.displaced)`, `finish(.displaced)`).
    case drop

    public var description: String { self == .restore ? "restore" : "drop" }
}

/// Which on-screen alerts a `cover` or `hideOthers` alert acts on
/// (docs/rules.md §19). Raw values are the C ABI's `xyz_preempt`.
public enum Preempt: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Lower priorities only (the default).
    case lower = 0
    /// Also equal priorities added before it: the newest of equal priority
    /// wins (PriorityDialog, SwiftEntryKit).
    case equal

    public var description: String { self == .lower ? "lower" : "equal" }
}

/// What a full lane does with a `wait` candidate (docs/rules.md §19). Raw
/// values are the C ABI's `xyz_on_full`.
public enum OnFull: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The candidate stays queued until there is room (the default).
    case queue = 0
    /// The oldest visible alert of the lane ends (`.evicted`) to make room.
    case evictOldest

    public var description: String { self == .queue ? "queue" : "evict_oldest" }
}

/// Among candidates of equal priority, which comes first (docs/rules.md §19).
/// Raw values are the C ABI's `xyz_order`.
public enum QueueOrder: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The earlier add first (the default).
    case fifo = 0
    /// The later add first.
    case lifo

    public var description: String { self == .fifo ? "fifo" : "lifo" }
}

/// Why an on-screen alert was hidden.
public enum HideReason: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Its page does not participate (not visible, or not the active child).
    case page = 0
    /// A `hideOthers` alert above it hides it.
    case covered

    public var description: String { self == .page ? "page" : "covered" }
}

/// Why an alert finished.
public enum EndReason: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The host dismissed it, or the user chose one of its actions.
    case dismissed = 0
    /// The host cancelled it.
    case cancelled
    /// Its dispatch was destroyed.
    case destroyed
    /// It had been showing for its whole `duration`.
    case timeout
    /// Its `ttl` ran out before it was ever on screen.
    case expired
    /// It was added with `onDuplicate = .ignore` while an alert with its id
    /// was live: it never joined (docs/rules.md §13).
    case duplicate
    /// A new alert with its id and `onDuplicate = .replace` took its place.
    case replaced
    /// Its dispatch held more queued alerts than its capacity, and it ranked lowest.
    case dropped
    /// A frequency cap or cool-down forbade its display and its
    /// `onCapped` is `.drop` (docs/rules.md §16).
    case capped
    /// Its lane was full and a newer alert of the lane needed the room
    /// (the lane's `onFull` is `.evictOldest`, docs/rules.md §19).
    case evicted
    /// It would have been hidden `covered`, and its `whenDisplaced` is `.drop`.
    case displaced
    /// Its campaign's audience stopped admitting it before it showed (docs/rules.md §21).
    case ineligible
    /// It would have been selected outside its windows (or inside an
    /// exclude) and its `onOutside` is `.drop` (docs/rules.md §22).
    case outsideWindow
    /// An instance of a control variant reached the moment it would have
    /// shown: it was counted for caps and never shown (docs/rules.md §22).
    case control
    /// The campaign set was replaced and its campaign is gone, or its
    /// definition changed, before it was on screen (docs/rules.md §22).
    case withdrawn

    public var description: String {
        switch self {
        case .dismissed: "dismissed"
        case .cancelled: "cancelled"
        case .destroyed: "destroyed"
        case .timeout: "timeout"
        case .expired: "expired"
        case .duplicate: "duplicate"
        case .replaced: "replaced"
        case .dropped: "dropped"
        case .capped: "capped"
        case .evicted: "evicted"
        case .displaced: "displaced"
        case .ineligible: "ineligible"
        case .outsideWindow: "outside_window"
        case .control: "control"
        case .withdrawn: "withdrawn"
        }
    }
}

// Equality spelled out for the enums the scheduler compares on every pass:
// with the synthesized `==`, the optimizer retains and releases the alert or
// page whose property is compared, around each comparison. Comparing raw
// values is the same relation.
extension AlertState {
    @inline(__always)
    public static func == (a: AlertState, b: AlertState) -> Bool { a.rawValue == b.rawValue }
}

extension Exclusive {
    @inline(__always)
    public static func == (a: Exclusive, b: Exclusive) -> Bool { a.rawValue == b.rawValue }
}

extension OnDuplicate {
    @inline(__always)
    public static func == (a: OnDuplicate, b: OnDuplicate) -> Bool { a.rawValue == b.rawValue }
}

extension WhenDisplaced {
    @inline(__always)
    public static func == (a: WhenDisplaced, b: WhenDisplaced) -> Bool { a.rawValue == b.rawValue }
}

extension Preempt {
    @inline(__always)
    public static func == (a: Preempt, b: Preempt) -> Bool { a.rawValue == b.rawValue }
}

extension OnFull {
    @inline(__always)
    public static func == (a: OnFull, b: OnFull) -> Bool { a.rawValue == b.rawValue }
}

extension QueueOrder {
    @inline(__always)
    public static func == (a: QueueOrder, b: QueueOrder) -> Bool { a.rawValue == b.rawValue }
}
