/// Adding alerts (docs/rules.md §6 and §13): validation, the duplicate
/// policies, joining the domain, capacity.
///
/// An add is all or nothing: every check is made before anything changes.
/// Then, in this order and without events: the live alerts that new ones
/// `replace` end, the new ones that `ignore` a duplicate finish unadded
/// (and those that `update` one finish unadded once it took their content), the
/// rest join, and the dispatch drops what exceeds its capacity. Only then
/// are the events of those ends delivered (in that order), so every callback
/// sees the add complete; then the pass.
extension Dispatch {
    func add<Batch: RandomAccessCollection<Alert>>(batch: Batch) throws(AlertError) {
        try requireUsable("add alerts")
        if batch.isEmpty {
            return // nothing to add: no pass, nothing recorded
        }
        let domain = self.domain
        // A single alert cannot appear twice or clash with the batch; only
        // larger batches need the sets that check that.
        let checksBatch = batch.count > 1
        var members = Set<ObjectIdentifier>()
        var batchIDs = [ExactString: Alert]()
        var hasDependencies = false
        /// New alerts whose id is live in the domain, with that live alert.
        var conflicts: [(new: Alert, live: Alert)] = []
        for alert in batch {
            if checksBatch {
                guard members.insert(ObjectIdentifier(alert)).inserted else {
                    throw AlertError(.invalidArgument, "cannot add \(alert.alertName) twice in one call")
                }
            }
            guard alert.state == .idle else {
                throw AlertError(.state, "cannot add \(alert.alertName): it is \(alert.state), not idle")
            }
            if alert.key == nil, let caps = alert.extras?.rules, !caps.isEmpty {
                throw AlertError(.invalidArgument, "cannot add an alert without id that has caps: its caps count displays under its id")
            }
            if let id = alert.key {
                if let live = domain.index.ids.find(id, digest: alert.keyDigest) {
                    guard alert.onDuplicate != .reject else {
                        throw AlertError(.duplicate, "cannot add alert '\(id)': a live alert with that id is already in the domain of \(quotedName)")
                    }
                    conflicts.append((alert, live))
                }
                if checksBatch {
                    if batchIDs[id] != nil {
                        throw AlertError(.duplicate, "cannot add alert '\(id)': two alerts of the batch have that id")
                    }
                    batchIDs[id] = alert
                }
            }
            hasDependencies = hasDependencies || !alert.dependencies.isEmpty || !alert.idDependencies.isEmpty
        }
        // docs/rules.md §16: a `drop` alert that a cap forbids now finishes
        // unadded (`capped`), like an ignored duplicate.
        // (Without a history nothing here allocates or retains: the hot path.)
        var cappedAtAdd: [(alert: Alert, verdict: CapVerdict)]?
        var checkedCaps = false
        if let history = domain.history {
            (cappedAtAdd, checkedCaps) = cappedOnArrival(batch, history)
        } else {
            domain.noteRulesWithoutHistory(batch)
        }
        if conflicts.isEmpty && cappedAtAdd == nil {
            if hasDependencies {
                try checkCycles(Array(batch), single: checksBatch ? nil : batch.first, members, batchIDs, gone: [])
            }
            let recorded = recordAdd(batch)
            defer { recorded?.end() }
            if checkedCaps {
                domain.stampRecordedCall()
            }
            var settlement = Settlement()
            try join(batch, into: domain, endings: [], &settlement)
            return
        }
        // Ignored alerts never join; replaced ones leave: for the cycle
        // check both are gone, and a replaced id names its new alert.
        let cappedAtArrival = cappedAtAdd ?? []
        let cappedIDs = Set(cappedAtArrival.map { ObjectIdentifier($0.alert) })
        conflicts.removeAll { cappedIDs.contains(ObjectIdentifier($0.new)) }
        let ignored = Set(conflicts.filter { $0.new.onDuplicate != .replace }.map { ObjectIdentifier($0.new) })
            .union(cappedIDs)
        let gone = ignored.union(conflicts.filter { $0.new.onDuplicate == .replace }.map { ObjectIdentifier($0.live) })
        let joining = batch.filter { !ignored.contains(ObjectIdentifier($0)) }
        if hasDependencies {
            var joiningIDs = batchIDs
            for alert in batch where ignored.contains(ObjectIdentifier(alert)) {
                if let key = alert.key { joiningIDs[key] = nil }
            }
            try checkCycles(joining, single: joining.count == 1 ? joining[0] : nil,
                            Set(joining.map(ObjectIdentifier.init)), joiningIDs, gone: gone)
        }
        let recorded = recordAdd(batch)
        defer { recorded?.end() }
        if checkedCaps {
            domain.stampRecordedCall()
        }
        var settlement = Settlement()
        var endings: [Domain.Ending] = []
        for (alert, verdict) in cappedAtArrival {
            alert.writableExtras.endedBy = (verdict.key, verdict.rule)  // (its reason once finished: the add can no longer fail)
            endings.append(domain.finishUnadded(alert, .capped, on: self, &settlement))
        }
        for (new, live) in conflicts {
            if new.onDuplicate == .ignore {
                endings.append(domain.finishUnadded(new, .duplicate, on: self, &settlement))
            } else if new.onDuplicate == .update || new.onDuplicate == .coalesce {
                // docs/rules.md §19: the live one takes the new content;
                // its `update` comes before the new one's `finish`.
                live.takeUpsert(from: new, in: domain, coalescing: new.onDuplicate == .coalesce)
                var ending = domain.finishUnadded(new, .duplicate, on: self, &settlement)
                ending.updated = live
                endings.append(ending)
            } else {
                endings.append(domain.endSilently(live, .replaced, &settlement))
            }
        }
        try join(joining, into: domain, endings: endings, &settlement)
    }

