/// The shared state of one tree of dispatches, which is arbitrated as a whole
/// (docs/rules.md §1 and §3). Every dispatch of the tree points to the same
/// `Domain`; joining two trees merges their domains into the parent's
/// (`absorb`), detaching a subtree splits it off into a new one (`split`).
///
/// Invariants, between public calls:
/// - `stack` holds exactly the on-screen alerts of the domain, oldest show first.
/// - `index.ids[x]` is the live alert of the domain whose id is `x`, if any.
/// - `index.idWaiters[x]` lists the live alerts of the domain that depend on id `x`,
///   each once, in the order they began to wait (see WaiterList.swift).
/// - `index.tagged[t]` holds exactly the live alerts of the domain that carry tag `t`.
/// - every live alert's `unmet` counts its unmet dependencies, and the alert
///   is in its dispatch's candidate queue iff it is ready with `unmet == 0`.
/// - `index.liveCount` is the number of live alerts of the domain.
/// - while `participation.isCurrent`, every dispatch's `isParticipating` and
///   `participation.pages` are what rule 1 gives for the tree as it is.
/// - every alert's `passMark`, `hideMark` and `moveMark` are at most this
///   domain's `passes.number`, `passes.hideSweeps` and `keyboard.moveSweeps`.
/// - `deadlines` holds exactly the live alerts whose timer runs: the showing
///   ones with a `duration`, and the waiting or ready ones with a `ttl`
///   (see Timers.swift).
/// - `index.ids`, `deadlines` and every dispatch's candidate and drop heaps hold
///   their alerts unowned: each is live and listed in its dispatch's
///   `alerts`, which owns it (see UnownedAlert.swift).
///
/// Exclusivity: the engine's own stored properties here, on `Dispatch` and on
/// `Alert` are `@exclusivity(unchecked)`, so that the hot path pays no
/// run-time check. No two accesses to them can overlap: host code, the only code
/// that could start a second access, is never called from inside an access
/// (every callback is made between the statements that read and write this
/// state, never from a mutating method or from a closure passed to one), and
/// a domain is used from one thread at a time. Properties the host writes
/// (`Alert.hostData`, `Dispatch.name`) keep the check.
final class Domain {
    /// The root dispatch; nil once the domain is dead.
    @exclusivity(unchecked) var root: Dispatch?
    /// The root was destroyed, or the domain was merged into another one.
    @exclusivity(unchecked) var isDead = false
    /// On-screen alerts, bottom (oldest show) to top (newest). Every change
    /// bumps `screen.version`, so that a sweep over the stack that delivers
    /// callbacks can tell whether they changed it.
    @exclusivity(unchecked) var stack: [Alert] = [] {
        didSet {
            screen.version &+= 1
            passes.scheduleChanges &+= 1
            // (The facts hold on-screen alerts: none outlives its place here.)
            if screen.facts != nil {
                screen.facts = nil
            }
        }
    }
    /// What goes with the stack: its version, the next show's order, and
    /// what `why` last computed of it.
    @exclusivity(unchecked) var screen = ScreenState()
    /// The live alerts by id, awaited id and tag; their count and add order.
    @exclusivity(unchecked) var index = AlertIndex()
    /// The lanes in use and their limits (Lanes.swift, Policies/Stacks.swift).
    @exclusivity(unchecked) var lanes = LaneBook()
    /// Which pages take part (Participation.swift).
    @exclusivity(unchecked) var participation = Participation()
    /// Where the passes stand (Passes.swift).
    @exclusivity(unchecked) var passes = PassState()
    /// The sweeps' focus (SweepFocus.swift).
    @exclusivity(unchecked) var focus = FocusState()
    /// The keyboard and its move sweeps (Policies/Keyboard.swift).
    @exclusivity(unchecked) var keyboard = KeyboardState()
    /// The alerts whose timer runs, soonest deadline first; O(log n) per
    /// change, O(1) to find the earliest (see Timers.swift).
    @exclusivity(unchecked) var deadlines = DeadlineHeap()
    /// The alerts waiting for a time of their own (a cap freeing, a
    /// show_after delay, a minimum visible time), soonest first.
    @exclusivity(unchecked) var wakes = AlertHeap<WakeOrder>()
    /// The clock and the timer asked of the host (Policies/Timers.swift).
    @exclusivity(unchecked) var clock = DomainClock()
    /// Lane gaps (Policies/Timing.swift).
    @exclusivity(unchecked) var gaps = LaneGaps()
    /// The display history whose caps apply here, if any (CapChecks.swift).
    @exclusivity(unchecked) var history: History?
    /// What the host set up that works other than it likely meant, noted
    /// once each: a bit per `Diagnostic` (Policies/Diagnostics.swift).
    @exclusivity(unchecked) var diagnostics: UInt32 = 0
    /// The host code running (CallbackThread.swift).
    @exclusivity(unchecked) var hostCalls = HostCalls()
    /// The recorded call (`Recording.callSerial`) during which it split off
    /// from another domain, if any (see `Recording.inSplitFlushRequest`).
    @exclusivity(unchecked) var splitInRecordedCall: Int?
    #if DEBUG
    /// What tests count of its work (TestCounters.swift).
    @exclusivity(unchecked) var counters = TestCounters()
    #endif

    init(root: Dispatch?) {
        self.root = root
    }

    /// A history lists the domains that use it unowned (`History.users`):
    /// a dying domain takes itself off that list.
    deinit {
        history?.detach(ObjectIdentifier(self))
    }

    /// Whether the root's host defers passes (a destroyed root has no host).
    var isDeferred: Bool {
        guard let root, root.host != nil else { return false }
        return root.hostDefersPasses
    }

    /// Inlined, with the error built out of line (see `Alert.requireIdle`).
    @inline(__always)
    func requireMutable(_ what: String) throws(AlertError) {
        if hostCalls.readOnlyCallback != nil {
            throw readOnlyError(what)
        }
    }

    @inline(never)
    private func readOnlyError(_ what: String) -> AlertError {
        AlertError(.state, "cannot \(what) from inside \(hostCalls.readOnlyCallback!)")
    }

    /// Every dispatch of the domain, parents before children.
    var dispatches: [Dispatch] { root?.subtree ?? [] }
}

/// What goes with a domain's stack (`Domain.screen`).
struct ScreenState {
    /// Bumped at every change of the stack.
    var version = 0
    /// The `stackOrder` the next alert going on top of the stack gets.
    var nextOrder = 0
    /// What `why` last computed of the screen (ScreenFacts.swift); dropped
    /// when the stack or a lane limit changes.
    var facts: ScreenFacts?
}
