import XYZAlert

/// The schema: a scenario's pages and steps (docs/formats.md, "Scenarios").
extension Schema {
    /// The defined pages, for messages: the first ten, then how many more.
    func pageList(_ pages: [Scenario.Page]) -> String {
        if pages.isEmpty {
            return "none defined"
        }
        let shown = pages.prefix(10).map { "\"\(Self.abbreviated($0.name))\"" }.joined(separator: ", ")
        return pages.count > 10 ? shown + " and \(pages.count - 10) more" : shown
    }

    /// A page's capacity: an integer from 0 (no limit) to 2147483647.
    func capacity(_ value: JSONValue) throws(LoadError) -> Int {
        guard let n = value.integer, n >= 0, n <= Int32.max else {
            throw fail("capacity must be an integer from 0 (no limit) to 2147483647, got \(value.described)", at: value)
        }
        return Int(n)
    }

    func pages(_ value: JSONValue) throws(LoadError) -> [Scenario.Page] {
        var pages: [Scenario.Page] = []
        var fields: [(parent: JSONValue?, active: JSONValue?)] = []
        for (name, body) in try object(value, "pages") {
            if name.isEmpty {
                throw fail("a page name must not be empty", at: body, .key)
            }
            var parent: JSONValue?
            var active: JSONValue?
            var capacity = 0
            var scale: Double = 1
            var gaps: [Scenario.LaneGap] = []
            var laneLimits: [Scenario.LaneLimitEntry] = []
            var order = QueueOrder.fifo
            for (key, field) in try object(body, "a page") {
                switch key {
                case "parent": parent = field
                case "active": active = field
                case "capacity": capacity = try self.capacity(field)
                case "duration_scale":
                    scale = try durationScale(field)
                case "gaps":
                    for (lane, seconds) in try object(field, "gaps") {
                        if lane.isEmpty {
                            throw fail("a lane name must not be empty", at: seconds, .key)
                        }
                        gaps.append(Scenario.LaneGap(lane: lane, seconds: try self.seconds(seconds, "a gap")))
                    }
                case "lanes":
                    for (lane, body) in try object(field, "lanes") {
                        if lane.isEmpty {
                            throw fail("a lane name must not be empty", at: body, .key)
                        }
                        laneLimits.append(Scenario.LaneLimitEntry(lane: lane, limit: try laneLimit(body)))
                    }
                case "order": order = try queueOrder(field)
                default: throw unknownKey(key, in: "a page", known: ["parent", "active", "capacity", "duration_scale", "gaps",
                                                                     "lanes", "order"], at: field)
                }
            }
            var page = Scenario.Page(name: name, capacity: capacity)
            page.durationScale = scale
            page.gaps = gaps
            page.laneLimits = laneLimits
            page.order = order
            pages.append(page)
            fields.append((parent, active))
        }
        var indexByName: [ExactString: Int] = [:]
        for (i, page) in pages.enumerated() where indexByName[ExactString(page.name)] == nil {
            indexByName[ExactString(page.name)] = i
        }
        var parents = [Int?](repeating: nil, count: pages.count)
        for i in pages.indices {
            if let field = fields[i].parent {
                let name = try string(field, "parent")
                guard let parent = indexByName[ExactString(name)] else {
                    throw fail("unknown page \"\(name)\"" + nearMiss(name, among: pageNames) + ": pages are " + pageList(pages),
                           at: field)
                }
                pages[i].parent = name
                parents[i] = parent
            }
        }
        // Each chain is walked once: a page whose chain reached a known
        // page (done) stops there; one that meets itself closes a cycle,
        // reported at the parent field of the first page of it in file order.
        var state = [UInt8](repeating: 0, count: pages.count) // 1: on the walk, 2: done
        for start in pages.indices where state[start] == 0 {
            var walk: [Int] = []
            var at: Int? = start
            while let i = at, state[i] == 0 {
                state[i] = 1
                walk.append(i)
                at = parents[i]
            }
            if let i = at, state[i] == 1 {
                let cycle = Array(walk[walk.firstIndex(of: i)!...])
                let first = cycle.min()!
                let from = cycle.firstIndex(of: first)!
                let names = (cycle[from...] + cycle[..<from] + [first]).map { pages[$0].name }
                throw fail("parent cycle: " + names.joined(separator: " -> "), at: fields[first].parent!)
            }
            for i in walk {
                state[i] = 2
            }
        }
        for i in pages.indices {
            if let field = fields[i].active {
                let name = try string(field, "active")
                guard let child = indexByName[ExactString(name)], parents[child] == i else {
                    throw fail("active must name a child of \"\(pages[i].name)\", got \(field.described)", at: field)
                }
                pages[i].active = name
            }
        }
        return pages
    }

