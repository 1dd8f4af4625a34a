import CXYZAlert
internal import CSystem
#if XYZALERT_CHECK_INVARIANTS
@_spi(Checking) import XYZAlert
#else
import XYZAlert
#endif

// Converting handles, statuses and errors at the C boundary. Nothing thrown
// in Swift crosses it: every failure becomes an xyz_status plus a message in
// the thread's last error.

/// The handle of an alert, dispatch, catalog or definition, borrowed (no
/// reference added).
func handle<T: AnyObject>(_ object: T) -> OpaquePointer {
    OpaquePointer(Unmanaged.passUnretained(object).toOpaque())
}

/// The object behind a handle (an alert, dispatch, alert set or scenario),
/// borrowed: no reference is added.
func object<T: AnyObject>(_ pointer: OpaquePointer?, _ type: T.Type) -> T? {
    guard let pointer else { return nil }
    #if XYZALERT_CHECK_INVARIANTS
    guard isHandle(pointer, of: T.self) else { return nil }
    #endif
    return Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

/// Whether `pointer` is a handle of type `T`: every handle is a Swift
/// object, whose class is its type tag. Checked builds (-D
/// XYZALERT_CHECK_INVARIANTS) ask it of every handle a call receives, so
/// that a handle of the wrong type (easy to pass through ctypes' void
/// pointers) is XYZ_EINVAL there rather than undefined behaviour; release
/// builds trust the C types.
func isHandle<T: AnyObject>(_ pointer: OpaquePointer, of type: T.Type) -> Bool {
    Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue() is T
}

/// An optional handle argument (NULL means none): the object, or nil for
/// NULL; `wrongHandle` in checked builds for a handle of another type.
@inline(__always)
func optional<T: AnyObject>(_ pointer: OpaquePointer?, _ type: T.Type, _ function: String,
                             _ what: @autoclosure () -> String) throws(AlertError) -> T? {
    #if XYZALERT_CHECK_INVARIANTS
    if let pointer, !isHandle(pointer, of: T.self) {
        throw wrongHandle(function, what(), T.self)
    }
    #endif
    return object(pointer, type)
}

/// The error of a handle of another type: `.invalidArgument`.
func wrongHandle<T: AnyObject>(_ function: String, _ what: String, _ type: T.Type) -> AlertError {
    AlertError(.invalidArgument, "\(cName(function)): \(what) is not a handle of type \(handleName(T.self))")
}

/// A handle type's C name, for messages.
func handleName<T: AnyObject>(_ type: T.Type) -> String {
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(Alert.self): "xyz_alert"
    case ObjectIdentifier(Dispatch.self): "xyz_dispatch"
    case ObjectIdentifier(History.self): "xyz_history"
    case ObjectIdentifier(CCatalog.self): "xyz_catalog"
    case ObjectIdentifier(CDefinition.self): "xyz_definition"
    case ObjectIdentifier(CScenario.self): "xyz_scenario"
    default: "\(type)"
    }
}

/// The C function's name from `#function` ("xyz_alert_cancel(_:)" -> "xyz_alert_cancel").
func cName(_ function: String) -> String {
    String(function.prefix { $0 != "(" })
}

/// The error of a NULL argument: `.invalidArgument`, "FUNCTION: WHAT is NULL".
func nullArgument(_ function: String, _ what: String) -> AlertError {
    AlertError(.invalidArgument, "\(cName(function)): \(what) is NULL")
}

/// The object behind a handle; `nullArgument` for NULL, `.state` for a
/// call from another thread while a callback of the alert's or page's
/// domain runs (Threads.swift).
@inline(__always)
func require<T: AnyObject>(_ pointer: OpaquePointer?, _ type: T.Type, _ function: String, _ what: String)
    throws(AlertError) -> T {
    guard let found = try optional(pointer, type, function, what) else {
        throw nullArgument(function, what)
    }
    // (Metatype comparisons, which specialization folds, where a dynamic
    // cast would run at every call.)
    if T.self == Alert.self {
        try requireThread(unsafeDowncast(found, to: Alert.self).hostCodeThread, function)
    } else if T.self == Dispatch.self {
        try requireThread(unsafeDowncast(found, to: Dispatch.self).hostCodeThread, function)
    }
    return found
}

