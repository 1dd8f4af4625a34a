import XYZAlert

/// The reference model's caps (docs/rules.md §16), written from the rules:
/// every display is kept (no pruning), counts are recounted at each check.
extension ReferenceHarness {
    /// A cap key with its name in byte form ("tag:" + byteKey(tag)), as
    /// keys compare byte for byte.
    static func byteForm(_ key: String) -> String {
        for prefix in ["id:", "tag:", "lane:"] where key.hasPrefix(prefix) {
            return prefix + byteKey(String(key.dropFirst(prefix.count)))
        }
        return key
    }

    /// The alert's keys, in the order caps are looked at, with the rules
    /// that apply to it under each: the key's own caps, and on its id its
    /// own caps after them.
    func keysAndRules(_ a: RefAlert) -> [(key: String, rules: CapRules)] {
        var keys: [(String, Bool)] = []
        if let id = a.rawID { keys.append(("id:" + byteKey(id), true)) }
        keys += a.tags.map { ("tag:" + byteKey($0), false) }
        keys.append(("lane:" + byteKey(a.lane), false))
        keys.append(("all", false))
        return keys.compactMap { key, isID in
            var rules = keyCaps[key]
            if isID && !a.caps.isEmpty {
                rules = CapRules(limits: (rules?.limits ?? []) + a.caps.limits,
                                 cooldown: max(rules?.cooldown ?? 0, a.caps.cooldown))
            }
            return rules.map { (key, $0) }
        }
    }

    /// Why a cap forbids `a` now: the first limit that does (else the first
    /// cool-down), and when every rule that does has freed (nil: a session
    /// or lifetime limit, which no time frees).
    func verdict(_ a: RefAlert) -> (code: String, key: String, frees: Double?)? {
        if a.campaign?.test == true { return nil }  // docs/rules.md §22
        return windowVerdict(a) ?? capVerdict(a)
    }

    /// docs/rules.md §22, for the model's three shapes of windows in UTC
    /// (the history's wall clock is the virtual clock): 1, a window
    /// 00:01-24:00 (closed for the first minute of each day); 2, an
    /// exclude 00:00-00:02; 3, a window 00:00-00:01 (open the first minute).
    func windowVerdict(_ a: RefAlert) -> (code: String, key: String, frees: Double?)? {
        let day = 86400.0
        let second = clock - (clock / day).rounded(.down) * day
        let start = clock - second
        switch a.windows {
        case 1 where second < 60: return ("outside_window", "windows", start + 60)
        case 2 where second < 120: return ("outside_window", "windows", start + 120)
        case 3 where second >= 60: return ("outside_window", "windows", start + day)
        default: return nil
        }
    }

    /// docs/rules.md §16.
    func capVerdict(_ a: RefAlert) -> (code: String, key: String, frees: Double?)? {
        var first: (String, String)?
        var cooling: (String, String)?
        var frees: Double? = -.infinity
        for (key, rules) in keysAndRules(a) {
            let shown = displays[key] ?? []
            for limit in rules.limits {
                let count: Int
                var free: Double?
                switch limit.per {
                case .session: count = shown.filter { $0.session == session }.count
                case .lifetime: count = shown.count
                case .window(let seconds):
                    count = shown.filter { $0.time > clock - seconds }.count
                    if count >= limit.count { free = shown[shown.count - limit.count].time + seconds }
                case .day, .week:
                    // In UTC (the model's host gives no offset); the generator
                    // makes none yet (docs/rules.md §22 is tested by CalendarTests).
                    let length = limit.per == .day ? 86400.0 : 7 * 86400
                    let shift = limit.per == .day ? 0 : 3 * 86400.0  // weeks start on Monday; day 0 was a Thursday
                    let start = ((clock + shift) / length).rounded(.down) * length - shift
                    count = shown.filter { $0.time >= start }.count
                    free = start + length
                }
                guard count >= limit.count else { continue }
                frees = free.flatMap { f in frees.map { max($0, f) } }
                first = first ?? ("capped", key)
            }
            if rules.cooldown > 0, let last = shown.last?.time, clock < last + rules.cooldown {
                frees = frees.map { max($0, last + rules.cooldown) }
                cooling = cooling ?? ("cooling_down", key)
            }
        }
        guard let (code, key) = first ?? cooling else { return nil }
        return (code, ReferenceHarness.textForm(key), frees)
    }

    /// A byte-form key as the engine names it.
    static func textForm(_ key: String) -> String {
        for prefix in ["id:", "tag:", "lane:"] where key.hasPrefix(prefix) {
            let bytes = key.dropFirst(prefix.count).split(separator: ".").map { UInt8($0, radix: 16)! }
            return prefix + String(decoding: bytes, as: UTF8.self)
        }
        return key
    }

    /// The first show of `a`: one display under each key with rules for it.
    func countDisplay(_ a: RefAlert) {
        for (key, _) in keysAndRules(a) {
            displays[key, default: []].append((clock, session))
        }
    }

    /// A new session: every parked alert of every domain using the history
    /// is a candidate again; those domains run passes, in the order they
    /// took the history.
    func beginSession() {
        session += 1
        let touched = Touched()
        for d in historyDomains where !d.dead && d.root?.destroyed == false {
            let parked = live(in: d).filter { $0.parked != nil }
            for a in parked { a.parked = nil }
            if !parked.isEmpty { touched.add(d) }
        }
        settle(touched)
    }
}
