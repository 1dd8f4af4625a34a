/// Which pages take part (rule 1, docs/rules.md §3), as a domain last
/// computed it (`Domain.participation`).
struct Participation {
    /// The participating dispatches, parents first, as last computed; still
    /// right while `isCurrent`. Everything that changes rule 1's inputs (a
    /// page's visibility, the tree, an active child or provider, a destroy)
    /// calls `participationChanged()`. With no provider in the domain a pass
    /// reuses this list until then; with one, every event of a pass
    /// recomputes it and asks the providers (docs/rules.md §5: asked at
    /// every pass).
    var pages: [Dispatch] = []
    /// The subtrees whose participation alone must be computed again, while
    /// `isCurrent` is false because of them only (nil: all).
    var changedSubtrees: [Dispatch]?
    var isCurrent = false
    /// Whether the last computation met a dispatch with a provider.
    var hasProviders = false
    /// Counts the computations, so that a sweep can tell one happened.
    var version = 0
}

extension Domain {
    /// Rule 1's inputs changed: the next pass, explanation or snapshot
    /// recomputes participation.
    func participationChanged() {
        participation.isCurrent = false
        participation.changedSubtrees = nil
        passes.scheduleChanges &+= 1
    }

    /// Rule 1's inputs changed for `dispatch`'s subtree only (it appeared or
    /// disappeared, was suspended or resumed): unless more must be computed
    /// anyway, the next computation visits that subtree alone.
    func participationChanged(below dispatch: Dispatch) {
        passes.scheduleChanges &+= 1
        if participation.isCurrent {
            participation.isCurrent = false
            participation.changedSubtrees = [dispatch]
        } else {
            participation.changedSubtrees?.append(dispatch)
        }
    }

    /// `dispatch`'s subtree stops taking part here (it is destroyed, or
    /// leaves the tree: a split or a join computes its new domain's
    /// participation whole): out of `participation.pages`, its lanes looked at
    /// again. Nothing else's participation changes. O(the subtree).
    func leaveParticipation(_ dispatch: Dispatch) {
        passes.scheduleChanges &+= 1
        for d in dispatch.subtree {
            removeFromParticipating(d)
            if d.isParticipating || d.isHeld {
                d.isParticipating = false
                participationFlipped(d)
            }
        }
    }

    /// Takes `d` out of `participation.pages` (the last entry takes its place),
    /// if this domain's list has it. O(1).
    private func removeFromParticipating(_ d: Dispatch) {
        let i = d.participationIndex
        d.participationIndex = -1
        guard i >= 0 && i < participation.pages.count && participation.pages[i] === d else { return }
        let last = participation.pages.removeLast()
        if i < participation.pages.count {
            participation.pages[i] = last
            last.participationIndex = i
        }
    }

    /// Brings `isParticipating` of every dispatch up to date and returns the
    /// participating ones, parents first. Providers are asked only when
    /// `askProviders` is true, for parents that participate; otherwise their
    /// last answers are used (explain and snapshots never call host code).
    /// O(1) while nothing changed and no provider is set; else O(dispatches)
    /// plus the providers' calls.
    @discardableResult @inline(__always)
    func computeParticipation(askProviders: Bool) -> [Dispatch] {
        if participation.isCurrent && !(askProviders && participation.hasProviders) {
            return participation.pages
        }
        if !participation.hasProviders, let subtrees = participation.changedSubtrees, recomputeParticipation(of: subtrees) {
            return participation.pages
        }
        return recomputeParticipation(askProviders: askProviders)
    }

    /// Computes participation again for `subtrees` alone (the rest is
    /// current and no provider is set), adding to and taking from
    /// `participation.pages` as pages start or stop taking part: O(their pages).
    /// False when one of them is no longer in this domain, has a parent
    /// with a provider or meets one (the whole tree is then computed).
    private func recomputeParticipation(of subtrees: [Dispatch]) -> Bool {
        for top in subtrees {
            guard top.domain === self, !top.isDestroyed, top.parent?.activeChildProvider == nil else { return false }
        }
        var flips: [Dispatch] = []
        func visit(_ d: Dispatch, _ eligible: Bool, _ held: Bool) -> Bool {
            #if DEBUG
            counters.participationVisits &+= 1
            #endif
            guard d.activeChildProvider == nil else { return false }
            let (wasParticipating, wasHeld) = (d.isParticipating, d.isHeld)
            d.isParticipating = eligible && d.isPageVisible && !d.isDestroyed
            d.isHeld = held || d.suspensions > 0
            if d.isParticipating != wasParticipating || d.isHeld != wasHeld {
                flips.append(d)
            }
            let active = d.isParticipating ? d.explicitActiveChild : nil
            for child in d.children {
                guard visit(child, d.isParticipating && (active == nil || child === active), d.isHeld) else { return false }
            }
            return true
        }
        for top in subtrees {
            var eligible = true
            var held = false
            if let parent = top.parent {
                let active = parent.isParticipating ? parent.explicitActiveChild : nil
                eligible = parent.isParticipating && (active == nil || top === active)
                held = parent.isHeld
            }
            guard visit(top, eligible, held) else {
                // (Cannot happen: setting a provider computes the whole
                // tree. Should it, every lane is looked at again.)
                unsettleAllLanes()
                return false
            }
        }
        for d in flips {
            if d.isParticipating && d.participationIndex < 0 {
                d.participationIndex = participation.pages.count
                participation.pages.append(d)
            } else if !d.isParticipating {
                removeFromParticipating(d)
            }
            participationFlipped(d)
        }
        participation.changedSubtrees = nil
        participation.isCurrent = true
        participation.version &+= 1
        return true
    }

    private func recomputeParticipation(askProviders: Bool) -> [Dispatch] {
        // Built aside: a provider may ask for an explanation, which computes
        // participation from the last answers while this runs.
        participation.isCurrent = false
        var list: [Dispatch] = []
        list.reserveCapacity(participation.pages.count)
        var sawProvider = false
        func visit(_ d: Dispatch, _ eligible: Bool, _ held: Bool) {
            #if DEBUG
            counters.participationVisits &+= 1
            #endif
            let (wasParticipating, wasHeld) = (d.isParticipating, d.isHeld)
            d.isParticipating = eligible && d.isPageVisible && !d.isDestroyed
            d.isHeld = held || d.suspensions > 0
            if d.isParticipating != wasParticipating || d.isHeld != wasHeld {
                participationFlipped(d)
            }
            d.participationIndex = d.isParticipating ? list.count : -1
            if d.isParticipating {
                list.append(d)
            }
            // (A provider counts before its page has children: a child
            // joining later must not be computed as if it had none.)
            sawProvider = sawProvider || d.activeChildProvider != nil
            guard !d.children.isEmpty else { return }
            var restricted = false
            var active: Dispatch?
            if d.isParticipating {
                if let provider = d.activeChildProvider {
                    restricted = true
                    if askProviders {
                        hostCalls.readOnlyCallback = "an active-child provider"
                        let answer = provider(d)
                        hostCalls.readOnlyCallback = nil
                        d.providerAnswerChanged = answer !== d.lastProvidedChild
                        d.lastProvidedChild = answer
                    }
                    active = d.lastProvidedChild
                } else if let explicit = d.explicitActiveChild {
                    restricted = true
                    active = explicit
                }
            }
            for child in d.children {
                visit(child, d.isParticipating && (!restricted || child === active), d.isHeld)
            }
        }
        if let root {
            visit(root, true, false)
        }
        participation.pages = list
        participation.hasProviders = sawProvider
        participation.changedSubtrees = nil
        participation.isCurrent = true
        participation.version &+= 1
        return list
    }
}
