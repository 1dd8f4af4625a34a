/// Which thread runs a domain's callbacks, for the embedding layer's check
/// that a domain is used from one thread at a time (the C layer refuses a
/// call made from another thread while a callback of the domain runs: see
/// Sources/XYZAlertABI/Threads.swift). The engine has no notion of threads:
/// it keeps the number the host gives for the thread running a callback
/// (`AlertHost.threadNumber`) while the callback runs.
/// The host code a domain is running (`Domain.hostCalls`).
struct HostCalls {
    /// What host code is running that must not change the schedule (an
    /// active-child provider, the host's clock), or nil.
    var readOnlyCallback: String?
    /// How many callbacks of the domain run, and the embedding layer's
    /// number for the thread running them.
    var depth = 0
    var thread: UInt = 0
    #if XYZALERT_CHECK_INVARIANTS
    /// Checked builds: how many callbacks the domain has made.
    var made = 0
    #endif
}

extension Domain {
    /// Runs `call` (one call into host code) with the domain marked as
    /// running host code on the host's thread.
    @inline(__always)
    func runHostCode(_ host: AlertHost, _ call: () -> Void) {
        let outer = (hostCalls.depth, hostCalls.thread)
        hostCalls.depth = outer.0 &+ 1
        hostCalls.thread = host.threadNumber
        #if XYZALERT_CHECK_INVARIANTS
        hostCalls.made &+= 1
        #endif
        call()
        (hostCalls.depth, hostCalls.thread) = outer
    }

    /// The thread running a callback of this domain, 0 when none runs.
    @inline(__always)
    var hostCodeRunner: UInt { hostCalls.depth > 0 ? hostCalls.thread : 0 }
}

extension Alert {
    /// The host's number for the thread running a callback of the domain
    /// of the page this alert was added to; 0 when none runs (or the alert
    /// is on no page).
    public var hostCodeThread: UInt {
        guard let dispatch else { return 0 }
        return dispatch.domain.hostCodeRunner
    }
}

extension Dispatch {
    /// The host's number for the thread running a callback of this page's
    /// domain; 0 when none runs.
    public var hostCodeThread: UInt { domain.hostCodeRunner }
}

#if XYZALERT_CHECK_INVARIANTS
extension Alert {
    /// Checked builds: how many callbacks the domain of the alert's page has
    /// made (0 on no page), so that the C layer can check that a call which
    /// borrows a handle made none.
    @_spi(Checking) public var hostCallsMade: Int { dispatch?.domain.hostCalls.made ?? 0 }
}

extension Dispatch {
    /// Checked builds: how many callbacks this dispatch's domain has made.
    @_spi(Checking) public var hostCallsMade: Int { domain.hostCalls.made }
}
#endif
