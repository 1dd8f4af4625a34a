import CXYZAlert
internal import CSystem
import XYZAlert
import XYZAlertJSON

// xyz_history_*, the caps of alerts and catalogs, and the scenario's
// history (docs/rules.md §16).

/// The system's real-time clock, in seconds since the Unix epoch.
func realTime() -> Double {
    xyz_real_time_seconds()
}

/// The limit a C call describes; `.invalidArgument` for a bad period.
private func cLimit(_ count: UInt32, _ per: xyz_limit_per, _ window: Double, _ function: String) throws(AlertError) -> CapLimit {
    let period: CapPeriod
    switch per {
    case XYZ_PER_SESSION: period = .session
    case XYZ_PER_LIFETIME: period = .lifetime
    case XYZ_PER_WINDOW: period = .window(window)
    case XYZ_PER_DAY: period = .day
    case XYZ_PER_WEEK: period = .week
    default: throw AlertError(.invalidArgument, "\(cName(function)): \(per.rawValue) is not a valid xyz_limit_per")
    }
    guard let n = Int(exactly: count) else {
        throw AlertError(.invalidArgument, "\(cName(function)): a limit allows at most \(CapLimit.maxCount) displays, not \(count)")
    }
    return CapLimit(count: n, per: period)
}

/// A history's clock and its context, which it destroys with the history.
private final class CWallClock {
    let clock: xyz_wall_clock?
    let context: UnsafeMutableRawPointer?
    let destroy: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?

    init(_ clock: xyz_wall_clock?, _ context: UnsafeMutableRawPointer?,
         _ destroy: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) {
        self.clock = clock
        self.context = context
        self.destroy = destroy
    }

    func read() -> Double { clock.map { $0(context) } ?? realTime() }

    deinit {
        destroy?(context)
    }
}

@c @implementation
public func xyz_history_create(_ clock: xyz_wall_clock?, _ context: UnsafeMutableRawPointer?,
                               _ destroyContext: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) -> OpaquePointer? {
    let wall = CWallClock(clock, context, destroyContext)
    let history = History { wall.read() }
    return OpaquePointer(Unmanaged.passRetained(history).toOpaque())
}

@c @implementation
public func xyz_history_retain(_ pointer: OpaquePointer?) -> OpaquePointer? {
    if let history = object(pointer, History.self) {
        _ = Unmanaged.passUnretained(history).retain()
    }
    return pointer
}

@c @implementation
public func xyz_history_release(_ pointer: OpaquePointer?) {
    if let history = object(pointer, History.self) {
        Unmanaged.passUnretained(history).release()
    }
}

/// Loads `read()` into the history behind `pointer`, reporting into `out`.
private func loadHistory(_ pointer: OpaquePointer?, _ out: UnsafeMutablePointer<xyz_error>?, _ function: String,
                         _ read: () throws(LoadError) -> History.State?) -> xyz_status {
    guard let history = object(pointer, History.self) else {
        invalid("\(cName(function)): history is NULL", out)
        return XYZ_EINVAL
    }
    let state: History.State?
    do {
        state = try read()
    } catch {
        report(error, into: out)
        return error.kind.status
    }
    report(nil, into: out)
    // (nil: a missing file that may be missing, the first launch.)
    return status { () throws(AlertError) in
        if let state {
            try history.load(state)
        } else {
            try history.loadEmpty()
        }
    }
}

@c @implementation
public func xyz_history_load_json(_ pointer: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int,
                                  _ error: UnsafeMutablePointer<xyz_error>?) -> xyz_status {
    xyz_history_load_string(pointer, json, length, error)
}

@c @implementation
public func xyz_history_load_string(_ pointer: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int,
                                    _ error: UnsafeMutablePointer<xyz_error>?) -> xyz_status {
    guard let json else {
        invalid("xyz_history_load_string: json is NULL", error)
        return XYZ_EINVAL
    }
    return loadHistory(pointer, error, #function) { () throws(LoadError) in
        try Loader.loadHistory(bytes: bytes(json, length), source: "<string>")
    }
}

