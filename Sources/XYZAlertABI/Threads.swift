internal import CSystem
import XYZAlert

// The header's contract is one thread at a time per domain. What breaks it
// is refused where that is cheap to see: while a callback of a domain runs
// (host code, the long part of most calls), a call on one of its alerts or
// pages from another thread fails with XYZ_ESTATE instead of changing the
// engine's memory under the running call. Not seen: two calls that overlap
// only inside the engine's own code (no callback running), and calls on an
// alert not added to a page. docs/guide.md, "Threads", says so.

/// This thread's number (`AlertHost.threadNumber`).
@inline(__always)
func currentThread() -> UInt {
    UInt(pthread_self())
}

/// Throws `.state` when a callback of the domain runs on another thread
/// (`runner`: `Alert.hostCodeThread` or `Dispatch.hostCodeThread`).
@inline(__always)
func requireThread(_ runner: UInt, _ function: String) throws(AlertError) {
    if runner != 0 && runner != currentThread() {
        throw threadError(function)
    }
}

@inline(never)
private func threadError(_ function: String) -> AlertError {
    AlertError(.state, "\(cName(function)): called from two threads at once: a callback of this domain is running on another thread, and a domain must be used from one thread at a time")
}
