/// A domain's keyboard and its move sweeps (`Domain.keyboard`).
struct KeyboardState {
    /// The keyboard's frame (zero: hidden).
    var frame = Rect.zero
    /// How many alerts of the stack have a nonzero `offset`. With the
    /// keyboard hidden every wanted offset is 0, so while this is 0 too a
    /// move sweep has nothing to do and `moveStep` returns at once.
    var offsetAlerts = 0
    /// Numbers the sweeps of `moveStep` (see `PassState.hideSweeps`).
    var moveSweeps = 0
    /// Whether a `move` callback is running, and the duration of a move
    /// asked for from inside it (a frame, the keyboard or an avoidance
    /// setting changed there): the sweep runs again once it returns.
    var moveIsRunning = false
    var movePendingDuration: Double?
}

/// Keyboard avoidance: moving on-screen alerts out of the keyboard's way.
extension Domain {
    /// Moves, top of stack first, every showing alert whose wanted offset
    /// differs from its current one; each at most once. Returns the count.
    ///
    /// One sweep down the stack: O(stack). A callback that changes a frame,
    /// the keyboard or an avoidance setting runs a nested sweep at once, which
    /// leaves every offset right, so the sweep goes on below; after a callback
    /// that changed the stack it restarts from the top, skipping what it moved.
    /// A `move` callback's own change is not swept inside it (a host that
    /// sets the frame it is told to move would recurse without end): the
    /// sweep starts again from the top, as a new sweep, once it returns, so
    /// each change costs one sweep and the stack does not grow.
    /// (The check for nothing to move is inlined: every pass ends with it.)
    @discardableResult @inline(__always)
    func moveStep(duration: Double) -> Int {
        if keyboard.frame.height <= 0 && keyboard.offsetAlerts == 0 {
            return 0
        }
        return moveSweep(duration: duration)
    }

    private func moveSweep(duration: Double) -> Int {
        if keyboard.moveIsRunning {
            keyboard.movePendingDuration = duration
            return 0
        }
        var duration = duration
        keyboard.moveSweeps += 1
        var sweep = keyboard.moveSweeps
        var version = screen.version
        var moved = 0
        var i = stack.count - 1
        while !isDead && i >= 0 {
            let alert = stack[i]
            i -= 1
            let dispatch = alert.dispatch!
            guard alert.moveMark < sweep, alert.state == .showing, !dispatch.isDestroyed else { continue }
            let dy = alert.wantedOffset(keyboard: keyboard.frame)
            guard dy != alert.offset else { continue }
            alert.moveMark = sweep
            moved += 1
            keyboard.offsetAlerts += (dy != 0 ? 1 : 0) - (alert.offset != 0 ? 1 : 0)
            alert.offset = dy
            dispatch.recording?.delivered(alert, finished: false)
            if let host = dispatch.host {
                keyboard.moveIsRunning = true
                runHostCode(host) { host.move(alert, dy: dy, duration: duration) }
                keyboard.moveIsRunning = false
            }
            if let pending = keyboard.movePendingDuration {
                keyboard.movePendingDuration = nil
                duration = pending
                keyboard.moveSweeps += 1
                sweep = keyboard.moveSweeps
                version = screen.version
                i = stack.count - 1
            } else if version != screen.version {
                version = screen.version
                i = stack.count - 1
            }
        }
        return moved
    }
}

extension Alert {
    /// Enables or disables keyboard avoidance and sets its correction. An
    /// on-screen alert whose offset changes is moved at once.
    public func setKeyboardAvoidance(_ enabled: Bool, adjust: Double = 0) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("set keyboard avoidance")
        try dispatch?.domain.requireMutable("set keyboard avoidance")
        if !adjust.isFinite {
            throw AlertError(.invalidArgument, "keyboard adjust of \(alertName) must be finite")
        }
        let recorded = recordCall { .avoidance(alert: $0.alert(self), enabled: enabled, adjust: adjust) }
        defer { recorded?.end() }
        avoidsKeyboard = enabled
        keyboardAdjust = adjust
        dispatch?.domain.moveStep(duration: 0)
    }

    /// Enables or disables keyboard avoidance, keeping the correction.
    public func setAvoidsKeyboard(_ enabled: Bool) throws(AlertError) {
        try setKeyboardAvoidance(enabled, adjust: keyboardAdjust)
    }

    /// Sets the correction added to the keyboard offset, keeping whether
    /// the alert avoids the keyboard.
    public func setKeyboardAdjust(_ adjust: Double) throws(AlertError) {
        try setKeyboardAvoidance(avoidsKeyboard, adjust: adjust)
    }

    /// Reports the alert's laid-out frame (nil: unknown). An on-screen alert
    /// whose offset changes is moved at once.
    public func setFrame(_ frame: Rect?) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("set the frame")
        try dispatch?.domain.requireMutable("set the frame")
        if let f = frame, !(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite) {
            throw AlertError(.invalidArgument, "frame of \(alertName) must be finite")
        }
        let recorded = recordCall { .frame(alert: $0.alert(self), frame: frame) }
        defer { recorded?.end() }
        self.frame = frame
        dispatch?.domain.moveStep(duration: 0)
    }
}
