internal import CSystem
import CXYZAlert
import XYZAlert
import XYZAlertJSON

// xyz_alert_* content: actions (style, title, message and meta are
// properties of the table: PropertyFunctions.swift).

/// Changes one field of the content (the engine validates the state).
func editContent(_ pointer: OpaquePointer?, _ function: String,
                         _ edit: (inout AlertContent) throws(AlertError) -> Void) -> xyz_status {
    status { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, function, "alert")
        var content = alert.content
        try edit(&content)
        try alert.setContent(content)
    }
}

/// A string field of the content, as a borrowed C string.
private func contentString(_ pointer: OpaquePointer?, _ function: String, _ key: String,
                           _ field: (AlertContent) -> String?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, function, "alert")
        return CAlertData.of(alert).strings.get(key, field(alert.content))
    }
}

@c @implementation
public func xyz_alert_add_action(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ title: UnsafePointer<CChar>?,
                                 _ style: xyz_action_style) -> xyz_status {
    status { () throws(AlertError) in
        let function = "xyz_alert_add_action"
        let alert = try require(pointer, Alert.self, function, "alert")
        try alert.addAction(AlertAction(
            id: try requireString(id, function, "id"), title: try requireString(title, function, "title"),
            style: try checkedEnum(style.rawValue, ActionStyle.init(rawValue:), function, "xyz_action_style")))
    }
}

@c @implementation
public func xyz_alert_clear_actions(_ pointer: OpaquePointer?) -> xyz_status {
    editContent(pointer, #function) { $0.actions = [] }
}

@c @implementation
public func xyz_alert_action_count(_ pointer: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").content.actions.count }
}

@c @implementation
public func xyz_alert_action_id(_ pointer: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    contentString(pointer, #function, "action.id.\(index)") { $0.actions.indices.contains(index) ? $0.actions[index].id : nil }
}

@c @implementation
public func xyz_alert_action_title(_ pointer: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    contentString(pointer, #function, "action.title.\(index)") { $0.actions.indices.contains(index) ? $0.actions[index].title : nil }
}

@c @implementation
public func xyz_alert_action_style(_ pointer: OpaquePointer?, _ index: Int) -> xyz_action_style {
    value(XYZ_ACTION_DEFAULT) { () throws(AlertError) in
        let actions = try require(pointer, Alert.self, #function, "alert").content.actions
        return actions.indices.contains(index) ? xyz_action_style(rawValue: UInt32(actions[index].style.rawValue)) : XYZ_ACTION_DEFAULT
    }
}

/// `json` when it is none or the text of one JSON object (the loader's
/// rules: UTF-8, no duplicate keys); `.invalidArgument` with the line and
/// column otherwise. An alert's meta must be one (xyz_alert_set_meta).
func checkedObject(_ json: String?, _ function: String, _ what: String) throws(AlertError) -> String? {
    if let json {
        do throws(LoadError) {
            try Loader.checkObject(json, source: what)
        } catch {
            let at = error.position.map { " at line \($0.line), column \($0.column)" } ?? ""
            throw AlertError(.invalidArgument, "\(cName(function)): \(what) \(error.message)\(at)")
        }
    }
    return json
}
