import Glibc
import XYZAlert

/// A loaded document: an alert set, or a scenario (whose root has "pages" or
/// "steps"). Both are validated in full; every error names the source, the
/// line and column, and the JSON pointer of the offending value.
public enum Document: Sendable {
    case alertSet(AlertSet)
    case scenario(Scenario)

    /// The alerts of either kind.
    public var alertSet: AlertSet {
        switch self {
        case .alertSet(let set): set
        case .scenario(let scenario): scenario.alerts
        }
    }
}

public enum Loader {
    /// Loads a document from memory. `source` names it in errors.
    public static func load(bytes: [UInt8], source: String) throws(LoadError) -> Document {
        let document = try JSONDocument(bytes: bytes, source: source)
        var schema = Schema(document: document, scanner: TextScanner(bytes), source: source)
        return try schema.document(document.root)
    }

    /// Loads a document from a file; `.io` when it cannot be read.
    public static func loadFile(path: String) throws(LoadError) -> Document {
        try load(bytes: try readFile(path), source: path)
    }

    static func readFile(_ path: String) throws(LoadError) -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw LoadError(kind: .io, message: "cannot open: \(String(cString: strerror(errno)))", pointer: "",
                            position: nil, source: path)
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes.append(contentsOf: chunk[..<count])
            if count < chunk.count {
                if ferror(file) != 0 {
                    throw LoadError(kind: .io, message: "cannot read: \(String(cString: strerror(errno)))", pointer: "",
                                    position: nil, source: path)
                }
                return bytes
            }
        }
    }
}

/// The schema of SPEC sections 8 and 9. Checks go in document order, so the
/// first error reported is the first one in the file.
struct Schema {
    let document: JSONDocument
    let scanner: TextScanner
    let source: String
    /// The scenario's page names (byte for byte), once its pages are read.
    var pageNames: Set<ExactString> = []

    static let alertKeys = ["id", "priority", "exclusive", "after", "ready", "target", "style", "title", "message",
                            "actions", "avoid_keyboard", "keyboard_adjust", "meta"]

    func fail(_ message: String, at pointer: JSONPointer, _ site: TextScanner.Site = .value) -> LoadError {
        LoadError(kind: .schema, message: message, pointer: pointer.description,
                  position: scanner.locate(pointer, site) ?? scanner.position(of: 0), source: source)
    }

    func fail(_ message: String, at value: JSONValue, _ site: TextScanner.Site = .value) -> LoadError {
        fail(message, at: path(value), site)
    }

    func path(_ value: JSONValue) -> JSONPointer {
        document.pointer(of: value)
    }

    /// "unknown key "prority" in an alert (did you mean "priority"?)".
    /// The suggestion is the nearest known key within the edit distance a
    /// typo makes; `suggestion` bounds the work, so a huge key costs nothing.
    func unknownKey(_ key: String, in what: String, known: [String], at value: JSONValue) -> LoadError {
        var message = "unknown key \"\(Self.abbreviated(key))\" in \(what)"
        if let guess = suggestion(for: key, among: known) {
            message += " (did you mean \"\(guess)\"?)"
        } else {
            message += " (known keys: " + known.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        }
        return fail(message, at: value, .key)
    }