    /// The `drop` alerts of `batch` that a cap of `history` forbids now, in
    /// batch order (nil: none), and whether any was checked (reading the history's
    /// clock: a recording then stamps the add's step with the time).
    private func cappedOnArrival<Batch: Collection<Alert>>(_ batch: Batch, _ history: History)
        -> ([(alert: Alert, verdict: CapVerdict)]?, Bool) {
        var capped: [(alert: Alert, verdict: CapVerdict)] = []
        var checked = false
        for alert in batch where alert.onCapped == .drop && history.mayCap(alert) && alert.selectionFlags & SelectionFlags.test == 0 {
            checked = true
            let outer = domain.hostCalls.readOnlyCallback
            domain.hostCalls.readOnlyCallback = "the history's clock"
            let verdict = history.verdict(for: alert, utcOffset: { self.domain.utcOffset(at: $0) })
            domain.hostCalls.readOnlyCallback = outer
            if let verdict {
                capped.append((alert, verdict))
            }
        }
        return (capped.isEmpty ? nil : capped, checked)
    }

    /// Throws `.cycle` when adding `joining` would close a dependency cycle.
    /// A cycle through a new alert leaves it by one of its dependencies, so
    /// only batches with dependencies are searched. Alerts in `gone` (ending
    /// in this add) have no edges, and an id whose live alert is gone names
    /// the new alert with that id.
    private func checkCycles(_ joining: [Alert], single: Alert?, _ members: Set<ObjectIdentifier>,
                             _ batchIDs: [ExactString: Alert], gone: Set<ObjectIdentifier>) throws(AlertError) {
        let domain = self.domain
        func inBatch(_ id: ExactString) -> Alert? {
            single.map { $0.key == id ? $0 : nil } ?? batchIDs[id]
        }
        func live(_ found: Alert?, _ id: ExactString) -> Alert? {
            guard let found else { return nil }
            return gone.contains(ObjectIdentifier(found)) ? inBatch(id) : found
        }
        let resolve: DependencyGraph.Resolver = { alert, id in
            if alert === single || members.contains(ObjectIdentifier(alert)) {
                return live(domain.index.ids[id], id) ?? inBatch(id)
            }
            guard alert.state.isLive else { return nil }
            let home = alert.dispatch!.domain
            return live(home.index.ids[id], id) ?? (home === domain ? inBatch(id) : nil)
        }
        if let cycle = DependencyGraph.cycle(from: joining, resolve, excluding: gone) {
            throw AlertError(.cycle, "cannot add alerts: " + DependencyGraph.describe(cycle))
        }
    }

