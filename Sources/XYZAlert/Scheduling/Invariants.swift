/// A full check of the invariants documented on `Domain`, `Dispatch`,
/// `Alert` and the containers (`IDIndex`, `IDList`, `WaiterList`,
/// `AlertHeap`), in the manner of swift-collections' `_checkInvariants`:
/// O(alerts + dispatches + dependency edges), so it is for tests and
/// fuzzing only. Builds compiled with `-D XYZALERT_CHECK_INVARIANTS`
/// (`make fuzz-build`, `make check-exclusivity`) run it after every public
/// call that changes state (`checkAfterCall`) and at every snapshot; a
/// broken invariant stops the process with a message saying which.
extension Domain {
    /// Called as every public call that changes state returns (thrown or
    /// not, nested in a callback or not): the full check in checked builds,
    /// nothing otherwise.
    @inline(__always)
    func checkAfterCall() {
        #if XYZALERT_CHECK_INVARIANTS
        checkInvariants()
        #endif
    }

    func checkInvariants() {
        func require(_ condition: @autoclosure () -> Bool, _ what: @autoclosure () -> String) {
            precondition(condition(), "XYZAlert invariant broken: " + what())
        }
        guard !isDead, let root else { return }
        require(root.parent == nil && root.domain === self, "the root has a parent or another domain")
        var onScreen = Set<ObjectIdentifier>()
        for alert in stack {
            require(alert.state.isOnScreen, "\(alert.quotedName) is on the stack but \(alert.state)")
            require(alert.dispatch?.domain === self, "\(alert.quotedName) on the stack belongs to another domain")
            require(onScreen.insert(ObjectIdentifier(alert)).inserted, "\(alert.quotedName) is twice on the stack")
        }
        // StackRanking.swift: a lane's ranking holds its on-screen alerts
        // (simple ones) by priority, then show order.
        for lane in [lanes.main] + Array(lanes.byName.values) {
            guard let ranking = lane.ranking else { continue }
            let own = stack.filter { hasLanes ? $0.laneKey == lane.key : true }
            require(Set(ranking.map(ObjectIdentifier.init)) == Set(own.map(ObjectIdentifier.init))
                    && ranking.count == own.count, "the ranking of lane \(lane.key?.string ?? "main") is not its stack")
            require(ranking.indices.dropFirst().allSatisfy { ranking[$0 - 1].ranksBelow(ranking[$0]) },
                    "the ranking of lane \(lane.key?.string ?? "main") is out of order")
            require(ranking.allSatisfy { $0.isRankable },
                    "the ranking of lane \(lane.key?.string ?? "main") holds an alert it must not")
        }
        // SweepFocus.swift: an alert showing on a page that does not take
        // part is on a page that flipped since "main" last settled, and the
        // stack is in `stackOrder`.
        let flipped = Set(focus.flippedPages.map(ObjectIdentifier.init))
        for (i, alert) in stack.enumerated() {
            require(i == 0 || stack[i - 1].stackOrder < alert.stackOrder, "\(alert.quotedName) is out of stack order")
            require(alert.stackOrder < screen.nextOrder, "\(alert.quotedName) has a stack order not given yet")
            if !focus.flipsOverflowed && alert.state == .showing, let dispatch = alert.dispatch {
                require(dispatch.isParticipating || flipped.contains(ObjectIdentifier(dispatch)),
                        "\(alert.quotedName) shows on \(dispatch.quotedName), which neither takes part nor flipped")
            }
            require(alert.queueIndex < 0, "\(alert.quotedName) is on screen and queued")
        }
        var live = 0
        for dispatch in dispatches {
            // A dispatch whose destroy() is running stays listed, destroyed, until its alerts have ended.
            require(dispatch.domain === self, "\(dispatch.quotedName) is listed by another domain")
            for child in dispatch.children {
                require(child.parent === dispatch, "\(child.quotedName) lists another parent")
            }
            // (Heap members are held unowned: each must be a live alert listed here, see UnownedAlert.)
            dispatch.waitQueue.checkInvariants { $0.dispatch === dispatch && $0.state == .ready && $0.exclusive == .wait }
            dispatch.coverQueue.checkInvariants { $0.dispatch === dispatch && $0.state == .ready && $0.exclusive != .wait }
            require(dispatch.waitQueue.items.allSatisfy { $0.laneKey == nil } && dispatch.coverQueue.items.allSatisfy { $0.laneKey == nil },
                    "\(dispatch.quotedName) queues an alert of another lane as 'main'")
            for (lane, queues) in dispatch.otherLanes {
                require(!queues.isEmpty, "\(dispatch.quotedName) keeps empty queues for lane '\(lane)'")
                queues.wait.checkInvariants { $0.dispatch === dispatch && $0.state == .ready && $0.exclusive == .wait && $0.laneKey == lane }
                queues.cover.checkInvariants { $0.dispatch === dispatch && $0.state == .ready && $0.exclusive != .wait && $0.laneKey == lane }
            }
            dispatch.dropQueue.checkInvariants { $0.dispatch === dispatch && $0.state.isLive && !$0.state.isOnScreen }
            require(dispatch.capacityLimit == 0
                    ? dispatch.dropQueue.isEmpty
                    : dispatch.dropQueue.count == dispatch.alerts.count { !$0.state.isOnScreen },
                    "the drop queue of \(dispatch.quotedName) does not hold exactly its queued alerts")
            require(dispatch.capacityLimit == 0 || dispatch.dropQueue.count <= dispatch.capacityLimit,
                    "\(dispatch.quotedName) holds more queued alerts than its capacity")
            for alert in dispatch.alerts {
                live += 1
                require(alert.dispatch === dispatch && alert.state.isLive, "\(alert.quotedName) is listed but not live there")
                require(alert.state.isOnScreen == onScreen.contains(ObjectIdentifier(alert)),
                        "\(alert.quotedName) is \(alert.state) but \(alert.state.isOnScreen ? "not " : "")on the stack")
                let unmet = alert.dependencies.count { $0.state != .finished }
                    + alert.idDependencies.count { index.ids[$0] != nil }
                require(alert.unmet == unmet, "\(alert.quotedName) counts \(alert.unmet) unmet dependencies, not \(unmet)")
                require((alert.queueIndex >= 0) == (alert.state == .ready && unmet == 0 && !alert.isParked),
                        "\(alert.quotedName) is \(alert.queueIndex >= 0 ? "" : "not ")queued while \(alert.state) with \(unmet) unmet\(alert.isParked ? ", parked" : "")")
                require(!alert.isParked || (alert.state == .ready && history != nil), "\(alert.quotedName) is parked while \(alert.state)")
                if let extras = alert.extras, extras.wakeIndex >= 0 {
                    let fits = switch extras.wakeKind {
                    case .capFree: alert.isParked
                    case .showAfter: alert.state == .waiting && extras.awaitingShowAfter
                    case .minVisible: alert.state.isOnScreen && extras.pendingEnd != nil
                    }
                    require(fits, "\(alert.quotedName) is \(alert.state) with a \(extras.wakeKind) wake")
                }
                let timed = alert.state == .showing ? durationRuns(alert)
                    : !alert.state.isOnScreen && alert.ttl > 0
                require((alert.deadlineIndex >= 0) == timed,
                        "\(alert.quotedName) is \(alert.state) and \(timed ? "not " : "")in the deadline heap")
                for tag in alert.tagKeys {
                    require(index.tagged[tag]?[ObjectIdentifier(alert)] === alert, "\(alert.quotedName) is not indexed under its tag '\(tag)'")
                }
                if let key = alert.key {
                    require(index.ids[key] === alert, "ids does not map '\(key)' to its live alert")
                }
                for id in alert.idDependencies {
                    require(index.idWaiters[id]?.contains { $0 === alert } == true, "\(alert.quotedName) is not a waiter of '\(id)'")
                }
                for dependency in alert.dependencies where dependency.state != .finished {
                    require(dependency.dependents.contains { $0 === alert }, "\(alert.quotedName) is not a dependent")
                }
            }
        }
        wakes.checkInvariants { $0.dispatch?.domain === self }
        require(history == nil || history!.lists(self), "the history does not list its domain")
        require(gaps.inUse == !root.gaps.isEmpty, "gaps.inUse is \(gaps.inUse) but the root has \(root.gaps.count) gaps")
        require(lanes.stacksInUse == !root.laneLimits.isEmpty, "lanes.stacksInUse is \(lanes.stacksInUse) but the root has \(root.laneLimits.count) lane limits")
        require(onScreen.count == stack.count, "the stack holds alerts of no dispatch")
        require(keyboard.offsetAlerts == stack.count { $0.offset != 0 }, "keyboard.offsetAlerts is \(keyboard.offsetAlerts)")
        require(live == index.liveCount, "index.liveCount is \(index.liveCount), but \(live) alerts are live")
        var laneCounts: [ExactString: Int] = [:]
        for dispatch in dispatches {
            for alert in dispatch.alerts {
                if let lane = alert.laneKey { laneCounts[lane, default: 0] += 1 }
            }
        }
        require(laneCounts == lanes.byName.mapValues { $0.live }, "the lanes count \(lanes.byName.mapValues { $0.live }), not \(laneCounts)")
        require(Set(lanes.inUse.map { $0.key ?? Domain.mainLane }) == Set([Domain.mainLane] + laneCounts.keys)
                    && lanes.inUse.count == laneCounts.count + 1, "lanes.inUse is not the lanes in use")
        if participation.isCurrent {
            require(participation.pages.indices.allSatisfy { participation.pages[$0].participationIndex == $0 },
                    "a participating page's index is wrong")
            require(dispatches.allSatisfy { $0.isParticipating == ($0.participationIndex >= 0) },
                    "the participating list is not the participating pages")
        }
        require(lanes.inUse.indices.allSatisfy { lanes.inUse[$0].position == $0 && lanes.inUse[$0].status != .gone }, "a lane's position is wrong")
        require(lanes.inUse.allSatisfy { lane in lane.status != .dirty || lanes.dirty.contains { $0 === lane } },
                "a lane marked dirty is not in lanes.dirty")
        if hasLanes {
            for lane in lanes.inUse {
                require(lane.stack.elementsEqual(stack.filter { $0.laneKey == lane.key }, by: ===),
                        "the stack of lane '\(lane.key?.string ?? "main")' is not its alerts of the domain's stack")
                if lane.key != nil {
                    var pages = Set<ObjectIdentifier>()
                    for dispatch in dispatches where dispatch.otherLanes[lane.key!] != nil {
                        pages.insert(ObjectIdentifier(dispatch))
                    }
                    require(Set(lane.pages.map(ObjectIdentifier.init)) == pages && lane.pages.count == pages.count,
                            "the candidate pages of lane '\(lane.key!.string)' are wrong")
                }
            }
        }
        require(index.ids.count <= live, "ids maps finished alerts")
        for (id, waiters) in index.idWaiters {
            require(!waiters.isEmpty, "index.idWaiters keeps an empty entry for '\(id)'")
            for waiter in waiters {
                require(waiter.state.isLive && waiter.dispatch?.domain === self && waiter.idDependencies.contains(id),
                        "index.idWaiters lists \(waiter.quotedName) under '\(id)' wrongly")
            }
        }
        for (tag, members) in index.tagged {
            require(!members.isEmpty, "the tag index keeps an empty entry for '\(tag)'")
            for alert in members.values {
                require(alert.state.isLive && alert.dispatch?.domain === self && alert.tagKeys.contains(tag),
                        "the tag index maps '\(tag)' to \(alert.quotedName) wrongly")
            }
        }
        deadlines.checkInvariants { $0.state.isLive && $0.dispatch?.domain === self }
        index.ids.checkInvariants()
        for waiters in index.idWaiters.values {
            waiters.checkInvariants()
        }
        for dispatch in dispatches {
            for alert in dispatch.alerts {
                alert.idDependencyList.checkInvariants()
                alert.tagList.checkInvariants()
            }
        }
        for alert in index.ids.alerts {
            require(alert.state.isLive && alert.dispatch?.domain === self, "ids maps \(alert.quotedName) wrongly")
        }
    }
}

