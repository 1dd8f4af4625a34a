/// Frequency caps and cool-downs (docs/rules.md §16): the rules, an alert's
/// own caps and what the engine keeps on an alert that a cap holds.

/// What a limit counts displays over.
public enum CapPeriod: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Since the history's current session began (`History.beginSession`).
    case session
    /// Ever, as far as the history goes back.
    case lifetime
    /// The last this many seconds (finite, more than 0).
    case window(Double)
    /// The current local calendar day (docs/rules.md §22).
    case day
    /// The current local calendar week, Monday first.
    case week

    public var description: String {
        switch self {
        case .session: "this session"
        case .lifetime: "ever"
        case .day: "today"
        case .week: "this week"
        case .window(let seconds): "in " + CapPeriod.words(seconds)
        }
    }

    /// Its kind: the C interface's value and the JSON word ("window" for a
    /// window, whose JSON is its seconds).
    public var kind: LimitPer {
        switch self {
        case .session: .session
        case .lifetime: .lifetime
        case .window: .window
        case .day: .day
        case .week: .week
        }
    }

    /// The period of a kind; nil for `.window`, which needs its seconds.
    public init?(_ kind: LimitPer) {
        switch kind {
        case .session: self = .session
        case .lifetime: self = .lifetime
        case .window: return nil
        case .day: self = .day
        case .week: self = .week
        }
    }

    /// "90d", "12h", "30m" or "45s" when `seconds` is a whole number of
    /// that unit, else "12.5s".
    static func words(_ seconds: Double) -> String {
        for (unit, size) in [("d", 86400.0), ("h", 3600.0), ("m", 60.0)] where seconds >= size {
            let count = seconds / size
            if count == count.rounded() && count < 1e15 {
                return "\(Int64(count))\(unit)"  // (Int64: Int may have 32 bits)
            }
        }
        if seconds == seconds.rounded() && seconds < 1e15 {
            return "\(Int64(seconds))s"
        }
        return "\(seconds)s"
    }
}

/// At most `count` displays `per` period.
public struct CapLimit: Equatable, Hashable, Sendable {
    public var count: Int
    public var per: CapPeriod

    public init(count: Int, per: CapPeriod) {
        self.count = count
        self.per = per
    }

    /// The largest count: the C interface's `uint32_t` (files, Python and
    /// Swift take the same range), or `Int.max` where `Int` has 32 bits
    /// (WebAssembly's wasm32: 2^31 - 1).
    #if _pointerBitWidth(_64)
    public static let maxCount = Int(UInt32.max)
    #else
    public static let maxCount = Int.max
    #endif

    /// Throws `.invalidArgument` for a count outside 1...`maxCount` or a
    /// window that is not a finite number of seconds above 0.
    func validate(_ what: @autoclosure () -> String) throws(AlertError) {
        if count < 1 {
            throw AlertError(.invalidArgument, "the limit of \(what()) must allow at least 1 display, not \(count)")
        }
        if count > CapLimit.maxCount {
            throw AlertError(.invalidArgument, "the limit of \(what()) must allow at most \(CapLimit.maxCount) displays, not \(count)")
        }
        if case .window(let seconds) = per, !(seconds.isFinite && seconds > 0) {
            throw AlertError(.invalidArgument, "the window of a limit of \(what()) must be a finite number of seconds above 0, not \(seconds)")
        }
    }
}

/// The caps of one key: its limits (at most one per period) and its
/// cool-down (0: none).
public struct CapRules: Equatable, Sendable {
    public var limits: [CapLimit] = []
    public var cooldown: Double = 0

    public init(limits: [CapLimit] = [], cooldown: Double = 0) {
        self.limits = limits
        self.cooldown = cooldown
    }

    public var isEmpty: Bool { limits.isEmpty && cooldown == 0 }

    /// Sets the limit of `limit.per`, replacing one of the same period.
    mutating func set(_ limit: CapLimit) {
        if let i = limits.firstIndex(where: { $0.per == limit.per }) {
            limits[i] = limit
        } else {
            limits.append(limit)
        }
    }

