/// Joining and splitting domains when a page changes parent.
extension Domain {
    /// Moves the bookkeeping of `moving` (every live alert of the dispatches
    /// that change domain, in add order) from `source` to `target`: the id
    /// index, the id waiters, the live count, and the unmet count and queue
    /// membership of every alert whose id dependencies change meaning. Costs
    /// O(moving alerts + their id dependencies + the waiters on their ids),
    /// not O(domain): nothing else changes. (Handle dependencies cross
    /// domains and are untouched.) The caller has checked that no id clashes.
    static func transfer(_ moving: [Alert], from source: Domain, to target: Domain) {
        guard !moving.isEmpty else { return }
        let members = Set(moving.map(ObjectIdentifier.init))
        source.index.liveCount -= moving.count
        target.index.liveCount += moving.count
        for alert in moving where !alert.tagKeys.isEmpty {
            source.unindexTags(of: alert)
            target.indexTags(of: alert)
        }
        for alert in moving {
            if let lane = alert.laneKey {
                source.useLane(lane, -1)
                target.useLane(lane, 1)
            }
        }
        var touched: [Alert] = []
        // Ids leave the source: its other alerts waiting for them are freed.
        for alert in moving {
            guard let key = alert.key, source.index.ids.remove(alert) else { continue }
            for waiter in source.index.idWaiters[key] ?? WaiterList() where !members.contains(ObjectIdentifier(waiter)) {
                waiter.unmet -= 1
                touched.append(waiter)
            }
        }
        // The moving alerts stop waiting in the source.
        var dependencyIDs = Set<ExactString>()
        for alert in moving {
            dependencyIDs.formUnion(alert.idDependencies)
        }
        for id in dependencyIDs {
            let rest = source.index.idWaiters[id]?.filter { !members.contains(ObjectIdentifier($0)) } ?? []
            source.index.idWaiters[id] = rest.isEmpty ? nil : WaiterList(rest)
        }
        // Ids arrive in the target: its alerts waiting for them are blocked.
        for alert in moving {
            guard let key = alert.key else { continue }
            for waiter in target.index.idWaiters[key] ?? WaiterList() {
                waiter.unmet += 1
                touched.append(waiter)
            }
            target.index.ids.insert(alert)
        }
        // The moving alerts wait in the target, counted against its ids.
        for alert in moving {
            for id in alert.idDependencies {
                target.index.idWaiters[id, default: WaiterList()].append(alert)
            }
            alert.unmet = alert.dependencies.count { $0.state != .finished }
                + alert.idDependencies.count { target.index.ids[$0] != nil }
            touched.append(alert)
        }
        for alert in touched {
            alert.dispatch!.updateQueue(alert)
        }
    }

    /// The live alerts of `subtree`'s dispatches, in add order.
    static func liveAlerts(of subtree: [Dispatch]) -> [Alert] {
        var alerts: [Alert] = []
        for dispatch in subtree {
            alerts.append(contentsOf: dispatch.alerts)
        }
        alerts.sort { $0.seq < $1.seq }
        return alerts
    }

    /// Moves the subtree under `child` (already unlinked from its parent)
    /// into a new domain, which it returns (see `split(_:)` for several).
    func split(_ child: Dispatch) -> Domain {
        split([child])[0]
    }

    /// Moves the subtree under each of `children` (already unlinked from
    /// their parents) into a new domain of its own, and returns them in
    /// that order. Alerts keep their add order and stack order; the
    /// keyboard frame is copied. One walk of this domain's stack serves
    /// them all, so a root destroyed with n child pages splits them in
    /// O(n + stack), not O(n × stack): O(the subtrees' dispatches and
    /// alerts + this domain's stack and lanes).
    func split(_ children: [Dispatch]) -> [Domain] {
        // (A page destroyed without children splits nothing: walking the
        // stack and rebuilding every lane's would cost O(stack + lanes) per
        // destroyed leaf, O(n^2) to tear down n pages each in a lane.)
        guard !children.isEmpty else { return [] }
        // Which child's subtree each dispatch leaves with, then one walk of
        // the stack that deals the on-screen alerts out.
        var leaving: [ObjectIdentifier: Int] = [:]
        var subtrees: [[Dispatch]] = []
        for (i, child) in children.enumerated() {
            let subtree = child.subtree
            for dispatch in subtree {
                leaving[ObjectIdentifier(dispatch)] = i
            }
            subtrees.append(subtree)
        }
        var stacks = [[Alert]](repeating: [], count: children.count)
        var kept: [Alert] = []
        kept.reserveCapacity(stack.count)
        for alert in stack {
            if let i = leaving[ObjectIdentifier(alert.dispatch!)] {
                stacks[i].append(alert)
            } else {
                kept.append(alert)
            }
        }
        stack = kept
        forgetFlips(overflowing: true)
        var domains: [Domain] = []
        domains.reserveCapacity(children.count)
        for (i, child) in children.enumerated() {
            let domain = Domain(root: child)
            domain.gaps.inUse = !child.gaps.isEmpty
            domain.lanes.stacksInUse = !child.laneLimits.isEmpty
            domain.passes.preemptsEqual = passes.preemptsEqual
            if let recording = child.recording, recording.isInCall {
                domain.splitInRecordedCall = recording.callSerial
            }
            domain.history = history
            history?.attach(domain)
            domain.index.nextSeq = index.nextSeq
            domain.forgetFlips(overflowing: true)
            domain.keyboard.frame = keyboard.frame
            domain.continueNumbering(self)
            // The rest takes part as before; the new domain computes its own.
            leaveParticipation(child)
            let subtree = subtrees[i]
            for dispatch in subtree {
                dispatch.domain = domain
            }
            // Running durations leave on this domain's scale and holds, and
            // run on the new root's (docs/rules.md §17).
            for alert in stacks[i] where alert.deadlineIndex >= 0 && alert.state == .showing {
                pauseDuration(alert)
            }
            domain.stack = stacks[i]
            domain.keyboard.offsetAlerts = domain.stack.count { $0.offset != 0 }
            keyboard.offsetAlerts -= domain.keyboard.offsetAlerts
            let moving = Domain.liveAlerts(of: subtree)
            moveLanePages(of: subtree, to: domain) {
                Domain.transfer(moving, from: self, to: domain)
            }
            domain.rebuildLaneStacks()
            moveTimers(of: moving, to: domain)
            domain.refreshDurations()
            domains.append(domain)
        }
        rebuildLaneStacks()
        return domains
    }

