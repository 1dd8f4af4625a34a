internal import CSystem

/// The thread's last error message, in thread-local storage (a pthread key
/// whose destructor frees the message when the thread exits). The key itself
/// is created once and never changes; there is no other global state.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { message in free(message) }
        precondition(result == 0, "xyzalert: cannot create the thread-local error key")
        return key
    }()

    /// Set (to a non-NULL marker, nothing to free) when the last failure
    /// left its events standing: a call whose passes did not settle.
    private static let tookEffectKey: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key, nil)
        precondition(result == 0, "xyzalert: cannot create the thread-local error key")
        return key
    }()

    /// The JSON pointer of the last failure when it was a load's, in full.
    private static let pointerKey: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in free(pointer) }
        precondition(result == 0, "xyzalert: cannot create the thread-local error key")
        return key
    }()

    private static let none: StaticString = "no error"
    private static let empty: StaticString = ""

    static func set(_ message: String, tookEffect: Bool = false, pointer: String? = nil) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(old)
        pthread_setspecific(tookEffectKey, tookEffect ? UnsafeRawPointer(bitPattern: 1) : nil)
        let oldPointer = pthread_getspecific(pointerKey)
        pthread_setspecific(pointerKey, pointer.map { UnsafeRawPointer(strdup($0)) } ?? nil)
        free(oldPointer)
    }

    /// The last failure's JSON pointer ("" when it was not a load's).
    static var pointer: UnsafePointer<CChar> {
        if let pointer = pthread_getspecific(pointerKey) {
            return UnsafePointer(pointer.assumingMemoryBound(to: CChar.self))
        }
        return UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// Whether the last failure on this thread changed something.
    static var tookEffect: Bool { pthread_getspecific(tookEffectKey) != nil }

    static var current: UnsafePointer<CChar> {
        if let message = pthread_getspecific(key) {
            return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
        }
        return UnsafeRawPointer(none.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
