/// Saving a history and loading one (docs/formats.md, "History files").
extension History {
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
    static func prune(_ state: inout State, now: Double, rules: (ExactString) -> CapRules?) {
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
