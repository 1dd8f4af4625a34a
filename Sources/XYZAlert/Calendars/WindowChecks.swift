/// Windows in the scheduler (docs/rules.md §22): a candidate that would be
/// selected outside its windows (or inside an exclude) is parked until the
/// next opening (`on_outside: wait`, why code `outside_window` with a wake
/// at that moment) or ends `outside_window` (`drop`). On screen it stays.

extension Domain {
    /// The wall clock windows and calendar caps read (`readWallClock`), with
    /// what a recorded call needs: the history's reading stamped on the
    /// step, and a recording broken when there is no history to replay it.
    func wallNow() -> Double {
        if history != nil {
            stampRecordedCall()
        } else if let recording = root?.recording, recording.isInCall {
            recording.fail("windows or calendar caps read a wall clock without a history, which a file cannot hold (attach a history)")
        }
        return readWallClock()
    }

    /// The wall clock calendars and campaigns read: the history's, else the
    /// clock given with the campaign set, else the root's host's; 0 without any.
    func readWallClock() -> Double {
        let outer = hostCalls.readOnlyCallback
        hostCalls.readOnlyCallback = "the history's clock"
        defer { hostCalls.readOnlyCallback = outer }
        if let history {
            return history.now()
        }
        if let clock = root?.targeting?.wallClock {
            return clock()
        }
        guard let root, let host = root.host else { return 0 }
        var reading: Double?
        runHostCode(host) { reading = host.wallClock() }
        return reading.map(finiteTime) ?? 0
    }

    /// Seconds east of UTC at wall time `wall`, the root's host's answer
    /// clamped (`LocalTime.clamped`); 0 (UTC) without a host or an answer.
    func utcOffset(at wall: Double) -> Double {
        guard let root, let host = root.host else { return 0 }
        let outer = hostCalls.readOnlyCallback
        hostCalls.readOnlyCallback = "the host's utc_offset"
        var answer: Double?
        runHostCode(host) { answer = host.utcOffset(root, wall: wall) }
        hostCalls.readOnlyCallback = outer
        let offset = LocalTime.clamped(answer ?? 0)
        root.recording?.utcOffsetRead(offset, at: wall)
        return offset
    }

    /// Whether `alert`'s windows keep it from being selected now: nil when
    /// they do not, else the next opening (nil inside: never within 8 days).
    @inline(never)
    func windowVerdict(_ alert: Alert) -> CapVerdict? {
        guard let rules = alert.extras?.windowRules, !rules.isEmpty else { return nil }
        let wall = wallNow()
        let offset = { (wall: Double) in self.utcOffset(at: wall) }
        if rules.isOpen(local: wall + offset(wall)) { return nil }
        let opening = rules.nextOpening(after: wall, offset)
        let words = (rules.windows.map { "in " + $0.description } + rules.exclude.map { "not " + $0.description })
        return CapVerdict(code: .outsideWindow, key: "windows", rule: words.joined(separator: "; "),
                          freesAt: opening, readAt: wall)
    }
}

/// The bits of `Alert.selectionFlags`.
enum SelectionFlags {
    static let windows: UInt8 = 1
    static let control: UInt8 = 2
    static let test: UInt8 = 4
}

extension Alert {
    /// Keeps `SelectionFlags.windows` in step with its window rules.
    private func noteWindows() {
        let has = !(extras?.windowRules.isEmpty ?? true)
        selectionFlags = has ? selectionFlags | SelectionFlags.windows : selectionFlags & ~SelectionFlags.windows
    }

    /// The alert's windows: it is selected only inside one (none: always).
    public var windows: [TimeWindow] { extras?.windowRules.windows ?? [] }
    /// The alert's excludes: never selected inside one.
    public var exclude: [TimeWindow] { extras?.windowRules.exclude ?? [] }
    /// What it does when it would be selected outside its windows (default `.wait`).
    public var onOutside: OnOutside { extras?.windowRules.onOutside ?? .wait }

    /// Whether its windows and excludes let it be selected at local time
    /// `local` (wall-clock seconds plus the UTC offset); true without windows.
    public func isOpen(atLocal local: Double) -> Bool {
        extras?.windowRules.isOpen(local: local) ?? true
    }

    /// Sets the windows (docs/rules.md §22). Idle alerts only (`.state`);
    /// an invalid window is `.invalidArgument` and changes nothing.
    public func setWindows(_ windows: [TimeWindow]) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the windows")
        for window in windows { try window.validate() }
        writableExtras.windowRules.windows = windows
        noteWindows()
    }

    /// Sets the excludes. Idle alerts only; an invalid one is `.invalidArgument`.
    public func setExclude(_ exclude: [TimeWindow]) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the excludes")
        for window in exclude { try window.validate() }
        writableExtras.windowRules.exclude = exclude
        noteWindows()
    }

    /// Sets what the alert does outside its windows. Idle alerts only.
    public func setOnOutside(_ policy: OnOutside) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireIdle("set the outside-window policy")
        writableExtras.windowRules.onOutside = policy
    }
}