/// A history file into the history behind `pointer`; with `missingOK`,
/// no file at `path` makes it a new history (`History.loadEmpty`).
private func loadHistoryFile(_ pointer: OpaquePointer?, _ path: UnsafePointer<CChar>?, missingOK: Bool,
                             _ error: UnsafeMutablePointer<xyz_error>?, _ function: String) -> xyz_status {
    guard let path else {
        invalid("\(cName(function)): path is NULL", error)
        return XYZ_EINVAL
    }
    return loadHistory(pointer, error, function) { () throws(LoadError) in
        let name = String(cString: path)
        return missingOK ? try Loader.loadHistoryFileIfPresent(path: name) : try Loader.loadHistoryFile(path: name)
    }
}

@c @implementation
public func xyz_history_load_file(_ pointer: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                  _ error: UnsafeMutablePointer<xyz_error>?) -> xyz_status {
    loadHistoryFile(pointer, path, missingOK: false, error, #function)
}

@c @implementation
public func xyz_history_load_file_flags(_ pointer: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ flags: UInt32,
                                        _ error: UnsafeMutablePointer<xyz_error>?) -> xyz_status {
    guard flags & ~UInt32(XYZ_HISTORY_MISSING_OK) == 0 else {
        invalid("xyz_history_load_file_flags: unknown flags 0x\(String(flags, radix: 16)) (XYZ_HISTORY_MISSING_OK is 0x1)", error)
        return XYZ_EINVAL
    }
    return loadHistoryFile(pointer, path, missingOK: flags & UInt32(XYZ_HISTORY_MISSING_OK) != 0, error, #function)
}

@c @implementation
public func xyz_history_json(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    value(nil) { () throws(AlertError) in ownedCString(try require(pointer, History.self, #function, "history").json()) }
}

@c @implementation
public func xyz_history_begin_session(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, History.self, #function, "history").beginSession() }
}

@c @implementation
public func xyz_history_session(_ pointer: OpaquePointer?) -> Int64 {
    value(0) { () throws(AlertError) in Int64(try require(pointer, History.self, #function, "history").session) }
}

@c @implementation
public func xyz_history_set_limit(_ pointer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ count: UInt32,
                                  _ per: xyz_limit_per, _ window: Double) -> xyz_status {
    status { () throws(AlertError) in
        let history = try require(pointer, History.self, #function, "history")
        try history.setLimit(try requireString(key, #function, "key"), try cLimit(count, per, window, #function))
    }
}

@c @implementation
public func xyz_history_set_cooldown(_ pointer: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ seconds: Double) -> xyz_status {
    status { () throws(AlertError) in
        try require(pointer, History.self, #function, "history").setCooldown(try requireString(key, #function, "key"), seconds)
    }
}

@c @implementation
public func xyz_history_clear_caps(_ pointer: OpaquePointer?, _ key: UnsafePointer<CChar>?) -> xyz_status {
    status { () throws(AlertError) in
        try require(pointer, History.self, #function, "history").clearCaps(try optionalString(key, #function, "key"))
    }
}

@c @implementation
public func xyz_dispatch_set_history(_ pointer: OpaquePointer?, _ history: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        try require(pointer, Dispatch.self, #function, "root").setHistory(optional(history, History.self, #function, "history"))
    }
}

@c @implementation
public func xyz_dispatch_history(_ pointer: OpaquePointer?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        try require(pointer, Dispatch.self, #function, "dispatch").history.map(handle)
    }
}

@c @implementation
public func xyz_alert_add_limit(_ pointer: OpaquePointer?, _ count: UInt32, _ per: xyz_limit_per, _ window: Double) -> xyz_status {
    status { () throws(AlertError) in
        try require(pointer, Alert.self, #function, "alert").addLimit(try cLimit(count, per, window, #function))
    }
}

@c @implementation
public func xyz_alert_limit_count(_ pointer: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").caps.limits.count }
}

@c @implementation
public func xyz_alert_limit(_ pointer: OpaquePointer?, _ index: Int, _ count: UnsafeMutablePointer<UInt32>?,
                            _ per: UnsafeMutablePointer<xyz_limit_per>?, _ window: UnsafeMutablePointer<Double>?) -> xyz_status {
    status { () throws(AlertError) in
        let limits = try require(pointer, Alert.self, #function, "alert").caps.limits
        guard limits.indices.contains(index) else {
            throw AlertError(.invalidArgument, "xyz_alert_limit: index \(index) is out of range (the alert has \(limits.count) limits)")
        }
        let limit = limits[index]
        count?.pointee = UInt32(limit.count)
        switch limit.per {
        case .session: per?.pointee = XYZ_PER_SESSION; window?.pointee = 0
        case .lifetime: per?.pointee = XYZ_PER_LIFETIME; window?.pointee = 0
        case .window(let seconds): per?.pointee = XYZ_PER_WINDOW; window?.pointee = seconds
        case .day: per?.pointee = XYZ_PER_DAY; window?.pointee = 0
        case .week: per?.pointee = XYZ_PER_WEEK; window?.pointee = 0
        }
    }
}

@c @implementation
public func xyz_alert_clear_caps(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").clearCaps() }
}

@c @implementation
public func xyz_catalog_apply_caps(_ catalog: OpaquePointer?, _ history: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        let catalog = try require(catalog, CCatalog.self, #function, "catalog")
        try catalog.set.applyCaps(to: try require(history, History.self, #function, "history"))
    }
}

@c @implementation
public func xyz_scenario_wall_clock(_ scenario: OpaquePointer?) -> Double {
    value(0) { () throws(AlertError) in try require(scenario, CScenario.self, #function, "scenario").scenario.wallClock }
}

@c @implementation
public func xyz_scenario_history_json(_ scenario: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let scenario = try require(scenario, CScenario.self, #function, "scenario")
        return scenario.scenario.historyText.map(scenario.arena.intern)
    }
}

@c @implementation
public func xyz_scenario_step_apply_caps(_ scenario: OpaquePointer?, _ index: Int, _ history: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        let steps = try require(scenario, CScenario.self, #function, "scenario").scenario.steps
        let history = try require(history, History.self, #function, "history")
        guard steps.indices.contains(index), case .caps(let caps) = steps[index] else {
            throw AlertError(.invalidArgument, "xyz_scenario_step_apply_caps: step \(index) is not a caps step")
        }
        try AlertSet.apply(caps, to: history)
    }
}

@c @implementation
public func xyz_history_save_file(_ pointer: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                  _ error: UnsafeMutablePointer<xyz_error>?) -> xyz_status {
    guard let history = object(pointer, History.self) else {
        invalid("xyz_history_save_file: history is NULL", error)
        return XYZ_EINVAL
    }
    guard let path else {
        invalid("xyz_history_save_file: path is NULL", error)
        return XYZ_EINVAL
    }
    return writeFile(String(cString: path), Array(history.json().utf8), error)
}

@c @implementation
public func xyz_scenario_utc_offset(_ scenario: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> Bool {
    value(false) { () throws(AlertError) in
        guard let offset = try require(scenario, CScenario.self, #function, "scenario").scenario.utcOffset else { return false }
        out?.pointee = offset
        return true
    }
}

@c @implementation
public func xyz_scenario_utc_offset_change_count(_ scenario: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(scenario, CScenario.self, #function, "scenario").scenario.utcOffsets.count }
}

@c @implementation
public func xyz_scenario_utc_offset_change(_ scenario: OpaquePointer?, _ index: Int, _ wall: UnsafeMutablePointer<Double>?,
                                           _ offset: UnsafeMutablePointer<Double>?) -> xyz_status {
    status { () throws(AlertError) in
        let changes = try require(scenario, CScenario.self, #function, "scenario").scenario.utcOffsets
        guard changes.indices.contains(index) else {
            throw AlertError(.invalidArgument, "xyz_scenario_utc_offset_change: index \(index) is out of range (the scenario has \(changes.count))")
        }
        wall?.pointee = changes[index].wall
        offset?.pointee = changes[index].offset
    }
}

@c @implementation
public func xyz_scenario_time_zone(_ scenario: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let scenario = try require(scenario, CScenario.self, #function, "scenario")
        return scenario.scenario.timeZone.map(scenario.arena.intern)
    }
}
