import Glibc
import XYZAlert

// The header's contract is one thread at a time per domain. What breaks it
// is refused where that is cheap to see: while a callback of a domain runs
// (host code, the long part of most calls), a call on one of its alerts or
// pages from another thread fails with XYZ_ESTATE instead of changing the
// engine's memory under the running call. Not seen: two calls that overlap
// only inside the engine's own code (no callback running), and calls on an
// alert not added to a page. The README's "Threads" section says so.

/// Marks a callback of `dispatch`'s domain as running on this thread while
/// `body` runs.
@inline(__always)
func runningHostCode(_ dispatch: Dispatch?, _ body: () -> Void) {
    guard let dispatch else {
        body()
        return
    }
    dispatch.hostCode = (dispatch.hostCode.depth + 1, UInt(pthread_self()))
    body()
    // (Counted down, not restored: the callback may have joined the page
    // to another domain, whose own count this then is.)
    let depth = max(0, dispatch.hostCode.depth - 1)
    dispatch.hostCode = (depth, depth > 0 ? dispatch.hostCode.thread : 0)
}

/// Throws `.state` when a callback of `dispatch`'s domain runs on another
/// thread.
@inline(__always)
func requireThread(_ dispatch: Dispatch?, _ function: String) throws(AlertError) {
    guard let dispatch, dispatch.hostCode.depth > 0 else { return }
    if dispatch.hostCode.thread != UInt(pthread_self()) {
        throw threadError(function)
    }
}

@inline(never)
private func threadError(_ function: String) -> AlertError {
    AlertError(.state, "\(cName(function)): called from two threads at once: a callback of this domain is running on another thread, and a domain must be used from one thread at a time")
}
