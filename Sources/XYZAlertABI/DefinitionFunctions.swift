internal import CSystem
import CXYZAlert
import XYZAlert
import XYZAlertJSON

// xyz_definition_*: what a catalog's definition says, read without creating
// an alert; and the 0.1 names of the catalog functions, forwarding to them.

private func definition(_ pointer: OpaquePointer?, _ function: String) throws(AlertError) -> CDefinition {
    try require(pointer, CDefinition.self, function, "definition")
}

@c @implementation
public func xyz_definition_id(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try definition(pointer, #function).id }
}

@c @implementation
public func xyz_definition_priority(_ pointer: OpaquePointer?) -> Int32 {
    value(0) { () throws(AlertError) in try definition(pointer, #function).definition.priority }
}

@c @implementation
public func xyz_definition_exclusive(_ pointer: OpaquePointer?) -> xyz_exclusive {
    value(XYZ_EXCLUSIVE_WAIT) { () throws(AlertError) in
        xyz_exclusive(rawValue: UInt32(try definition(pointer, #function).definition.exclusive.rawValue))
    }
}

@c @implementation
public func xyz_definition_lane(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try definition(pointer, #function).lane }
}

@c @implementation
public func xyz_definition_on_duplicate(_ pointer: OpaquePointer?) -> xyz_on_duplicate {
    value(XYZ_ON_DUPLICATE_REJECT) { () throws(AlertError) in
        xyz_on_duplicate(rawValue: UInt32(try definition(pointer, #function).definition.properties.onDuplicate.rawValue))
    }
}

@c @implementation
public func xyz_definition_tag_count(_ pointer: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try definition(pointer, #function).definition.tags.count }
}

@c @implementation
public func xyz_definition_tag(_ pointer: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let tags = try definition(pointer, #function).tags
        return tags.indices.contains(index) ? tags[index] : nil
    }
}

@c @implementation
public func xyz_definition_is_ready(_ pointer: OpaquePointer?) -> Bool {
    value(false) { () throws(AlertError) in try definition(pointer, #function).definition.ready }
}

@c @implementation
public func xyz_definition_page(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try definition(pointer, #function).page }
}

@c @implementation
public func xyz_definition_target(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try definition(pointer, #function).target }
}

@c @implementation
public func xyz_definition_style(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try definition(pointer, #function).style }
}

@c @implementation
public func xyz_definition_title(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try definition(pointer, #function).title }
}

@c @implementation
public func xyz_definition_message(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try definition(pointer, #function).message }
}

@c @implementation
public func xyz_definition_meta(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try definition(pointer, #function).meta }
}

@c @implementation
public func xyz_definition_has_keyboard_avoidance(_ pointer: OpaquePointer?, _ adjust: UnsafeMutablePointer<Double>?) -> Bool {
    value(false) { () throws(AlertError) in
        let found = try definition(pointer, #function).definition
        adjust?.pointee = found.keyboardAdjust
        return found.avoidKeyboard
    }
}

@c @implementation
public func xyz_definition_duration(_ pointer: OpaquePointer?) -> Double {
    value(0) { () throws(AlertError) in try definition(pointer, #function).definition.values.duration }
}

@c @implementation
public func xyz_definition_ttl(_ pointer: OpaquePointer?) -> Double {
    value(0) { () throws(AlertError) in try definition(pointer, #function).definition.values.ttl }
}

@c @implementation
public func xyz_definition_after_count(_ pointer: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try definition(pointer, #function).after.count }
}

@c @implementation
public func xyz_definition_after(_ pointer: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let after = try definition(pointer, #function).after
        return after.indices.contains(index) ? after[index] : nil
    }
}

@c @implementation
public func xyz_definition_name(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try definition(pointer, #function).name }
}

@c @implementation
public func xyz_definition_after_alert_count(_ pointer: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try definition(pointer, #function).afterAlerts.count }
}

@c @implementation
public func xyz_definition_after_alert(_ pointer: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let names = try definition(pointer, #function).afterAlerts
        return names.indices.contains(index) ? names[index] : nil
    }
}

@c @implementation
public func xyz_definition_action_count(_ pointer: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try definition(pointer, #function).actions.count }
}

@c @implementation
public func xyz_definition_action_id(_ pointer: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let actions = try definition(pointer, #function).actions
        return actions.indices.contains(index) ? actions[index].id : nil
    }
}

@c @implementation
public func xyz_definition_action_title(_ pointer: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let actions = try definition(pointer, #function).actions
        return actions.indices.contains(index) ? actions[index].title : nil
    }
}

@c @implementation
public func xyz_definition_action_style(_ pointer: OpaquePointer?, _ index: Int) -> xyz_action_style {
    value(XYZ_ACTION_DEFAULT) { () throws(AlertError) in
        let actions = try definition(pointer, #function).definition.content.actions
        return actions.indices.contains(index)
            ? xyz_action_style(rawValue: UInt32(actions[index].style.rawValue)) : XYZ_ACTION_DEFAULT
    }
}

// MARK: The 0.1 names (deprecated in the header)

@c @implementation
public func xyz_alert_set_load_file(_ path: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    xyz_catalog_load_file(path, error)
}

@c @implementation
public func xyz_alert_set_load_string(_ json: UnsafePointer<CChar>?, _ length: Int, _ error: UnsafeMutablePointer<xyz_error>?) -> OpaquePointer? {
    xyz_catalog_load_string(json, length, error)
}

@c @implementation
public func xyz_alert_set_free(_ set: OpaquePointer?) {
    xyz_catalog_free(set)
}

@c @implementation
public func xyz_alert_set_count(_ set: OpaquePointer?) -> Int {
    xyz_catalog_definition_count(set)
}

@c @implementation
public func xyz_alert_set_id(_ set: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let definitions = try require(set, CCatalog.self, #function, "set").definitions
        return definitions.indices.contains(index) ? definitions[index].id : nil
    }
}

@c @implementation
public func xyz_alert_set_page(_ set: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        try require(set, CCatalog.self, #function, "set").definition(try requireString(id, #function, "id"))?.page
    }
}

@c @implementation
public func xyz_alert_set_create_alert(_ set: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> OpaquePointer? {
    xyz_catalog_create_alert(set, id)
}

@c @implementation
public func xyz_dispatch_add_set(_ dispatch: OpaquePointer?, _ set: OpaquePointer?) -> xyz_status {
    xyz_dispatch_add_catalog(dispatch, set)
}

@c @implementation
public func xyz_definition_ready(_ pointer: OpaquePointer?) -> Bool {
    xyz_definition_is_ready(pointer)
}

@c @implementation
public func xyz_definition_keyboard_avoidance(_ pointer: OpaquePointer?, _ adjust: UnsafeMutablePointer<Double>?) -> Bool {
    xyz_definition_has_keyboard_avoidance(pointer, adjust)
}
