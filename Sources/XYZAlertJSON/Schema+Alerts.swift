import XYZAlert

/// The schema: alerts and their fields (docs/formats.md, "Alert sets").
extension Schema {
    /// `pages` is nil for a plain alert set; for a scenario every alert needs
    /// a "page" naming one of them.
    func alertSet(_ value: JSONValue, pages: [Scenario.Page]?) throws(LoadError) -> AlertsRead {
        var read = AlertsRead()
        var definitions: [AlertDefinition] = []
        // Names to their element's index (a JSONValue per alert would cost
        // four times as much in a large set).
        var firstSeen: [ExactString: Int] = [:]
        var afterValues: [[JSONValue]] = []
        let before = problems.count
        var definedIDs: Set<ExactString> = []
        var afterAlertValues: [[JSONValue]] = []
        let elements = try array(value, "alerts")
        for (index, element) in elements.enumerated() {
            guard let alert = try attempt({ () throws(LoadError) in try alert(element, pages: pages) }),
                  let nameValue = alert.nameValue ?? alert.idValue else {
                read.idsComplete = false
                continue
            }
            let name = alert.definition.name
            let key = ExactString(name)
            // (One look-up: a duplicate, rare, puts the first one back.)
            if let first = firstSeen.updateValue(index, forKey: key) {
                firstSeen[key] = first
                try attempt { () throws(LoadError) in
                    throw fail("duplicate \(alert.nameValue == nil ? "id" : "name") \"\(name)\" (first defined at \(path(elements[first])))",
                               at: nameValue)
                }
                continue
            }
            read.ids.insert(key)
            // (In an alert set a name is the id: `read.ids` holds them.)
            if pages != nil {
                definedIDs.insert(ExactString(alert.definition.id))
            }
            read.count += 1
            // (Checking an alert set, an alert without dependencies is done
            // with: nothing looks at it again.)
            if alert.sound && (!checkOnly || pages != nil || !alert.definition.after.isEmpty
                               || !alert.definition.afterAlerts.isEmpty) {
                definitions.append(alert.definition)
                afterValues.append(alert.afterValues)
                afterAlertValues.append(alert.afterAlertValues)
            }
        }
        // An unknown id may be the unreadable id of a broken alert.
        let known = pages == nil ? read.ids : definedIDs
        for (i, definition) in definitions.enumerated() where read.idsComplete {
            for (k, id) in definition.after.enumerated() where !known.contains(ExactString(id)) {
                try attempt { () throws(LoadError) in
                    throw fail("unknown id \"\(id)\" in after: no alert with that id is defined in this file"
                               + nearMiss(id, among: known), at: afterValues[i][k])
                }
            }
            for (k, name) in definition.afterAlerts.enumerated() where firstSeen[ExactString(name)] == nil {
                try attempt { () throws(LoadError) in
                    throw fail("unknown alert \"\(name)\" in after_alerts: no alert of this file is called that"
                               + nearMiss(name, among: firstSeen.keys), at: afterAlertValues[i][k])
                }
            }
        }
        read.set = AlertSet(definitions)
        if problems.count == before, let (start, cycle) = dependencyCycle(read.set, scenario: pages != nil) {
            let k = definitions[start].after.firstIndex { ExactString($0) == ExactString(cycle[1]) }!
            throw fail("dependency cycle: " + cycle.joined(separator: " -> "), at: afterValues[start][k])
        }
        return read
    }

    /// What "alerts" gave: the set of its sound alerts, and every id that
    /// could be read (`idsComplete`: of every alert), for checking references.
    struct AlertsRead {
        var set = AlertSet([])
        var ids: Set<ExactString> = []
        var idsComplete = true
        /// How many alerts were read (all of them, also when `checkOnly`
        /// kept only some in `set`).
        var count = 0
    }

