/// Ending alerts: taking them out of every index, reporting their last
/// events and freeing what waited for them.
extension Domain {
    /// Ends a live alert and delivers the events of the call that ended it:
    /// `action(index)` when an action was chosen, `remove` if it was on screen
    /// (unless the host already took it off, as with `dismiss`), then
    /// `finish`. All state changes come first (docs/rules.md §2).
    func endAndReport(_ alert: Alert, _ reason: EndReason, action: Int? = nil, removing: Bool = true,
                      _ settlement: inout Settlement) {
        let wasOnScreen = alert.state.isOnScreen
        let dispatch = end(alert, reason, &settlement)
        report(alert, reason, dispatch, wasOnScreen: wasOnScreen, action: action, removing: removing)
    }

    /// An alert that ended, with what its events need to say.
    struct Ending {
        let alert: Alert
        let reason: EndReason
        let dispatch: Dispatch
        let wasOnScreen: Bool
        /// The live alert an upsert updated (docs/rules.md §19): it gets
        /// `update`, if on screen, before this ending's `finish`.
        var updated: Alert?
    }

    /// Ends a live alert without its events, which `report` delivers once
    /// every state change of the call is made (an add that replaces, ignores
    /// and drops alerts reports them all after adding).
    func endSilently(_ alert: Alert, _ reason: EndReason, _ settlement: inout Settlement) -> Ending {
        let wasOnScreen = alert.state.isOnScreen
        return Ending(alert: alert, reason: reason, dispatch: end(alert, reason, &settlement), wasOnScreen: wasOnScreen)
    }

    /// The events of an ending: `action(index)`, `remove` if it was on screen
    /// (and `removing`), then `finish`, to the host of its former dispatch.
    func report(_ ending: Ending) {
        ending.updated?.deliverEngineUpdate()
        report(ending.alert, ending.reason, ending.dispatch, wasOnScreen: ending.wasOnScreen, action: nil, removing: true)
    }

    private func report(_ alert: Alert, _ reason: EndReason, _ dispatch: Dispatch, wasOnScreen: Bool,
                        action: Int?, removing: Bool) {
        let host = dispatch.host
        alert.storedEndingDispatch = dispatch
        defer { alert.storedEndingDispatch = nil }
        let recording = dispatch.recording
        if let action {
            recording?.delivered(alert, finished: false)
            if let host {
                runHostCode(host) { host.action(alert, index: action) }
            }
        }
        if removing && wasOnScreen {
            recording?.delivered(alert, finished: false)
            if let host {
                runHostCode(host) { host.remove(alert, reason: reason) }
            }
        }
        recording?.delivered(alert, finished: true)
        if let host {
            runHostCode(host) { host.finish(alert, reason: reason) }
        }
    }

    /// Ends a live alert: the state change and all bookkeeping, no events;
    /// returns the dispatch it was on (`alert.dispatch` is nil after).
    /// Dependents whose last dependency this was become candidates. The
    /// settlement gets this domain first, then the domains of those
    /// dependents (handle dependencies may cross domains) in the order the
    /// dependents registered.
    private func end(_ alert: Alert, _ reason: EndReason, _ settlement: inout Settlement) -> Dispatch {
        settlement.needPass(self)
        // The alert leaves its dispatch first: the local takes over the
        // alert's reference (copying it would retain and release it). Nothing
        // below reads `alert.dispatch`.
        let dispatch = alert.dispatch.take()!
        if alert.queueIndex >= 0 {
            dispatch.removeCandidate(alert)
        }
        if alert.deadlineIndex >= 0 {
            deadlines.remove(alert)
        }
        if let extras = alert.extras {
            if extras.wakeIndex >= 0 {
                wakes.remove(alert)
            }
            extras.parked = nil
            extras.pendingEnd = nil
            extras.awaitingShowAfter = false
        }
        if gaps.inUse && alert.state.isOnScreen {
            laneLeft(alert.laneKey)
        }
        dispatch.leaveCapacityQueue(alert)
        if alert.state.isOnScreen, let i = stack.lastIndex(where: { $0 === alert }) {
            if i == stack.count - 1 {
                stack.removeLast()  // (the usual case, and cheaper than remove(at:))
            } else {
                stack.remove(at: i)
            }
            if alert.offset != 0 {
                keyboard.offsetAlerts -= 1
            }
            laneLeftScreen(alert)
        }
        dispatch.unlist(alert)
        if !alert.tagKeys.isEmpty {
            unindexTags(of: alert)
        }
        if let lane = alert.laneKey {
            useLane(lane, -1)
        }
        index.liveCount -= 1
        alert.state = .finished
        alert.endReason = reason
        // (Each loop is skipped when empty: most alerts have no dependency
        // edges, and even an empty loop retains and releases the array.)
        if !alert.dependencies.isEmpty {
            for dependency in alert.dependencies {
                dependency.dependents.removeAll { $0 === alert }
            }
            alert.dependencies = []
        }
        if !alert.idDependencies.isEmpty {
            for id in alert.idDependencies {
                index.idWaiters[id]?.remove(alert)
                if index.idWaiters[id]?.isEmpty == true {
                    index.idWaiters[id] = nil
                }
            }
        }
        if !alert.dependents.isEmpty {
            let dependents = alert.dependents
            alert.dependents = []
            for waiter in dependents {
                free(waiter, &settlement)
            }
        }
        if let id = alert.key, index.ids.remove(alert) {
            if !index.idWaiters.isEmpty, let waiters = index.idWaiters[id] {
                for waiter in waiters {
                    free(waiter, &settlement)
                }
            }
        }
        return dispatch
    }

    /// Finishes an idle alert that an add turned away (`.duplicate`): it
    /// never joins, holds no dependency any more, and frees the live alerts
    /// that waited for it by handle. Its events go to `dispatch`'s host.
    func finishUnadded(_ alert: Alert, _ reason: EndReason, on dispatch: Dispatch,
                       _ settlement: inout Settlement) -> Ending {
        settlement.needPass(self)
        alert.state = .finished
        alert.endReason = reason
        alert.dependencies = []
        let dependents = alert.dependents
        alert.dependents = []
        for waiter in dependents {
            free(waiter, &settlement)
        }
        return Ending(alert: alert, reason: reason, dispatch: dispatch, wasOnScreen: false)
    }

    /// One dependency of `waiter` is met; at the last it becomes a candidate.
    private func free(_ waiter: Alert, _ settlement: inout Settlement) {
        waiter.unmet -= 1
        if waiter.unmet == 0, let other = waiter.dispatch {
            other.updateQueue(waiter)
            settlement.needPass(other.domain)
        }
    }
}

extension Alert {
    /// `update` for a change the engine made (an upsert): delivered as a
    /// content setter's is.
    func deliverEngineUpdate() {
        if state.isOnScreen {
            deliverUpdate()
            if state == .showing, let domain = dispatch?.domain {
                domain.announce(self)
            }
        }
    }
}