    /// The steps; a broken step is recorded and left out. Names are looked
    /// up in the pages and alerts, unless those are broken (see `Schema`).
    func steps(_ value: JSONValue, pages: [Scenario.Page], alerts read: AlertsRead)
        throws(LoadError) -> ([Scenario.Step], [Scenario.Timing]) {
        let alerts = read.set
        func page(_ field: JSONValue, _ what: String) throws(LoadError) -> String {
            let name = try string(field, what)
            guard pageNames.contains(ExactString(name)) || pagesBroken else {
                throw fail("unknown page \"\(name)\"" + nearMiss(name, among: pageNames) + ": pages are " + pageList(pages),
                           at: field)
            }
            return name
        }
        func alert(_ field: JSONValue, _ what: String) throws(LoadError) -> String {
            let id = try string(field, what)
            guard read.ids.contains(ExactString(id)) || !read.idsComplete else {
                throw fail("unknown alert \"\(id)\": no alert with that id is defined in this file"
                           + nearMiss(id, among: read.ids), at: field)
            }
            return id
        }
        let names = StepNames(page: page, alert: alert, readFields: { body, what, required, optional throws(LoadError) in
            try fields(body, what, required: required, optional: optional)
        })
        var steps: [Scenario.Step] = []
        var timings: [Scenario.Timing] = []
        /// Alerts whose actions an earlier "update" step changed: an
        /// "action" step's index is checked against the definition's
        /// actions only while they are still those.
        var actionsUpdated: Set<ExactString> = []
        /// The step's one kind member, and "at" and "during" beside it.
        func step(_ element: JSONValue) throws(LoadError) -> (Scenario.Step, Scenario.Timing) {
            var members: [(key: String, value: JSONValue)] = []
            var timing = Scenario.Timing()
            var clocksField: JSONValue?
            for (key, field) in try object(element, "a step") {
                if key == "at" {
                    timing.at = try number(field, "at")
                } else if key == "clocks" {
                    for (name, time) in try object(field, "clocks") {
                        guard pageNames.contains(ExactString(name)) || pagesBroken else {
                            throw fail("unknown page \"\(name)\"" + nearMiss(name, among: pageNames) + ": pages are " + pageList(pages),
                                       at: time, .key)
                        }
                        timing.clocks.append(.init(page: name, time: try number(time, "a page's clock")))
                    }
                    clocksField = field
                } else if key == "wall" {
                    timing.wall = try number(field, "wall")
                    clocksField = field
                } else if key != "during" {
                    members.append((key, field))
                } else {
                    guard let n = field.integer, n >= 1, n <= Int32.max else {
                        throw fail("during must be a positive integer (events of the step around it), got \(field.described)", at: field)
                    }
                    guard !steps.isEmpty else {
                        throw fail("the first step cannot have \"during\": no step comes before it", at: field)
                    }
                    timing.during = Int(n)
                }
            }
            guard members.count == 1, let (kind, body) = members.first else {
                throw fail("a step must have exactly one key, one of " + Self.stepKeys.joined(separator: ", ")
                           + " (besides \"at\", \"clocks\", \"wall\" and \"during\"); got \(members.count)", at: element)
            }
            if let clocksField, timing.at == nil {
                throw fail("\"clocks\" and \"wall\" need \"at\" beside them (the time of every other clock)", at: clocksField, .key)
            }
            return (try stepKind(kind, body), timing)
        }
        /// The step's page, or the scenario's only page (`roots`: only root page).
        func defaultPage(_ value: JSONValue?, _ body: JSONValue, _ what: String, roots: Bool) throws(LoadError) -> String {
            if let value {
                return try page(value, "page")
            }
            let candidates = roots ? pages.filter { $0.parent == nil } : pages
            guard candidates.count == 1 else {
                throw fail("\(what) needs a \"page\": the scenario has \(candidates.count) \(roots ? "root pages" : "pages")", at: body)
            }
            return candidates[0].name
        }
        func stepKind(_ kind: String, _ body: JSONValue) throws(LoadError) -> Scenario.Step {
            if let step = try tableStep(kind, body, names) {
                return step
            }
            switch kind {
            case "depend":
                let f = try fields(body, "depend", required: ["alert"], optional: ["on", "id"])
                guard (f["on"] == nil) != (f["id"] == nil) else {
                    throw fail("depend needs exactly one of \"on\" (an alert of this file) and \"id\" (any id)", at: body)
                }
                return .depend(alert: try alert(f["alert"]!, "alert"),
                               on: try f["on"].map { (v: JSONValue) throws(LoadError) in try alert(v, "on") },
                               id: try f["id"].map { (v: JSONValue) throws(LoadError) in try string(v, "id") })
            case "lane_limit":
                let f = try fields(body, "lane_limit", required: ["page", "lane", "visible"], optional: ["on_full"])
                var members: [(key: String, value: JSONValue)] = [("visible", f["visible"]!)]
                if let onFull = f["on_full"] { members.append(("on_full", onFull)) }
                return .laneLimit(page: try page(f["page"]!, "page"), lane: try string(f["lane"]!, "lane"),
                                  limit: try laneLimit(members))
            case "session":
                guard body.kind == .object, body.members.isEmpty else {
                    throw fail("session takes {} (it begins a new session of the history), got \(body.described)", at: body)
                }
                return .session
            case "caps": return .caps(try caps(body))
            case "track":
                let f = try fields(body, "track", required: ["event"], optional: ["page", "props"])
                var props = "{}"
                if let value = f["props"] {
                    guard value.kind == .object else {
                        throw fail("props must be an object, got \(value.described)", at: value)
                    }
                    props = try data(value).jsonText
                }
                return .track(page: try defaultPage(f["page"], body, "track", roots: false),
                              event: try string(f["event"]!, "event"), props: props)
            case "set_campaigns":
                let file = try string(body, "set_campaigns (the path of an alert set file)")
                try loadCampaignSet(file, at: body)
                return .setCampaigns(file: file)
            case "set_attribute":
                let f = try fields(body, "set_attribute", required: ["name", "value"], optional: ["page"])
                let value = f["value"]!
                return .setAttribute(page: try defaultPage(f["page"], body, "set_attribute", roots: true),
                                     name: try string(f["name"]!, "name"),
                                     value: value.kind == .null ? nil : try data(value).jsonText)
            case "update":
                let contentKeys = ["title", "message", "style", "clear_actions", "add_action", "meta"]
                let f = try fields(body, "update", required: ["alert"], optional: contentKeys)
                guard f.count > 1 else {
                    let quoted = contentKeys.map { "\"\($0)\"" }
                    throw fail("update needs at least one of " + quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!, at: body)
                }
                /// Absent: .none; null: cleared.
                func text(_ key: String) throws(LoadError) -> String?? {
                    guard let v = f[key] else { return .none }
                    return v.kind == .null ? .some(nil) : .some(try string(v, key, allowEmpty: true))
                }
                var change = Scenario.ContentUpdate(title: try text("title"), message: try text("message"),
                                                    style: try f["style"].map { (v: JSONValue) throws(LoadError) in try string(v, "style") })
                if let clear = f["clear_actions"] {
                    guard clear.kind == .true else {
                        throw fail("clear_actions must be true, got \(clear.described)", at: clear)
                    }
                    change.clearActions = true
                }
                if let action = f["add_action"] {
                    change.addAction = try self.action(action)
                }
                if change.clearActions || change.addAction != nil, let id = f["alert"]?.string {
                    actionsUpdated.insert(ExactString(id))
                }
                if let meta = f["meta"] {
                    guard meta.kind == .object || meta.kind == .null else {
                        throw fail("meta must be an object or null, got \(meta.described)", at: meta)
                    }
                    change.meta = .some(meta.kind == .null ? nil : meta.text)
                }
                return .update(alert: try alert(f["alert"]!, "alert"), change: change)
            case "add":
                var ids: [String] = []
                if body.kind == .array {
                    for entry in body.elements {
                        ids.append(try alert(entry, "each alert of add"))
                    }
                    if ids.isEmpty {
                        throw fail("add needs at least one alert id", at: body)
                    }
                } else {
                    ids.append(try alert(body, "add"))
                }
                // Pages of alerts that are not defined (broken ones) are unknown.
                for id in ids where alerts.definition(id) != nil && alerts.definition(id)!.page == nil {
                    throw fail("alert \"\(id)\" has no \"page\": only its campaign adds it", at: body)
                }
                let homes = ids.compactMap { alerts.definition($0)?.page }
                guard homes.count == ids.count, let home = homes.first else { return .add(page: "", alerts: ids) }
                if let other = ids.indices.first(where: { ExactString(homes[$0]) != ExactString(home) }) {
                    throw fail("all alerts of one add step must be on one page: \"\(ids[0])\" is on \"\(home)\", "
                               + "\"\(ids[other])\" on \"\(homes[other])\"", at: body)
                }
                return .add(page: home, alerts: ids)
            case "action":
                let f = try fields(body, "action", required: ["alert", "index"])
                let id = try alert(f["alert"]!, "alert")
                let index = f["index"]!
                guard let i = index.integer, i >= 0, i <= Int32.max else {
                    throw fail("index must be a non-negative integer, got \(index.described)", at: index)
                }
                if !actionsUpdated.contains(ExactString(id)), let actions = alerts.definition(id)?.content.actions,
                   i >= actions.count {
                    let range = switch actions.count {
                    case 0: "has no actions"
                    case 1: "has 1 action (index 0)"
                    default: "has \(actions.count) actions (0 to \(actions.count - 1))"
                    }
                    throw fail("index \(i) is out of range: alert \"\(Self.abbreviated(id))\" \(range)", at: index)
                }
                return .action(alert: id, index: Int(i))
            default:
                throw unknownKey(kind, in: "a step", known: Self.stepKeys, at: body)
            }
        }
        for element in try array(value, "steps") {
            try attempt { () throws(LoadError) in
                let (kind, timing) = try step(element)
                steps.append(kind)
                timings.append(timing)
            }
        }
        return (steps, timings)
    }
}

