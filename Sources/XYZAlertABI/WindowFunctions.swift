import CXYZAlert
import XYZAlert

// xyz_alert_*window*: windows, excludes and on_outside (docs/rules.md §22).

/// The window a C call describes (validated by the engine's setter).
private func cWindow(_ days: UInt32, _ from: Int32, _ to: Int32) -> TimeWindow {
    TimeWindow(days: days > 0xFF ? 0xFF : UInt8(days), from: Int(from), to: Int(to))
}

@c @implementation
public func xyz_alert_add_window(_ pointer: OpaquePointer?, _ days: UInt32, _ from: Int32, _ to: Int32) -> xyz_status {
    status { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        try alert.setWindows(alert.windows + [cWindow(days, from, to)])
    }
}

@c @implementation
public func xyz_alert_add_exclude(_ pointer: OpaquePointer?, _ days: UInt32, _ from: Int32, _ to: Int32) -> xyz_status {
    status { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        try alert.setExclude(alert.exclude + [cWindow(days, from, to)])
    }
}

@c @implementation
public func xyz_alert_clear_windows(_ pointer: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        try alert.setWindows([])
        try alert.setExclude([])
    }
}

@c @implementation
public func xyz_alert_window_count(_ pointer: OpaquePointer?, _ exclude: Bool) -> Int {
    value(0) { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        return exclude ? alert.exclude.count : alert.windows.count
    }
}

@c @implementation
public func xyz_alert_window(_ pointer: OpaquePointer?, _ exclude: Bool, _ index: Int, _ days: UnsafeMutablePointer<UInt32>?,
                             _ from: UnsafeMutablePointer<Int32>?, _ to: UnsafeMutablePointer<Int32>?) -> xyz_status {
    status { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        let list = exclude ? alert.exclude : alert.windows
        guard list.indices.contains(index) else {
            throw AlertError(.invalidArgument, "xyz_alert_window: index \(index) is out of range (the alert has \(list.count) \(exclude ? "excludes" : "windows"))")
        }
        days?.pointee = UInt32(list[index].days)
        from?.pointee = Int32(list[index].from)
        to?.pointee = Int32(list[index].to)
    }
}

@c @implementation
public func xyz_alert_is_in_window(_ pointer: OpaquePointer?, _ local: Double) -> Bool {
    value(false) { () throws(AlertError) in try require(pointer, Alert.self, #function, "alert").isOpen(atLocal: local) }
}