    /// The known key nearest to `key`, if within max(2, length / 3) edits.
    /// Only keys whose length is within that distance of `key`'s can be, so
    /// the others (and any key longer than the longest known key plus that)
    /// are never compared: the cost is bounded by the known keys' lengths.
    func suggestion(for key: String, among known: [String]) -> String? {
        let length = key.unicodeScalars.count
        let limit = max(2, length / 3)
        var best: (key: String, distance: Int)?
        for candidate in known where abs(candidate.unicodeScalars.count - length) <= limit {
            let distance = editDistance(key, candidate)
            if distance <= limit && distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    /// A name as messages quote it: at most 64 characters, then "...".
    static func abbreviated(_ text: String) -> String {
        text.count <= 64 ? text : String(text.prefix(61)) + "..."
    }

    // MARK: Typed fields

    func object(_ value: JSONValue, _ what: String) throws(LoadError) -> [(key: String, value: JSONValue)] {
        guard value.kind == .object else { throw fail("\(what) must be an object, got \(value.described)", at: value) }
        return value.members
    }

    func array(_ value: JSONValue, _ what: String) throws(LoadError) -> [JSONValue] {
        guard value.kind == .array else { throw fail("\(what) must be an array, got \(value.described)", at: value) }
        return value.elements
    }

    func string(_ value: JSONValue, _ what: String, allowEmpty: Bool = false) throws(LoadError) -> String {
        guard let s = value.string, allowEmpty || !s.isEmpty else {
            throw fail("\(what) must be a \(allowEmpty ? "" : "non-empty ")string, got \(value.described)", at: value)
        }
        return s
    }

    func bool(_ value: JSONValue, _ what: String) throws(LoadError) -> Bool {
        guard let b = value.bool else { throw fail("\(what) must be true or false, got \(value.described)", at: value) }
        return b
    }

    func int32(_ value: JSONValue, _ what: String) throws(LoadError) -> Int32 {
        guard let i = value.integer, let narrow = Int32(exactly: i) else {
            throw fail("\(what) must be an integer between \(Int32.min) and \(Int32.max), got \(value.described)",
                       at: value)
        }
        return narrow
    }

    func number(_ value: JSONValue, _ what: String, minimum: Double? = nil) throws(LoadError) -> Double {
        guard let n = value.number, n.isFinite, n >= (minimum ?? -.infinity) else {
            let range = minimum.map { " not below \($0 == Double(Int($0)) ? String(Int($0)) : String($0))" } ?? ""
            throw fail("\(what) must be a number\(range), got \(value.described)", at: value)
        }
        return n
    }

    func choice<T>(_ value: JSONValue, _ what: String, _ options: [(String, T)]) throws(LoadError) -> T {
        if let s = value.string, let match = options.first(where: { $0.0 == s }) {
            return match.1
        }
        let names = options.map { "\"\($0.0)\"" }
        let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
        throw fail("\(what) must be \(list), got \(value.described)", at: value)
    }

    func rect(_ value: JSONValue, _ what: String) throws(LoadError) -> Rect {
        let parts = try array(value, what)
        guard parts.count == 4 else {
            throw fail("\(what) must be [x, y, width, height], got an array of \(parts.count)", at: value)
        }
        var numbers: [Double] = []
        for part in parts {
            numbers.append(try number(part, "each of \(what)"))
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    // MARK: Documents

    mutating func document(_ root: JSONValue) throws(LoadError) -> Document {
        let members = try object(root, "the document")
        let isScenario = members.contains { $0.key == "steps" || $0.key == "pages" }
        let known = isScenario ? ["version", "alerts", "pages", "deferred", "steps"] : ["version", "alerts"]
        var alertsValue: JSONValue?
        var pagesValue: JSONValue?
        var stepsValue: JSONValue?
        var deferred = false
        for (key, value) in members {
            switch key {
            case "version":
                guard value.integer == 1 else {
                    throw fail("version must be 1, got \(value.described)", at: value)
                }
            case "alerts": alertsValue = value
            case "pages" where isScenario: pagesValue = value
            case "steps" where isScenario: stepsValue = value
            case "deferred" where isScenario: deferred = try bool(value, "deferred")
            default:
                throw unknownKey(key, in: isScenario ? "a scenario" : "an alert set", known: known, at: value)
            }
        }
        let pages = try pagesValue.map { (v: JSONValue) throws(LoadError) in try self.pages(v) } ?? []
        pageNames = Set(pages.map { ExactString($0.name) })
        guard let alertsValue else { throw fail("\(isScenario ? "a scenario" : "an alert set") needs \"alerts\"", at: root) }
        let alerts = try alertSet(alertsValue, pages: isScenario ? pages : nil)
        guard isScenario else { return .alertSet(alerts) }
        let steps = try stepsValue.map { (v: JSONValue) throws(LoadError) in try self.steps(v, pages: pages, alerts: alerts) } ?? []
        return .scenario(Scenario(pages: pages, deferred: deferred, alerts: alerts, steps: steps))
    }

    // MARK: Alerts (SPEC 8)

    /// `pages` is nil for a plain alert set; for a scenario every alert needs
    /// a "page" naming one of them.
    func alertSet(_ value: JSONValue, pages: [Scenario.Page]?) throws(LoadError) -> AlertSet {
        var definitions: [AlertDefinition] = []
        var firstSeen: [ExactString: JSONValue] = [:]
        var afterValues: [[JSONValue]] = []
        for element in try array(value, "alerts") {
            let (definition, idValue, afters) = try alert(element, pages: pages)
            if let first = firstSeen[ExactString(definition.id)] {
                throw fail("duplicate id \"\(definition.id)\" (first defined at \(path(first)))", at: idValue)
            }
            firstSeen[ExactString(definition.id)] = element
            definitions.append(definition)
            afterValues.append(afters)
        }
        for (i, definition) in definitions.enumerated() {
            for (k, id) in definition.after.enumerated() where firstSeen[ExactString(id)] == nil {
                throw fail("unknown id \"\(id)\" in after: no alert with that id is defined in this file",
                           at: afterValues[i][k])
            }
        }
        let set = AlertSet(definitions)
        if let (start, cycle) = dependencyCycle(set) {
            let k = definitions[start].after.firstIndex { ExactString($0) == ExactString(cycle[1]) }!
            throw fail("dependency cycle: " + cycle.joined(separator: " -> "), at: afterValues[start][k])
        }
        return set
    }

    /// One alert object: the definition, its id value, and its `after`
    /// entries (for locating errors).
    func alert(_ value: JSONValue, pages: [Scenario.Page]?) throws(LoadError) -> (AlertDefinition, JSONValue, [JSONValue]) {
        var definition = AlertDefinition(id: "")
        var idValue: JSONValue?
        var afterValues: [JSONValue] = []
        for (key, field) in try object(value, "an alert") {
            switch key {
            case "id":
                definition.id = try string(field, "id")
                idValue = field
            case "priority": definition.priority = try int32(field, "priority")
            case "exclusive":
                definition.exclusive = try choice(field, "exclusive",
                                                  [("wait", .wait), ("cover", .cover), ("hide_others", .hideOthers)])
            case "after":
                for entry in try array(field, "after") {
                    definition.after.append(try string(entry, "each id in after"))
                    afterValues.append(entry)
                }
            case "ready": definition.ready = try bool(field, "ready")
            case "target": definition.target = try string(field, "target")
            case "style": definition.content.style = try string(field, "style")
            case "title": definition.content.title = try string(field, "title", allowEmpty: true)
            case "message": definition.content.message = try string(field, "message", allowEmpty: true)
            case "actions": definition.content.actions = try actions(field)
            case "avoid_keyboard": definition.avoidKeyboard = try bool(field, "avoid_keyboard")
            case "keyboard_adjust": definition.keyboardAdjust = try number(field, "keyboard_adjust")
            case "meta":
                guard field.kind == .object else {
                    throw fail("meta must be an object, got \(field.described)", at: field)
                }
                definition.content.meta = field.text
            case "page" where pages != nil:
                let name = try string(field, "page")
                guard pageNames.contains(ExactString(name)) else {
                    throw fail("unknown page \"\(name)\": pages are " + pageList(pages!), at: field)
                }
                definition.page = name
            default:
                throw unknownKey(key, in: "an alert", known: Self.alertKeys + (pages == nil ? [] : ["page"]), at: field)
            }
        }
        guard let idValue else { throw fail("an alert needs an \"id\"", at: value) }
        if pages != nil && definition.page == nil {
            throw fail("alert \"\(definition.id)\" needs a \"page\" in a scenario", at: value)
        }
        return (definition, idValue, afterValues)
    }

    func actions(_ value: JSONValue) throws(LoadError) -> [AlertAction] {
        var out: [AlertAction] = []
        var ids: Set<ExactString> = []
        for element in try array(value, "actions") {
            var id: String?
            var title: String?
            var style = ActionStyle.default
            for (key, field) in try object(element, "an action") {
                switch key {
                case "id": id = try string(field, "an action's id")
                case "title": title = try string(field, "an action's title", allowEmpty: true)
                case "style":
                    style = try choice(field, "an action's style",
                                       [("default", .default), ("cancel", .cancel), ("destructive", .destructive)])
                default: throw unknownKey(key, in: "an action", known: ["id", "title", "style"], at: field)
                }
            }
            guard let id, let title else {
                throw fail("an action needs \(id == nil ? "an \"id\"" : "a \"title\"")", at: element)
            }
            if !ids.insert(ExactString(id)).inserted {
                throw fail("duplicate action id \"\(id)\"", at: path(element).appending("id"))
            }
            out.append(AlertAction(id: id, title: title, style: style))
        }
        return out
    }

    /// The first cycle in file order: the index of the alert it starts from
    /// and the ids along it, e.g. ["a", "b", "a"].
    /// O(alerts + after entries).
    func dependencyCycle(_ set: AlertSet) -> (Int, [String])? {
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
                let target = set.index(of: after[next])!
                if state[target] == 1 {
                    let from = path.firstIndex { $0.index == target }!
                    let ids = (path[from...].map(\.index) + [target]).map { set.definitions[$0].id }
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

    // MARK: Scenarios (SPEC 9)

    /// The defined pages, for messages: the first ten, then how many more.
    func pageList(_ pages: [Scenario.Page]) -> String {
        if pages.isEmpty {
            return "none defined"
        }
        let shown = pages.prefix(10).map { "\"\(Self.abbreviated($0.name))\"" }.joined(separator: ", ")
        return pages.count > 10 ? shown + " and \(pages.count - 10) more" : shown
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
            for (key, field) in try object(body, "a page") {
                switch key {
                case "parent": parent = field
                case "active": active = field
                default: throw unknownKey(key, in: "a page", known: ["parent", "active"], at: field)
                }
            }
            pages.append(Scenario.Page(name: name))
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
                    throw fail("unknown page \"\(name)\": pages are " + pageList(pages), at: field)
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

    func steps(_ value: JSONValue, pages: [Scenario.Page], alerts: AlertSet) throws(LoadError) -> [Scenario.Step] {
        func page(_ field: JSONValue, _ what: String) throws(LoadError) -> String {
            let name = try string(field, what)
            guard pageNames.contains(ExactString(name)) else {
                throw fail("unknown page \"\(name)\": pages are " + pageList(pages), at: field)
            }
            return name
        }
        func alert(_ field: JSONValue, _ what: String) throws(LoadError) -> String {
            let id = try string(field, what)
            guard alerts.definition(id) != nil else {
                throw fail("unknown alert \"\(id)\": no alert with that id is defined in this file", at: field)
            }
            return id
        }
        func fields(_ body: JSONValue, _ what: String, required: [String], optional: [String] = [])
            throws(LoadError) -> [String: JSONValue] {
            var out: [String: JSONValue] = [:]
            for (key, field) in try object(body, what) {
                guard required.contains(key) || optional.contains(key) else {
                    throw unknownKey(key, in: what, known: required + optional, at: field)
                }
                out[key] = field
            }
            for key in required where out[key] == nil {
                throw fail("\(what) needs \"\(key)\"", at: body)
            }
            return out
        }
        let kinds = ["appear", "disappear", "destroy", "add", "ready", "dismiss", "cancel", "action", "select",
                     "keyboard", "frame", "flush"]
        var steps: [Scenario.Step] = []
        for element in try array(value, "steps") {
            let members = try object(element, "a step")
            guard members.count == 1, let (kind, body) = members.first else {
                throw fail("a step must have exactly one key, one of " + kinds.joined(separator: ", ")
                           + "; got \(members.count)", at: element)
            }
            switch kind {
            case "appear": steps.append(.appear(page: try page(body, "appear")))
            case "disappear": steps.append(.disappear(page: try page(body, "disappear")))
            case "destroy": steps.append(.destroy(page: try page(body, "destroy")))
            case "flush": steps.append(.flush(page: try page(body, "flush")))
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
                let home = alerts.definition(ids[0])!.page!
                if let other = ids.first(where: { ExactString(alerts.definition($0)!.page!) != ExactString(home) }) {
                    throw fail("all alerts of one add step must be on one page: \"\(ids[0])\" is on \"\(home)\", "
                               + "\"\(other)\" on \"\(alerts.definition(other)!.page!)\"", at: body)
                }
                steps.append(.add(page: home, alerts: ids))
            case "ready": steps.append(.ready(alert: try alert(body, "ready")))
            case "dismiss": steps.append(.dismiss(alert: try alert(body, "dismiss")))
            case "cancel": steps.append(.cancel(alert: try alert(body, "cancel")))
            case "action":
                let f = try fields(body, "action", required: ["alert", "index"])
                let index = f["index"]!
                guard let i = index.integer, i >= 0, i <= Int32.max else {
                    throw fail("index must be a non-negative integer, got \(index.described)", at: index)
                }
                steps.append(.action(alert: try alert(f["alert"]!, "alert"), index: Int(i)))
            case "select":
                let f = try fields(body, "select", required: ["page", "child"])
                let child = f["child"]!
                steps.append(.select(page: try page(f["page"]!, "page"),
                                     child: child.kind == .null ? nil : try page(child, "child")))
            case "keyboard":
                let f = try fields(body, "keyboard", required: ["page", "frame"], optional: ["duration"])
                let duration = try f["duration"].map { (d: JSONValue) throws(LoadError) in
                    try number(d, "duration", minimum: 0)
                } ?? 0
                steps.append(.keyboard(page: try page(f["page"]!, "page"), frame: try rect(f["frame"]!, "frame"),
                                       duration: duration))
            case "frame":
                let f = try fields(body, "frame", required: ["alert", "frame"])
                steps.append(.frame(alert: try alert(f["alert"]!, "alert"), frame: try rect(f["frame"]!, "frame")))
            default:
                throw unknownKey(kind, in: "a step", known: kinds, at: body)
            }
        }
        return steps
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
}
