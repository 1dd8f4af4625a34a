import CXYZAlert
import Glibc
import XYZAlert
import XYZAlertJSON

// xyz_scenario_* and xyz_check_* of xyzalert_tooling.h.

/// The object behind `xyz_scenario *`.
final class CScenario {
    let scenario: Scenario
    let catalog: CCatalog
    let arena = CStringArena()
    let pages: [(name: UnsafePointer<CChar>, parent: UnsafePointer<CChar>?, active: UnsafePointer<CChar>?)]
    let steps: [xyz_step]
    /// The string fields of each step that xyz_step has no member for (see
    /// xyz_scenario_step_text), interned in `arena`; a nil value is a
    /// member that is null (xyz_scenario_step_has). And the numbers
    /// (xyz_scenario_step_number).
    let texts: [[String: UnsafePointer<CChar>?]]
    let numbers: [[String: Double]]
    /// The "expect" lines as C strings.
    let expect: [UnsafePointer<CChar>]

    init(_ scenario: Scenario) {
        self.scenario = scenario
        catalog = CCatalog(scenario.alerts)
        let arena = self.arena
        pages = scenario.pages.map { (arena.intern($0.name), $0.parent.map(arena.intern), $0.active.map(arena.intern)) }
        expect = scenario.expect?.lines.map { arena.intern($0.line) } ?? []
        texts = scenario.steps.map { step in
            var texts: [String: UnsafePointer<CChar>?] = [:]
            func put(_ key: String, _ value: String??) {
                if case .some(let text) = value { texts[key] = text.map(arena.intern) }
            }
            switch step {
            case .cancelTagged(_, let tag): put("tag", tag.map { .some($0) } ?? .none)
            case .update(_, let change):
                put("title", change.title)
                put("message", change.message)
                put("style", change.style.map { .some($0) } ?? .none)
                put("meta", change.meta)
                if let action = change.addAction {
                    put("action_id", action.id)
                    put("action_title", action.title)
                }
            case .parent(_, let parent): texts["parent"] = parent.map(arena.intern)
            case .target(_, let target): put("target", target)
            case .depend(_, let on, let id):
                put("on", on.map { .some($0) } ?? .none)
                put("id", id.map { .some($0) } ?? .none)
            default: break
            }
            return texts
        }
        numbers = zip(scenario.steps, scenario.timings).map { step, timing in
            var numbers: [String: Double] = [:]
            numbers["at"] = timing.at
            numbers["during"] = timing.during.map(Double.init)
            switch step {
            case .select(_, _, let flush): numbers["flush"] = flush ? 1 : 0
            case .capacity(_, let capacity): numbers["capacity"] = Double(capacity)
            case .avoidance(_, let enabled, let adjust):
                numbers["enabled"] = enabled ? 1 : 0
                numbers["adjust"] = adjust
            case .frame(_, let frame): numbers["frame_unknown"] = frame == nil ? 1 : 0
            case .update(_, let change):
                if change.clearActions { numbers["clear_actions"] = 1 }
                if let action = change.addAction { numbers["action_style"] = Double(action.style.rawValue) }
            default: break
            }
            return numbers
        }
        steps = scenario.steps.map { step in
            var out = xyz_step()
            func kind(_ k: xyz_step_kind) { out.kind = k }
            switch step {
            case .appear(let page): kind(XYZ_STEP_APPEAR); out.page = arena.intern(page)
            case .disappear(let page): kind(XYZ_STEP_DISAPPEAR); out.page = arena.intern(page)
            case .destroy(let page): kind(XYZ_STEP_DESTROY); out.page = arena.intern(page)
            case .flush(let page): kind(XYZ_STEP_FLUSH); out.page = arena.intern(page)
            case .add(let page, let ids):
                kind(XYZ_STEP_ADD)
                out.page = arena.intern(page)
                out.alerts = arena.array(ids)
                out.alert_count = ids.count
            case .ready(let alert): kind(XYZ_STEP_READY); out.alert = arena.intern(alert)
            case .dismiss(let alert): kind(XYZ_STEP_DISMISS); out.alert = arena.intern(alert)
            case .cancel(let alert): kind(XYZ_STEP_CANCEL); out.alert = arena.intern(alert)
            case .action(let alert, let index):
                kind(XYZ_STEP_ACTION)
                out.alert = arena.intern(alert)
                out.index = index
            case .select(let page, let child, _):
                kind(XYZ_STEP_SELECT)
                out.page = arena.intern(page)
                out.child = child.map(arena.intern)
            case .keyboard(let page, let frame, let duration):
                kind(XYZ_STEP_KEYBOARD)
                out.page = arena.intern(page)
                out.frame = xyz_rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
                out.duration = duration
            case .frame(let alert, let frame):
                kind(XYZ_STEP_FRAME)
                out.alert = arena.intern(alert)
                let frame = frame ?? .zero
                out.frame = xyz_rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            case .advance(let seconds):
                kind(XYZ_STEP_ADVANCE)
                out.duration = seconds
            case .cancelTagged(let page, _):
                kind(XYZ_STEP_CANCEL_TAGGED)
                out.page = arena.intern(page)
            case .update(let alert, _): kind(XYZ_STEP_UPDATE); out.alert = arena.intern(alert)
            case .tick(let page): kind(XYZ_STEP_TICK); out.page = arena.intern(page)
            case .parent(let page, _): kind(XYZ_STEP_PARENT); out.page = arena.intern(page)
            case .capacity(let page, let capacity):
                kind(XYZ_STEP_CAPACITY)
                out.page = arena.intern(page)
                out.index = capacity
            case .avoidance(let alert, _, _): kind(XYZ_STEP_AVOIDANCE); out.alert = arena.intern(alert)
            case .target(let alert, _): kind(XYZ_STEP_TARGET); out.alert = arena.intern(alert)
            case .depend(let alert, _, _): kind(XYZ_STEP_DEPEND); out.alert = arena.intern(alert)
            case .suspend(let page): kind(XYZ_STEP_SUSPEND); out.page = arena.intern(page)
            case .resume(let page): kind(XYZ_STEP_RESUME); out.page = arena.intern(page)
            }
            return out
        }
    }
}

