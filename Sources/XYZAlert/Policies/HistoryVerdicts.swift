/// The engine's side of a history: which alerts a cap may hold, the verdict
/// on one, and counting a display (docs/rules.md §16).
extension History {
    // MARK: The engine's side

    /// The rules of `key`: the history's own and, for an `id:` key, the
    /// caps of the alerts last counted under it; nil when neither is known.
    func rules(of key: ExactString) -> CapRules? {
        let own = setCaps(key)
        guard let learned = alertCaps[key] else { return own }
        guard var merged = own else { return learned }
        merged.limits += learned.limits
        merged.cooldown = max(merged.cooldown, learned.cooldown)
        return merged
    }

    /// The rules that apply to `alert` under `key`.
    func rules(of key: ExactString, for alert: Alert, isID: Bool) -> CapRules? {
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
    static func count(_ record: inout Record, at time: Double, session: Int, _ rules: CapRules) {
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
    static func prune(_ record: inout Record, _ rules: CapRules, now: Double) {
        let (count, span) = rules.retention
        let total = record.displays.count
        // (A time after `now`, of a clock that went back, reads as `now`.)
        let old = total - History.displays(of: record, after: now - span, clampedAt: now)
        record.expired = max(record.expired, total - count, old)
        if record.expired >= max(16, total - record.expired) {
            record.compact()
        }
    }
}
