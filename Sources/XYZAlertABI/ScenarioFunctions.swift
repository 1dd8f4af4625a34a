import CXYZAlert
internal import CSystem
import XYZAlert
import XYZAlertJSON

// xyz_scenario_* and xyz_check_* of xyzalert_tooling.h.

/// The object behind `xyz_scenario *`.
final class CScenario {
    let scenario: Scenario
    let catalog: CCatalog
    let arena = CStringArena()
    let pages: [(name: UnsafePointer<CChar>, parent: UnsafePointer<CChar>?, active: UnsafePointer<CChar>?)]
    /// Every step, whole (xyz_scenario_step_info); see ScenarioSteps.swift.
    let steps: [xyz_step_info]
    /// The "expect" lines as C strings.
    let expect: [UnsafePointer<CChar>]
    /// The catalogs of the `set_campaigns` steps' files, by path as written.
    let campaignCatalogs: [String: CCatalog]
    /// The initial attributes as JSON text (xyz_scenario_attributes_json),
    /// written once: a backtest asks for them at each of its replays.
    private(set) lazy var attributesJSON: UnsafePointer<CChar>? =
        scenario.attributes.map { arena.intern(JSONData.object($0).jsonText) }

    init(_ scenario: Scenario) {
        self.scenario = scenario
        catalog = CCatalog(scenario.alerts)
        let arena = self.arena
        pages = scenario.pages.map { (arena.intern($0.name), $0.parent.map(arena.intern), $0.active.map(arena.intern)) }
        expect = scenario.expect?.lines.map { arena.intern($0.line) } ?? []
        steps = zip(scenario.steps, scenario.timings).map { stepInfo($0, $1, arena) }
        var catalogs: [String: CCatalog] = [:]
        for (file, set) in scenario.campaignSets {
            catalogs[file] = CCatalog(set)
        }
        campaignCatalogs = catalogs
    }
}

/// A scenario file for the two file loaders; `expectUnchecked` keeps the
/// "expect" member by place only (`Loader.loadFile`).
private func scenarioFile(_ path: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<xyz_error>?,
                          _ function: String, expectUnchecked: Bool) -> OpaquePointer? {
    guard let path else {
        invalid("\(function): path is NULL", error)
        return nil
    }
    let source = String(cString: path)
    return load(error) { () throws(LoadError) in
        try scenario(try Loader.loadFile(path: source, expectUnchecked: expectUnchecked), source)
    }
}

@c @implementation
public func xyz_scenario_load_file(_ path: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    scenarioFile(path, error, "xyz_scenario_load_file", expectUnchecked: false)
}

@c @implementation
public func xyz_scenario_load_file_for_rewrite(_ path: UnsafePointer<CChar>?,
                                              _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    scenarioFile(path, error, "xyz_scenario_load_file_for_rewrite", expectUnchecked: true)
}

@c @implementation
public func xyz_scenario_load_string(_ json: UnsafePointer<CChar>?, _ length: Int, _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    guard let json else {
        invalid("xyz_scenario_load_string: json is NULL", error)
        return nil
    }
    return load(error) { () throws(LoadError) in
        try scenario(try Loader.load(bytes: bytes(json, length), source: "<string>"), "<string>")
    }
}

private func scenario(_ document: Document, _ source: String) throws(LoadError) -> CScenario {
    guard let scenario = document.scenario else {
        throw LoadError(kind: .schema, message: "not a scenario: a scenario's root has \"pages\" or \"steps\" (an alert set has neither)", pointer: "",
                        position: TextPosition(line: 1, column: 1, offset: 0), source: source)
    }
    return CScenario(scenario)
}

@c @implementation
public func xyz_scenario_free(_ scenario: OpaquePointer?) {
    if let scenario = object(scenario, CScenario.self) {
        Unmanaged.passUnretained(scenario).release()
    }
}

