/// A domain's clock and its timer request (`Domain.clock`; see Timers.swift).
struct DomainClock {
    /// The deadline of the timer last requested from the root's host with
    /// `setTimer`; nil when none is outstanding (none was asked for, the
    /// last request cancelled it, or a tick used it up).
    var requestedTimer: Double?
    /// The system clock's reading taken as this domain's time 0 (at its
    /// first reading), when the root's host has no clock.
    var origin: Double?
    /// The last time the clock gave; a host clock that returns NaN or an
    /// infinity is taken to stand still there.
    var lastReading: Double = 0
    /// Subtracted from the host clock's readings: 0, unless its first
    /// readings were not finite; then the first finite one continues the
    /// time those stood at (docs/rules.md §12: no countdown runs before the
    /// clock has given a time).
    var offset: Double = 0
    /// Whether the host's clock has given a finite reading, and whether it
    /// gave a bad one before (which sets `offset` at the first good one).
    var hasRead = false
    var readBadFirst = false
}
