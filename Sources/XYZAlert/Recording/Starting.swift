/// Starting and stopping a recording on a page (see `Recording`).
extension Dispatch {
    /// Starts recording this dispatch's domain (see `Recording`), replacing
    /// any recording started here before. Throws `.state` while the domain
    /// has live alerts, an active-child provider or a recording of its own
    /// (stop that first), or is delivering events.
    public func startRecording() throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("start recording")
        if domain.passes.isRunning {
            throw AlertError(.state, "cannot start recording from inside a callback of \(quotedName)'s domain")
        }
        if domain.index.liveCount > 0 {
            throw AlertError(.state, "cannot start recording: the domain of \(quotedName) has \(domain.index.liveCount) live alert(s), and what they did before cannot be replayed; start recording before adding alerts")
        }
        for dispatch in domain.dispatches {
            if dispatch.activeChildProvider != nil {
                throw AlertError(.state, "cannot start recording: \(dispatch.quotedName) has an active-child provider, which a file cannot hold; use setActiveChild")
            }
            if dispatch.recording != nil && dispatch.recording !== ownRecording {
                throw AlertError(.state, "cannot start recording: \(dispatch.quotedName) is being recorded already")
            }
        }
        ownRecording?.stop()
        ownRecording = Recording(domain)
    }

    /// Stops the recording started on this dispatch; it stays readable.
    /// Throws `.state` when none was started here.
    public func stopRecording() throws(AlertError) {
        defer { checkAfterCall() }
        guard let ownRecording else {
            throw AlertError(.state, "cannot stop recording: no recording was started on \(quotedName)")
        }
        ownRecording.stop()
    }

    /// The recording last started on this dispatch, running or stopped.
    public var startedRecording: Recording? { ownRecording }

    /// Whether a running recording includes this page.
    public var isRecorded: Bool { recording != nil }
}
