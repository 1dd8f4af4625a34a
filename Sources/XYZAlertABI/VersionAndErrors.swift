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

/// names[raw] as a static C string, or "unknown" (values a newer library or
/// a bad cast may pass): every *_name() function (EnumNames.swift).
func enumName(_ raw: UInt32, _ names: [StaticString]) -> UnsafePointer<CChar> {
    staticCString(raw < UInt32(names.count) ? names[Int(raw)] : "unknown")
}

@c @implementation
public func xyz_step_kind_name(_ kind: xyz_step_kind) -> UnsafePointer<CChar>? {
    enumName(kind.rawValue, stepKeys)
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
