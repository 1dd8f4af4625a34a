/// Reasons as data (docs/rules.md §18): why an alert is where it is, as a
/// stable code and the alert, page or id that causes it. `explain()` words
/// the same data as a sentence (Explain.swift).
///
/// The first cause that applies, in the order of the scheduling rules,
/// wins: the alert's own state (idle, waiting, finished, showing, hidden);
/// then, for a ready alert, its page's participation (rule 1), its
/// dependencies (rule 3), a suspended page, a cap that held it when it
/// was last selected (docs/rules.md §16), the alerts on screen (rule 4)
/// and the candidates before it (rule 4's own selection, `Domain.select`);
/// else it shows at the next pass.

/// Why an alert is where it is: a code and its cause.
public struct AlertWhy: Equatable {
    public var code: WhyCode
    /// The alert that causes it (`hiddenCovered`, `dependency`, `behind`,
    /// `lowerPriority`; for `idDependency` the live alert holding the id).
    public var alert: Alert?
    /// The page that causes it (`hiddenPage`, `pageNotVisible`,
    /// `notActiveChild`, `suspended`).
    public var page: Dispatch?
    /// The id that causes it (`idDependency`).
    public var id: String?
    /// The cap key that holds it ("tag:promo"; `capped`, `coolingDown`);
    /// for a finished alert a cap or its windows ended (`capped`,
    /// `outside_window`), the one that did ("windows" for its windows);
    /// for one its campaign's audience ended (`ineligible`), "audience"
    /// and the part of the rule that failed.
    public var key: String?
    /// The rule of that key that holds it, worded ("3 of 3 displays this
    /// session", "at least 30s between displays").
    public var rule: String?
    /// Seconds until one of the engine's timers changes the situation (the
    /// rest of a showing alert's duration; the rest of a queued alert's
    /// ttl; for a capped alert, when its caps free), nil when none runs (a
    /// capped alert that frees only with a new session, or never).
    public var until: Double?

    public init(_ code: WhyCode, alert: Alert? = nil, page: Dispatch? = nil, id: String? = nil,
                key: String? = nil, rule: String? = nil, until: Double? = nil) {
        self.code = code
        self.alert = alert
        self.page = page
        self.id = id
        self.key = key
        self.rule = rule
        self.until = until
    }

    public static func == (a: AlertWhy, b: AlertWhy) -> Bool {
        a.code == b.code && a.alert === b.alert && a.page === b.page && a.id == b.id
            && a.key == b.key && a.rule == b.rule && a.until == b.until
    }
}

extension Alert {
    /// Why the alert is where it is. Reads the domain's clock only for
    /// `until`, when a timer of the alert runs; never calls other host code
    /// (active-child providers' last answers are used).
    public func why() -> AlertWhy {
        var why = cause()
        guard let domain = dispatch?.domain else { return why }
        switch why.code {
        case .capped, .coolingDown, .showAfter, .minVisible, .triggerDelay, .outsideWindow:
            if let wake = extras?.wakeIndex, wake >= 0 {
                why.until = max(0, extras!.wake - domain.now())
            }
        case .laneGap:
            if let until = domain.gaps.blockedUntil[laneKey ?? Domain.mainLane] {
                why.until = max(0, until - domain.now())
            }
        default:
            if deadlineIndex >= 0 {
                why.until = max(0, deadline - domain.now())
            }
        }
        return why
    }