    /// One alert object as read, `sound` when no field had a problem (each
    /// is checked on its own and recorded).
    func alert(_ value: JSONValue, pages: [Scenario.Page]?) throws(LoadError) -> ParsedAlert {
        var alert = ParsedAlert()
        var broken: Set<String> = []
        for (key, field) in try object(value, "an alert") {
            let before = problems.count
            try attempt { () throws(LoadError) in try self.field(key, field, of: &alert, pages: pages) }
            if problems.count > before {
                broken.insert(key)
            }
        }
        alert.sound = broken.isEmpty
        // A required field missing beside a broken one (perhaps itself, misspelt) is not reported.
        if alert.idValue == nil && alert.nameValue == nil && broken.isEmpty {
            throw fail(pages == nil ? "an alert needs an \"id\"" : "an alert needs an \"id\" or a \"name\"", at: value)
        }
        if alert.nameValue == nil {
            alert.definition.name = alert.definition.id
        }
        // Only a definition a campaign names is compared by its text (a set
        // update, docs/rules.md §22): writing out every alert's JSON cost
        // more than parsing it.
        if !campaignAlerts.isEmpty && campaignAlerts.contains(ExactString(alert.definition.name)) {
            alert.definition.text = value.text
        }
        if alert.definition.id.isEmpty && !alert.definition.caps.isEmpty && broken.isEmpty {
            throw fail("alert \"\(alert.definition.name)\" has caps (limit, cooldown) but no \"id\": caps count displays under the id",
                       at: value)
        }
        if pages != nil && alert.definition.page == nil && broken.isEmpty
            && !campaignAlerts.contains(ExactString(alert.definition.name)) {
            throw fail("alert \"\(alert.definition.name)\" needs a \"page\" in a scenario", at: value)
        }
        return alert
    }

    /// An alert as its fields are read.
    struct ParsedAlert {
        var definition = AlertDefinition(id: "")
        /// The id's and the name's values, if they could be read.
        var idValue: JSONValue?
        var nameValue: JSONValue?
        var afterValues: [JSONValue] = []
        var afterAlertValues: [JSONValue] = []
        var sound = true
    }

    /// Reads one field of an alert object into `alert`.
    func field(_ key: String, _ field: JSONValue, of alert: inout ParsedAlert, pages: [Scenario.Page]?) throws(LoadError) {
        // (A switch over strings compares them one by one: the keys most
        // alerts use come first.)
        switch key {
        case "id":
            alert.definition.id = try string(field, "id")
            alert.idValue = field
        case "priority": alert.definition.priority = try int32(field, "priority")
        case "exclusive":
            alert.definition.exclusive = try choice(field, "exclusive", Exclusive.self)
        case "after":
            for entry in try array(field, "after") {
                alert.definition.after.append(try string(entry, "each id in after"))
                alert.afterValues.append(entry)
            }
        case "ready": alert.definition.ready = try bool(field, "ready")
        case "target": alert.definition.target = try string(field, "target")
        case "style": alert.definition.content.style = try string(field, "style")
        case "title": alert.definition.content.title = try string(field, "title", allowEmpty: true)
        case "message": alert.definition.content.message = try string(field, "message", allowEmpty: true)
        case "actions": alert.definition.content.actions = try actions(field)
        case "meta":
            guard field.kind == .object else {
                throw fail("meta must be an object, got \(field.described)", at: field)
            }
            alert.definition.content.meta = field.text
        case "page" where pages != nil:
            let name = try string(field, "page")
            guard pageNames.contains(ExactString(name)) || pagesBroken else {
                throw fail("unknown page \"\(name)\"" + nearMiss(name, among: pageNames) + ": pages are " + pageList(pages!),
                           at: field)
            }
            alert.definition.page = name
        case "avoid_keyboard": alert.definition.avoidKeyboard = try bool(field, "avoid_keyboard")
        case "keyboard_adjust": alert.definition.keyboardAdjust = try number(field, "keyboard_adjust")
        case "limit": alert.definition.caps.limits = try limits(field, "an alert")
        case "cooldown": alert.definition.caps.cooldown = try seconds(field, "cooldown")
        case "windows": alert.definition.windows = try windows(field, "windows")
        case "exclude": alert.definition.exclude = try windows(field, "exclude")
        case "on_outside": alert.definition.onOutside = try choice(field, "on_outside", OnOutside.self)
        case "lane": alert.definition.lane = try string(field, "lane")
        case "tags":
            var seen: Set<ExactString> = []
            for entry in try array(field, "tags") {
                let tag = try string(entry, "each tag")
                guard seen.insert(ExactString(tag)).inserted else {
                    throw fail("duplicate tag \"\(Self.abbreviated(tag))\"", at: entry)
                }
                alert.definition.tags.append(tag)
            }
        case "name" where pages != nil:
            alert.definition.name = try string(field, "name")
            alert.nameValue = field
        case "after_alerts" where pages != nil:
            for entry in try array(field, "after_alerts") {
                alert.definition.afterAlerts.append(try string(entry, "each name in after_alerts"))
                alert.afterAlertValues.append(entry)
            }
        case "frame" where pages != nil:
            alert.definition.frame = try rect(field, "frame")
        case "holds" where pages != nil:
            guard let n = field.integer, n >= 1, n <= Int32.max else {
                throw fail("holds must be an integer from 1 to 2147483647 (holds made before the add), got \(field.described)", at: field)
            }
            alert.definition.holds = Int(n)
        default:
            guard try !readProperty(key, field, into: &alert.definition.properties, &alert.definition.values) else { return }
            throw unknownKey(key, in: "an alert", known: Self.alertKeys + (pages == nil ? [] : Self.scenarioAlertKeys), at: field)
        }
    }

