/// Renders a recording as a scenario file (docs/formats.md, "Recordings"):
/// the one place that knows the file's text. Every `RecordedStep` case has
/// its rendering here.
enum ScenarioWriter {
    /// The offsets read: none, or all one, as `utc_offset` (none for 0);
    /// else `utc_offsets`, an entry where the offset differs from the one
    /// read at the time before.
    private static func localTime(_ readings: [Double: Double]) -> String {
        let sorted = readings.sorted { $0.key < $1.key }
        guard let first = sorted.first else { return "" }
        guard sorted.contains(where: { $0.value != first.value }) else {
            return first.value == 0 ? "" : "\n  \"utc_offset\": " + JSONText.number(first.value) + ","
        }
        var changes: [String] = []
        var last: Double?
        for (wall, offset) in sorted where offset != last {
            changes.append("[" + JSONText.number(wall) + ", " + JSONText.number(offset) + "]")
            last = offset
        }
        return "\n  \"utc_offsets\": [" + changes.joined(separator: ", ") + "],"
    }

    /// The whole file: pages, definitions, then the steps.
    static func scenario(deferred: Bool, history: Recording.StartingHistory?, historyJSON: String?,
                         campaigns: Recording.StartingCampaigns?, utcOffsets: [Double: Double],
                         pages: [Recording.Page], definitions: [Recording.Definition], steps: [Recording.Step]) -> String {
        // Ids by their bytes, as the loader checks "after" against them.
        let definedIDs = Set(definitions.compactMap { $0.id.map(ExactString.init) })
        var out = "{\n  \"version\": 1,\n  \"deferred\": \(deferred),"
        if let history {
            out += "\n  \"wall_clock\": " + JSONText.number(history.wallClock) + ","
            if let historyJSON { out += "\n  \"history\": " + historyJSON + "," }
            if !history.caps.isEmpty {
                out += "\n  \"caps\": " + JSONText.object(history.caps.map { ($0.0, rules($0.1)) }) + ","
            }
        }
        out += localTime(utcOffsets)
        if let campaigns {
            if let json = campaigns.json { out += "\n  \"campaigns\": " + json + "," }
            if !campaigns.attributes.keys.isEmpty {
                out += "\n  \"attributes\": " + JSONData.object(campaigns.attributes).jsonText + ","
            }
        }
        out += "\n  \"pages\": {"
        out += pages.map { page in
            var members: [(String, String)] = []
            if let parent = page.parent { members.append(("parent", JSONText.string(pages[parent].name))) }
            if let active = page.active { members.append(("active", JSONText.string(pages[active].name))) }
            if page.capacity > 0 { members.append(("capacity", "\(page.capacity)")) }
            if page.durationScale != 1 {
                members.append(("duration_scale", page.durationScale.isFinite ? JSONText.number(page.durationScale) : "\"never\""))
            }
            if !page.gaps.isEmpty {
                members.append(("gaps", JSONText.object(page.gaps.map { ($0.lane, JSONText.number($0.seconds)) })))
            }
            if !page.laneLimits.isEmpty {
                members.append(("lanes", JSONText.object(page.laneLimits.map {
                    ($0.lane, JSONText.object([("visible", "\($0.limit.visible)"), ("on_full", JSONText.string($0.limit.onFull.description))]))
                })))
            }
            return "\n    " + JSONText.string(page.name) + ": " + JSONText.object(members)
        }.joined(separator: ",")
        out += "\n  },\n  \"alerts\": ["
        out += definitions.map { "\n    " + definition($0, pages: pages, definedIDs) }.joined(separator: ",")
        out += "\n  ],\n  \"steps\": ["
        out += steps.map { step in
            var text = "{" + member(step.call)
            if let at = step.at { text += ", \"at\": " + JSONText.number(at) }
            if !step.clocks.isEmpty {
                text += ", \"clocks\": " + JSONText.object(step.clocks.map { (pages[$0.page].name, JSONText.number($0.time)) })
            }
            if let wall = step.wall { text += ", \"wall\": " + JSONText.number(wall) }
            if let during = step.during { text += ", \"during\": \(during)" }
            return "\n    " + text + "}"
        }.joined(separator: ",")
        return out + "\n  ]\n}\n"
    }

