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
    /// Loads a document from memory. `source` names it in errors; the error
    /// thrown is the first problem in document order.
    public static func load(bytes: [UInt8], source: String) throws(LoadError) -> Document {
        let (document, problems) = read(bytes: bytes, source: source, limit: 1)
        guard let document else { throw problems[0] }
        return document
    }

    /// Loads a document from a file; `.io` when it cannot be read.
    public static func loadFile(path: String) throws(LoadError) -> Document {
        try load(bytes: try readFile(path), source: path)
    }

    /// Every independent problem of a document, in document order, at most
    /// `limit` (checking stops there); empty when it is valid. Each member of
    /// the root, each alert and each of its fields, and each step is checked
    /// on its own ("pages" as a whole); a check that depends on a broken part
    /// (a step naming an alert whose definition has a problem) is skipped. A
    /// document that is not well-formed JSON has one problem.
    public static func check(bytes: [UInt8], source: String, limit: Int) -> [LoadError] {
        read(bytes: bytes, source: source, limit: max(limit, 1)).problems
    }

    /// `check` of a file; one `.io` problem when it cannot be read.
    public static func checkFile(path: String, limit: Int) -> [LoadError] {
        do {
            return check(bytes: try readFile(path), source: path, limit: limit)
        } catch {
            return [error]
        }
    }

    /// Checks that `text` is one JSON object, under the rules documents
    /// follow (UTF-8, no duplicate keys), as alerts' "meta" must be.
    public static func checkObject(_ text: String, source: String) throws(LoadError) {
        let json = try JSONDocument(bytes: Array(text.utf8), source: source)
        guard json.root.kind == .object else {
            throw LoadError(kind: .schema, message: "must be a JSON object, got \(json.root.described)", pointer: "",
                            position: TextPosition(line: 1, column: 1, offset: 0), source: source)
        }
    }

    /// The document when it has no problem, and the problems found.
    static func read(bytes: [UInt8], source: String, limit: Int) -> (document: Document?, problems: [LoadError]) {
        let json: JSONDocument
        do {
            json = try JSONDocument(bytes: bytes, source: source)
        } catch {
            return (nil, [error])
        }
        var schema = Schema(document: json, scanner: TextScanner(bytes), source: source, problems: Problems(limit: limit))
        var document: Document?
        do {
            document = try schema.attempt { () throws(LoadError) in try schema.document(json.root) } ?? nil
        } catch {
            document = nil // the limit was reached
        }
        let problems = schema.problems.sorted
        return (problems.isEmpty ? document : nil, problems)
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

/// The problems found so far. Once `limit` are recorded the check ends: the
/// last one is thrown on through every enclosing `Schema.attempt`.
final class Problems {
    let limit: Int
    private(set) var list: [LoadError] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Records `error`; false when that reached the limit.
    func record(_ error: LoadError) -> Bool {
        list.append(error)
        return !isFull
    }

    var isFull: Bool { list.count >= limit }

    var count: Int { list.count }

    /// In document order (by byte offset; ties in the order found).
    var sorted: [LoadError] {
        list.enumerated().sorted { a, b in
            let (x, y) = (a.element.position?.offset ?? 0, b.element.position?.offset ?? 0)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }
}

/// The schema of alert sets and scenarios (see the README). Checks go in
/// document order; a problem is recorded and checking goes on with the next
/// independent part (see `Loader.check`).
struct Schema {
    let document: JSONDocument
    let scanner: TextScanner
    let source: String
    let problems: Problems
    /// The scenario's page names (byte for byte), once its pages are read.
    var pageNames: Set<ExactString> = []
    /// Whether "pages" had a problem: checks that look page names up are
    /// then skipped rather than reported.
    var pagesBroken = false

    /// Runs `body`; a problem it throws is recorded and nil returned. Once
    /// the limit is reached the problem is thrown on, through every enclosing
    /// `attempt`, to end the check.
    @discardableResult
    func attempt<T>(_ body: () throws(LoadError) -> T) throws(LoadError) -> T? {
        do {
            return try body()
        } catch {
            if problems.isFull || !problems.record(error) {
                throw error
            }
            return nil
        }
    }

    static let alertKeys = ["id", "priority", "exclusive", "after", "ready", "target", "style", "title", "message",
                            "actions", "avoid_keyboard", "keyboard_adjust", "meta", "duration", "ttl", "tags", "on_duplicate", "lane"]
    /// What a scenario's alert may have besides.
    static let scenarioAlertKeys = ["page", "name", "after_alerts", "frame"]

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

    /// The document, or nil when a problem was recorded.
    mutating func document(_ root: JSONValue) throws(LoadError) -> Document? {
        let members = try object(root, "the document")
        let isScenario = members.contains { $0.key == "steps" || $0.key == "pages" }
        let known = isScenario ? ["version", "alerts", "pages", "deferred", "steps", "expect"] : ["version", "alerts"]
        var alertsValue: JSONValue?
        var pagesValue: JSONValue?
        var stepsValue: JSONValue?
        var expectValue: JSONValue?
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
                case "pages" where isScenario: pagesValue = value
                case "steps" where isScenario: stepsValue = value
                case "expect" where isScenario: expectValue = value
                case "deferred" where isScenario: deferred = try bool(value, "deferred")
                default:
                    throw unknownKey(key, in: isScenario ? "a scenario" : "an alert set", known: known, at: value)
                }
            }
        }
        var pages: [Scenario.Page] = []
        if let pagesValue {
            let before = problems.count
            pages = try attempt { () throws(LoadError) in try self.pages(pagesValue) } ?? []
            pagesBroken = problems.count > before
        }
        pageNames = Set(pages.map { ExactString($0.name) })
        guard let alertsValue else {
            // A broken member (a misspelt "alerts") is the likelier problem.
            if problems.count > rootProblems { return nil }
            throw fail("\(isScenario ? "a scenario" : "an alert set") needs \"alerts\"", at: root)
        }
        let read = try attempt { () throws(LoadError) in try alertSet(alertsValue, pages: isScenario ? pages : nil) }
        var steps: [Scenario.Step] = []
        var timings: [Scenario.Timing] = []
        if isScenario, let stepsValue {
            let alerts = read ?? AlertsRead(idsComplete: false)
            (steps, timings) = try attempt { () throws(LoadError) in
                try self.steps(stepsValue, pages: pages, alerts: alerts)
            } ?? ([], [])
        }
        var expect: Scenario.Expectations?
        if let expectValue {
            expect = try attempt { () throws(LoadError) in try expectations(expectValue, stepCount: steps.count) }
        }
        guard let alerts = read?.set, problems.count == 0 else { return nil }
        return isScenario ? .scenario(Scenario(pages: pages, deferred: deferred, alerts: alerts, steps: steps,
                                                      timings: timings, expect: expect))
                          : .alertSet(alerts)
    }

    /// The events a trace line may name (SPEC 10, 13, 15).
    static let traceEvents = ["show", "hide", "unhide", "remove", "finish", "move", "action", "update", "error"]

    /// The "expect" list: strings `STEP EVENT ALERT [DETAIL]`, STEP a step
    /// of the file, EVENT a trace event. Locating each line costs a pass over
    /// the text before it.
    func expectations(_ value: JSONValue, stepCount: Int) throws(LoadError) -> Scenario.Expectations {
        var lines: [Scenario.Expectation] = []
        for entry in try array(value, "expect") {
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
            lines.append(Scenario.Expectation(line: line, position: scanner.locate(path(entry)) ?? scanner.position(of: 0)))
        }
        let start = scanner.locate(path(value)) ?? scanner.position(of: 0)
        return Scenario.Expectations(lines: lines, start: start, end: scanner.end(ofValueAt: start.offset) ?? start.offset)
    }

    // MARK: Alerts (SPEC 8)

    /// `pages` is nil for a plain alert set; for a scenario every alert needs
    /// a "page" naming one of them.
    func alertSet(_ value: JSONValue, pages: [Scenario.Page]?) throws(LoadError) -> AlertsRead {
        var read = AlertsRead()
        var definitions: [AlertDefinition] = []
        var firstSeen: [ExactString: JSONValue] = [:]
        var afterValues: [[JSONValue]] = []
        let before = problems.count
        var definedIDs: Set<ExactString> = []
        var afterAlertValues: [[JSONValue]] = []
        for element in try array(value, "alerts") {
            guard let alert = try attempt({ () throws(LoadError) in try alert(element, pages: pages) }),
                  let nameValue = alert.nameValue ?? alert.idValue else {
                read.idsComplete = false
                continue
            }
            let name = alert.definition.name
            if let first = firstSeen[ExactString(name)] {
                try attempt { () throws(LoadError) in
                    throw fail("duplicate \(alert.nameValue == nil ? "id" : "name") \"\(name)\" (first defined at \(path(first)))",
                               at: nameValue)
                }
                continue
            }
            firstSeen[ExactString(name)] = element
            read.ids.insert(ExactString(name))
            definedIDs.insert(ExactString(alert.definition.id))
            if alert.sound {
                definitions.append(alert.definition)
                afterValues.append(alert.afterValues)
                afterAlertValues.append(alert.afterAlertValues)
            }
        }
        // An unknown id may be the unreadable id of a broken alert.
        for (i, definition) in definitions.enumerated() where read.idsComplete {
            for (k, id) in definition.after.enumerated() where !definedIDs.contains(ExactString(id)) {
                try attempt { () throws(LoadError) in
                    throw fail("unknown id \"\(id)\" in after: no alert with that id is defined in this file",
                               at: afterValues[i][k])
                }
            }
            for (k, name) in definition.afterAlerts.enumerated() where firstSeen[ExactString(name)] == nil {
                try attempt { () throws(LoadError) in
                    throw fail("unknown alert \"\(name)\" in after_alerts: no alert of this file is called that",
                               at: afterAlertValues[i][k])
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
        if pages != nil && alert.definition.page == nil && broken.isEmpty {
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
        switch key {
        case "id":
            alert.definition.id = try string(field, "id")
            alert.idValue = field
        case "priority": alert.definition.priority = try int32(field, "priority")
        case "exclusive":
            alert.definition.exclusive = try choice(field, "exclusive",
                                                    [("wait", .wait), ("cover", .cover), ("hide_others", .hideOthers)])
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
        case "avoid_keyboard": alert.definition.avoidKeyboard = try bool(field, "avoid_keyboard")
        case "keyboard_adjust": alert.definition.keyboardAdjust = try number(field, "keyboard_adjust")
        case "duration": alert.definition.duration = try number(field, "duration", minimum: 0)
        case "ttl": alert.definition.ttl = try number(field, "ttl", minimum: 0)
        case "lane": alert.definition.lane = try string(field, "lane")
        case "on_duplicate":
            alert.definition.onDuplicate = try choice(field, "on_duplicate",
                                                      [("reject", .reject), ("ignore", .ignore), ("replace", .replace)])
        case "tags":
            var seen: Set<ExactString> = []
            for entry in try array(field, "tags") {
                let tag = try string(entry, "each tag")
                guard seen.insert(ExactString(tag)).inserted else {
                    throw fail("duplicate tag \"\(Self.abbreviated(tag))\"", at: entry)
                }
                alert.definition.tags.append(tag)
            }
        case "meta":
            guard field.kind == .object else {
                throw fail("meta must be an object, got \(field.described)", at: field)
            }
            alert.definition.content.meta = field.text
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
        case "page" where pages != nil:
            let name = try string(field, "page")
            guard pageNames.contains(ExactString(name)) || pagesBroken else {
                throw fail("unknown page \"\(name)\": pages are " + pageList(pages!), at: field)
            }
            alert.definition.page = name
        default:
            throw unknownKey(key, in: "an alert", known: Self.alertKeys + (pages == nil ? [] : Self.scenarioAlertKeys), at: field)
        }
    }

    func actions(_ value: JSONValue) throws(LoadError) -> [AlertAction] {
        var out: [AlertAction] = []
        var ids: Set<ExactString> = []
        for element in try array(value, "actions") {
            let action = try self.action(element)
            if !ids.insert(ExactString(action.id)).inserted {
                throw fail("duplicate action id \"\(action.id)\"", at: path(element).appending("id"))
            }
            out.append(action)
        }
        return out
    }

    /// One action object: `{"id", "title", "style"}`.
    func action(_ element: JSONValue) throws(LoadError) -> AlertAction {
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
        return AlertAction(id: id, title: title, style: style)
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
            var capacity = 0
            for (key, field) in try object(body, "a page") {
                switch key {
                case "parent": parent = field
                case "active": active = field
                case "capacity":
                    guard let n = field.integer, n >= 0, n <= Int32.max else {
                        throw fail("capacity must be an integer from 0 (no limit) to 2147483647, got \(field.described)", at: field)
                    }
                    capacity = Int(n)
                default: throw unknownKey(key, in: "a page", known: ["parent", "active", "capacity"], at: field)
                }
            }
            pages.append(Scenario.Page(name: name, capacity: capacity))
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

    /// The steps; a broken step is recorded and left out. Names are looked
    /// up in the pages and alerts, unless those are broken (see `Schema`).
    func steps(_ value: JSONValue, pages: [Scenario.Page], alerts read: AlertsRead)
        throws(LoadError) -> ([Scenario.Step], [Scenario.Timing]) {
        let alerts = read.set
        func page(_ field: JSONValue, _ what: String) throws(LoadError) -> String {
            let name = try string(field, what)
            guard pageNames.contains(ExactString(name)) || pagesBroken else {
                throw fail("unknown page \"\(name)\": pages are " + pageList(pages), at: field)
            }
            return name
        }
        func alert(_ field: JSONValue, _ what: String) throws(LoadError) -> String {
            let id = try string(field, what)
            guard read.ids.contains(ExactString(id)) || !read.idsComplete else {
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
                     "keyboard", "frame", "flush", "advance", "cancel_tagged", "suspend", "resume", "update",
                     "tick", "parent", "capacity", "avoidance", "target", "depend"]
        var steps: [Scenario.Step] = []
        var timings: [Scenario.Timing] = []
        /// The step's one kind member, and "at" and "during" beside it.
        func step(_ element: JSONValue) throws(LoadError) -> (Scenario.Step, Scenario.Timing) {
            var members: [(key: String, value: JSONValue)] = []
            var timing = Scenario.Timing()
            for (key, field) in try object(element, "a step") {
                if key == "at" {
                    timing.at = try number(field, "at")
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
                throw fail("a step must have exactly one key, one of " + kinds.joined(separator: ", ")
                           + " (besides \"at\" and \"during\"); got \(members.count)", at: element)
            }
            return (try stepKind(kind, body), timing)
        }
        func flag(_ value: JSONValue?, _ what: String, default fallback: Bool) throws(LoadError) -> Bool {
            try value.map { (v: JSONValue) throws(LoadError) in try bool(v, what) } ?? fallback
        }
        func stepKind(_ kind: String, _ body: JSONValue) throws(LoadError) -> Scenario.Step {
            switch kind {
            case "tick": return .tick(page: try page(body, "tick"))
            case "parent":
                let f = try fields(body, "parent", required: ["page", "parent"])
                let parent = f["parent"]!
                return .parent(page: try page(f["page"]!, "page"), parent: parent.kind == .null ? nil : try page(parent, "parent"))
            case "capacity":
                let f = try fields(body, "capacity", required: ["page", "capacity"])
                let value = f["capacity"]!
                guard let n = value.integer, n >= 0, n <= Int32.max else {
                    throw fail("capacity must be an integer from 0 (no limit) to 2147483647, got \(value.described)", at: value)
                }
                return .capacity(page: try page(f["page"]!, "page"), capacity: Int(n))
            case "avoidance":
                let f = try fields(body, "avoidance", required: ["alert", "enabled"], optional: ["adjust"])
                return .avoidance(alert: try alert(f["alert"]!, "alert"), enabled: try bool(f["enabled"]!, "enabled"),
                                  adjust: try f["adjust"].map { (a: JSONValue) throws(LoadError) in try number(a, "adjust") } ?? 0)
            case "target":
                let f = try fields(body, "target", required: ["alert", "target"])
                return .target(alert: try alert(f["alert"]!, "alert"), target: try string(f["target"]!, "target"))
            case "depend":
                let f = try fields(body, "depend", required: ["alert"], optional: ["on", "id"])
                guard (f["on"] == nil) != (f["id"] == nil) else {
                    throw fail("depend needs exactly one of \"on\" (an alert of this file) and \"id\" (any id)", at: body)
                }
                return .depend(alert: try alert(f["alert"]!, "alert"),
                               on: try f["on"].map { (v: JSONValue) throws(LoadError) in try alert(v, "on") },
                               id: try f["id"].map { (v: JSONValue) throws(LoadError) in try string(v, "id") })
            case "appear": return .appear(page: try page(body, "appear"))
            case "disappear": return .disappear(page: try page(body, "disappear"))
            case "destroy": return .destroy(page: try page(body, "destroy"))
            case "flush": return .flush(page: try page(body, "flush"))
            case "advance": return .advance(seconds: try number(body, "advance", minimum: 0))
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
                if let meta = f["meta"] {
                    guard meta.kind == .object || meta.kind == .null else {
                        throw fail("meta must be an object or null, got \(meta.described)", at: meta)
                    }
                    change.meta = .some(meta.kind == .null ? nil : meta.text)
                }
                return .update(alert: try alert(f["alert"]!, "alert"), change: change)
            case "suspend": return .suspend(page: try page(body, "suspend"))
            case "resume": return .resume(page: try page(body, "resume"))
            case "cancel_tagged":
                let f = try fields(body, "cancel_tagged", required: ["page"], optional: ["tag"])
                return .cancelTagged(page: try page(f["page"]!, "page"), tag: try f["tag"].map { (t: JSONValue) throws(LoadError) in
                    try string(t, "tag")
                })
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
                let homes = ids.compactMap { alerts.definition($0)?.page }
                guard homes.count == ids.count, let home = homes.first else { return .add(page: "", alerts: ids) }
                if let other = ids.indices.first(where: { ExactString(homes[$0]) != ExactString(home) }) {
                    throw fail("all alerts of one add step must be on one page: \"\(ids[0])\" is on \"\(home)\", "
                               + "\"\(ids[other])\" on \"\(homes[other])\"", at: body)
                }
                return .add(page: home, alerts: ids)
            case "ready": return .ready(alert: try alert(body, "ready"))
            case "dismiss": return .dismiss(alert: try alert(body, "dismiss"))
            case "cancel": return .cancel(alert: try alert(body, "cancel"))
            case "action":
                let f = try fields(body, "action", required: ["alert", "index"])
                let id = try alert(f["alert"]!, "alert")
                let index = f["index"]!
                guard let i = index.integer, i >= 0, i <= Int32.max else {
                    throw fail("index must be a non-negative integer, got \(index.described)", at: index)
                }
                if let actions = alerts.definition(id)?.content.actions, i >= actions.count {
                    let range = switch actions.count {
                    case 0: "has no actions"
                    case 1: "has 1 action (index 0)"
                    default: "has \(actions.count) actions (0 to \(actions.count - 1))"
                    }
                    throw fail("index \(i) is out of range: alert \"\(Self.abbreviated(id))\" \(range)", at: index)
                }
                return .action(alert: id, index: Int(i))
            case "select":
                let f = try fields(body, "select", required: ["page", "child"], optional: ["flush"])
                let child = f["child"]!
                return .select(page: try page(f["page"]!, "page"), child: child.kind == .null ? nil : try page(child, "child"),
                               flush: try flag(f["flush"], "flush", default: true))
            case "keyboard":
                let f = try fields(body, "keyboard", required: ["page", "frame"], optional: ["duration"])
                let duration = try f["duration"].map { (d: JSONValue) throws(LoadError) in
                    try number(d, "duration", minimum: 0)
                } ?? 0
                return .keyboard(page: try page(f["page"]!, "page"), frame: try rect(f["frame"]!, "frame"), duration: duration)
            case "frame":
                let f = try fields(body, "frame", required: ["alert", "frame"])
                let frame = f["frame"]!
                return .frame(alert: try alert(f["alert"]!, "alert"), frame: frame.kind == .null ? nil : try rect(frame, "frame"))
            default:
                throw unknownKey(kind, in: "a step", known: kinds, at: body)
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
