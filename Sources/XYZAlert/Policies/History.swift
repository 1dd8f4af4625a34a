/// Display history (docs/rules.md §16): when alerts were shown, under their
/// keys, across pages, domains and app launches, and the caps set on keys.
///
/// Times are wall-clock seconds since the Unix epoch, read from the
/// history's own clock, because they must survive restarts. A history keeps,
/// per key that has a cap, only what its caps still need: the lifetime
/// count, the count of the current session, and the last display times a
/// window limit or cool-down can still look at (at most the largest count of
/// the key's window limits, 1 for a cool-down alone). A key whose caps are
/// not known yet (loaded from a file before any alert with that id came)
/// is kept as it was loaded.
///
/// A history and the domains that share it are used from one thread at a
/// time, like a domain.
public final class History {
    /// What a history keeps of one key.
    public struct Record: Equatable, Sendable {
        /// Display times, oldest first.
        public var displays: [Double] = []
        /// Displays ever counted.
        public var lifetime = 0
        /// Displays of the session `session` (a count of an older session
        /// reads as 0).
        public var sessionCount = 0
        public var session = 0
        /// In memory only: how many of the first `displays` no cap looks at
        /// any more. They go in batches (`History.prune`), so that a window
        /// keeping n times costs O(1) per display, not an O(n) shift;
        /// `History.save` hands out records without them.
        var expired = 0

        public init(displays: [Double] = [], lifetime: Int = 0, sessionCount: Int = 0, session: Int = 0) {
            self.displays = displays
            self.lifetime = lifetime
            self.sessionCount = sessionCount
            self.session = session
        }
    }

    /// The saved part of a history: the session number and the records.
    public struct State: Equatable, Sendable {
        public var session = 1
        public var records: [ExactString: Record] = [:]
        /// docs/rules.md §21: the campaigns' trigger counts, by campaign id,
        /// and the `app_version` attribute last seen (nil: never).
        public var campaigns: [ExactString: CampaignCounts] = [:]
        public var appVersion: JSONData?

        public init(session: Int = 1, records: [ExactString: Record] = [:],
                    campaigns: [ExactString: CampaignCounts] = [:], appVersion: JSONData? = nil) {
            self.session = session
            self.records = records
            self.campaigns = campaigns
            self.appVersion = appVersion
        }
    }

    /// The persistence format's version this engine writes and the newest
    /// it reads: 2 added campaign counts and the app version. A history
    /// without either is written as version 1, which 0.3 reads too.
    public static let formatVersion = 2

    /// The largest session number and display count a history holds, in
    /// memory and in its files alike: 2^53, the largest integer that every
    /// JSON reader holds exactly. Counting stops there (docs/formats.md).
    /// (Where `Int` has 32 bits, WebAssembly's wasm32: `Int.max`, 2^31 - 1.)
    #if _pointerBitWidth(_64)
    public static let countLimit = 1 << 53
    #else
    public static let countLimit = Int.max
    #endif

    /// `n + 1`, or `countLimit` at the limit.
    static func counted(_ n: Int) -> Int { n < countLimit ? n + 1 : countLimit }

    let clock: () -> Double
    @exclusivity(unchecked) var lastWall: Double = 0
    /// While the clock callback runs: the history must not change then
    /// (the header says the clock must not call the engine).
    @exclusivity(unchecked) var clockIsRunning = false
    @exclusivity(unchecked) var state = State()
    /// The record of "all", the usual global cap, kept beside
    /// `state.records` (never in it): a display under it is checked and
    /// counted without a dictionary look-up. `save` puts it back in the
    /// records, `load` takes it out.
    @exclusivity(unchecked) var allRecord: Record?

    /// `body` on the saved part whole ("all" in its records).
    func withAllRecord(_ body: (inout State) -> Void) {
        if let all = allRecord.take() {
            state.records[CapKinds.allKey] = all
        }
        body(&state)
        allRecord = state.records.removeValue(forKey: CapKinds.allKey)
    }