/// Runs `body` on the object behind a handle without a reference count
/// change; `nullArgument` for NULL, as `require`. Only for functions
/// that call no host code and end nothing (setters and getters of an
/// alert's own fields): the handle is valid when the call starts, and
/// nothing can release the object before it returns. A call that delivers
/// events or ends an alert (`dismiss`, `add`) must hold its own reference
/// with `require`: a callback may release the caller's last one, and an
/// alert the engine alone keeps alive is freed as it finishes. For the
/// setters of every app's hot path, which then pay no retain and release.
/// Builds with `-D XYZALERT_CHECK_INVARIANTS` check that no callback of
/// the object's domain ran during `body`.
@inline(__always)
func borrowing<T: AnyObject, R>(_ pointer: OpaquePointer?, _ type: T.Type, _ function: String, _ what: String,
                                _ body: (T) throws(AlertError) -> R) throws(AlertError) -> R {
    guard let pointer else {
        throw nullArgument(function, what)
    }
    #if XYZALERT_CHECK_INVARIANTS
    guard isHandle(pointer, of: T.self) else {
        throw wrongHandle(function, what, T.self)
    }
    #endif
    var result: Result<R, AlertError>?
    Unmanaged<T>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef { object in
        do throws(AlertError) {
            if T.self == Alert.self {
                try requireThread(unsafeDowncast(object, to: Alert.self).hostCodeThread, function)
            }
            #if XYZALERT_CHECK_INVARIANTS
            let callsBefore = hostCallsMade(by: object)
            defer {
                precondition(hostCallsMade(by: object) == callsBefore,
                             "XYZAlert: \(cName(function)) borrowed its handle and host code ran meanwhile")
            }
            #endif
            result = .success(try body(object))
        } catch {
            result = .failure(error)
        }
    }
    return try result!.get()
}

#if XYZALERT_CHECK_INVARIANTS
/// Checked builds: how many callbacks the domain of an alert or dispatch
/// has made (0 for other objects), for `borrowing`'s check.
private func hostCallsMade(by object: AnyObject) -> Int {
    if let alert = object as? Alert {
        return alert.hostCallsMade
    }
    if let dispatch = object as? Dispatch {
        return dispatch.hostCallsMade
    }
    return 0
}
#endif

/// A C string as a `String` with exactly its bytes; `.invalidArgument` for
/// NULL or for bytes that are not valid UTF-8 (Swift would otherwise repair
/// them into U+FFFD and hand back different bytes).
func requireString(_ pointer: UnsafePointer<CChar>?, _ function: String, _ what: String) throws(AlertError) -> String {
    guard let pointer else {
        throw nullArgument(function, what)
    }
    return try validString(pointer, function, what)
}

/// As `requireString`, but NULL is nil.
func optionalString(_ pointer: UnsafePointer<CChar>?, _ function: String, _ what: String) throws(AlertError) -> String? {
    guard let pointer else { return nil }
    return try validString(pointer, function, what)
}

private func validString(_ pointer: UnsafePointer<CChar>, _ function: String, _ what: String) throws(AlertError) -> String {
    // (String(validatingCString:) takes the standard library's fast path for
    // ASCII, which String(validating:as:) over a buffer does not.)
    guard let text = String(validatingCString: pointer) else {
        throw AlertError(.invalidArgument, "\(cName(function)): \(what) is not valid UTF-8")
    }
    return text
}

/// Runs `body`, turning a thrown error into its status and last error.
func status(_ body: () throws(AlertError) -> Void) -> xyz_status {
    do {
        try body()
        return XYZ_OK
    } catch {
        LastError.set(error.message, tookEffect: error.tookEffect)
        return xyz_status(rawValue: UInt32(error.code.rawValue))
    }
}

/// For getters: the value, or `fallback` with the last error set.
func value<T>(_ fallback: T, _ body: () throws(AlertError) -> T) -> T {
    do {
        return try body()
    } catch {
        LastError.set(error.message)
        return fallback
    }
}

/// A copy of `text` that the caller frees with xyz_free.
func ownedCString(_ text: String) -> UnsafeMutablePointer<CChar>? {
    strdup(text)
}

/// Validates a C enum's raw value against its cases.
func checkedEnum<T: RawRepresentable>(_ raw: UInt32, _ make: (Int32) -> T?, _ function: String, _ what: String) throws(AlertError) -> T {
    guard raw <= UInt32(Int32.max), let value = make(Int32(raw)) else {
        throw AlertError(.invalidArgument, "\(cName(function)): \(raw) is not a valid \(what)")
    }
    return value
}

/// Copies `value`, a versioned struct whose first field is its `size` (a
/// UInt32), to `out` as far as the caller's `size` reaches;
/// `.invalidArgument` for a size below `firstSize` (the struct's first
/// version). The caller's `size` stays as it was.
func copyVersioned<T>(_ value: T, to out: UnsafeMutablePointer<T>, firstSize: Int, _ initMacro: String,
                      _ function: String) throws(AlertError) {
    let raw = UnsafeMutableRawPointer(out)
    let size = Int(raw.load(as: UInt32.self))
    guard size >= firstSize else {
        throw AlertError(.invalidArgument, "\(cName(function)): out->size is \(size), smaller than any version of "
                         + "the struct (set it with \(initMacro))")
    }
    withUnsafeBytes(of: value) { bytes in
        // (Everything after the caller's own `size`.)
        let count = min(size, bytes.count) - MemoryLayout<UInt32>.size
        (raw + MemoryLayout<UInt32>.size).copyMemory(from: bytes.baseAddress! + MemoryLayout<UInt32>.size, byteCount: count)
    }
}
