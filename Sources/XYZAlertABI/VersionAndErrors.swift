import CXYZAlert
import Glibc
import XYZAlert

// Version, status names, the last error, xyz_free, and the keyboard formula.

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
    return staticCString(index < names.count ? names[index] : "XYZ_UNKNOWN")
}

@c @implementation
public func xyz_last_error() -> UnsafePointer<CChar>? {
    LastError.current
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
