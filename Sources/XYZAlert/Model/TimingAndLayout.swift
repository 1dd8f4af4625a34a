/// The fields of an alert that only some alerts use: where it is on screen
/// and how it avoids the keyboard (docs/rules.md §8), and its durations and
/// timer (§12). They live in a box the alert makes on first use, so a
/// queued alert that uses none of them costs 120 bytes less; reading one of
/// them on an alert without the box gives its default and makes nothing,
/// and so does writing a default.
final class TimingAndLayout {
    @exclusivity(unchecked) var avoidsKeyboard = true
    @exclusivity(unchecked) var keyboardAdjust: Double = 0
    @exclusivity(unchecked) var frame: Rect?
    @exclusivity(unchecked) var offset: Double = 0
    @exclusivity(unchecked) var moveMark = 0
    @exclusivity(unchecked) var duration: Double = 0
    @exclusivity(unchecked) var ttl: Double = 0
    @exclusivity(unchecked) var deadline: Double = 0
    @exclusivity(unchecked) var deadlineIndex = -1
    @exclusivity(unchecked) var remainingDuration: Double = 0
    @exclusivity(unchecked) var durationStartedAt: Double = 0
}

extension Alert {
    /// Whether any of its side allocations was made (timing and layout,
    /// dependency edges, caps and the like, content): for memory tests.
    @_spi(Testing) public var hasSideAllocations: Bool {
        timingAndLayout != nil || edges != nil || extras != nil || storedContent != nil
    }

    /// The box, made if the alert has none yet.
    @inline(__always)
    var writableTimingAndLayout: TimingAndLayout {
        if let timingAndLayout {
            return timingAndLayout
        }
        let made = TimingAndLayout()
        timingAndLayout = made
        return made
    }

    /// Whether it avoids the keyboard when its frame is in the keyboard's way.
    public var avoidsKeyboard: Bool {
        get { timingAndLayout?.avoidsKeyboard ?? true }
        set { if timingAndLayout != nil || !newValue { writableTimingAndLayout.avoidsKeyboard = newValue } }
    }
    /// Added to the keyboard offset while avoiding; negative moves further up.
    public var keyboardAdjust: Double {
        get { timingAndLayout?.keyboardAdjust ?? 0 }
        set { if timingAndLayout != nil || newValue != 0 { writableTimingAndLayout.keyboardAdjust = newValue } }
    }
    /// The alert's laid-out frame, as reported by the host; nil until then.
    public var frame: Rect? {
        get { timingAndLayout?.frame }
        set { if timingAndLayout != nil || newValue != nil { writableTimingAndLayout.frame = newValue } }
    }
    /// The vertical offset last reported through `AlertHost.move`.
    public internal(set) var offset: Double {
        get { timingAndLayout?.offset ?? 0 }
        set { if timingAndLayout != nil || newValue != 0 { writableTimingAndLayout.offset = newValue } }
    }
    /// The keyboard sweep of its domain that last moved it (see `Domain`).
    var moveMark: Int {
        get { timingAndLayout?.moveMark ?? 0 }
        set { if timingAndLayout != nil || newValue != 0 { writableTimingAndLayout.moveMark = newValue } }
    }
    /// Seconds the alert may be showing, in total, before it ends by itself
    /// (`timeout`); the count pauses while it is hidden. 0: no limit.
    public var duration: Double {
        get { timingAndLayout?.duration ?? 0 }
        set { if timingAndLayout != nil || newValue != 0 { writableTimingAndLayout.duration = newValue } }
    }
    /// Seconds from `add` within which the alert must first be on screen,
    /// or it ends (`expired`); no longer applies once shown. 0: no limit.
    public var ttl: Double {
        get { timingAndLayout?.ttl ?? 0 }
        set { if timingAndLayout != nil || newValue != 0 { writableTimingAndLayout.ttl = newValue } }
    }
    /// While in its domain's `deadlines`: when its timer runs out, on the
    /// domain's clock (the ttl before it first shows, the rest of its
    /// duration while it is showing).
    var deadline: Double {
        get { timingAndLayout?.deadline ?? 0 }
        set { if timingAndLayout != nil || newValue != 0 { writableTimingAndLayout.deadline = newValue } }
    }
    /// Position in its domain's `deadlines`, or -1 when no timer runs.
    var deadlineIndex: Int {
        get { timingAndLayout?.deadlineIndex ?? -1 }
        set { if timingAndLayout != nil || newValue != -1 { writableTimingAndLayout.deadlineIndex = newValue } }
    }
    /// The part of `duration` not yet spent showing (set by `add`), and
    /// while it runs the domain time it last started running at.
    var remainingDuration: Double {
        get { timingAndLayout?.remainingDuration ?? 0 }
        set { if timingAndLayout != nil || newValue != 0 { writableTimingAndLayout.remainingDuration = newValue } }
    }
    var durationStartedAt: Double {
        get { timingAndLayout?.durationStartedAt ?? 0 }
        set { if timingAndLayout != nil || newValue != 0 { writableTimingAndLayout.durationStartedAt = newValue } }
    }
}