    /// Merges `other`, the domain of `subtree` (just linked under a dispatch
    /// of this domain), into this one. Its alerts rank after this domain's in
    /// add order and its on-screen alerts go on top of the stack, each keeping
    /// their own order: two domains have no common clock to interleave them.
    /// The incoming alerts are numbered on from this domain's `index.nextSeq` in
    /// their own order, so numbers grow by the alerts that move (adding
    /// `other.nextSeq` to each doubled them at every join after a split,
    /// and overflowed after about 60). O(the subtree's dispatches, and
    /// k log k for its k alerts).
    func absorb(_ other: Domain, subtree: Dispatch) {
        // Running durations leave on the other root's scale and holds, and
        // run on this one's (docs/rules.md §17).
        other.pauseDurations()
        passes.preemptsEqual = passes.preemptsEqual || other.passes.preemptsEqual
        let dispatches = subtree.subtree
        var moving: [Alert] = []
        for dispatch in dispatches {
            moving += dispatch.alerts
            dispatch.domain = self
            // Not in this domain's `participation.pages` yet: computed for the
            // subtree alone (its lanes are marked below, so a page that
            // stops taking part gets its hides).
            dispatch.participationIndex = -1
            dispatch.isParticipating = false
        }
        moving.sort { $0.seq < $1.seq }
        for alert in moving {
            alert.seq = index.nextSeq
            index.nextSeq += 1
        }
        continueNumbering(other)
        participationChanged(below: subtree)
        keyboard.offsetAlerts += other.keyboard.offsetAlerts
        other.keyboard.offsetAlerts = 0
        other.moveLanePages(of: dispatches, to: self) {
            Domain.transfer(Domain.liveAlerts(of: dispatches), from: other, to: self)
        }
        // The incoming on-screen alerts go on top of the stack, and of
        // their lanes' stacks (after the counts moved: a first lane besides
        // "main" built the lanes' stacks from this domain's stack).
        let incoming = other.stack
        for alert in incoming {
            alert.stackOrder = screen.nextOrder
            screen.nextOrder &+= 1
        }
        stack += incoming
        // (Pages that join keep alerts on screen whose participation did
        // not flip here: the sweeps look at the whole stack until settled.)
        forgetFlips(overflowing: true)
        other.forgetFlips(overflowing: true)
        for alert in incoming {
            if hasLanes {
                laneState(alert.laneKey).stack.append(alert)
            }
            laneScreenChanged(alert.laneKey)
        }
        other.stack = []
        // (Each alert once: a parked one may have a ttl and a wake.)
        other.moveTimers(of: other.deadlines.items + other.wakes.items.filter { $0.deadlineIndex < 0 }, to: self)
        if history == nil, let kept = other.history {
            history = kept
            kept.attach(self)
        }
        other.history?.detach(ObjectIdentifier(other))
        other.history = nil
        let formerRoot = other.clock.requestedTimer != nil ? other.root : nil
        other.index.ids = IDIndex()
        other.index.idWaiters = [:]
        other.root = nil
        other.isDead = true
        // The subtree's root roots no domain any more: its host's timer is
        // not needed (this domain's host is asked for one when it settles).
        if let formerRoot, let host = formerRoot.host {
            host.setTimer(formerRoot, delay: -1)
        }
        // Only the incoming durations change scale and holds: O(them), not
        // O(the stack) per join.
        for alert in incoming where alert.duration > 0 {
            refreshDuration(alert)
        }
    }

    /// Runs `transfer` (which moves the lane counts of `dispatches`'
    /// alerts to `target`) with the candidate pages of each lane moved
    /// along, and marks the lanes they bring to be looked at: O(their live
    /// alerts).
    private func moveLanePages(of dispatches: [Dispatch], to target: Domain, _ transfer: () -> Void) {
        for dispatch in dispatches {
            for lane in dispatch.otherLanes.keys {
                lanes.byName[lane]?.removePage(dispatch)
            }
        }
        transfer()
        for dispatch in dispatches {
            for lane in dispatch.otherLanes.keys {
                target.laneState(lane).addPage(dispatch)
            }
            target.markLanesDirty(of: dispatch)
        }
    }

    /// Numbers passes and sweeps on from `other`'s, so that the marks of
    /// alerts coming from it stay below every later pass and sweep here.
    private func continueNumbering(_ other: Domain) {
        passes.number = max(passes.number, other.passes.number)
        passes.hideSweeps = max(passes.hideSweeps, other.passes.hideSweeps)
        keyboard.moveSweeps = max(keyboard.moveSweeps, other.keyboard.moveSweeps)
        focus.marks = max(focus.marks, other.focus.marks)  // (pages keep the marks they got)
        screen.nextOrder = max(screen.nextOrder, other.screen.nextOrder)
    }
}