    /// `why()` without `until`: reads no clock.
    func cause() -> AlertWhy {
        if state.isOnScreen, extras?.pendingEnd != nil {
            return AlertWhy(.minVisible)
        }
        switch state {
        case .idle: return AlertWhy(.idle)
        case .waiting:
            guard let extras, extras.awaitingShowAfter else { return AlertWhy(.notReady) }
            return AlertWhy(extras.campaign != nil ? .triggerDelay : .showAfter)
        case .finished:
            // (A cap or window that ended it is its cause: key and rule.)
            let by = extras?.endedBy
            return AlertWhy(.finished, key: by?.key, rule: by?.rule)
        case .showing:
            return AlertWhy(duration > 0 && dispatch!.domain.countdownHeld(self) ? .held : .showing)
        case .ready, .hidden: break
        }
        let dispatch = self.dispatch!
        let domain = dispatch.domain
        domain.computeParticipation(askProviders: false)
        if let (code, page) = dispatch.absence() {
            return state == .hidden ? AlertWhy(.hiddenPage, page: page) : AlertWhy(code, page: page)
        }
        let facts = domain.currentScreenFacts()
        let lane = facts.lane(laneKey)
        if state == .hidden {
            // The topmost hide_others of its lane, when it is above it.
            if let cover = lane.topHideOthers, cover.index > facts.position(of: self)! {
                return AlertWhy(.hiddenCovered, alert: cover.alert)
            }
            // docs/rules.md §19: the lane's limit; the cause is the
            // lowest-ranked visible alert, which must leave first.
            if let room = lane.room, room.limit.visible > 1, room.visible.count >= room.limit.visible,
               let last = room.visible.last, last.priority != priority ? last.priority > priority
                   : facts.position(of: last)! > facts.position(of: self)! {
                return AlertWhy(.hiddenCovered, alert: last)
            }
            return AlertWhy(.deferred)
        }
        if let dependency = dependencies.first(where: { $0.state != .finished }) {
            return AlertWhy(.dependency, alert: dependency)
        }
        if let id = idDependencies.first(where: { domain.index.ids[$0] != nil }) {
            return AlertWhy(.idDependency, alert: domain.index.ids[id], id: id.string)
        }
        if let holder = dispatch.heldBy {
            return AlertWhy(.suspended, page: holder)
        }
        if let verdict = extras?.parked {
            return AlertWhy(verdict.code, key: verdict.key, rule: verdict.rule)
        }
        // docs/rules.md §19: a lane with a limit is busy only when full (and
        // one that evicts, never for the first candidate); an alert that is
        // not coverable holds back what would cover or hide it (a full lane
        // does not evict it).
        let room = lane.room
        let top = lane.screenTop
        if let room, room.isFull, let oldest = lane.oldestVisible, exclusive == .wait || !top!.admits(self) {
            if exclusive != .wait, let uncoverable = lane.uncoverable {
                return AlertWhy(.behind, alert: uncoverable)
            }
            if room.limit.onFull == .queue || room.hasHideOthers || !oldest.coverable {
                return AlertWhy(.behind, alert: oldest)
            }
        } else if let room, !room.isFull, exclusive == .hideOthers, let uncoverable = lane.uncoverable {
            return AlertWhy(.behind, alert: uncoverable)
        } else if room == nil, let shown = lane.top {
            if exclusive == .wait {
                return AlertWhy(.behind, alert: shown)
            }
            if let uncoverable = lane.uncoverable {
                return AlertWhy(.behind, alert: uncoverable)
            }
            if !top!.admits(self) {
                // With preempt equal: the alert of its priority added after it.
                let strongest = lane.strongest!
                return AlertWhy(.behind, alert: strongest.priority == priority && preempt == .equal
                    ? lane.newestStrongest! : strongest)
            }
        }
        // (Participation was computed above: `select` reads its list.)
        let above = room.map { $0.isFull && ($0.limit.onFull == .queue || $0.hasHideOthers) ? top : nil } ?? top
        if let first = domain.select(above: above, lane: laneKey), first !== self {
            return AlertWhy(.lowerPriority, alert: first)
        }
        // docs/rules.md §17: the lane's gap held its next show back at the last pass.
        if !domain.gaps.blockedUntil.isEmpty, domain.gaps.blockedUntil[laneKey ?? Domain.mainLane] != nil {
            return AlertWhy(.laneGap)
        }
        return AlertWhy(.deferred)
    }
}

extension Dispatch {
    /// Why this page does not participate, with the page that causes it
    /// (this one or an ancestor), or nil if it participates (as last computed).
    func absence() -> (WhyCode, Dispatch)? {
        if isParticipating {
            return nil
        }
        if isDestroyed || !isPageVisible {
            return (.pageNotVisible, self)
        }
        guard let parent else { return nil }
        return parent.absence() ?? (.notActiveChild, self)
    }
}
