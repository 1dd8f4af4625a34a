import XYZAlert

/// The schema: caps, cool-downs, durations with units and the history's
/// persistence format (docs/formats.md, "Caps" and "History").
extension Schema {

    /// A number of seconds: a number, or a string of a number and a unit
    /// ("90s", "30m", "12h", "90d", "1.5h"). At least 0; above 0 with `positive`.
    func seconds(_ value: JSONValue, _ what: String, positive: Bool = false) throws(LoadError) -> Double {
        let range = positive ? "above 0" : "not below 0"
        if let text = value.string {
            guard let seconds = Seconds.parse(text) else {
                throw fail("\(what) must be a number of seconds or a string of \(Seconds.grammar), got \(value.described)", at: value)
            }
            guard positive ? seconds > 0 : seconds >= 0 else {
                throw fail("\(what) must be \(range), got \(value.described)", at: value)
            }
            return seconds
        }
        guard let n = value.number, n.isFinite, positive ? n > 0 : n >= 0 else {
            throw fail("\(what) must be a number of seconds \(range) (or a string with a unit, \"90s\", \"12h\"), got \(value.described)",
                       at: value)
        }
        return n
    }

    /// A duration scale: a number above 0, or "never" (no alert times out).
    func durationScale(_ value: JSONValue) throws(LoadError) -> Double {
        if value.string == "never" {
            return .infinity
        }
        guard let n = value.number, n.isFinite, n > 0 else {
            throw fail("duration_scale must be a number above 0 or \"never\", got \(value.described)", at: value)
        }
        return n
    }

    /// `"limit"`: one limit object or a list of them, at most one per period.
    func limits(_ value: JSONValue, _ what: String) throws(LoadError) -> [CapLimit] {
        let elements = value.kind == .array ? value.elements : [value]
        var limits: [CapLimit] = []
        for element in elements {
            let limit = try self.limit(element, what)
            if limits.contains(where: { $0.per == limit.per }) {
                throw fail("two limits of \(what) count displays \(limit.per): give each period once", at: element)
            }
            limits.append(limit)
        }
        return limits
    }

    /// One limit: `{"count": N, "per": a `LimitPer` word but "window", or SECONDS}`.
    func limit(_ value: JSONValue, _ what: String) throws(LoadError) -> CapLimit {
        var count: Int?
        var per: CapPeriod?
        for (key, field) in try object(value, "a limit of \(what)") {
            switch key {
            case "count":
                guard let n = field.integer, n >= 1, n <= Int64(CapLimit.maxCount) else {
                    throw fail("a limit's count must be an integer from 1 to \(CapLimit.maxCount), got \(field.described)", at: field)
                }
                count = Int(n)
            case "per":
                if let word = field.string, let kind = LimitPer(word: word), let period = CapPeriod(kind) {
                    per = period
                } else if let word = field.string, Seconds.parse(word) == nil {
                    // (One grammar per message: a word that is neither a period nor seconds.)
                    let words = LimitPer.allCases.filter { CapPeriod($0) != nil }.map { "\($0)" }
                    let listed = words.dropLast().map { "\"\($0)\"" }.joined(separator: ", ") + " or \"\(words.last!)\""
                    throw fail("a limit's per must be \(listed), or a window of seconds (\"90s\", \"12h\", 3600), got "
                               + field.described + nearMiss(word, among: words.map(ExactString.init)), at: field)
                } else {
                    per = .window(try seconds(field, "a limit's window", positive: true))
                }
            default: throw unknownKey(key, in: "a limit", known: ["count", "per"], at: field)
            }
        }
        guard let count, let per else {
            throw fail("a limit needs \(count == nil ? "a \"count\"" : "a \"per\"")", at: value)
        }
        return CapLimit(count: count, per: per)
    }

    /// The caps of one key: `{"limit": ..., "cooldown": ...}`.
    func rules(_ value: JSONValue, key: String) throws(LoadError) -> CapRules {
        var rules = CapRules()
        for (member, field) in try object(value, "the caps of \"\(key)\"") {
            switch member {
            case "limit": rules.limits = try limits(field, "\"\(key)\"")
            case "cooldown": rules.cooldown = try seconds(field, "cooldown")
            default: throw unknownKey(member, in: "the caps of a key", known: ["limit", "cooldown"], at: field)
            }
        }
        return rules
    }

    /// `"caps"`: caps by key, each key `id:ID`, `tag:TAG`, `lane:LANE` or `all`.
    func caps(_ value: JSONValue) throws(LoadError) -> [AlertSet.KeyCaps] {
        var out: [AlertSet.KeyCaps] = []
        for (key, body) in try object(value, "caps") {
            try self.key(key, at: body)
            out.append(AlertSet.KeyCaps(key: key, rules: try rules(body, key: key)))
        }
        return out
    }

    /// Checks a cap key, reporting at the member's key.
    func key(_ key: String, at value: JSONValue) throws(LoadError) {
        do {
            try History.validate(key: key)
        } catch {
            throw fail(error.message, at: value, .key)
        }
    }

