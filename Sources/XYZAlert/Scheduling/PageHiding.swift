/// Hiding the alerts of pages that stop participating, right away.
extension Domain {
    /// `pageWillDisappear`: hides, top of stack first, every showing alert
    /// whose page no longer participates, right away in both pass modes; each
    /// at most once. One sweep down the stack, O(stack) plus participation,
    /// which restarts from the top (skipping hidden alerts) after a callback
    /// that changed the stack or participation.
    func hidePagesNow() {
        passes.hideSweeps += 1
        let sweep = passes.hideSweeps
        computeParticipation(askProviders: true)
        var version = (screen.version, participation.version)
        var i = stack.count - 1
        while !isDead && i >= 0 {
            let alert = stack[i]
            i -= 1
            let dispatch = alert.dispatch!
            guard alert.hideMark < sweep, alert.state == .showing, !dispatch.isParticipating, !dispatch.isDestroyed else {
                continue
            }
            alert.hideMark = sweep
            alert.state = .hidden
            if alert.deadlineIndex >= 0 {
                pauseDuration(alert)
            }
            dispatch.recording?.delivered(alert, finished: false)
            if let host = dispatch.host {
                runHostCode(host) { host.hide(alert, reason: .page) }
            }
            computeParticipation(askProviders: true)
            if version != (screen.version, participation.version) {
                version = (screen.version, participation.version)
                i = stack.count - 1
            }
        }
    }
}
