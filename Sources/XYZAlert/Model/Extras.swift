/// What few alerts use, kept in one box made on first use (`Alert.extras`):
/// an alert without caps or timing settings carries one nil reference.

/// Why an alert is in its domain's `wakes` heap: what happens when its
/// time comes. An alert has at most one at a time (each belongs to a state:
/// show_after while waiting, a cap while ready, min_visible on screen).
enum WakeKind {
    /// Its caps free (docs/rules.md §16) or its windows open (§22): it is
    /// a candidate again.
    case capFree
    /// Its show_after delay is over (docs/rules.md §17): it becomes ready.
    case showAfter
    /// Its minimum visible time is reached: the pending end happens.
    case minVisible
}

final class AlertExtras {
    // docs/rules.md §16
    @exclusivity(unchecked) var rules = CapRules()
    @exclusivity(unchecked) var onCapped: OnCapped = .drop
    /// Set while a cap holds the alert out of its candidate queue.
    @exclusivity(unchecked) var parked: CapVerdict?
    /// The cap, window or audience that ended it (`capped`,
    /// `outside_window`, `ineligible`), for its reason once finished
    /// (docs/rules.md §18): a key ("tag:promo", "windows", "audience") and
    /// what held, worded.
    @exclusivity(unchecked) var endedBy: (key: String, rule: String)?
    /// Position in its domain's `wakes`, or -1; the domain-clock time it
    /// wakes, and why.
    @exclusivity(unchecked) var wakeIndex = -1
    @exclusivity(unchecked) var wake: Double = 0
    @exclusivity(unchecked) var wakeKind = WakeKind.capFree

    // docs/rules.md §17
    @exclusivity(unchecked) var showAfter: Double = 0
    @exclusivity(unchecked) var minVisible: Double = 0
    /// Holds on its countdown (counted).
    @exclusivity(unchecked) var holds = 0
    @exclusivity(unchecked) var announce = Politeness.polite
    /// The text last announced, not announced again right after.
    @exclusivity(unchecked) var lastAnnounced: String?
    /// While its `announce` callback runs, and whether a change made from it
    /// asked for another (said once the callback returns, as `update`).
    @exclusivity(unchecked) var announceIsRunning = false
    @exclusivity(unchecked) var announceIsPending = false
    /// While its show_after delay runs: whether it is ready apart from it
    /// (added ready, or marked ready since).
    @exclusivity(unchecked) var awaitingShowAfter = false
    @exclusivity(unchecked) var readyAfterDelay = false
    /// When it first showed (read only for a `minVisible`), and the end a
    /// dismiss or cancel asked for before its minimum visible time.
    @exclusivity(unchecked) var shownAt: Double = 0
    @exclusivity(unchecked) var pendingEnd: EndReason?

    // docs/rules.md §19: how many adds `coalesce` folded into it, itself
    // included, less one (so that the default is 0).
    @exclusivity(unchecked) var repeats = 0

    // docs/rules.md §22: its windows and excludes.
    @exclusivity(unchecked) var windowRules = WindowRules()

    // docs/rules.md §21: the campaign that made it.
    @exclusivity(unchecked) var campaign: CampaignInstance?
}

/// Order of `Domain.wakes`: earlier wake first, ties in add order.
enum WakeOrder: AlertHeapOrder {
    static func precedes(_ a: Alert, _ b: Alert) -> Bool {
        let (x, y) = (a.extras!.wake, b.extras!.wake)
        return x != y ? x < y : a.seq < b.seq
    }
    static func position(of alert: Alert) -> Int { alert.extras?.wakeIndex ?? -1 }
    static func setPosition(_ position: Int, of alert: Alert) { alert.extras!.wakeIndex = position }
}

extension Alert {
    /// The extras, made on first use.
    var writableExtras: AlertExtras {
        if let extras {
            return extras
        }
        let made = AlertExtras()
        extras = made
        return made
    }
}
