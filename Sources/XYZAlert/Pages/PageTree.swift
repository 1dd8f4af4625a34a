/// Parents and children (docs/rules.md §5): joining and leaving a parent,
/// and the active child that decides which branch of a tab bar participates.
extension Dispatch {
    /// Makes this dispatch a child of `newParent` (nil detaches), joining
    /// the two domains (docs/rules.md §5). Throws `.cycle` for a parent cycle or
    /// a dependency cycle the join would close, `.duplicate` when the domains'
    /// live alerts share an id, `.state` when either domain is delivering a
    /// pass (domains cannot change shape from inside a callback). Passes
    /// follow in both resulting domains.
    public func setParent(_ newParent: Dispatch?) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set the parent")
        try newParent?.requireUsable("set the parent")
        if newParent === parent {
            return
        }
        // A parent cycle needs the new parent inside this subtree, hence in
        // this domain: joining another domain cannot close one.
        if let newParent, newParent.domain === domain {
            var chain: [Dispatch] = [self]
            var walker: Dispatch? = newParent
            while let d = walker {
                chain.append(d)
                if d === self {
                    throw AlertError(.cycle, "parent cycle: " + chain.map { $0.quotedName }.joined(separator: " -> "))
                }
                walker = d.parent
            }
        }
        if domain.passes.isRunning || newParent?.domain.passes.isRunning == true {
            throw AlertError(.state, "cannot set the parent of \(quotedName) while its domain is delivering events")
        }
        if let newParent, newParent.domain !== domain {
            if let mine = domain.history, let theirs = newParent.domain.history, mine !== theirs {
                throw AlertError(.state, "cannot attach \(quotedName) to \(newParent.quotedName): their domains keep different histories (a domain has one)")
            }
            try checkJoin(into: newParent.domain)
        }
        let recorded = recording ?? newParent?.recording
        recorded?.beginParent(self, newParent)
        defer { recorded?.end() }

        var settlement = Settlement()
        if let oldParent = parent {
            oldParent.unlink(self)
            if newParent?.domain !== domain {
                let rest = domain
                _ = rest.split(self)
                settlement.needPass(rest)
            }
        }
        if let newParent {
            newParent.children.append(self)
            storedParent = newParent
            // Only its subtree's participation changes (O(the subtree), not
            // the whole tree: a root with a thousand tabs joins one in O(1));
            // a join from another domain marks it in `absorb`.
            if domain !== newParent.domain {
                newParent.domain.absorb(domain, subtree: self)
            } else {
                newParent.domain.participationChanged(below: self)
            }
        }
        settlement.needPass(domain)
        try settlement.settle()
    }

    /// Checks that moving this subtree into `target` creates no duplicate
    /// id and no dependency cycle. O(alerts of both).
    func checkJoin(into target: Domain) throws(AlertError) {
        let members = subtree
        let memberIDs = Set(members.map(ObjectIdentifier.init))
        var moving: [Alert] = []
        for dispatch in members {
            moving += dispatch.alerts
        }
        moving.sort { $0.seq < $1.seq }
        var movingIDs: [ExactString: Alert] = [:]
        for alert in moving {
            if let id = alert.key {
                if target.index.ids.find(id, digest: alert.keyDigest) != nil {
                    throw AlertError(.duplicate, "cannot attach \(quotedName): id '\(id)' is used by live alerts in both domains")
                }
                movingIDs[id] = alert
            }
        }
        let old = domain
        let resolve: DependencyGraph.Resolver = { alert, id in
            guard alert.state.isLive else { return nil }
            let dispatch = alert.dispatch!
            if dispatch.domain === target || memberIDs.contains(ObjectIdentifier(dispatch)) {
                return target.index.ids[id] ?? movingIDs[id]
            }
            let found = dispatch.domain.index.ids[id]
            if dispatch.domain === old, let found, memberIDs.contains(ObjectIdentifier(found.dispatch!)) {
                return nil
            }
            return found
        }
        // The graph is acyclic now; a cycle the join closes runs through one
        // of the id edges it adds, which start at a moving alert or at an
        // alert of the target waiting for an id that moves.
        var starts: [Alert] = moving
        for alert in moving {
            if let id = alert.key {
                starts += target.index.idWaiters[id] ?? WaiterList()
            }
        }
        if let cycle = DependencyGraph.cycle(from: starts, resolve) {
            throw AlertError(.cycle, "cannot attach \(quotedName): " + DependencyGraph.describe(cycle))
        }
    }

    /// Removes `child` from `children`, forgetting it as the active child.
    func unlink(_ child: Dispatch) {
        if explicitActiveChild === child || activeChildProvider != nil {
            // Its siblings may take part now.
            domain.participationChanged(below: self)
        } else {
            domain.leaveParticipation(child)
        }
        children.removeAll { $0 === child }
        child.storedParent = nil
        if explicitActiveChild === child {
            storedActiveChild = nil
        }
        if lastProvidedChild === child {
            lastProvidedChild = nil
        }
    }

    /// Makes `child` the only active child (nil: every child is active
    /// again) and removes any provider. Throws `.owner` when `child` is not a
    /// child of this dispatch. Then a pass.
    public func setActiveChild(_ child: Dispatch?) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set the active child")
        if let child, child.parent !== self {
            throw AlertError(.owner, "cannot make \(child.quotedName) the active child of \(quotedName): it is not its child")
        }
        let recorded = recordCall { r in .select(page: r.page(self), child: child.flatMap(r.page)) }
        defer { recorded?.end() }
        let previous = storedActiveChild
        let hadProvider = activeChildProvider != nil
        storedActiveChild = child
        activeChildProvider = nil
        lastProvidedChild = nil
        if let previous, let child, !hadProvider {
            // One active child for another: only their subtrees change
            // (a tab switch costs the two tabs, not every tab).
            domain.participationChanged(below: previous)
            if child !== previous {
                domain.participationChanged(below: child)
            }
        } else {
            domain.participationChanged()
        }
        try Settlement.settle(domain)
    }

    /// Sets (nil: removes) the provider asked at every pass for the active
    /// child, replacing any explicit active child. A provider that returns nil
    /// or a dispatch that is not a child selects no child. It must not change
    /// the schedule: such calls from inside it throw `.state`. Then a pass.
    public func setActiveChildProvider(_ provider: ((Dispatch) -> Dispatch?)?) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("set the active-child provider")
        if provider != nil {
            recording?.fail("\(quotedName) got an active-child provider, which a file cannot hold")
        }
        activeChildProvider = provider
        storedActiveChild = nil
        lastProvidedChild = nil
        domain.participationChanged()
        try Settlement.settle(domain)
    }
}
