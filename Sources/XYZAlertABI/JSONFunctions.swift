import CXYZAlert
import Glibc
import XYZAlert
import XYZAlertJSON

// xyz_alert_set_* and xyz_scenario_*: JSON documents loaded by XYZAlertJSON,
// with every string they hand out made once at load and freed with them.

/// Strings (and string arrays) handed to C, owned by one loaded object.
final class CStringArena {
    private var strings: [ExactString: UnsafeMutablePointer<CChar>] = [:]
    private var arrays: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []

    func intern(_ text: String) -> UnsafePointer<CChar> {
        let key = ExactString(text)
        if let existing = strings[key] {
            return UnsafePointer(existing)
        }
        let copy = strdup(text)!
        strings[key] = copy
        return UnsafePointer(copy)
    }

    func array(_ texts: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
        let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(texts.count, 1))
        for (i, text) in texts.enumerated() {
            array[i] = intern(text)
        }
        arrays.append(array)
        return UnsafePointer(array)
    }

    deinit {
        strings.values.forEach { free($0) }
        arrays.forEach { $0.deallocate() }
    }
}

/// The object behind `xyz_alert_set *`.
final class CAlertSet {
    let set: AlertSet
    let ids: [UnsafePointer<CChar>]
    let pages: [ExactString: UnsafePointer<CChar>]
    let arena = CStringArena()

    init(_ set: AlertSet) {
        self.set = set
        ids = set.definitions.map { [arena] in arena.intern($0.id) }
        var pages: [ExactString: UnsafePointer<CChar>] = [:]
        for definition in set.definitions {
            if let page = definition.page {
                pages[ExactString(definition.id)] = arena.intern(page)
            }
        }
        self.pages = pages
    }
}

/// The object behind `xyz_scenario *`.
final class CScenario {
    let scenario: Scenario
    let alerts: CAlertSet
    let arena = CStringArena()
    let pages: [(name: UnsafePointer<CChar>, parent: UnsafePointer<CChar>?, active: UnsafePointer<CChar>?)]
    let steps: [xyz_step]

    init(_ scenario: Scenario) {
        self.scenario = scenario
        alerts = CAlertSet(scenario.alerts)
        let arena = self.arena
        pages = scenario.pages.map { (arena.intern($0.name), $0.parent.map(arena.intern), $0.active.map(arena.intern)) }
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
            case .select(let page, let child):
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
                out.frame = xyz_rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            }
            return out
        }
    }
}

/// Copies `text` into a fixed C array; when it does not fit, it is cut at
/// the last whole UTF-8 character that does.
private func copy<T>(_ text: String, into field: inout T) {
    withUnsafeMutableBytes(of: &field) { buffer in
        let utf8 = Array(text.utf8)
        var count = min(utf8.count, buffer.count - 1)
        if count < utf8.count {
            // utf8[count] is the first byte left out: back up to a character start.
            while count > 0, utf8[count] & 0xC0 == 0x80 {
                count -= 1
            }
        }
        buffer.copyBytes(from: utf8[..<count])
        buffer[count] = 0
    }
}

/// Fills the caller's xyz_error (if any) and the last error.
private func report(_ error: LoadError?, into out: UnsafeMutablePointer<xyz_error>?) {
    if let error {
        LastError.set(error.description)
    }
    guard let out else { return }
    out.pointee = xyz_error()
    guard let error else { return }
    switch error.kind {
    case .parse: out.pointee.status = XYZ_EPARSE
    case .schema: out.pointee.status = XYZ_ESCHEMA
    case .io: out.pointee.status = XYZ_EIO
    }
    out.pointee.line = CInt(error.position?.line ?? 0)
    out.pointee.column = CInt(error.position?.column ?? 0)
    out.pointee.position = error.position?.offset ?? 0
    copy(error.source, into: &out.pointee.source)
    copy(error.pointer, into: &out.pointee.pointer)
    copy(error.message, into: &out.pointee.message)
}

/// Runs a loader, reporting its outcome; NULL arguments are XYZ_EINVAL.
private func load<T: AnyObject>(_ out: UnsafeMutablePointer<xyz_error>?, _ make: () throws(LoadError) -> T?) -> OpaquePointer? {
    do {
        guard let object = try make() else { return nil }
        report(nil, into: out)
        return OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    } catch {
        report(error, into: out)
        return nil
    }
}

private func invalid(_ message: String, _ out: UnsafeMutablePointer<xyz_error>?) {
    LastError.set(message)
    out?.pointee = xyz_error()
    out?.pointee.status = XYZ_EINVAL
    if out != nil {
        copy(message, into: &out!.pointee.message)
    }
}

private func bytes(_ json: UnsafePointer<CChar>, _ length: Int) -> [UInt8] {
    json.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
}

@c @implementation
public func xyz_alert_set_load_file(_ path: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    guard let path else {
        invalid("xyz_alert_set_load_file: path is NULL", error)
        return nil
    }
    return load(error) { () throws(LoadError) in CAlertSet(try Loader.loadFile(path: String(cString: path)).alertSet) }
}

@c @implementation
public func xyz_alert_set_load_string(_ json: UnsafePointer<CChar>?, _ length: Int, _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    guard let json else {
        invalid("xyz_alert_set_load_string: json is NULL", error)
        return nil
    }
    return load(error) { () throws(LoadError) in
        CAlertSet(try Loader.load(bytes: bytes(json, length), source: "<string>").alertSet)
    }
}

@c @implementation
public func xyz_alert_set_free(_ set: OpaquePointer?) {
    if let set = object(set, CAlertSet.self) {
        Unmanaged.passUnretained(set).release()
    }
}

@c @implementation
public func xyz_alert_set_count(_ set: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(set, CAlertSet.self, #function, "set").ids.count }
}

@c @implementation
public func xyz_alert_set_id(_ set: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let ids = try require(set, CAlertSet.self, #function, "set").ids
        return ids.indices.contains(index) ? ids[index] : nil
    }
}

@c @implementation
public func xyz_alert_set_page(_ set: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        try require(set, CAlertSet.self, #function, "set").pages[ExactString(try requireString(id, #function, "id"))]
    }
}

@c @implementation
public func xyz_alert_set_create_alert(_ set: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let name = try requireString(id, #function, "id")
        guard let definition = try require(set, CAlertSet.self, #function, "set").set.definition(name) else {
            throw AlertError(.notFound, "xyz_alert_set_create_alert: no alert \"\(name)\" in this set")
        }
        return OpaquePointer(Unmanaged.passRetained(definition.makeAlert()).toOpaque())
    }
}

@c @implementation
public func xyz_dispatch_add_set(_ dispatch: OpaquePointer?, _ set: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(dispatch, Dispatch.self, #function, "dispatch")
        try dispatch.add(try require(set, CAlertSet.self, #function, "set").set.definitions.map { $0.makeAlert() })
    }
}

@c @implementation
public func xyz_alert_dependency_id_count(_ alert: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(alert, Alert.self, #function, "alert").dependencyIDs.count }
}

@c @implementation
public func xyz_alert_dependency_id(_ alert: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let alert = try require(alert, Alert.self, #function, "alert")
        let ids = alert.dependencyIDs
        return ids.indices.contains(index) ? CAlertData.of(alert).strings.get("after.\(index)", ids[index]) : nil
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
public func xyz_scenario_alert_set(_ scenario: OpaquePointer?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        OpaquePointer(Unmanaged.passUnretained(try require(scenario, CScenario.self, #function, "scenario").alerts).toOpaque())
    }
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
