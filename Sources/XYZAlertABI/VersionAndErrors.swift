import CXYZAlert
internal import CSystem
import XYZAlert

// Version, status and enum names, the last error, xyz_free, and the keyboard formula.

/// XYZALERT_VERSION_STRING as a C string: made once, never changed or freed.
private nonisolated(unsafe) let versionString: UnsafeMutablePointer<CChar> = strdup(XYZALERT_VERSION_STRING)

private func staticCString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func xyz_version() -> CInt {
    CInt(XYZALERT_VERSION_MAJOR * 1_000_000 + XYZALERT_VERSION_MINOR * 1_000 + XYZALERT_VERSION_PATCH)
}

@c @implementation
public func xyz_version_string() -> UnsafePointer<CChar>? {
    UnsafePointer(versionString)
}

@c @implementation
public func xyz_status_name(_ status: xyz_status) -> UnsafePointer<CChar>? {
    let names: [StaticString] = [
        "XYZ_OK", "XYZ_EINVAL", "XYZ_ESTATE", "XYZ_EDUPLICATE", "XYZ_ECYCLE", "XYZ_ENOTFOUND",
        "XYZ_EPARSE", "XYZ_ESCHEMA", "XYZ_EIO", "XYZ_EOWNER",
    ]
    let index = Int(status.rawValue)
    return staticCString(index < names.count ? names[index] : "unknown")
}

/// names[raw] as a static C string, or "unknown" (values a newer library or
/// a bad cast may pass).
private func name(_ raw: UInt32, _ names: [StaticString]) -> UnsafePointer<CChar> {
    staticCString(raw < UInt32(names.count) ? names[Int(raw)] : "unknown")
}

@c @implementation
public func xyz_why_code_name(_ code: xyz_why_code) -> UnsafePointer<CChar>? {
    name(code.rawValue, ["idle", "showing", "hidden_page", "hidden_covered", "not_ready", "show_after", "dependency",
                         "id_dependency", "page_not_visible", "not_active_child", "suspended", "behind",
                         "lower_priority", "deferred", "lane_gap", "capped", "cooling_down", "min_visible", "finished", "held",
                         "trigger_delay", "outside_window"])
}

@c @implementation
public func xyz_state_name(_ state: xyz_state) -> UnsafePointer<CChar>? {
    name(state.rawValue, ["idle", "waiting", "ready", "showing", "hidden", "finished"])
}

@c @implementation
public func xyz_exclusive_name(_ exclusive: xyz_exclusive) -> UnsafePointer<CChar>? {
    name(exclusive.rawValue, ["wait", "cover", "hide_others"])
}

@c @implementation
public func xyz_on_duplicate_name(_ policy: xyz_on_duplicate) -> UnsafePointer<CChar>? {
    name(policy.rawValue, ["reject", "ignore", "replace", "update", "coalesce"])
}

@c @implementation
public func xyz_politeness_name(_ politeness: xyz_politeness) -> UnsafePointer<CChar>? {
    name(politeness.rawValue, ["polite", "assertive", "off"])
}

@c @implementation
public func xyz_on_capped_name(_ policy: xyz_on_capped) -> UnsafePointer<CChar>? {
    name(policy.rawValue, ["drop", "wait"])
}

@c @implementation
public func xyz_when_displaced_name(_ policy: xyz_when_displaced) -> UnsafePointer<CChar>? {
    name(policy.rawValue, ["restore", "drop"])
}

@c @implementation
public func xyz_preempt_name(_ preempt: xyz_preempt) -> UnsafePointer<CChar>? {
    name(preempt.rawValue, ["lower", "equal"])
}

@c @implementation
public func xyz_on_full_name(_ policy: xyz_on_full) -> UnsafePointer<CChar>? {
    name(policy.rawValue, ["queue", "evict_oldest"])
}

@c @implementation
public func xyz_order_name(_ order: xyz_order) -> UnsafePointer<CChar>? {
    name(order.rawValue, ["fifo", "lifo"])
}

@c @implementation
public func xyz_limit_per_name(_ per: xyz_limit_per) -> UnsafePointer<CChar>? {
    name(per.rawValue, ["session", "lifetime", "window", "day", "week"])
}

@c @implementation
public func xyz_on_outside_name(_ policy: xyz_on_outside) -> UnsafePointer<CChar>? {
    name(policy.rawValue, ["wait", "drop"])
}

@c @implementation
public func xyz_step_kind_name(_ kind: xyz_step_kind) -> UnsafePointer<CChar>? {
    name(kind.rawValue, stepKeys)
}

@c @implementation
public func xyz_hide_reason_name(_ reason: xyz_hide_reason) -> UnsafePointer<CChar>? {
    name(reason.rawValue, ["page", "covered"])
}

@c @implementation
public func xyz_end_reason_name(_ reason: xyz_end_reason) -> UnsafePointer<CChar>? {
    name(reason.rawValue, ["dismissed", "cancelled", "destroyed", "timeout", "expired", "duplicate", "replaced", "dropped",
                           "capped", "evicted", "displaced", "ineligible", "outside_window", "control", "withdrawn"])
}

@c @implementation
public func xyz_campaign_event_name(_ kind: xyz_campaign_event) -> UnsafePointer<CChar>? {
    name(kind.rawValue, ["trigger", "skip", "control"])
}

@c @implementation
public func xyz_action_style_name(_ style: xyz_action_style) -> UnsafePointer<CChar>? {
    name(style.rawValue, ["default", "cancel", "destructive"])
}

@c @implementation
public func xyz_last_error() -> UnsafePointer<CChar>? {
    LastError.current
}

@c @implementation
public func xyz_last_error_has_effects() -> Bool {
    LastError.tookEffect
}

@c @implementation
public func xyz_last_error_pointer() -> UnsafePointer<CChar>? {
    LastError.pointer
}

@c @implementation
public func xyz_free(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}

@c @implementation
public func xyz_keyboard_offset(_ frame: xyz_rect, _ keyboard: xyz_rect, _ adjust: Double) -> Double {
    keyboardOffset(frame: Rect(frame), keyboard: Rect(keyboard), adjust: adjust)
}

extension Rect {
    init(_ rect: xyz_rect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}
