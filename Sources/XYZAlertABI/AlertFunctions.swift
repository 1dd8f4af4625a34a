import CXYZAlert
internal import CSystem
import XYZAlert

// xyz_alert_*: life, tags, dependencies, explanation, frame, user data
// (the properties of the table: PropertyFunctions.swift).

@c @implementation
public func xyz_alert_create(_ id: UnsafePointer<CChar>?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let alert = Alert(id: try optionalString(id, #function, "id"))
        return OpaquePointer(Unmanaged.passRetained(alert).toOpaque())
    }
}

@c @implementation
public func xyz_alert_create_with(_ id: UnsafePointer<CChar>?, _ priority: Int32, _ exclusive: xyz_exclusive)
    -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let exclusive = try checkedEnum(exclusive.rawValue, Exclusive.init(rawValue:), #function, "xyz_exclusive")
        let alert = Alert(id: try optionalString(id, #function, "id"))
        // (Neither can fail: the alert is idle.)
        try alert.setPriority(priority)
        try alert.setExclusive(exclusive)
        return OpaquePointer(Unmanaged.passRetained(alert).toOpaque())
    }
}

@c @implementation
public func xyz_alert_retain(_ pointer: OpaquePointer?) -> OpaquePointer? {
    if let alert = object(pointer, Alert.self) {
        _ = Unmanaged.passUnretained(alert).retain()
    }
    return pointer
}

@c @implementation
public func xyz_alert_release(_ pointer: OpaquePointer?) {
    if let alert = object(pointer, Alert.self) {
        Unmanaged.passUnretained(alert).release()
    }
}

@c @implementation
public func xyz_alert_id(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        return CAlertData.of(alert).strings.get("id", alert.id)
    }
}

@c @implementation
public func xyz_alert_add_tag(_ pointer: OpaquePointer?, _ tag: UnsafePointer<CChar>?) -> xyz_status {
    status { () throws(AlertError) in
        try require(pointer, Alert.self, #function, "alert").addTag(try requireString(tag, #function, "tag"))
    }
}

@c @implementation
public func xyz_alert_tag_count(_ pointer: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").tags.count }
}

@c @implementation
public func xyz_alert_tag(_ pointer: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        let tags = alert.tags
        return tags.indices.contains(index) ? CAlertData.of(alert).strings.get("tag \(index)", tags[index]) : nil
    }
}

@c @implementation
public func xyz_alert_has_tag(_ pointer: OpaquePointer?, _ tag: UnsafePointer<CChar>?) -> Bool {
    value(false) { () throws(AlertError) in
        try require(pointer, Alert.self, #function, "alert").hasTag(try requireString(tag, #function, "tag"))
    }
}

@c @implementation
public func xyz_alert_occurrence_count(_ pointer: OpaquePointer?) -> UInt64 {
    value(0) { () throws(AlertError) in UInt64(try require(pointer, Alert.self, #function, "alert").occurrenceCount) }
}

@c @implementation
public func xyz_alert_state(_ pointer: OpaquePointer?) -> xyz_state {
    value(XYZ_STATE_FINISHED) { () throws(AlertError) in
        xyz_state(rawValue: UInt32(try borrowing(pointer, Alert.self, #function, "alert") { $0.state.rawValue }))
    }
}

@c @implementation
public func xyz_alert_dispatch(_ pointer: OpaquePointer?) -> OpaquePointer? {
    value(nil) { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        return (alert.dispatch ?? alert.endingDispatch).map(handle)
    }
}

@c @implementation
public func xyz_alert_add_dependency(_ pointer: OpaquePointer?, _ dependency: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        guard let dependency = try optional(dependency, Alert.self, #function, "dependency") else {
            throw AlertError(.invalidArgument, "xyz_alert_add_dependency: dependency is NULL")
        }
        try alert.addDependency(dependency)
    }
}

@c @implementation
public func xyz_alert_add_dependency_id(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> xyz_status {
    status { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        try alert.addDependency(id: try requireString(id, #function, "id"))
    }
}

@c @implementation
public func xyz_alert_set_waiting(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").setWaiting() }
}

@c @implementation
public func xyz_alert_set_ready(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").setReady() }
}

@c @implementation
public func xyz_alert_dismiss(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").dismiss() }
}

@c @implementation
public func xyz_alert_cancel(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").cancel() }
}

@c @implementation
public func xyz_alert_trigger_action(_ pointer: OpaquePointer?, _ index: Int) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").triggerAction(UInt(bitPattern: index)) }
}

@c @implementation
public func xyz_alert_explain(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    value(nil) { () throws(AlertError) in ownedCString(try require(pointer, Alert.self, #function, "alert").explain()) }
}

@c @implementation
public func xyz_alert_set_keyboard_avoidance(_ pointer: OpaquePointer?, _ enabled: Bool, _ adjust: Double) -> xyz_status {
    status { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").setKeyboardAvoidance(enabled, adjust: adjust) }
}

@c @implementation
public func xyz_alert_set_frame(_ pointer: OpaquePointer?, _ frame: UnsafePointer<xyz_rect>?) -> xyz_status {
    status { () throws(AlertError) in
        try require(pointer, Alert.self, #function, "alert").setFrame(frame.map { Rect($0.pointee) })
    }
}

@c @implementation
public func xyz_alert_set_user_data(
    _ pointer: OpaquePointer?, _ data: UnsafeMutableRawPointer?,
    _ destroy: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
) -> xyz_status {
    status { () throws(AlertError) in
        let cData = CAlertData.of(try require(pointer, Alert.self, #function, "alert"))
        let (oldData, oldDestroy) = (cData.userData, cData.destroyUserData)
        cData.userData = data
        cData.destroyUserData = destroy
        oldDestroy?(oldData)
    }
}

@c @implementation
public func xyz_alert_user_data(_ pointer: OpaquePointer?) -> UnsafeMutableRawPointer? {
    value(nil) { () throws(AlertError) in (try require(pointer, Alert.self, #function, "alert").hostData as? CAlertData)?.userData }
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

