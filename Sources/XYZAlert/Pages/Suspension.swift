/// Suspending a dispatch (docs/rules.md §13): holding back the candidates of
/// a page and of its descendants, during onboarding for instance.
///
/// Each dispatch counts its suspensions; it is *held* while it or an
/// ancestor is suspended, which `computeParticipation` works out with rule
/// 1 (so suspending and resuming cost what a change of participation costs).
/// A held dispatch's candidates are not selected; on-screen alerts,
/// participation, ends, timers and keyboard moves are unaffected.
extension Dispatch {
    /// Whether this dispatch itself is suspended (its count is above 0). Its
    /// candidates are also held while an ancestor is suspended: see `heldBy`.
    public var isSuspended: Bool { suspensions > 0 }

    /// The suspended dispatch (this one or the nearest ancestor) that holds
    /// this dispatch's candidates back, or nil.
    public var heldBy: Dispatch? {
        var dispatch: Dispatch? = self
        while let d = dispatch {
            if d.suspensions > 0 {
                return d
            }
            dispatch = d.parent
        }
        return nil
    }

    /// Holds back the candidates of this dispatch and its descendants until
    /// the matching `resume()`. Counted: two suspends need two resumes. Runs
    /// no pass (nothing on screen changes).
    public func suspend() throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("suspend the page")
        let recorded = recordPageCall(.suspend)
        defer { recorded?.end() }
        suspensions += 1
        if suspensions == 1 {
            domain.participationChanged(below: self)
        }
    }

    /// Undoes one `suspend()`; the one that brings the count to 0 runs a
    /// pass (or requests a flush). Throws `.state` without a matching suspend.
    public func resume() throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("resume the page")
        guard suspensions > 0 else {
            throw AlertError(.state, "cannot resume \(quotedName): it is not suspended")
        }
        let recorded = recordPageCall(.resume)
        defer { recorded?.end() }
        suspensions -= 1
        if suspensions == 0 {
            domain.participationChanged(below: self)
            try Settlement.settle(domain)
        }
    }
}