    /// A step's member: its call's name and arguments.
    static func member(_ step: RecordedStep) -> String {
        func name(_ name: String?) -> String { name.map(JSONText.string) ?? "null" }
        func onAlert(_ alert: String?, _ members: [(String, String)]) -> String {
            JSONText.object([("alert", name(alert))] + members)
        }
        let (key, value): (String, String)
        switch step {
        case let .page(call, page):
            (key, value) = (call.rawValue, name(page))
        case let .alert(call, alert):
            (key, value) = (call.rawValue, name(alert))
        case let .add(names):
            (key, value) = ("add", names.count == 1 ? JSONText.string(names[0]) : JSONText.array(names.map(JSONText.string)))
        case let .parent(page, parent):
            (key, value) = ("parent", JSONText.object([("page", name(page)), ("parent", name(parent))]))
        case let .select(page, child):
            (key, value) = ("select", JSONText.object([("page", name(page)), ("child", name(child)), ("flush", "false")]))
        case let .keyboard(page, frame, duration):
            (key, value) = ("keyboard", JSONText.object([("page", name(page)), ("frame", rect(frame)),
                                                         ("duration", JSONText.number(duration))]))
        case let .capacity(page, capacity):
            (key, value) = ("capacity", JSONText.object([("page", name(page)), ("capacity", "\(capacity)")]))
        case let .cancelTagged(page, tag):
            (key, value) = ("cancel_tagged", JSONText.object([("page", name(page))] + (tag.map { [("tag", JSONText.string($0))] } ?? [])))
        case let .action(alert, index):
            (key, value) = ("action", onAlert(alert, [("index", "\(index)")]))
        case let .target(alert, target):
            (key, value) = ("target", onAlert(alert, [("target", JSONText.string(target))]))
        case let .tag(alert, tag):
            (key, value) = ("tag", onAlert(alert, [("tag", JSONText.string(tag))]))
        case let .avoidance(alert, enabled, adjust):
            (key, value) = ("avoidance", onAlert(alert, [("enabled", "\(enabled)"), ("adjust", JSONText.number(adjust))]))
        case let .frame(alert, frame):
            (key, value) = ("frame", onAlert(alert, [("frame", frame.map(rect) ?? "null")]))
        case let .update(alert, change):
            (key, value) = ("update", onAlert(alert, [contentMember(change)]))
        case let .dependOnAlert(alert, other):
            (key, value) = ("depend", onAlert(alert, [("on", JSONText.string(other))]))
        case let .dependOnID(alert, id):
            (key, value) = ("depend", onAlert(alert, [("id", JSONText.string(id))]))
        case let .durationScale(page, scale):
            (key, value) = ("duration_scale", JSONText.object([("page", name(page)),
                                                               ("scale", scale.isFinite ? JSONText.number(scale) : "\"never\"")]))
        case let .gap(page, lane, seconds):
            (key, value) = ("gap", JSONText.object([("page", name(page)), ("lane", JSONText.string(lane)),
                                                    ("seconds", JSONText.number(seconds))]))
        case let .laneLimit(page, lane, visible, onFull):
            (key, value) = ("lane_limit", JSONText.object([("page", name(page)), ("lane", JSONText.string(lane)),
                                                           ("visible", "\(visible)"),
                                                           ("on_full", JSONText.string(onFull.description))]))
        case let .order(page, order):
            (key, value) = ("order", JSONText.object([("page", name(page)), ("order", JSONText.string(order.description))]))
        case let .cancelQueued(page, tag):
            (key, value) = ("cancel_queued", JSONText.object([("page", name(page))] + (tag.map { [("tag", JSONText.string($0))] } ?? [])))
        case .session:
            (key, value) = ("session", "{}")
        case let .caps(capKey, rules):
            (key, value) = ("caps", JSONText.object([(capKey, self.rules(rules))]))
        case let .track(page, event, props):
            (key, value) = ("track", JSONText.object([("page", name(page)), ("event", JSONText.string(event)),
                                                      ("props", props)]))
        case let .setAttribute(page, attribute, json):
            (key, value) = ("set_attribute", JSONText.object([("page", name(page)), ("name", JSONText.string(attribute)),
                                                              ("value", json ?? "null")]))
        }
        return JSONText.string(key) + ": " + value
    }