@c @implementation
public func xyz_scenario_catalog(_ scenario: OpaquePointer?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        handle(try require(scenario, CScenario.self, #function, "scenario").catalog)
    }
}

@c @implementation
public func xyz_scenario_alert_set(_ scenario: OpaquePointer?) -> OpaquePointer? {
    xyz_scenario_catalog(scenario)
}

@c @implementation
public func xyz_scenario_is_deferred(_ scenario: OpaquePointer?) -> Bool {
    value(false) { () throws(AlertError) in try require(scenario, CScenario.self, #function, "scenario").scenario.deferred }
}

@c @implementation
public func xyz_scenario_deferred(_ scenario: OpaquePointer?) -> Bool {
    xyz_scenario_is_deferred(scenario)
}

@c @implementation
public func xyz_scenario_page_count(_ scenario: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(scenario, CScenario.self, #function, "scenario").pages.count }
}

private func page(_ scenario: OpaquePointer?, _ index: Int, _ function: String)
    throws(AlertError) -> (name: UnsafePointer<CChar>, parent: UnsafePointer<CChar>?, active: UnsafePointer<CChar>?)? {
    let pages = try require(scenario, CScenario.self, function, "scenario").pages
    return pages.indices.contains(index) ? pages[index] : nil
}

@c @implementation
public func xyz_scenario_page_name(_ scenario: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try page(scenario, index, #function)?.name }
}

@c @implementation
public func xyz_scenario_page_parent(_ scenario: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try page(scenario, index, #function)?.parent }
}

@c @implementation
public func xyz_scenario_page_active(_ scenario: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try page(scenario, index, #function)?.active }
}

@c @implementation
public func xyz_scenario_step_count(_ scenario: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(scenario, CScenario.self, #function, "scenario").steps.count }
}

/// The "clocks" of step `index`, or nil when out of range.
private func stepClocks(_ scenario: OpaquePointer?, _ index: Int, _ function: String) throws(AlertError) -> [Scenario.PageClock]? {
    let timings = try require(scenario, CScenario.self, function, "scenario").scenario.timings
    return timings.indices.contains(index) ? timings[index].clocks : nil
}

@c @implementation
public func xyz_scenario_step_wall(_ scenario: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<Double>?) -> Bool {
    value(false) { () throws(AlertError) in
        let timings = try require(scenario, CScenario.self, #function, "scenario").scenario.timings
        guard timings.indices.contains(index), let wall = timings[index].wall else { return false }
        out?.pointee = wall
        return true
    }
}

@c @implementation
public func xyz_scenario_step_clock_count(_ scenario: OpaquePointer?, _ index: Int) -> Int {
    value(0) { () throws(AlertError) in try stepClocks(scenario, index, #function)?.count ?? 0 }
}

@c @implementation
public func xyz_scenario_step_clock_page(_ scenario: OpaquePointer?, _ index: Int, _ k: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        guard let clocks = try stepClocks(scenario, index, #function), clocks.indices.contains(k) else { return nil }
        return try require(scenario, CScenario.self, #function, "scenario").arena.intern(clocks[k].page)
    }
}

@c @implementation
public func xyz_scenario_step_clock(_ scenario: OpaquePointer?, _ index: Int, _ k: Int) -> Double {
    value(0) { () throws(AlertError) in
        guard let clocks = try stepClocks(scenario, index, #function), clocks.indices.contains(k) else { return 0 }
        return clocks[k].time
    }
}

/// Step `index` of the scenario; `.invalidArgument` when out of range.
private func step(_ scenario: OpaquePointer?, _ index: Int, _ function: String) throws(AlertError) -> xyz_step_info {
    let steps = try require(scenario, CScenario.self, function, "scenario").steps
    guard steps.indices.contains(index) else {
        throw AlertError(.invalidArgument, "\(cName(function)): step \(index) is out of range (\(steps.count) steps)")
    }
    return steps[index]
}

@c @implementation
public func xyz_scenario_step_info(_ scenario: OpaquePointer?, _ index: Int,
                                   _ out: UnsafeMutablePointer<xyz_step_info>?) -> xyz_status {
    status { () throws(AlertError) in
        let info = try step(scenario, index, #function)
        guard let out else { throw AlertError(.invalidArgument, "xyz_scenario_step_info: out is NULL") }
        try copyVersioned(info, to: out, firstSize: MemoryLayout<xyz_step_info>.size, "XYZ_STEP_INFO_INIT", #function)
    }
}

@c @implementation
public func xyz_scenario_step(_ scenario: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<xyz_step>?) -> xyz_status {
    status { () throws(AlertError) in
        let info = try step(scenario, index, #function)
        guard let out else { throw AlertError(.invalidArgument, "xyz_scenario_step: out is NULL") }
        out.pointee = xyz_step(kind: info.kind, page: info.page, child: info.child, alert: info.alert, alerts: info.alerts,
                               alert_count: info.alert_count, index: info.index, frame: info.frame, duration: info.duration)
    }
}

@c @implementation
public func xyz_scenario_page_capacity(_ scenario: OpaquePointer?, _ index: Int) -> Int {
    value(0) { () throws(AlertError) in
        let pages = try require(scenario, CScenario.self, #function, "scenario").scenario.pages
        return pages.indices.contains(index) ? pages[index].capacity : 0
    }
}

@c @implementation
public func xyz_scenario_step_text(_ scenario: OpaquePointer?, _ index: Int, _ field: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let found = try require(scenario, CScenario.self, #function, "scenario")
        let name = try requireString(field, #function, "field")
        guard found.steps.indices.contains(index), case .text(let text)? = legacyField(found.steps[index], name) else { return nil }
        return text
    }
}

@c @implementation
public func xyz_scenario_step_has(_ scenario: OpaquePointer?, _ index: Int, _ field: UnsafePointer<CChar>?) -> Bool {
    value(false) { () throws(AlertError) in
        let found = try require(scenario, CScenario.self, #function, "scenario")
        let name = try requireString(field, #function, "field")
        return found.steps.indices.contains(index) && legacyField(found.steps[index], name) != nil
    }
}

@c @implementation
public func xyz_scenario_step_number(_ scenario: OpaquePointer?, _ index: Int, _ field: UnsafePointer<CChar>?,
                                     _ out: UnsafeMutablePointer<Double>?) -> Bool {
    value(false) { () throws(AlertError) in
        let found = try require(scenario, CScenario.self, #function, "scenario")
        let name = try requireString(field, #function, "field")
        guard found.steps.indices.contains(index), case .number(let number)? = legacyField(found.steps[index], name) else {
            return false
        }
        out?.pointee = number
        return true
    }
}

@c @implementation
public func xyz_scenario_has_expect(_ scenario: OpaquePointer?) -> Bool {
    value(false) { () throws(AlertError) in try require(scenario, CScenario.self, #function, "scenario").scenario.expect != nil }
}

@c @implementation
public func xyz_scenario_expect_count(_ scenario: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(scenario, CScenario.self, #function, "scenario").expect.count }
}

@c @implementation
public func xyz_scenario_expect(_ scenario: OpaquePointer?, _ index: Int, _ line: UnsafeMutablePointer<Int32>?,
                                _ column: UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let found = try require(scenario, CScenario.self, #function, "scenario")
        guard let lines = found.scenario.expect?.lines, lines.indices.contains(index) else { return nil }
        line?.pointee = Int32(clamping: lines[index].position.line)
        column?.pointee = Int32(clamping: lines[index].position.column)
        return found.expect[index]
    }
}

@c @implementation
public func xyz_scenario_expect_span(_ scenario: OpaquePointer?, _ start: UnsafeMutablePointer<Int>?,
                                     _ end: UnsafeMutablePointer<Int>?, _ line: UnsafeMutablePointer<Int32>?,
                                     _ column: UnsafeMutablePointer<Int32>?) -> Bool {
    value(false) { () throws(AlertError) in
        guard let expect = try require(scenario, CScenario.self, #function, "scenario").scenario.expect else { return false }
        start?.pointee = expect.start.offset
        end?.pointee = expect.end
        line?.pointee = Int32(clamping: expect.start.line)
        column?.pointee = Int32(clamping: expect.start.column)
        return true
    }
}

/// Both xyz_check_* functions: checks the arguments, runs `problems` (given
/// the limit), fills `errors` and returns the first problem's status.
private func check(_ errors: UnsafeMutablePointer<xyz_error>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?,
                   _ function: String, _ problems: (Int) throws(AlertError) -> [LoadError]) -> xyz_status {
    check(errors, capacity, count, nil, function) { (limit) throws(AlertError) in (try problems(limit), 0) }
}

/// `check`, also setting `*alerts` (when not NULL) to the alert count of a valid document.
private func check(_ errors: UnsafeMutablePointer<xyz_error>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?,
                   _ alerts: UnsafeMutablePointer<Int>?, _ function: String,
                   _ problems: (Int) throws(AlertError) -> (problems: [LoadError], alerts: Int)) -> xyz_status {
    do throws(AlertError) {
        guard let count else { throw AlertError(.invalidArgument, "\(cName(function)): count is NULL") }
        count.pointee = 0
        alerts?.pointee = 0
        guard errors != nil || capacity == 0 else {
            throw AlertError(.invalidArgument, "\(cName(function)): errors is NULL but capacity is \(capacity)")
        }
        let (found, defined) = try problems(capacity)
        if found.isEmpty {
            alerts?.pointee = defined
        }
        count.pointee = min(found.count, capacity)
        for (i, problem) in found.prefix(capacity).enumerated() {
            report(problem, into: errors! + i)
        }
        guard let first = found.first else { return XYZ_OK }
        LastError.set(first.description)
        return first.kind.status
    } catch {
        LastError.set(error.message)
        return XYZ_EINVAL
    }
}

@c @implementation
public func xyz_check_file(_ path: UnsafePointer<CChar>?, _ errors: UnsafeMutablePointer<xyz_error>?, _ capacity: Int,
                           _ count: UnsafeMutablePointer<Int>?) -> xyz_status {
    check(errors, capacity, count, #function) { (limit) throws(AlertError) in
        guard let path else { throw AlertError(.invalidArgument, "xyz_check_file: path is NULL") }
        return Loader.checkFile(path: String(cString: path), limit: limit)
    }
}

@c @implementation
public func xyz_check_file_alerts(_ path: UnsafePointer<CChar>?, _ errors: UnsafeMutablePointer<xyz_error>?, _ capacity: Int,
                                  _ count: UnsafeMutablePointer<Int>?, _ alerts: UnsafeMutablePointer<Int>?) -> xyz_status {
    check(errors, capacity, count, alerts, #function) { (limit) throws(AlertError) in
        guard let path else { throw AlertError(.invalidArgument, "xyz_check_file_alerts: path is NULL") }
        return Loader.checkFileCounting(path: String(cString: path), limit: limit)
    }
}

@c @implementation
public func xyz_check_string(_ json: UnsafePointer<CChar>?, _ length: Int, _ errors: UnsafeMutablePointer<xyz_error>?,
                             _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> xyz_status {
    check(errors, capacity, count, #function) { (limit) throws(AlertError) in
        guard let json else { throw AlertError(.invalidArgument, "xyz_check_string: json is NULL") }
        return Loader.check(bytes: bytes(json, length), source: "<string>", limit: limit)
    }
}

/// Both xyz_check_*_warnings functions: the warnings of a valid document
/// into `warnings`; a document with a problem gives its first problem's status.
private func warningsOf(_ warnings: UnsafeMutablePointer<xyz_error>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?,
                        _ function: String, _ find: (Int) throws(AlertError) -> (problems: [LoadError], warnings: [LoadError]))
    -> xyz_status {
    do throws(AlertError) {
        guard let count else { throw AlertError(.invalidArgument, "\(cName(function)): count is NULL") }
        count.pointee = 0
        guard warnings != nil || capacity == 0 else {
            throw AlertError(.invalidArgument, "\(cName(function)): warnings is NULL but capacity is \(capacity)")
        }
        let found = try find(capacity)
        if let first = found.problems.first {
            LastError.set(first.description)
            return first.kind.status
        }
        count.pointee = min(found.warnings.count, capacity)
        for (i, warning) in found.warnings.prefix(capacity).enumerated() {
            report(warning, into: warnings! + i)
        }
        return XYZ_OK
    } catch {
        LastError.set(error.message)
        return XYZ_EINVAL
    }
}

@c @implementation
public func xyz_check_file_warnings(_ path: UnsafePointer<CChar>?, _ warnings: UnsafeMutablePointer<xyz_error>?,
                                    _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> xyz_status {
    warningsOf(warnings, capacity, count, #function) { (limit) throws(AlertError) in
        guard let path else { throw AlertError(.invalidArgument, "xyz_check_file_warnings: path is NULL") }
        return Loader.fileWarnings(path: String(cString: path), limit: limit)
    }
}

@c @implementation
public func xyz_check_string_warnings(_ json: UnsafePointer<CChar>?, _ length: Int,
                                      _ warnings: UnsafeMutablePointer<xyz_error>?, _ capacity: Int,
                                      _ count: UnsafeMutablePointer<Int>?) -> xyz_status {
    warningsOf(warnings, capacity, count, #function) { (limit) throws(AlertError) in
        guard let json else { throw AlertError(.invalidArgument, "xyz_check_string_warnings: json is NULL") }
        return Loader.warnings(bytes: bytes(json, length), source: "<string>", directory: nil, limit: limit)
    }
}

@c @implementation
public func xyz_scenario_step_catalog(_ scenario: OpaquePointer?, _ index: Int) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let scenario = try require(scenario, CScenario.self, #function, "scenario")
        guard scenario.scenario.steps.indices.contains(index),
              case .setCampaigns(let file) = scenario.scenario.steps[index] else {
            throw AlertError(.invalidArgument, "xyz_scenario_step_catalog: step \(index) is not a set_campaigns step")
        }
        return handle(scenario.campaignCatalogs[file]!)
    }
}
