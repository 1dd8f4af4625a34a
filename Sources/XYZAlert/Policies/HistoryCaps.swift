/// A history's caps on keys: set, read, cleared; sessions (docs/rules.md §16).
extension History {
    // MARK: Caps on keys

    /// Throws `.state` while the history's own clock runs: a clock that
    /// calls back into the history would change what it is being read for.
    func requireOutsideClock(_ what: String) throws(AlertError) {
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
}
