/// The events of a lane with a limit (docs/rules.md §19) without a sweep,
/// while its on-screen alerts are known by rank.
///
/// `stackLaneEvent` scans the lane's stack and sorts the alerts that
/// compete on every event: O(s log s) each, and a cycle in a full lane has
/// about five. When an evaluation finds every on-screen alert of the lane
/// as it should be, and they are simple (all of pages that take part, none
/// `hideOthers`, all coverable), it keeps them by rank (`LaneState.ranking`:
/// priority, then the newer show; weakest first). Then the visible ones
/// are the last `visible` of them, and a show or an end moves the boundary
/// by one place: an alert that must change is within `rankingChanges`
/// places of it, so an event looks at those places only. Anything else that
/// changes the lane's part of the screen (a page taking part or not, a
/// `hideOthers` or uncoverable alert shown, a limit, a gap, a join or a
/// split) forgets the ranking, and the sweep takes over until it finds the
/// lane settled again. Cost: O(log s) per show or end to keep the ranking
/// (plus moving the array's tail), O(changes) per event.
extension Alert {
    /// Whether a ranking may hold it: not `hideOthers`, coverable (the
    /// participation of its page is checked where it can change).
    var isRankable: Bool { exclusive != .hideOthers && coverable }

    /// Whether it comes before `other` in a ranking: a lower priority, or
    /// the same and the older show.
    func ranksBelow(_ other: Alert) -> Bool {
        priority != other.priority ? priority < other.priority : stackOrder < other.stackOrder
    }
}

extension Domain {
    /// `alert` of the lane of `state` went on screen: into the ranking, or
    /// the ranking is forgotten when the alert is not a simple one.
    func rankingShown(_ state: LaneState, _ alert: Alert) {
        guard alert.isRankable, alert.dispatch?.isParticipating == true else {
            state.ranking = nil
            return
        }
        let at = rankingPosition(state.ranking!, of: alert)
        state.ranking!.insert(alert, at: at)
        state.rankingChanges += 1
    }

    /// `alert` of the lane of `state` left the screen: out of the ranking.
    func rankingLeft(_ state: LaneState, _ alert: Alert) {
        let at = rankingPosition(state.ranking!, of: alert) - 1
        guard at >= 0, state.ranking![at] === alert else {
            state.ranking = nil  // (not found: cannot happen; the sweep takes over)
            return
        }
        state.ranking!.remove(at: at)
        state.rankingChanges += 1
    }

    /// Where `alert` goes in `ranking`: after every alert that ranks below
    /// it or is it (binary search).
    private func rankingPosition(_ ranking: [Alert], of alert: Alert) -> Int {
        var low = 0, high = ranking.count
        while low < high {
            let mid = (low + high) / 2
            if !alert.ranksBelow(ranking[mid]) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        return low
    }

    /// The next event of a lane with a limit from its ranking, as
    /// `stackLaneEvent` would find it; `.none` when the ranking cannot say
    /// (the caller forgets it and sweeps).
    func rankedStackEvent(_ pass: Int, _ state: LaneState, pages: [Dispatch]?, limit: LaneLimit) -> PassEvent?? {
        guard limit.visible > 1, limit.onFull == .queue, gaps.leftAt.isEmpty, let ranked = state.ranking else {
            return .none
        }
        let lane = state.key
        let count = ranked.count
        // The top: the highest priority, the newest add among it (all are
        // coverable and take part).
        var top: ScreenTop?
        if let best = ranked.last {
            var found = ScreenTop(best)
            var i = count - 2
            while i >= 0 && ranked[i].priority == best.priority {
                found.include(ranked[i])
                i -= 1
            }
            top = found
        }
        let room = count < limit.visible
        let above = room ? nil : top
        var chosen = selectInStack(pages, above: above, top: top, lane: lane)
        if let capped = screen(&chosen, above: above, lane: lane, stackTop: top) {
            return .some(.end(capped.0, capped.1))
        }
        if chosen?.exclusive == .hideOthers {
            return .none
        }
        // A choice over a full lane ranks above every alert on screen (it
        // was admitted above the top) and takes one of the visible places.
        let firstVisible = max(0, count - limit.visible + (!room && chosen != nil ? 1 : 0))
        let reach = state.rankingChanges + 1
        var hide: Alert?
        var displaced = false
        var unhide: Alert?
        for i in max(0, firstVisible - reach)..<min(count, firstVisible + reach + 1) {
            let alert = ranked[i]
            let visible = i >= firstVisible
            let drops = !visible && alert.whenDisplaced == .drop
            let mismatched = drops || (alert.state == .showing && !visible) || (alert.state == .hidden && visible)
            guard mismatched else { continue }
            guard alert.passMark != pass, !alert.dispatch!.isDestroyed, alert.dispatch!.isParticipating else {
                return .none
            }
            if drops || alert.state == .showing {
                if hide.map({ $0.stackOrder < alert.stackOrder }) ?? true {
                    hide = alert
                    displaced = drops
                }
            } else if unhide.map({ $0.stackOrder < alert.stackOrder }) ?? true {
                unhide = alert
            }
        }
        #if DEBUG
        counters.rankedStackEvents &+= 1
        #endif
        state.settled = false
        if let hide {
            return .some(displaced ? .end(hide, .displaced) : .hide(hide, .covered))
        }
        if let unhide {
            return .some(.unhide(unhide))
        }
        state.settled = true
        state.settledTop = top
        state.settledCompeting = count
        state.settledHidesOthers = false
        state.rankingChanges = 0
        return .some(chosen.map(PassEvent.show))
    }

    /// After a sweep of a lane with a limit found it settled: its ranking,
    /// when its on-screen alerts are simple (see above). O(s log s).
    func keepRanking(_ state: LaneState, _ alerts: [Alert], limit: LaneLimit) {
        guard lanes.keepsStackRankings, limit.visible > 1, limit.onFull == .queue,
              alerts.allSatisfy({ $0.isRankable && $0.dispatch!.isParticipating }) else {
            state.ranking = nil
            return
        }
        state.ranking = alerts.sorted { $0.ranksBelow($1) }
        state.rankingChanges = 0
    }
}
