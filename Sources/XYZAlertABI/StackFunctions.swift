internal import CSystem
import CXYZAlert
import XYZAlert
import XYZAlertJSON

// docs/rules.md §19: lane limits, the tie-break order, queue clearing,
// displaced alerts and actions that keep the alert open.

@c @implementation
public func xyz_dispatch_cancel_queued(_ pointer: OpaquePointer?, _ tag: UnsafePointer<CChar>?,
                                       _ count: UnsafeMutablePointer<Int>?) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        let name = try optionalString(tag, #function, "tag")
        count?.pointee = 0
        let ended = try dispatch.cancelQueued(name)
        count?.pointee = ended
    }
}

@c @implementation
public func xyz_dispatch_set_lane_limit(_ pointer: OpaquePointer?, _ lane: UnsafePointer<CChar>?, _ visible: Int,
                                        _ onFull: xyz_on_full) -> xyz_status {
    status { () throws(AlertError) in
        let root = try require(pointer, Dispatch.self, #function, "root")
        let name = try requireString(lane, #function, "lane")
        guard visible >= 1, visible <= Int(Int32.max) else {
            throw AlertError(.invalidArgument, "xyz_dispatch_set_lane_limit: visible must be from 1 to 2147483647, not \(UInt(bitPattern: visible))")
        }
        let policy = try checkedEnum(onFull.rawValue, OnFull.init(rawValue:), #function, "xyz_on_full")
        try root.setLaneLimit(lane: name, visible: visible, onFull: policy)
    }
}

@c @implementation
public func xyz_dispatch_lane_limit(_ pointer: OpaquePointer?, _ lane: UnsafePointer<CChar>?,
                                    _ onFull: UnsafeMutablePointer<xyz_on_full>?) -> Int {
    value(0) { () throws(AlertError) in
        let limit = try require(pointer, Dispatch.self, #function, "dispatch")
            .laneLimit(lane: try requireString(lane, #function, "lane"))
        onFull?.pointee = xyz_on_full(rawValue: UInt32(limit.onFull.rawValue))
        return limit.visible
    }
}

@c @implementation
public func xyz_alert_add_action_flags(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ title: UnsafePointer<CChar>?,
                                       _ style: xyz_action_style, _ flags: UInt32) -> xyz_status {
    status { () throws(AlertError) in
        let function = "xyz_alert_add_action_flags"
        let alert = try require(pointer, Alert.self, function, "alert")
        guard flags & ~XYZ_ACTION_KEEP_OPEN == 0 else {
            throw AlertError(.invalidArgument, "\(function): unknown flags 0x\(String(flags & ~XYZ_ACTION_KEEP_OPEN, radix: 16))")
        }
        try alert.addAction(AlertAction(
            id: try requireString(id, function, "id"), title: try requireString(title, function, "title"),
            style: try checkedEnum(style.rawValue, ActionStyle.init(rawValue:), function, "xyz_action_style"),
            keepOpen: flags & XYZ_ACTION_KEEP_OPEN != 0))
    }
}

@c @implementation
public func xyz_alert_action_flags(_ pointer: OpaquePointer?, _ index: Int) -> UInt32 {
    value(0) { () throws(AlertError) in
        let actions = try require(pointer, Alert.self, #function, "alert").content.actions
        return actions.indices.contains(index) && actions[index].keepOpen ? XYZ_ACTION_KEEP_OPEN : 0
    }
}

@c @implementation
public func xyz_scenario_page_order(_ scenario: OpaquePointer?, _ index: Int) -> xyz_order {
    value(XYZ_ORDER_FIFO) { () throws(AlertError) in
        xyz_order(rawValue: UInt32(try scenarioPage(scenario, index, #function)?.order.rawValue ?? 0))
    }
}

/// Lane limit `k` of page `index` of a scenario, or nil.
private func scenarioLaneLimit(_ scenario: OpaquePointer?, _ index: Int, _ k: Int,
                               _ function: String) throws(AlertError) -> Scenario.LaneLimitEntry? {
    guard let limits = try scenarioPage(scenario, index, function)?.laneLimits, limits.indices.contains(k) else { return nil }
    return limits[k]
}

@c @implementation
public func xyz_scenario_page_lane_limit_count(_ scenario: OpaquePointer?, _ index: Int) -> Int {
    value(0) { () throws(AlertError) in try scenarioPage(scenario, index, #function)?.laneLimits.count ?? 0 }
}

@c @implementation
public func xyz_scenario_page_lane_limit_lane(_ scenario: OpaquePointer?, _ index: Int, _ k: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        guard let entry = try scenarioLaneLimit(scenario, index, k, #function) else { return nil }
        return try require(scenario, CScenario.self, #function, "scenario").arena.intern(entry.lane)
    }
}

@c @implementation
public func xyz_scenario_page_lane_limit_visible(_ scenario: OpaquePointer?, _ index: Int, _ k: Int) -> Int {
    value(0) { () throws(AlertError) in try scenarioLaneLimit(scenario, index, k, #function)?.limit.visible ?? 0 }
}

@c @implementation
public func xyz_scenario_page_lane_limit_on_full(_ scenario: OpaquePointer?, _ index: Int, _ k: Int) -> xyz_on_full {
    value(XYZ_ON_FULL_QUEUE) { () throws(AlertError) in
        xyz_on_full(rawValue: UInt32(try scenarioLaneLimit(scenario, index, k, #function)?.limit.onFull.rawValue ?? 0))
    }
}