extension Alert {
    /// The domain a call on this alert checks as it returns: its domain
    /// when the call starts (an alert that finishes leaves it), in checked
    /// builds; nil otherwise, so that the check costs nothing.
    @inline(__always)
    var domainToCheck: Domain? {
        #if XYZALERT_CHECK_INVARIANTS
        return dispatch?.domain
        #else
        return nil
        #endif
    }
}

extension Dispatch {
    /// `Domain.checkAfterCall` on this dispatch's domain as the call
    /// returns (a call may move the dispatch to another domain).
    @inline(__always)
    func checkAfterCall() {
        #if XYZALERT_CHECK_INVARIANTS
        domain.checkInvariants()
        #endif
    }

    #if DEBUG
    /// How many pages the participation computations of its domain have
    /// visited so far (docs/rules.md §3, rule 1): for complexity tests.
    @_spi(Testing) public var participationVisits: Int { domain.counters.participationVisits }

    /// How many on-screen alerts the sweeps of its domain were given so far
    /// (see SweepFocus.swift): for complexity tests.
    @_spi(Testing) public var sweptAlerts: Int { domain.counters.sweptAlerts }

    /// How many events (and settled looks) lanes with a limit took from
    /// their ranking (see StackRanking.swift): for tests.
    @_spi(Testing) public var rankedStackEvents: Int { domain.counters.rankedStackEvents }
    #endif

    /// Turns the ranking of lanes with a limit (StackRanking.swift) on or
    /// off for this dispatch's domain, as it is now: for tests that compare
    /// the events it gives with those of the sweep.
    @_spi(Testing) public func keepStackRankings(_ on: Bool) {
        domain.lanes.keepsStackRankings = on
        if !on {
            domain.unsettleAllLanes()
        }
    }

    /// Checks every invariant of this dispatch's domain (see
    /// `Domain.checkInvariants`); for the engine's own tests.
    @_spi(Testing) public func checkInvariants() {
        domain.checkInvariants()
    }
}
