/// A domain's pages, stack and queues as plain data (docs/rules.md §6).
public struct DomainSnapshot: Equatable, Sendable {
    public static func == (a: DomainSnapshot, b: DomainSnapshot) -> Bool {
        a.pages == b.pages && a.stack == b.stack && a.keyboard == b.keyboard && a.isDeferred == b.isDeferred
            && a.flushRequested == b.flushRequested && a.laneLimits.elementsEqual(b.laneLimits) { $0 == $1 }
            && a.campaigns.elementsEqual(b.campaigns) { $0 == $1 }
    }

    public struct AlertInfo: Equatable, Sendable {
        public var id: String?
        public var priority: Int32
        public var exclusive: Exclusive
        public var state: AlertState
        /// Index of the alert's page in `pages`.
        public var page: Int
        /// Dependencies not met yet.
        public var unmetDependencies: Int
        /// Its lane ("main" by default).
        public var lane: String
        /// Why it is where it is (`Alert.why()`, without `until`), and the
        /// cause: the id of the alert (nil for an alert without id), the
        /// index of the page in `pages`, or the id depended on.
        public var why: WhyCode
        public var causeAlert: String?
        public var causePage: Int?
        public var causeID: String?
        /// The cap key that holds it (`capped`, `coolingDown`).
        public var causeKey: String?
    }

    public struct PageInfo: Equatable, Sendable {
        public var name: String
        public var isVisible: Bool
        /// As of the last pass (providers' last answers).
        public var isParticipating: Bool
        /// Index of the parent in `pages`.
        public var parent: Int?
        /// Index of the explicitly set active child in `pages`.
        public var activeChild: Int?
        public var hasActiveChildProvider: Bool
        /// Whether the page itself is suspended (`Dispatch.isSuspended`).
        public var isSuspended: Bool
        /// Its capacity (0: none).
        public var capacity: Int
        /// Its tie-break order (docs/rules.md §19).
        public var order: QueueOrder
        /// Live alerts not on screen (waiting and ready), in candidate order.
        public var queue: [AlertInfo]
    }

    /// Parents before children; `pages[0]` is the root.
    public var pages: [PageInfo]
    /// The lanes' limits that the root sets (docs/rules.md §19), by lane in
    /// byte order of the names; lanes not listed have the classic limit.
    public var laneLimits: [(lane: String, limit: LaneLimit)]
    /// On-screen alerts, bottom (oldest show) to top.
    public var stack: [AlertInfo]
    public var keyboard: Rect
    public var isDeferred: Bool
    public var flushRequested: Bool
    /// docs/rules.md §21: the campaigns of the root's set, in set order,
    /// with their trigger counts (the history's when one is attached).
    public var campaigns: [(id: String, counts: CampaignCounts)] = []
}

extension Dispatch {
    /// A snapshot of this dispatch's whole domain. Never calls host code.
    /// O(n log n) in the domain's n live alerts, plus each queued or hidden
    /// alert's reason (`Alert.why`): O(s + p), s the alerts on screen and
    /// p the pages. A destroyed dispatch, or one
    /// being destroyed (from a callback of its `destroy()`), is shown alone:
    /// it has left its domain, and only its own remaining alerts are listed.
    public func snapshot() -> DomainSnapshot {
        let domain = self.domain
        #if XYZALERT_CHECK_INVARIANTS
        domain.checkInvariants()
        #endif
        domain.computeParticipation(askProviders: false)
        let dispatches = isDestroyed ? [self] : domain.dispatches
        var index: [ObjectIdentifier: Int] = [:]
        for (i, dispatch) in dispatches.enumerated() {
            index[ObjectIdentifier(dispatch)] = i
        }
        func info(_ alert: Alert) -> DomainSnapshot.AlertInfo {
            let why = alert.cause()
            return DomainSnapshot.AlertInfo(
                id: alert.id, priority: alert.priority, exclusive: alert.exclusive,
                state: alert.state, page: index[ObjectIdentifier(alert.dispatch!)]!,
                unmetDependencies: alert.unmet, lane: alert.lane, why: why.code, causeAlert: why.alert?.id,
                causePage: why.page.flatMap { index[ObjectIdentifier($0)] }, causeID: why.id, causeKey: why.key)
        }
        let pages = dispatches.map { dispatch in
            DomainSnapshot.PageInfo(
                name: dispatch.name, isVisible: dispatch.isPageVisible, isParticipating: dispatch.isParticipating,
                parent: dispatch.parent.flatMap { index[ObjectIdentifier($0)] },
                activeChild: dispatch.explicitActiveChild.flatMap { index[ObjectIdentifier($0)] },
                hasActiveChildProvider: dispatch.hasActiveChildProvider,
                isSuspended: dispatch.isSuspended, capacity: dispatch.capacity, order: dispatch.order,
                queue: dispatch.alerts.filter { !$0.state.isOnScreen }.sorted { $0.precedes($1) }.map(info))
        }
        let stack = isDestroyed ? domain.stack.filter { $0.dispatch === self } : domain.stack
        let limits = (isDestroyed ? self : root).laneLimits.sorted { $0.key.precedesByBytes($1.key) }
            .map { (lane: $0.key.string, limit: $0.value) }
        var campaigns: [(id: String, counts: CampaignCounts)] = []
        let owner = isDestroyed ? self : root
        if let targeting = owner.targeting, let set = targeting.set {
            campaigns = set.campaigns.map { ($0.id, targeting.counts(of: $0.id, in: domain)) }
        }
        return DomainSnapshot(pages: pages, laneLimits: limits, stack: stack.map(info), keyboard: domain.keyboard.frame,
                              isDeferred: domain.isDeferred, flushRequested: domain.passes.flushRequested, campaigns: campaigns)
    }
}
