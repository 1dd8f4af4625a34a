internal import CSystem
import CXYZAlert
import XYZAlert
import XYZAlertJSON

// Timing for people (docs/rules.md §17): holds, the duration scale,
// show_after, min_visible, lane gaps and announcements.

@c @implementation
public func xyz_alert_hold(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").hold() }
}

@c @implementation
public func xyz_alert_unhold(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").unhold() }
}

@c @implementation
public func xyz_dispatch_hold_timers(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "root").holdTimers() }
}

@c @implementation
public func xyz_dispatch_unhold_timers(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Dispatch.self, #function, "root").unholdTimers() }
}

@c @implementation
public func xyz_dispatch_set_gap(_ pointer: OpaquePointer?, _ lane: UnsafePointer<CChar>?, _ seconds: Double) -> xyz_status {
    status { () throws(AlertError) in
        try require(pointer, Dispatch.self, #function, "root").setGap(lane: try requireString(lane, #function, "lane"), seconds)
    }
}

@c @implementation
public func xyz_dispatch_gap(_ pointer: OpaquePointer?, _ lane: UnsafePointer<CChar>?) -> Double {
    value(0) { () throws(AlertError) in
        try require(pointer, Dispatch.self, #function, "root").gap(lane: try requireString(lane, #function, "lane"))
    }
}

/// Page `index` of a scenario, or nil.
func scenarioPage(_ scenario: OpaquePointer?, _ index: Int, _ function: String) throws(AlertError) -> Scenario.Page? {
    let pages = try require(scenario, CScenario.self, function, "scenario").scenario.pages
    return pages.indices.contains(index) ? pages[index] : nil
}

@c @implementation
public func xyz_scenario_page_duration_scale(_ scenario: OpaquePointer?, _ index: Int) -> Double {
    value(1) { () throws(AlertError) in try scenarioPage(scenario, index, #function)?.durationScale ?? 1 }
}

@c @implementation
public func xyz_scenario_page_gap_count(_ scenario: OpaquePointer?, _ index: Int) -> Int {
    value(0) { () throws(AlertError) in try scenarioPage(scenario, index, #function)?.gaps.count ?? 0 }
}

@c @implementation
public func xyz_scenario_page_gap_lane(_ scenario: OpaquePointer?, _ index: Int, _ k: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        guard let gaps = try scenarioPage(scenario, index, #function)?.gaps, gaps.indices.contains(k) else { return nil }
        return try require(scenario, CScenario.self, #function, "scenario").arena.intern(gaps[k].lane)
    }
}

@c @implementation
public func xyz_scenario_page_gap(_ scenario: OpaquePointer?, _ index: Int, _ k: Int) -> Double {
    value(0) { () throws(AlertError) in
        guard let gaps = try scenarioPage(scenario, index, #function)?.gaps, gaps.indices.contains(k) else { return 0 }
        return gaps[k].seconds
    }
}

@c @implementation
public func xyz_seconds_parse(_ text: UnsafePointer<CChar>?, _ seconds: UnsafeMutablePointer<Double>?) -> xyz_status {
    status { () throws(AlertError) in
        guard let text, let seconds else {
            throw AlertError(.invalidArgument, "xyz_seconds_parse: \(text == nil ? "text" : "seconds") is NULL")
        }
        let string = String(cString: text)
        guard let value = Seconds.parse(string) else {
            throw AlertError(.invalidArgument, "'\(string)' is not seconds with a unit: \(Seconds.grammar)")
        }
        seconds.pointee = value
    }
}
