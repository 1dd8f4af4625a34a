import Glibc

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

    private static let none: StaticString = "no error"

    static func set(_ message: String) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(old)
    }

    static var current: UnsafePointer<CChar> {
        if let message = pthread_getspecific(key) {
            return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
        }
        return UnsafeRawPointer(none.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