    private static func contentMember(_ change: RecordedStep.ContentChange) -> (String, String) {
        func text(_ value: String?) -> String { value.map(JSONText.string) ?? "null" }
        switch change {
        case let .title(title): return ("title", text(title))
        case let .message(message): return ("message", text(message))
        case let .style(style): return ("style", JSONText.string(style))
        case let .meta(meta): return ("meta", meta ?? "null")
        case .clearActions: return ("clear_actions", "true")
        case let .addAction(action): return ("add_action", self.action(action))
        }
    }

    private static func definition(_ d: Recording.Definition, pages: [Recording.Page], _ definedIDs: Set<ExactString>) -> String {
        var m: [(String, String)] = []
        if d.id != d.name { m.append(("name", JSONText.string(d.name))) }
        if let id = d.id { m.append(("id", JSONText.string(id))) }
        if d.page >= 0 { m.append(("page", JSONText.string(pages[d.page].name))) } // (-1: a campaign's alert)
        m += d.members { key in
            switch key {
            case "after":
                // An id that no alert of the file has never blocks the replay:
                // leaving it out changes nothing, and the loader refuses it.
                let after = d.after.filter { definedIDs.contains(ExactString($0)) }
                return after.isEmpty ? nil : JSONText.array(after.map(JSONText.string))
            case "after_alerts": return d.afterAlerts.isEmpty ? nil : JSONText.array(d.afterAlerts.map(JSONText.string))
            case "ready": return d.ready ? nil : "false"
            case "actions": return d.content.actions.isEmpty ? nil : JSONText.array(d.content.actions.map(action))
            case "frame": return d.frame.map(rect)
            case "holds": return d.holds > 0 ? "\(d.holds)" : nil
            case "tags": return d.tags.isEmpty ? nil : JSONText.array(d.tags.map(JSONText.string))
            case "limit": return d.caps.limits.isEmpty ? nil : limits(d.caps.limits)
            case "windows": return d.windows.windows.isEmpty ? nil : windows(d.windows.windows)
            case "exclude": return d.windows.exclude.isEmpty ? nil : windows(d.windows.exclude)
            default:
                assertionFailure("ScenarioWriter: no writer for the member \(key)")
                return nil
            }
        }
        return JSONText.object(m)
    }

    /// A key's caps as the alert set's `caps` member writes them.
    static func rules(_ rules: CapRules) -> String {
        var members: [(String, String)] = []
        if !rules.limits.isEmpty { members.append(("limit", limits(rules.limits))) }
        if rules.cooldown != 0 { members.append(("cooldown", JSONText.number(rules.cooldown))) }
        return JSONText.object(members)
    }

    /// Windows as alert sets write them (docs/formats.md).
    private static func windows(_ windows: [TimeWindow]) -> String {
        JSONText.array(windows.map { window in
            var members: [(String, String)] = []
            if window.days != TimeWindow.everyDay {
                members.append(("days", JSONText.array(window.dayList.map(JSONText.string))))
            }
            members.append(("from", JSONText.string(TimeWindow.words(window.from))))
            members.append(("to", JSONText.string(TimeWindow.words(window.to))))
            return JSONText.object(members)
        })
    }

    private static func limits(_ limits: [CapLimit]) -> String {
        JSONText.array(limits.map { limit in
            let per: String = if case .window(let seconds) = limit.per {
                JSONText.number(seconds)
            } else {
                JSONText.string(limit.per.kind.description)
            }
            return JSONText.object([("count", "\(limit.count)"), ("per", per)])
        })
    }

    private static func rect(_ r: Rect) -> String {
        JSONText.array([r.x, r.y, r.width, r.height].map(JSONText.number))
    }

    private static func action(_ a: AlertAction) -> String {
        JSONText.object([("id", JSONText.string(a.id)), ("title", JSONText.string(a.title)),
                         ("style", JSONText.string(a.style.description))] + (a.keepOpen ? [("keep_open", "true")] : []))
    }
}
