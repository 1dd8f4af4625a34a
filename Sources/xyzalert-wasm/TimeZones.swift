internal import CSystem

/// The WebAssembly build's time zone names: whether JavaScript's `Intl`
/// knows the name (make wasm compiles this file into XYZAlertJSON instead of
/// Sources/XYZAlertJSON/TimeZones.swift, which reads the system's database).
enum TimeZones {
    /// Whether the JavaScript side's `Intl.DateTimeFormat` takes `name`.
    static func exists(_ name: String) -> Bool {
        name.withCString { xyz_time_zone_exists($0) != 0 }
    }
}
