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
    public static let countLimit = 1 << 53

    /// `n + 1`, or `countLimit` at the limit.
    static func counted(_ n: Int) -> Int { n < countLimit ? n + 1 : countLimit }

    private let clock: () -> Double
    @exclusivity(unchecked) private var lastWall: Double = 0
    /// While the clock callback runs: the history must not change then
    /// (the header says the clock must not call the engine).
    @exclusivity(unchecked) private var clockIsRunning = false
    @exclusivity(unchecked) private var state = State()
    /// The record of "all", the usual global cap, kept beside
    /// `state.records` (never in it): a display under it is checked and
    /// counted without a dictionary look-up. `save` puts it back in the
    /// records, `load` takes it out.
    @exclusivity(unchecked) private var allRecord: Record?

    /// `body` on the saved part whole ("all" in its records).
    private func withAllRecord(_ body: (inout State) -> Void) {
        if let all = allRecord.take() {
            state.records[CapKinds.allKey] = all
        }
        body(&state)
        allRecord = state.records.removeValue(forKey: CapKinds.allKey)
    }

    /// The record of `key`, wherever it is kept.
    @inline(__always)
    private func record(_ key: ExactString) -> Record? {
        key == CapKinds.allKey ? allRecord : state.records[key]
    }

    /// `body` on the record of `key` (made empty when there is none), in
    /// place: a copy out and back would copy its display times.
    @inline(__always)
    private func updateRecord(_ key: ExactString, _ body: (inout Record) -> Void) {
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
    @exclusivity(unchecked) private var sessionBegun = false
    /// Caps set on the history, by key.
    @exclusivity(unchecked) private var keyCaps: [ExactString: CapRules] = [:]
    /// The own caps of the alerts last counted under each `id:` key (for
    /// pruning, and for keys the history itself has no cap on).
    @exclusivity(unchecked) private var alertCaps: [ExactString: CapRules] = [:]
    /// The domains that use this history (unowned: a domain keeps its
    /// history, and leaves this table when it dies, `Domain.deinit`), with
    /// the order they attached in: attach and detach cost O(1) amortized, so
    /// many root pages sharing one history stay linear.
    @exclusivity(unchecked) private var users: [ObjectIdentifier: (order: Int, user: UnownedDomain)] = [:]
    @exclusivity(unchecked) private var attachments = 0
    /// `users.count` after the last pruning of dead domains.
    @exclusivity(unchecked) private var usersAfterPruning = 0
    /// Whether any key other than `id:` ones has a cap: else only alerts
    /// with caps of their own are ever looked at.
    var hasKeyCaps: Bool { !keyCaps.isEmpty }
    /// The kinds of the keys caps are set on (an alert's own caps add its
    /// id's: `kinds(for:)`).
    @exclusivity(unchecked) private var cappedKinds: CapKinds = []

    /// `keyCaps` changed: the kinds it holds again. O(keys).
    private func keyCapsChanged() {
        cappedKinds = keyCaps.keys.reduce(into: []) { $0.formUnion(CapKinds(of: $1)) }
        allCaps = keyCaps[CapKinds.allKey]
    }

    /// `keyCaps["all"]`, the usual global cap, read without a look-up.
    @exclusivity(unchecked) private var allCaps: CapRules?

    /// The caps set on `key` (not an alert's own): `keyCaps[key]`.
    @inline(__always)
    private func setCaps(_ key: ExactString) -> CapRules? {
        key == CapKinds.allKey ? allCaps : keyCaps[key]
    }

    /// The kinds of keys a cap may apply to `alert` under.
    @inline(__always)
    private func kinds(for alert: Alert) -> CapKinds {
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

    // MARK: Caps on keys

    /// Throws `.state` while the history's own clock runs: a clock that
    /// calls back into the history would change what it is being read for.
    private func requireOutsideClock(_ what: String) throws(AlertError) {
        if clockIsRunning {
            throw AlertError(.state, "cannot \(what) from inside the history's clock: the clock must not call the engine")
        }
    }

    /// Checks that `key` is `id:X`, `tag:X`, `lane:X` (X not empty) or `all`.
    public static func validate(key: String) throws(AlertError) {
        if key == "all" {
            return
        }
        for prefix in ["id:", "tag:", "lane:"] where key.hasPrefix(prefix) {
            if key.utf8.count == prefix.utf8.count {
                throw AlertError(.invalidArgument, "cap key '\(key)' names no \(prefix.dropLast())")
            }
            return
        }
        throw AlertError(.invalidArgument, "unknown cap key '\(key)': a key is 'id:ID', 'tag:TAG', 'lane:LANE' or 'all'")
    }

    /// The caps set on `key` (not an alert's own).
    public func caps(_ key: String) -> CapRules { keyCaps[ExactString(key)] ?? CapRules() }

    /// Every key with caps set on the history, in byte order.
    public var cappedKeys: [String] { keyCaps.keys.map { $0.string }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } }

    /// Sets the limit of `limit.per` on `key`, replacing one of the same
    /// period. Alerts that a cap held are looked at again.
    public func setLimit(_ key: String, _ limit: CapLimit) throws(AlertError) {
        try requireOutsideClock("set a limit")
        try History.validate(key: key)
        try limit.validate("'\(key)'")
        keyCaps[ExactString(key), default: CapRules()].set(limit)
        keyCapsChanged()
        try capsChanged(.limit(key: key, limit))
    }

    /// Sets the cool-down of `key` (0: none).
    public func setCooldown(_ key: String, _ seconds: Double) throws(AlertError) {
        try requireOutsideClock("set a cool-down")
        try History.validate(key: key)
        try Alert.requireTime(seconds, "cool-down of '\(key)'")
        let exact = ExactString(key)
        keyCaps[exact, default: CapRules()].cooldown = seconds
        if keyCaps[exact]!.isEmpty {
            keyCaps[exact] = nil
        }
        keyCapsChanged()
        try capsChanged(.cooldown(key: key, seconds))
    }

    /// Removes the caps set on `key` (nil: on every key). Displays already
    /// counted are kept.
    public func clearCaps(_ key: String?) throws(AlertError) {
        try requireOutsideClock("clear caps")
        if let key {
            try History.validate(key: key)
            keyCaps[ExactString(key)] = nil
        } else {
            keyCaps = [:]
        }
        keyCapsChanged()
        try capsChanged(.clear(key: key))
    }

    /// Starts a new session: per-session counts restart, and alerts that a
    /// per-session cap held are looked at again. The first call on a new
    /// history begins session 1 (the number it has); each later one, and
    /// the first after a load, moves to the next number.
    public func beginSession() throws(AlertError) {
        try requireOutsideClock("begin a session")
        if sessionBegun {
            state.session = History.counted(state.session)
        } else {
            sessionBegun = true
            // The same number, counted afresh: what was shown before the
            // session began belongs to no session.
            withAllRecord { state in
                for (key, record) in state.records where record.session == state.session {
                    state.records[key]!.session = 0
                }
            }
        }
        // (What no cap needs goes here too, so that a long-running app's
        // history stays as small as its file.)
        let time = now()
        withAllRecord { History.prune(&$0, now: time, rules: rules(of:)) }
        // docs/rules.md §21: then `session_start` on every domain's root,
        // within the same (recorded) call.
        let number = JSONObject([("number", .number(Double(state.session)))])
        try capsChanged(.session) { (domain) throws(AlertError) in try domain.root?.trackBuiltIn("session_start", number) }
    }

    // MARK: Saving and loading

    /// The saved part, pruned of what no cap needs any more.
    public func save() -> State {
        var saved = state
        if let all = allRecord {
            saved.records[CapKinds.allKey] = all
        }
        History.prune(&saved, now: now(), rules: rules(of:))
        for (key, record) in saved.records where record.expired > 0 {
            saved.records[key]!.compact()
        }
        return saved
    }

    /// Prunes every key whose caps are known to what they need: display
    /// times (see `prune`), the lifetime count only for a lifetime limit,
    /// the session count only for a session limit; a key left with nothing
    /// goes. O(keys).
    private static func prune(_ state: inout State, now: Double, rules: (ExactString) -> CapRules?) {
        for key in Array(state.records.keys) {
            guard let rules = rules(key), var record = state.records[key] else { continue }
            prune(&record, rules, now: now)
            if !rules.limits.contains(where: { $0.per == .lifetime }) {
                record.lifetime = 0
            }
            if !rules.limits.contains(where: { $0.per == .session }) || record.session != state.session {
                record.sessionCount = 0
            }
            state.records[key] = record.isEmptyFor(session: state.session) ? nil : record
        }
    }

    /// Replaces the saved part (a load); alerts that a cap held are looked
    /// at again. Counts of keys not in `loaded` are gone.
    public func load(_ loaded: State) throws(AlertError) {
        try requireOutsideClock("load a history")
        if loaded.session < 1 || loaded.session > History.countLimit {
            throw AlertError(.invalidArgument, "a history's session number must be from 1 to \(History.countLimit), not \(loaded.session)")
        }
        for (key, record) in loaded.records
        where !(0...History.countLimit).contains(record.lifetime) || !(0...History.countLimit).contains(record.sessionCount) {
            throw AlertError(.invalidArgument, "the counts of '\(key.string)' must be from 0 to \(History.countLimit)")
        }
        // In time order, as the file keeps them (a window counts its
        // displays by binary search).
        for (key, record) in loaded.records
        where !record.displays.allSatisfy({ $0.isFinite }) || zip(record.displays, record.displays.dropFirst()).contains(where: { $0 > $1 }) {
            throw AlertError(.invalidArgument, "the display times of '\(key.string)' must be finite and in time order")
        }
        for (key, counts) in loaded.campaigns
        where !(counts.triggers + counts.cancelOn).allSatisfy({ (0...History.countLimit).contains($0) }) {
            throw AlertError(.invalidArgument, "the trigger counts of campaign '\(key.string)' must be from 0 to \(History.countLimit)")
        }
        state = loaded
        allRecord = state.records.removeValue(forKey: CapKinds.allKey)
        sessionBegun = true
        try capsChanged(.load)
    }

    /// Replaces the saved part with a new history's (session 1, not begun,
    /// no counts): the load of a first launch, which finds no saved file.
    /// Caps set on the history stay; alerts a cap held are looked at again.
    public func loadEmpty() throws(AlertError) {
        try requireOutsideClock("load a history")
        state = State()
        allRecord = nil
        sessionBegun = false
        try capsChanged(.load)
    }

    /// The persistence format (docs/formats.md, "History"): keys in byte
    /// order, so that the same history always gives the same text.
    public func json() -> String {
        let saved = save()
        let keys = saved.records.keys.sorted { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }
        let members = keys.map { key -> (String, String) in
            let record = saved.records[key]!
            var fields: [(String, String)] = record.lifetime > 0 ? [("lifetime", "\(record.lifetime)")] : []
            if record.session == saved.session && record.sessionCount > 0 {
                fields.append(("session", "\(record.sessionCount)"))
            }
            if !record.displays.isEmpty {
                fields.append(("displays", JSONText.array(record.displays.map(JSONText.number))))
            }
            return (key.string, JSONText.object(fields))
        }
        var document = [("version", "\(saved.campaigns.isEmpty && saved.appVersion == nil ? 1 : History.formatVersion)"),
                        ("session", "\(saved.session)"), ("keys", JSONText.object(members))]
        if !saved.campaigns.isEmpty {
            let ids = saved.campaigns.keys.sorted { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }
            document.append(("campaigns", JSONText.object(ids.map { id in
                let counts = saved.campaigns[id]!
                var fields = [("triggers", JSONText.array(counts.triggers.map { "\($0)" }))]
                if !counts.cancelOn.isEmpty {
                    fields.append(("cancel_on", JSONText.array(counts.cancelOn.map { "\($0)" })))
                }
                if !counts.variants.isEmpty {
                    let users = counts.variants.keys.sorted { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }
                    fields.append(("variants", JSONText.object(users.map { ($0.string, JSONText.string(counts.variants[$0]!)) })))
                }
                return (id.string, JSONText.object(fields))
            })))
        }
        if let version = saved.appVersion {
            document.append(("app_version", version.jsonText))
        }
        return JSONText.object(document)
    }

    // MARK: Campaigns (docs/rules.md §21)

    /// The app version last seen by the domains that share this history.
    var appVersion: JSONData? {
        get { state.appVersion }
        set { state.appVersion = newValue }
    }

    /// Counts one more matching event of a trigger of `campaign`; returns the new count.
    func count(_ campaign: ExactString, trigger: Int, cancels: Bool) -> Int {
        state.campaigns[campaign, default: CampaignCounts()].count(trigger, cancels: cancels)
    }

    /// Keeps the variant chosen for a user (docs/rules.md §22).
    func setVariant(_ campaign: ExactString, user: String, _ id: String) {
        state.campaigns[campaign, default: CampaignCounts()].variants[ExactString(user)] = id
    }

    /// The trigger counts of every campaign, by id.
    public var campaignCounts: [ExactString: CampaignCounts] { state.campaigns }

    // MARK: The engine's side

    /// The rules of `key`: the history's own and, for an `id:` key, the
    /// caps of the alerts last counted under it; nil when neither is known.
    private func rules(of key: ExactString) -> CapRules? {
        let own = setCaps(key)
        guard let learned = alertCaps[key] else { return own }
        guard var merged = own else { return learned }
        merged.limits += learned.limits
        merged.cooldown = max(merged.cooldown, learned.cooldown)
        return merged
    }

    /// The rules that apply to `alert` under `key`.
    private func rules(of key: ExactString, for alert: Alert, isID: Bool) -> CapRules? {
        guard isID, let own = alert.extras?.rules, !own.isEmpty else { return setCaps(key) }
        guard var merged = setCaps(key) else { return own }
        merged.limits += own.limits
        merged.cooldown = max(merged.cooldown, own.cooldown)
        return merged
    }

    /// Whether a cap may apply to `alert` at all (no clock reading needed otherwise).
    func mayCap(_ alert: Alert) -> Bool {
        hasKeyCaps || !(alert.extras?.rules.isEmpty ?? true)
    }

    /// Why a cap forbids a display of `alert` now, or nil. Reads the clock,
    /// and `utcOffset` for calendar limits (docs/rules.md §22).
    func verdict(for alert: Alert, utcOffset: (Double) -> Double) -> CapVerdict? {
        guard mayCap(alert) else { return nil }
        let wall = now()
        var first: CapVerdict?
        var firstCooling: CapVerdict?
        var latest: Double? = -Double.infinity
        alert.forEachCapKey(kinds(for: alert)) { key, isID in
            guard let rules = rules(of: key, for: alert, isID: isID) else { return }
            let record = self.record(key) ?? Record()
            for limit in rules.limits {
                let count: Int
                var frees: Double?
                switch limit.per {
                case .session:
                    count = record.session == state.session ? record.sessionCount : 0
                case .lifetime:
                    count = record.lifetime
                case .window(let seconds):
                    count = History.displays(of: record, after: wall - seconds, clampedAt: wall)
                    if count >= limit.count {
                        frees = min(record.displays[record.displays.count - limit.count], wall) + seconds
                    }
                case .day, .week:
                    let period = LocalTime.period(containing: wall, week: limit.per == .week, utcOffset)
                    count = History.displays(of: record, after: period.start.nextDown, clampedAt: wall)
                    frees = period.end
                }
                guard count >= limit.count else { continue }
                latest = frees.flatMap { f in latest.map { max($0, f) } }
                first = first ?? CapVerdict(code: .capped, key: key.string,
                                            rule: "\(count) of \(limit.count) displays \(limit.per)", freesAt: frees)
            }
            if rules.cooldown > 0, record.displays.count > record.expired, let last = record.displays.last,
               wall < min(last, wall) + rules.cooldown {
                let frees = min(last, wall) + rules.cooldown
                latest = latest.map { max($0, frees) }
                firstCooling = firstCooling ?? CapVerdict(code: .coolingDown, key: key.string,
                    rule: "at least \(CapPeriod.words(rules.cooldown)) between displays", freesAt: frees)
            }
        }
        guard var verdict = first ?? firstCooling else { return nil }
        verdict.freesAt = latest
        return verdict
    }

    /// Counts a display of `alert` (its first show) under each of its keys
    /// that has a cap. Reads the clock when one has.
    func countDisplay(of alert: Alert) {
        guard mayCap(alert) else { return }
        var wall: Double?
        alert.forEachCapKey(kinds(for: alert)) { key, isID in
            if isID, let own = alert.extras?.rules, !own.isEmpty {
                alertCaps[key] = own
            }
            // Counted where a cap applies to this alert; kept as long as
            // any known cap of the key needs it (only `id:` keys learn caps
            // from alerts: another key's are the history's own).
            let rules: CapRules
            if isID {
                guard self.rules(of: key, for: alert, isID: true) != nil, let known = self.rules(of: key) else { return }
                rules = known
            } else {
                guard let own = setCaps(key) else { return }
                rules = own
            }
            let time = wall ?? now()
            wall = time
            let session = state.session
            updateRecord(key) { History.count(&$0, at: time, session: session, rules) }
        }
    }

    /// One display at `time` in `record`, in session `session`.
    private static func count(_ record: inout Record, at time: Double, session: Int, _ rules: CapRules) {
        if record.session != session {
            record.session = session
            record.sessionCount = 0
        }
        record.sessionCount = History.counted(record.sessionCount)
        record.lifetime = History.counted(record.lifetime)
        // Kept in time order, as files keep them: a clock that went back
        // counts the display at the latest time already kept.
        record.displays.append(max(time, record.displays.last ?? time))
        History.prune(&record, rules, now: time)
    }

    /// How many of `record`'s kept display times (not `expired`) are
    /// after `cutoff`, each read as at most `clampedAt`: O(log n), as they
    /// are in time order.
    static func displays(of record: Record, after cutoff: Double, clampedAt limit: Double) -> Int {
        let times = record.displays
        var low = record.expired
        var high = times.count
        while low < high {
            let mid = (low + high) / 2
            if min(times[mid], limit) > cutoff { high = mid } else { low = mid + 1 }
        }
        return times.count - low
    }

    /// Keeps the display times `rules` can still look at: at most the
    /// largest window count, none older than the longest window or cool-down.
    /// The times are in time order, so those that go are a prefix: found by
    /// binary search, marked `expired`, and removed once they are as many
    /// as those kept (O(1) amortized per display).
    private static func prune(_ record: inout Record, _ rules: CapRules, now: Double) {
        let (count, span) = rules.retention
        let total = record.displays.count
        // (A time after `now`, of a clock that went back, reads as `now`.)
        let old = total - History.displays(of: record, after: now - span, clampedAt: now)
        record.expired = max(record.expired, total - count, old)
        if record.expired >= max(16, total - record.expired) {
            record.compact()
        }
    }

    // MARK: Domains

    /// What changed, for the domains' recordings.
    enum Change {
        case limit(key: String, CapLimit)
        case cooldown(key: String, Double)
        case clear(key: String?)
        case session
        case load
    }

    /// The recordings of domains that use this history: a display counted
    /// in another domain breaks each of them (`Domain.countDisplay`). Kept
    /// here so that a display looks at the recordings, not at every domain
    /// sharing the history. Unowned: a recording leaves this list when it
    /// stops watching the history or dies (`Recording.deinit`).
    @exclusivity(unchecked) private(set) var recordings: [UnownedRecording] = []

    func watch(_ recording: Recording) {
        if !recordings.contains(where: { $0.recording === recording }) {
            recordings.append(UnownedRecording(recording: recording))
        }
    }

    func unwatch(_ recording: ObjectIdentifier) {
        recordings.removeAll { ObjectIdentifier($0.recording) == recording }
    }

    func attach(_ domain: Domain) {
        let key = ObjectIdentifier(domain)
        if users[key] != nil {
            return
        }
        if users.count > 2 * usersAfterPruning + 16 {
            users = users.filter { !$0.value.user.domain.isDead }
            usersAfterPruning = users.count
        }
        attachments += 1
        users[key] = (attachments, UnownedDomain(domain: domain))
    }

    /// `domain` no longer uses this history (it changed history, joined
    /// another domain, or died: `Domain.deinit` calls this with its identity).
    func detach(_ domain: ObjectIdentifier) {
        users[domain] = nil
    }

    /// How many domains are on the list (for the tests of its clearing).
    var listedDomains: Int { users.count }

    /// Whether `domain` is attached (O(1)).
    func lists(_ domain: Domain) -> Bool {
        users[ObjectIdentifier(domain)] != nil
    }

    /// The live domains that use this history, in the order they attached.
    var domains: [Domain] {
        users.values.sorted { $0.order < $1.order }.map { $0.user.domain }
            .filter { !$0.isDead && $0.history === self }
    }

    /// Every domain records the change and looks again at the alerts a cap
    /// held, then runs its passes; the first error of a domain whose passes
    /// did not settle is thrown after every domain has run.
    private func capsChanged(_ change: Change,
                             then each: ((Domain) throws(AlertError) -> Void)? = nil) throws(AlertError) {
        let touched = domains
        defer {
            for domain in touched {
                domain.checkAfterCall()
            }
        }
        var settlement = Settlement()
        var recordings: [Recording] = []
        defer {
            for recording in recordings {
                recording.end()
            }
        }
        for domain in touched {
            if let recording = domain.root?.recording, !recordings.contains(where: { $0 === recording }),
               recording.historyChanged(change, self) {
                recordings.append(recording)
            }
            if domain.releaseParked() {
                settlement.needPass(domain)
            }
        }
        try settlement.settle()
        if let each {
            for domain in touched where !domain.isDead {
                try each(domain)
            }
        }
    }
}

/// A recording a history does not keep alive. Every one in
/// `History.recordings` is alive: a recording leaves the list when it stops
/// watching (its `watchedHistory` changes) and when it dies.
struct UnownedRecording {
    unowned(unsafe) let recording: Recording
}

extension History.Record {
    func isEmptyFor(session current: Int) -> Bool {
        displays.count == expired && lifetime == 0 && (session != current || sessionCount == 0)
    }

    /// Removes the expired times.
    mutating func compact() {
        displays.removeFirst(expired)
        expired = 0
    }
}

/// A domain a history does not keep alive. Every one in `History.users` is
/// alive: a domain leaves the table when it stops using the history and
/// when it dies (`Domain.deinit`).
struct UnownedDomain {
    unowned(unsafe) let domain: Domain
}