@c @implementation
public func xyz_scenario_load_file(_ path: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    guard let path else {
        invalid("xyz_scenario_load_file: path is NULL", error)
        return nil
    }
    let source = String(cString: path)
    return load(error) { () throws(LoadError) in try scenario(try Loader.loadFile(path: source), source) }
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
    guard case .scenario(let scenario) = document else {
        throw LoadError(kind: .schema, message: "not a scenario: a scenario has \"pages\" and \"steps\"", pointer: "",
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
public func xyz_scenario_deferred(_ scenario: OpaquePointer?) -> Bool {
    value(false) { () throws(AlertError) in try require(scenario, CScenario.self, #function, "scenario").scenario.deferred }
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

@c @implementation
public func xyz_scenario_step(_ scenario: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<xyz_step>?) -> xyz_status {
    status { () throws(AlertError) in
        let steps = try require(scenario, CScenario.self, #function, "scenario").steps
        guard let out else { throw AlertError(.invalidArgument, "xyz_scenario_step: out is NULL") }
        guard steps.indices.contains(index) else {
            throw AlertError(.invalidArgument, "xyz_scenario_step: step \(index) is out of range (\(steps.count) steps)")
        }
        out.pointee = steps[index]
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
        let texts = try require(scenario, CScenario.self, #function, "scenario").texts
        let name = try requireString(field, #function, "field")
        return texts.indices.contains(index) ? texts[index][name] ?? nil : nil
    }
}

@c @implementation
public func xyz_scenario_step_has(_ scenario: OpaquePointer?, _ index: Int, _ field: UnsafePointer<CChar>?) -> Bool {
    value(false) { () throws(AlertError) in
        let found = try require(scenario, CScenario.self, #function, "scenario")
        let name = try requireString(field, #function, "field")
        guard found.texts.indices.contains(index) else { return false }
        return found.texts[index].keys.contains(name) || found.numbers[index][name] != nil
    }
}

@c @implementation
public func xyz_scenario_step_number(_ scenario: OpaquePointer?, _ index: Int, _ field: UnsafePointer<CChar>?,
                                     _ out: UnsafeMutablePointer<Double>?) -> Bool {
    value(false) { () throws(AlertError) in
        let numbers = try require(scenario, CScenario.self, #function, "scenario").numbers
        let name = try requireString(field, #function, "field")
        guard numbers.indices.contains(index), let number = numbers[index][name] else { return false }
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
    do throws(AlertError) {
        guard let count else { throw AlertError(.invalidArgument, "\(cName(function)): count is NULL") }
        count.pointee = 0
        guard errors != nil || capacity == 0 else {
            throw AlertError(.invalidArgument, "\(cName(function)): errors is NULL but capacity is \(capacity)")
        }
        let found = try problems(capacity)
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
public func xyz_check_string(_ json: UnsafePointer<CChar>?, _ length: Int, _ errors: UnsafeMutablePointer<xyz_error>?,
                             _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> xyz_status {
    check(errors, capacity, count, #function) { (limit) throws(AlertError) in
        guard let json else { throw AlertError(.invalidArgument, "xyz_check_string: json is NULL") }
        return Loader.check(bytes: bytes(json, length), source: "<string>", limit: limit)
    }
}