/// Edit distance for "did you mean" suggestions: Levenshtein's, an
/// adjacent swap counting one edit ("plna" is one from "plan"), as the
/// rule compiler's operator suggestions count it.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    var beforePrevious = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous) = (previous, current)
    }
    return a.isEmpty ? b.count : previous[b.count]
}

extension Schema {
    /// The alert set file a `set_campaigns` step names (docs/rules.md §22),
    /// read now, relative to the scenario file's directory, so that a bad
    /// one is a load error at the step; kept in `campaignSets` by the path
    /// as written. A scenario read from memory reads no file.
    func loadCampaignSet(_ file: String, at value: JSONValue) throws(LoadError) {
        if campaignSets.value[file] != nil { return }
        guard let directory else {
            throw fail("set_campaigns names the file \"\(file)\", and a scenario read from memory reads no file "
                       + "(load the scenario from a file beside it)", at: value)
        }
        let path = file.hasPrefix("/") ? file : directory + file
        let document: Document
        do {
            document = try Loader.loadFile(path: path)
        } catch {
            // Named as the step writes it, wherever the scenario was read from.
            var problem = error
            problem.source = file
            throw fail("cannot load the campaigns of \"\(file)\": \(problem.description)", at: value)
        }
        guard document.scenario == nil else {
            throw fail("\"\(file)\" is a scenario, not an alert set", at: value)
        }
        let set = document.alertSet
        guard !set.campaigns.isEmpty else {
            throw fail("\"\(file)\" has no campaigns", at: value)
        }
        campaignSets.value[file] = set
    }
}

/// The sets `set_campaigns` steps name, by path as written (a box: the
/// schema reads steps through non-mutating methods).
final class CampaignSets {
    var value: [String: AlertSet] = [:]
}