    /// The record of `key`, wherever it is kept.
    @inline(__always)
    func record(_ key: ExactString) -> Record? {
        key == CapKinds.allKey ? allRecord : state.records[key]
    }

    /// `body` on the record of `key` (made empty when there is none), in
    /// place: a copy out and back would copy its display times.
    @inline(__always)
    func updateRecord(_ key: ExactString, _ body: (inout Record) -> Void) {
        if key == CapKinds.allKey {
            if allRecord == nil {
                allRecord = Record()
            }
            body(&allRecord!)
        } else {
            body(&state.records[key, default: Record()])
        }
    }
    /// Whether the current session has begun: a new (or emptied) history is
    /// in session 1 before its first `beginSession`, which begins that one;
    /// a loaded history's session began when it was saved.
    @exclusivity(unchecked) var sessionBegun = false
    /// Caps set on the history, by key.
    @exclusivity(unchecked) var keyCaps: [ExactString: CapRules] = [:]
    /// The own caps of the alerts last counted under each `id:` key (for
    /// pruning, and for keys the history itself has no cap on).
    @exclusivity(unchecked) var alertCaps: [ExactString: CapRules] = [:]
    /// The domains that use this history (unowned: a domain keeps its
    /// history, and leaves this table when it dies, `Domain.deinit`), with
    /// the order they attached in: attach and detach cost O(1) amortized, so
    /// many root pages sharing one history stay linear.
    @exclusivity(unchecked) var users: [ObjectIdentifier: (order: Int, user: UnownedDomain)] = [:]
    @exclusivity(unchecked) var attachments = 0
    /// `users.count` after the last pruning of dead domains.
    @exclusivity(unchecked) var usersAfterPruning = 0
    /// Whether any key other than `id:` ones has a cap: else only alerts
    /// with caps of their own are ever looked at.
    var hasKeyCaps: Bool { !keyCaps.isEmpty }
    /// The kinds of the keys caps are set on (an alert's own caps add its
    /// id's: `kinds(for:)`).
    @exclusivity(unchecked) var cappedKinds: CapKinds = []

    /// `keyCaps` changed: the kinds it holds again. O(keys).
    func keyCapsChanged() {
        cappedKinds = keyCaps.keys.reduce(into: []) { $0.formUnion(CapKinds(of: $1)) }
        allCaps = keyCaps[CapKinds.allKey]
    }

    /// `keyCaps["all"]`, the usual global cap, read without a look-up.
    @exclusivity(unchecked) var allCaps: CapRules?

    /// The caps set on `key` (not an alert's own): `keyCaps[key]`.
    @inline(__always)
    func setCaps(_ key: ExactString) -> CapRules? {
        key == CapKinds.allKey ? allCaps : keyCaps[key]
    }

    /// The kinds of keys a cap may apply to `alert` under.
    @inline(__always)
    func kinds(for alert: Alert) -> CapKinds {
        alert.extras?.rules.isEmpty == false ? cappedKinds.union(.id) : cappedKinds
    }

    /// A new, empty history (session 1) whose clock is `clock`: wall-clock
    /// seconds since the Unix epoch. A reading that is NaN or infinite is
    /// taken as the last good one (0 before any).
    public init(clock: @escaping () -> Double) {
        self.clock = clock
    }

    /// The current session's number (1 in a new history).
    public var session: Int { state.session }
    /// Whether a session was begun (or a history loaded) since it was made.
    var hasBegunSession: Bool { sessionBegun }

    /// The wall-clock time, from the history's clock.
    public func now() -> Double {
        let outer = clockIsRunning
        clockIsRunning = true
        let reading = clock()
        clockIsRunning = outer
        if reading.isFinite {
            lastWall = reading
        }
        return lastWall
    }

    /// The recordings of domains that use this history: a display counted
    /// in another domain breaks each of them (`Domain.countDisplay`). Kept
    /// here so that a display looks at the recordings, not at every domain
    /// sharing the history. Unowned: a recording leaves this list when it
    /// stops watching the history or dies (`Recording.deinit`).
    @exclusivity(unchecked) var recordings: [UnownedRecording] = []
}
