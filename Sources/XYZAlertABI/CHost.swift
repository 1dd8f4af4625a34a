import CXYZAlert
internal import CSystem
import XYZAlert

/// A C host: calls the callbacks of an `xyz_host` copy. It is the engine host
/// of every dispatch created through the C API and keeps the dispatch's
/// C-side data (its name as a C string). Its context is destroyed with it,
/// which the engine arranges to happen last in `destroy()` (and, from inside
/// a callback, once that callback returns). It numbers threads for the
/// engine's mark of where callbacks run (Threads.swift).
final class CHost: AlertHost {
    let callbacks: xyz_host
    let strings = CStrings()
    /// The active-child provider the engine holds for this dispatch, if any.
    /// Unowned: the engine's closure owns it, and a provider that dies
    /// clears this first (`CProvider.deinit`), so it always names a live one.
    private var providerReference: Unmanaged<CProvider>?
    var provider: CProvider? {
        get { providerReference?.takeUnretainedValue() }
        set { providerReference = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// Whether `provider` is `candidate`, by address (for its deinit).
    func holds(_ candidate: UnsafeMutableRawPointer) -> Bool {
        providerReference?.toOpaque() == candidate
    }

    init(_ callbacks: xyz_host) {
        self.callbacks = callbacks
    }

    deinit {
        callbacks.destroy_context?(callbacks.context)
    }

    var defersPasses: Bool { callbacks.request_flush != nil }

    var threadNumber: UInt { currentThread() }

    func show(_ alert: Alert, target: String, view: ViewHandle?) {
        guard let show = callbacks.show else { return }
        target.withCString { show(handle(alert), $0, view, callbacks.context) }
    }

    func hide(_ alert: Alert, reason: HideReason) {
        callbacks.hide?(handle(alert), xyz_hide_reason(rawValue: UInt32(reason.rawValue)), callbacks.context)
    }

    func unhide(_ alert: Alert) {
        callbacks.unhide?(handle(alert), callbacks.context)
    }

    func remove(_ alert: Alert, reason: EndReason) {
        callbacks.remove?(handle(alert), xyz_end_reason(rawValue: UInt32(reason.rawValue)), callbacks.context)
    }

    func finish(_ alert: Alert, reason: EndReason) {
        callbacks.finish?(handle(alert), xyz_end_reason(rawValue: UInt32(reason.rawValue)), callbacks.context)
    }

    func move(_ alert: Alert, dy: Double, duration: Double) {
        callbacks.move?(handle(alert), dy, duration, callbacks.context)
    }

    func action(_ alert: Alert, index: Int) {
        callbacks.action?(handle(alert), index, callbacks.context)
    }

    func requestFlush(_ root: Dispatch) {
        callbacks.request_flush?(handle(root), callbacks.context)
    }

    func now() -> Double? {
        callbacks.now.map { $0(callbacks.context) }
    }

    func setTimer(_ root: Dispatch, delay: Double) {
        callbacks.set_timer?(handle(root), delay, callbacks.context)
    }

    func update(_ alert: Alert) {
        callbacks.update?(handle(alert), callbacks.context)
    }

    func announce(_ alert: Alert, politeness: Politeness, text: String) {
        guard let announce = callbacks.announce else { return }
        text.withCString { announce(handle(alert), xyz_politeness(rawValue: UInt32(politeness.rawValue)), $0, callbacks.context) }
    }

    func campaign(_ root: Dispatch, campaign: String, kind: CampaignEventKind, reason: SkipReason, alert: Alert?) {
        guard let callback = callbacks.campaign else { return }
        let event = xyz_campaign_event(rawValue: UInt32(kind.rawValue))
        campaign.withCString { id in
            if kind == .skip || kind == .miss {
                reason.description.withCString { callback(handle(root), id, event, $0, alert.map(handle), callbacks.context) }
            } else {
                callback(handle(root), id, event, nil, alert.map(handle), callbacks.context)
            }
        }
    }
}

extension CHost {
    /// The host's `utc_offset`, or the process's time zone through
    /// `localtime_r` (docs/rules.md §22).
    func utcOffset(_ root: Dispatch, wall: Double) -> Double? {
        if let callback = callbacks.utc_offset {
            return callback(wall, callbacks.context)
        }
        return processUTCOffset(at: wall)
    }

    /// Without a history, windows and calendar caps read the system's real-time clock.
    func wallClock() -> Double? { realTime() }
}

/// Seconds east of UTC of the process's time zone at `wall` (0 when the C
/// library cannot say: a time out of its range).
func processUTCOffset(at wall: Double) -> Double {
    guard wall.isFinite, abs(wall) < 1e15 else { return 0 }
    var time = time_t(wall.rounded(.down))
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return Double(parts.tm_gmtoff)
}

/// An active-child provider handed over from C, with its context finalizer.
/// The finalizer is armed only once the engine has accepted the provider.
final class CProvider {
    let function: xyz_active_child_fn
    let context: UnsafeMutableRawPointer?
    var free: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    /// The host that names this provider (kept alive by it, so that the
    /// deinit can clear the host's unowned reference).
    let host: CHost?

    init(_ function: @escaping xyz_active_child_fn, _ context: UnsafeMutableRawPointer?, host: CHost?) {
        self.function = function
        self.context = context
        self.host = host
    }

    deinit {
        if let host, host.holds(Unmanaged.passUnretained(self).toOpaque()) {
            host.provider = nil
        }
        free?(context)
    }

    func callAsFunction(_ parent: Dispatch) -> Dispatch? {
        object(function(handle(parent), context), Dispatch.self)
    }
}

/// The C side of an alert, kept in its `hostData`: user data with its
/// destructor, and the C strings handed out by getters.
final class CAlertData {
    var userData: UnsafeMutableRawPointer?
    var destroyUserData: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    let strings = CStrings()

    deinit {
        destroyUserData?(userData)
    }

    static func of(_ alert: Alert) -> CAlertData {
        if let data = alert.hostData as? CAlertData {
            return data
        }
        let data = CAlertData()
        alert.hostData = data
        return data
    }
}

/// Borrowed C strings, one per key, valid until the value under that key
/// changes (the next getter call then replaces it) or the owner dies.
final class CStrings {
    /// A handful of keys per object: a list searched in order costs less
    /// than a dictionary's hashing of the key at every call.
    private var cache: [(key: String, value: String, pointer: UnsafeMutablePointer<CChar>)] = []

    func get(_ key: String, _ value: String?) -> UnsafePointer<CChar>? {
        guard let value else { return nil }
        guard let k = cache.firstIndex(where: { $0.key == key }) else {
            let pointer = strdup(value)!
            cache.append((key, value, pointer))
            return UnsafePointer(pointer)
        }
        if cache[k].value.utf8.elementsEqual(value.utf8) { // (byte for byte, without copies)
            return UnsafePointer(cache[k].pointer)
        }
        free(cache[k].pointer)
        let pointer = strdup(value)!
        cache[k] = (key, value, pointer)
        return UnsafePointer(pointer)
    }

    deinit {
        for entry in cache {
            free(entry.pointer)
        }
    }
}