    /// How many display times the rules need and how far back: the largest
    /// count of a window limit (1 for a cool-down), and the longest window
    /// or cool-down.
    var retention: (count: Int, span: Double) {
        var count = cooldown > 0 ? 1 : 0
        var span = cooldown
        for limit in limits {
            // A calendar period is at most a day or a week, and a change of
            // offset (travel, daylight saving) moves it by at most 36 hours.
            let seconds: Double
            switch limit.per {
            case .window(let window): seconds = window
            case .day: seconds = 3 * LocalTime.day
            case .week: seconds = 9 * LocalTime.day
            case .session, .lifetime: continue
            }
            count = max(count, limit.count)
            span = max(span, seconds)
        }
        return (count, span)
    }
}

/// Why a cap forbids a display now: the first rule that does, and when
/// every rule that does has freed.
struct CapVerdict {
    /// `.capped` (a limit) or `.coolingDown`.
    var code: WhyCode
    /// The key ("tag:promo") and the rule, worded ("3 of 3 displays this
    /// session", "at least 30s between displays").
    var key: String
    var rule: String
    /// Wall-clock time at which it frees; nil when it frees only with a new
    /// session, or never (a lifetime limit).
    var freesAt: Double?
    /// The wall-clock time it was found at (windows; caps read it again).
    var readAt: Double = 0
}

extension Alert {
    /// The alert's own caps, on the key `id:ID` (docs/rules.md §16).
    public var caps: CapRules { extras?.rules ?? CapRules() }
    /// What the alert does when a cap holds it (default `.drop`).
    public var onCapped: OnCapped { extras?.onCapped ?? .drop }
    /// True while a cap holds it out of its candidate queue.
    var isParked: Bool { extras?.parked != nil }

    /// Sets the limit of `limit.per` on the alert's id (replacing one of the
    /// same period). Idle alerts only (`.state`); a count below 1 or a bad
    /// window is `.invalidArgument`. The caps need an id: adding an alert
    /// with caps and no id is `.invalidArgument`.
    public func addLimit(_ limit: CapLimit) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("add a limit")
        try limit.validate(alertName)
        writableExtras.rules.set(limit)
    }

    /// Sets the cool-down on the alert's id: at least `seconds` between two
    /// displays (0: none). Idle alerts only; a negative, NaN or infinite
    /// value is `.invalidArgument`.
    public func setCooldown(_ seconds: Double) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the cool-down")
        try Alert.requireTime(seconds, "cool-down of \(alertName)")
        writableExtras.rules.cooldown = seconds
    }

    /// Removes the alert's own limits and cool-down. Idle alerts only.
    public func clearCaps() throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("clear the caps")
        extras?.rules = CapRules()
    }

    /// Sets what the alert does when capped (default `.drop`). Idle alerts only.
    public func setOnCapped(_ policy: OnCapped) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the capped policy")
        writableExtras.onCapped = policy
    }

    /// Calls `body` with each key of `kinds` a display of this alert counts
    /// under, in the order caps are looked at (`id:ID`, `tag:T` for each
    /// tag, `lane:L`, `all`), and whether it is its id's. Keys of the kinds
    /// no cap is set on are never built: a history with caps on `all` alone
    /// makes no string per display.
    @inline(__always)
    func forEachCapKey(_ kinds: CapKinds, _ body: (ExactString, _ isID: Bool) -> Void) {
        if kinds.contains(.id), let id {
            body(ExactString("id:" + id), true)
        }
        if kinds.contains(.tag) {
            for tag in tagKeys {
                body(ExactString("tag:" + tag.string), false)
            }
        }
        if kinds.contains(.lane) {
            body(ExactString("lane:" + lane), false)
        }
        if kinds.contains(.all) {
            body(CapKinds.allKey, false)
        }
    }
}

/// The kinds of cap keys (docs/rules.md §16): `id:ID`, `tag:T`, `lane:L`, `all`.
struct CapKinds: OptionSet {
    let rawValue: UInt8
    static let id = CapKinds(rawValue: 1)
    static let tag = CapKinds(rawValue: 2)
    static let lane = CapKinds(rawValue: 4)
    static let all = CapKinds(rawValue: 8)
    static let allKey = ExactString("all")

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The kind of a valid key.
    init(of key: ExactString) {
        let text = key.string
        self = text == "all" ? .all : text.hasPrefix("id:") ? .id : text.hasPrefix("tag:") ? .tag : .lane
    }
}
