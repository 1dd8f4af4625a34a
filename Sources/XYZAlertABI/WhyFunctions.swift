internal import CSystem
import CXYZAlert
import XYZAlert

// xyz_alert_why: reasons as data (xyz_why_code_name is with the other names).

@c @implementation
public func xyz_alert_why(_ pointer: OpaquePointer?, _ out: UnsafeMutablePointer<xyz_why>?) -> xyz_status {
    status { () throws(AlertError) in
        // (`require`, not `borrowing`: reading the clock may call the host.)
        let alert = try require(pointer, Alert.self, #function, "alert")
        guard let out else { throw AlertError(.invalidArgument, "xyz_alert_why: out is NULL") }
        let why = alert.why()
        var c = xyz_why()
        c.size = UInt32(MemoryLayout<xyz_why>.size)
        c.code = xyz_why_code(rawValue: UInt32(why.code.rawValue))
        c.alert = why.alert.map(handle)
        c.page = why.page.map(handle)
        c.id = CAlertData.of(alert).strings.get("why.id", why.id)
        c.until = why.until ?? -1
        c.end_reason = xyz_end_reason(rawValue: UInt32(alert.endReason?.rawValue ?? 0))
        c.key = CAlertData.of(alert).strings.get("why.key", why.key)
        c.rule = CAlertData.of(alert).strings.get("why.rule", why.rule)
        try copyVersioned(c, to: out, firstSize: MemoryLayout<xyz_why>.size, "XYZ_WHY_INIT", #function)
    }
}
