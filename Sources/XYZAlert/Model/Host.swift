/// An opaque pointer to one of the host's views. The engine never dereferences it.
public typealias ViewHandle = UnsafeMutableRawPointer

/// What the engine asks of the host application. Every method has a default
/// that does nothing, so a host implements only what it needs.
///
/// Events for an alert go to the host of the alert's dispatch. Each event is
/// delivered after the state change it reports. A method may call back into
/// the engine (rule 7, docs/rules.md §3): the call takes effect at once and never starts a
/// nested pass of the domain that is delivering.
public protocol AlertHost: AnyObject {
    /// Put `alert` on screen, on the layer `target`, whose registered view is
    /// `view` (nil when nothing is registered under that name).
    func show(_ alert: Alert, target: String, view: ViewHandle?)
    /// Hide an on-screen alert without ending it.
    func hide(_ alert: Alert, reason: HideReason)
    /// Make a hidden alert visible again.
    func unhide(_ alert: Alert)
    /// Take an alert off screen for good; `finish` follows.
    func remove(_ alert: Alert, reason: EndReason)
    /// The alert has ended; it will never be shown again.
    func finish(_ alert: Alert, reason: EndReason)
    /// Offset the alert vertically by `dy` (absolute, not cumulative),
    /// animated over `duration` seconds, to avoid the keyboard.
    func move(_ alert: Alert, dy: Double, duration: Double)
    /// The user chose action `index` of a showing alert; `remove` and `finish` follow.
    func action(_ alert: Alert, index: Int)
    /// The content of an on-screen alert changed (`Alert.setContent`):
    /// redraw it from `alert.content`.
    func update(_ alert: Alert)
    /// What a screen reader should say for `alert` (docs/rules.md §17): after
    /// its first show, and after a change of its title or message; `text`
    /// is the title and message joined by ". ".
    func announce(_ alert: Alert, politeness: Politeness, text: String)
    /// Deferred mode when true: instead of running passes at the end of each
    /// call, the engine calls `requestFlush` and the host calls
    /// `Dispatch.flush()` from its main loop. Read once, when a dispatch is
    /// created with this host; the domain's root's answer rules the domain.
    var defersPasses: Bool { get }
    /// A pass is needed in the domain whose root is `root`. Called once until
    /// the next flush of that domain.
    func requestFlush(_ root: Dispatch)
    /// The current time in seconds on any monotonic clock, or nil (the
    /// default) for the system's monotonic clock. Asked of a domain's root
    /// only, and only while the domain has alerts with a `duration` or `ttl`.
    /// Must not call the engine (such calls throw `.state`).
    func now() -> Double?
    /// Call `root.tick()` once, `delay` seconds from now (`delay >= 0`);
    /// each request replaces the last one for that domain, and a negative
    /// delay means no timer is needed any more. Asked of the root's host
    /// when the domain's earliest deadline changes (docs/rules.md §12).
    func setTimer(_ root: Dispatch, delay: Double)
    /// A number for the thread calling now (0, the default: no number). The
    /// engine keeps it while one of a domain's callbacks runs, so that an
    /// embedding layer can refuse calls from other threads meanwhile
    /// (`Alert.hostCodeThread`).
    var threadNumber: UInt { get }
    /// A trigger of a campaign of the domain whose root is `root` fired
    /// (docs/rules.md §21): `.trigger` with the instance it made (added
    /// right after this returns), `.skip` with the reason none was made,
    /// `.control` with a control instance; and while the root reports
    /// misses (`reportsMisses`), `.miss` with `.where` or `.count`.
    func campaign(_ root: Dispatch, campaign: String, kind: CampaignEventKind, reason: SkipReason, alert: Alert?)
    /// Seconds east of UTC of the user's local time at wall-clock time
    /// `wall` (seconds since the epoch), for windows and calendar caps
    /// (docs/rules.md §22); nil (the default) for UTC. NaN reads as 0 and
    /// values beyond ±18 h as ±18 h. Asked of a domain's root only; must not
    /// call the engine.
    func utcOffset(_ root: Dispatch, wall: Double) -> Double?
    /// Wall-clock seconds since the epoch, for windows, calendar caps and
    /// campaign dates of a domain without a history (a history's clock
    /// rules otherwise); nil (the default) reads as 0.
    func wallClock() -> Double?
}

extension AlertHost {
    public func show(_ alert: Alert, target: String, view: ViewHandle?) {}
    public func hide(_ alert: Alert, reason: HideReason) {}
    public func unhide(_ alert: Alert) {}
    public func remove(_ alert: Alert, reason: EndReason) {}
    public func finish(_ alert: Alert, reason: EndReason) {}
    public func move(_ alert: Alert, dy: Double, duration: Double) {}
    public func action(_ alert: Alert, index: Int) {}
    public func update(_ alert: Alert) {}
    public func announce(_ alert: Alert, politeness: Politeness, text: String) {}
    public var defersPasses: Bool { false }
    public var threadNumber: UInt { 0 }
    public func requestFlush(_ root: Dispatch) {}
    public func now() -> Double? { nil }
    public func setTimer(_ root: Dispatch, delay: Double) {}
    public func campaign(_ root: Dispatch, campaign: String, kind: CampaignEventKind, reason: SkipReason, alert: Alert?) {}
    public func utcOffset(_ root: Dispatch, wall: Double) -> Double? { nil }
    public func wallClock() -> Double? { nil }
}