    func actions(_ value: JSONValue) throws(LoadError) -> [AlertAction] {
        var out: [AlertAction] = []
        // (A set only past a few: most alerts have one to three actions,
        // and a set of them cost more than reading the rest of the alert.)
        var ids: Set<ExactString>?
        for element in try array(value, "actions") {
            let action = try self.action(element)
            let id = ExactString(action.id)
            if out.count == 8 {
                ids = Set(out.map { ExactString($0.id) })
            }
            let isNew = ids.map { !$0.contains(id) } ?? !out.contains { ExactString($0.id) == id }
            if !isNew {
                throw fail("duplicate action id \"\(action.id)\"", at: path(element).appending("id"))
            }
            ids?.insert(id)
            out.append(action)
        }
        return out
    }

    /// One action object: `{"id", "title", "style", "keep_open"}`.
    func action(_ element: JSONValue) throws(LoadError) -> AlertAction {
        var id: String?
        var title: String?
        var style = ActionStyle.default
        var keepOpen = false
        for (key, field) in try object(element, "an action") {
            switch key {
            case "id": id = try string(field, "an action's id")
            case "title": title = try string(field, "an action's title", allowEmpty: true)
            case "style":
                style = try choice(field, "an action's style", ActionStyle.self)
            case "keep_open": keepOpen = try bool(field, "keep_open")
            default: throw unknownKey(key, in: "an action", known: ["id", "title", "style", "keep_open"], at: field)
            }
        }
        guard let id, let title else {
            throw fail("an action needs \(id == nil ? "an \"id\"" : "a \"title\"")", at: element)
        }
        return AlertAction(id: id, title: title, style: style, keepOpen: keepOpen)
    }

    /// The first cycle in file order: the index of the alert it starts from
    /// and the ids along it, e.g. ["a", "b", "a"]. In a scenario only an
    /// alert after its own id is one: whether alerts of a longer cycle are
    /// ever live together is known only by running (their add then fails,
    /// an error event), and a recording may hold alerts that never were.
    /// O(alerts + after entries).
    func dependencyCycle(_ set: AlertSet, scenario: Bool) -> (Int, [String])? {
        if scenario {
            let own = set.definitions.firstIndex { d in d.after.contains { ExactString($0) == ExactString(d.id) } }
            return own.map { ($0, [set.definitions[$0].id, set.definitions[$0].id]) }
        }
        var state = [UInt8](repeating: 0, count: set.definitions.count) // 1: on the current path, 2: done
        for root in set.definitions.indices where state[root] == 0 {
            var path: [(index: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let (index, next) = path.last {
                let after = set.definitions[index].after
                guard next < after.count else {
                    state[index] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                // (An alert a check did not keep has no dependencies: no
                // cycle runs through it.)
                guard let target = set.index(of: after[next]) else { continue }
                if state[target] == 1 {
                    let from = path.firstIndex { $0.index == target }!
                    let ids = (path[from...].map { $0.index } + [target]).map { set.definitions[$0].id }
                    return (target, ids)
                }
                if state[target] == 0 {
                    state[target] = 1
                    path.append((target, 0))
                }
            }
        }
        return nil
    }
}