    /// Makes `joining` live in this dispatch (all checks passed), drops what
    /// exceeds the capacity, reports `endings` and the drops, then settles.
    /// `domain` is this dispatch's (read once by the caller).
    /// O(k log n) for k alerts plus their dependency edges.
    private func join<Alerts: Collection<Alert>>(_ joining: Alerts, into domain: Domain, endings: [Domain.Ending],
                                                  _ settlement: inout Settlement) throws(AlertError) {
        var addedAt: Double?
        for alert in joining {
            alert.seq = domain.index.nextSeq
            domain.index.nextSeq += 1
            alert.addedLifo = storedOrder == .lifo
            if alert.preempt == .equal {
                domain.passes.preemptsEqual = true
            }
            alert.dispatch = self
            alert.state = alert.startsWaiting ? .waiting : .ready
            alert.remainingDuration = alert.duration
            if alert.ttl > 0 {
                addedAt = addedAt ?? domain.now()
                domain.startTTL(alert, at: addedAt!)
            }
            // docs/rules.md §17: waiting for its show_after delay first.
            if let extras = alert.extras, extras.showAfter > 0 {
                addedAt = addedAt ?? domain.now()
                extras.awaitingShowAfter = true
                extras.readyAfterDelay = !alert.startsWaiting
                alert.state = .waiting
                domain.setWake(alert, at: addedAt! + extras.showAfter, .showAfter)
            }
            list(alert)
            enterCapacityQueue(alert)
            if !alert.tagKeys.isEmpty {
                domain.indexTags(of: alert)
            }
            if let lane = alert.laneKey {
                domain.useLane(lane, 1)
            }
            domain.index.liveCount += 1
            if let id = alert.key {
                // Alerts already waiting for this id now have one more unmet dependency.
                if !domain.index.idWaiters.isEmpty, let waiters = domain.index.idWaiters[id] {
                    for waiter in waiters {
                        waiter.unmet += 1
                        waiter.dispatch!.updateQueue(waiter)
                    }
                }
                domain.index.ids.insert(alert)
            }
        }
        for alert in joining {
            // (Skipped without edges, as most alerts are: even an empty loop
            // retains and releases the arrays.)
            if !alert.idDependencies.isEmpty || !alert.dependencies.isEmpty {
                for id in alert.idDependencies {
                    domain.index.idWaiters[id, default: WaiterList()].append(alert)
                }
                for dependency in alert.dependencies where dependency.state != .finished {
                    dependency.dependents.append(alert)
                }
                alert.unmet = alert.dependencies.count { $0.state != .finished }
                    + alert.idDependencies.count { domain.index.ids[$0] != nil }
            } else {
                alert.unmet = 0
            }
            updateQueue(alert)
        }
        settlement.needPass(domain)
        let dropped = dropOverCapacity(&settlement)
        for ending in endings {
            domain.report(ending)
        }
        for ending in dropped {
            domain.report(ending)
        }
        try settlement.settle()
    }
}

extension Alert {
    /// Upsert (docs/rules.md §19): this live alert takes `new`'s content and,
    /// when `new` has a duration, that duration, counted again from the
    /// start (running at once if the alert is showing). No events: the add
    /// delivers `update` with its other events (on screen, always: the
    /// host asked for the alert again).
    func takeUpsert(from new: Alert, in domain: Domain, coalescing: Bool = false) {
        storedContent = new.storedContent
        if coalescing {
            let extras = writableExtras
            extras.repeats = extras.repeats < Int.max - 1 ? extras.repeats + 1 : extras.repeats
            // Announced again, the same text included.
            extras.lastAnnounced = nil
        }
        let restart = new.duration > 0 ? new.duration : coalescing ? duration : 0
        if restart > 0 {
            if deadlineIndex >= 0 && state.isOnScreen {
                domain.deadlines.remove(self)
            }
            duration = restart
            remainingDuration = restart
            if state == .showing {
                domain.refreshDuration(self)
            }
        }
    }
}