    // MARK: The history's persistence format

    /// `{"version": 1, "session": N, "keys": {KEY: {"lifetime", "session", "displays"}}}`.
    func historyState(_ value: JSONValue) throws(LoadError) -> History.State {
        var state = History.State()
        var version: Int64?
        var keysValue: JSONValue?
        for (key, field) in try object(value, "a history") {
            switch key {
            case "version":
                guard let v = field.integer, v >= 1 else {
                    throw fail("a history's version must be an integer from 1, got \(field.described)", at: field)
                }
                guard v <= History.formatVersion else {
                    throw fail("history version \(v) is newer than this engine reads (\(History.formatVersion)): "
                               + "it was saved by a later version of XYZAlert", at: field)
                }
                version = v
            case "session":
                guard let n = field.integer, n >= 1, n <= History.countLimit else {
                    throw fail("a history's session must be an integer from 1 to \(History.countLimit), got \(field.described)", at: field)
                }
                state.session = Int(n)
            case "keys": keysValue = field
            case "campaigns": state.campaigns = try campaignCounts(field)
            case "app_version": state.appVersion = try data(field)
            default: throw unknownKey(key, in: "a history", known: ["version", "session", "keys", "campaigns", "app_version"],
                                      at: field)
            }
        }
        guard let version else {
            throw fail("a history needs a \"version\"", at: value)
        }
        if version < 2, let field = value.members.first(where: { $0.key == "campaigns" || $0.key == "app_version" })?.value {
            throw fail("a version 1 history has no campaign counts or app version (version 2 has)", at: field)
        }
        guard let keysValue else { return state }
        for (key, body) in try object(keysValue, "a history's keys") {
            try self.key(key, at: body)
            var record = History.Record(session: state.session)
            for (member, field) in try object(body, "the history of \"\(key)\"") {
                switch member {
                case "lifetime", "session":
                    guard let n = field.integer, n >= 0, n <= History.countLimit else {
                        throw fail("\(member) must be a count from 0 to \(History.countLimit), got \(field.described)", at: field)
                    }
                    if member == "lifetime" { record.lifetime = Int(n) } else { record.sessionCount = Int(n) }
                case "displays":
                    for entry in try array(field, "displays") {
                        let time = try number(entry, "each display time")
                        if let last = record.displays.last, time < last {
                            throw fail("display times must be in time order: \(time) comes after \(last)", at: entry)
                        }
                        record.displays.append(time)
                    }
                default:
                    throw unknownKey(member, in: "a key's history", known: ["lifetime", "session", "displays"], at: field)
                }
            }
            state.records[ExactString(key)] = record
        }
        return state
    }
}

extension Schema {
    /// A history's "campaigns": per campaign id, its triggers' counts.
    func campaignCounts(_ value: JSONValue) throws(LoadError) -> [ExactString: CampaignCounts] {
        var out: [ExactString: CampaignCounts] = [:]
        for (id, body) in try object(value, "a history's campaigns") {
            var counts = CampaignCounts()
            for (member, field) in try object(body, "the counts of campaign \"\(id)\"") {
                if member == "variants" {
                    // docs/rules.md §22: the variant chosen per user_id.
                    for (user, chosen) in try object(field, "a campaign's variants") {
                        counts.variants[ExactString(user)] = try string(chosen, "a variant's id")
                    }
                    continue
                }
                var list: [Int] = []
                for entry in try array(field, member) {
                    guard let n = entry.integer, n >= 0, n <= History.countLimit else {
                        throw fail("a trigger count must be an integer from 0 to \(History.countLimit), got \(entry.described)", at: entry)
                    }
                    list.append(Int(n))
                }
                switch member {
                case "triggers": counts.triggers = list
                case "cancel_on": counts.cancelOn = list
                default: throw unknownKey(member, in: "a campaign's counts", known: ["triggers", "cancel_on", "variants"], at: field)
                }
            }
            out[ExactString(id)] = counts
        }
        return out
    }
}

extension Loader {
    /// Loads a history in the persistence format (docs/formats.md,
    /// "History"); every error names the source, line, column and pointer.
    public static func loadHistory(bytes: [UInt8], source: String) throws(LoadError) -> History.State {
        let json = try JSONDocument.parse(bytes: bytes, source: source)
        let schema = Schema(document: json, scanner: TextScanner(bytes), source: source, directory: nil,
                            problems: Problems(limit: 1))
        return try schema.historyState(json.root)
    }

    /// `loadHistory` of a file; `.io` when it cannot be read.
    public static func loadHistoryFile(path: String) throws(LoadError) -> History.State {
        try loadHistory(bytes: try readFile(path), source: path)
    }

    /// `loadHistoryFile`, or nil when there is no file at `path` (the first
    /// launch): any other failure to read it is still `.io`.
    public static func loadHistoryFileIfPresent(path: String) throws(LoadError) -> History.State? {
        guard let bytes = try readFile(path, missingOK: true) else { return nil }
        return try loadHistory(bytes: bytes, source: path)
    }
}
