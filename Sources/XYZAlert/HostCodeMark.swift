/// Where host code runs for a domain, for the embedding layer's check that
/// a domain is used from one thread at a time (the C layer refuses a call
/// made from another thread while a callback of the domain runs, see
/// Sources/XYZAlertABI/Threads.swift). The engine has no notion of threads:
/// it only keeps the number the embedding layer gives it.
extension Dispatch {
    /// How many callbacks of this page's domain are running, and the thread
    /// (an embedding layer's number for it) that runs them while any does.
    public var hostCode: (depth: Int, thread: UInt) {
        get { (domain.hostCodeDepth, domain.hostCodeThread) }
        set {
            domain.hostCodeDepth = newValue.depth
            domain.hostCodeThread = newValue.thread
        }
    }
}
