import XYZAlert

/// The schema: a whole document (alert set or scenario) and its expectations.
extension Schema {
    /// The document, or nil when a problem was recorded.
    mutating func document(_ root: JSONValue) throws(LoadError) -> Document? {
        let members = try object(root, "the document")
        let isScenario = members.contains { $0.key == "steps" || $0.key == "pages" }
        let known = isScenario ? ["version", "alerts", "caps", "campaigns", "campaigns_version", "pages", "deferred", "steps",
                                  "expect", "history", "wall_clock", "attributes", "utc_offset", "utc_offsets",
                                  "time_zone", "alert_set"]
                               : ["version", "alerts", "caps", "campaigns", "campaigns_version"]
        var capsValue: JSONValue?
        var history: (History.State, String)?
        var wallClock: Double = 0
        var utcOffset: (Double, JSONValue)?
        var timeZone: (String, JSONValue)?
        var utcOffsets: ([Scenario.OffsetChange], JSONValue)?
        var alertsValue: JSONValue?
        var alertSetValue: JSONValue?
        var pagesValue: JSONValue?
        var stepsValue: JSONValue?
        var expectValue: JSONValue?
        var campaignsValue: JSONValue?
        var campaignsVersion: String?
        var attributes: JSONObject?
        var deferred = false
        let rootProblems = problems.count
        for (key, value) in members {
            try attempt { () throws(LoadError) in
                switch key {
                case "version":
                    guard value.integer == 1 else {
                        throw fail("version must be 1, got \(value.described)", at: value)
                    }
                case "alerts": alertsValue = value
                case "alert_set" where isScenario: alertSetValue = value
                case "pages" where isScenario: pagesValue = value
                case "steps" where isScenario: stepsValue = value
                case "expect" where isScenario: expectValue = value
                case "deferred" where isScenario: deferred = try bool(value, "deferred")
                case "caps": capsValue = value
                case "campaigns": campaignsValue = value
                case "campaigns_version": campaignsVersion = try string(value, "campaigns_version")
                case "attributes" where isScenario:
                    guard case .object(let object) = try data(value) else {
                        throw fail("attributes must be an object, got \(value.described)", at: value)
                    }
                    if object.keys.contains(where: { $0.isEmpty }) {
                        throw fail("an attribute's name must not be empty", at: value)
                    }
                    attributes = object
                case "history" where isScenario: history = (try historyState(value), value.text)
                case "wall_clock" where isScenario: wallClock = try number(value, "wall_clock")
                case "utc_offset" where isScenario:
                    let offset = try number(value, "utc_offset")
                    guard abs(offset) <= 64800 else {
                        throw fail("utc_offset must be seconds east of UTC from -64800 to 64800 (18 hours), got \(value.described)", at: value)
                    }
                    utcOffset = (offset, value)
                case "utc_offsets" where isScenario:
                    utcOffsets = (try offsetChanges(value), value)
                case "time_zone" where isScenario:
                    let name = try string(value, "time_zone")
                    guard TimeZones.exists(name) else {
                        throw fail("unknown time zone \"\(name)\" (a name of the system's time zone database, such as \"Europe/Paris\")", at: value)
                    }
                    timeZone = (name, value)
                default:
                    throw unknownKey(key, in: isScenario ? "a scenario" : "an alert set", known: known, at: value)
                }
            }
        }
        let localTimes = [utcOffset?.1, utcOffsets?.1, timeZone?.1].compactMap { $0 }
        if localTimes.count > 1 {
            try attempt { () throws(LoadError) in
                throw fail("a scenario gives one of utc_offset, utc_offsets and time_zone, not several", at: localTimes[1], .key)
            }
        }
        var pages: [Scenario.Page] = []
        if let pagesValue {
            let before = problems.count
            pages = try attempt { () throws(LoadError) in try self.pages(pagesValue) } ?? []
            pagesBroken = problems.count > before
        }
        pageNames = Set(pages.map { ExactString($0.name) })
        campaignAlerts = Schema.campaignAlerts(campaignsValue)
        // An "alert_set" file's alerts, caps and campaigns come first.
        let included = try alertSetValue.flatMap { (value: JSONValue) throws(LoadError) in
            try attempt { () throws(LoadError) in try self.includedAlertSet(value) }
        }
        if alertsValue == nil && alertSetValue == nil {
            // A broken member (a misspelt "alerts") is the likelier problem.
            if problems.count > rootProblems { return nil }
            throw fail("\(isScenario ? "a scenario" : "an alert set") needs \"alerts\"\(isScenario ? " or \"alert_set\"" : "")",
                       at: root)
        }
        var read = try alertsValue.map { (value: JSONValue) throws(LoadError) in
            try attempt { () throws(LoadError) in try alertSet(value, pages: isScenario ? pages : nil) }
        } ?? AlertsRead()
        if let own = read, let included {
            read = try attempt { () throws(LoadError) in try merged(included, own, alertsValue) }
        } else if alertSetValue != nil && included == nil {
            read?.idsComplete = false  // (its alerts are unknown: steps naming them are not reported)
        }
        // (After the alerts, which come before "caps" in files as written.)
        let caps = try capsValue.flatMap { (value: JSONValue) throws(LoadError) in
            try attempt { () throws(LoadError) in try self.caps(value) }
        }
        var campaigns = try campaignsValue.flatMap { (value: JSONValue) throws(LoadError) in
            try attempt { () throws(LoadError) in try self.campaigns(value, alerts: read) }
        }
        if let included, !included.campaigns.isEmpty {
            campaigns = try attempt { () throws(LoadError) in
                try mergedCampaigns(included, campaigns ?? [], campaignsValue)
            }
        }
        var steps: [Scenario.Step] = []
        var timings: [Scenario.Timing] = []
        if isScenario, let stepsValue {
            let alerts = read ?? AlertsRead(idsComplete: false)
            (steps, timings) = try attempt { () throws(LoadError) in
                try self.steps(stepsValue, pages: pages, alerts: alerts)
            } ?? ([], [])
        }
        var expect: Scenario.Expectations?
        if let expectValue, expectUnchecked {
            expect = place(of: expectValue)
        } else if let expectValue {
            expect = try attempt { () throws(LoadError) in try expectations(expectValue, stepCount: steps.count) }
        }
        alertCount = read?.count ?? 0
        guard var alerts = read?.set, problems.count == 0 else { return nil }
        // (Only a check reports warnings: a load has no use for them.)
        if checkOnly {
            warnings(campaigns: campaignsValue, alerts: alertsValue, attributes: attributes, steps: stepsValue,
                     isScenario: isScenario)
        }
        alerts.caps = (included?.caps ?? []) + (caps ?? [])
        alerts.campaigns = campaigns ?? []
        alerts.campaignsJSON = alerts.campaigns.isEmpty ? nil
            : Schema.joinedArrays(included?.campaignsJSON, campaignsValue?.text)
        alerts.campaignsVersion = campaignsVersion ?? included?.campaignsVersion
        return isScenario ? .scenario(Scenario(pages: pages, deferred: deferred, alerts: alerts, steps: steps,
                                                      timings: timings, expect: expect, history: history?.0,
                                                      historyText: history?.1, wallClock: wallClock,
                                                      attributes: attributes, utcOffset: utcOffset?.0,
                                                      timeZone: timeZone?.0, utcOffsets: utcOffsets?.0 ?? [],
                                                      campaignSets: campaignSets.value))
                          : .alertSet(alerts)
    }

    /// "utc_offsets": `[[WALL, SECONDS], ...]`, walls rising, each offset
    /// within ±18 hours (docs/formats.md, "Recordings").
    func offsetChanges(_ value: JSONValue) throws(LoadError) -> [Scenario.OffsetChange] {
        guard value.kind == .array, !value.elements.isEmpty else {
            throw fail("utc_offsets must be a non-empty list of [wall, seconds] pairs, got \(value.described)", at: value)
        }
        var changes: [Scenario.OffsetChange] = []
        for pair in value.elements {
            let parts = pair.elements
            guard pair.kind == .array, parts.count == 2 else {
                throw fail("each utc_offsets entry must be a pair [wall, seconds], got \(pair.described)", at: pair)
            }
            let wall = try number(parts[0], "a utc_offsets wall clock")
            let offset = try number(parts[1], "a utc_offsets offset")
            guard abs(offset) <= 64800 else {
                throw fail("a utc_offsets offset must be seconds east of UTC from -64800 to 64800 (18 hours), got \(parts[1].described)", at: parts[1])
            }
            if let last = changes.last, !(wall > last.wall) {
                throw fail("utc_offsets must be in rising order of wall clock: \(parts[0].described) comes after \(last.wall)", at: parts[0])
            }
            changes.append(Scenario.OffsetChange(wall: wall, offset: offset))
        }
        return changes
    }

    /// The events a trace line may name (docs/rules.md §10, §13, §15).
    static let traceEvents = ["show", "hide", "unhide", "remove", "finish", "move", "action", "update", "announce", "error",
                              "trigger", "skip", "control", "campaigns"]

    /// The "expect" list: strings `STEP EVENT ALERT [DETAIL]`, STEP a step
    /// of the file, EVENT a trace event. The lines are located in one pass
    /// over the list (O(bytes), not a pass over the text per line).
    func expectations(_ value: JSONValue, stepCount: Int) throws(LoadError) -> Scenario.Expectations {
        var lines: [Scenario.Expectation] = []
        let entries = try array(value, "expect")
        var place = place(of: value)
        var positions: [TextPosition] = []
        if let offsets = scanner.elementOffsets(ofArrayAt: place.start.offset), offsets.count == entries.count {
            positions = scanner.positions(of: offsets)
        }
        for (index, entry) in entries.enumerated() {
            let line = try string(entry, "each line of expect")
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count >= 3, let step = Int(words[0]), step >= 0, Self.traceEvents.contains(String(words[1])),
                  !words[2].isEmpty else {
                throw fail("an expect line must read \"STEP EVENT ALERT [DETAIL]\" (EVENT one of "
                           + Self.traceEvents.joined(separator: ", ") + "), got \"\(Self.abbreviated(line))\"", at: entry)
            }
            guard step < stepCount else {
                throw fail("step \(step) of \"\(Self.abbreviated(line))\" is out of range: the scenario has \(stepCount) steps", at: entry)
            }
            let position = index < positions.count ? positions[index]
                : scanner.locate(path(entry)) ?? scanner.position(of: 0)
            lines.append(Scenario.Expectation(line: line, position: position))
        }
        place.lines = lines
        return place
    }

    /// Where the "expect" value is, without its lines.
    func place(of value: JSONValue) -> Scenario.Expectations {
        let start = scanner.locate(path(value)) ?? scanner.position(of: 0)
        return Scenario.Expectations(lines: [], start: start, end: scanner.end(ofValueAt: start.offset) ?? start.offset)
    }
}
