/// Diagnostics (docs/rules.md §6): one sentence on why an alert is in its state.
/// Explanations use the active-child providers' answers from the last pass:
/// they never call host code.
extension Alert {
    /// One sentence on why the alert is in its state; an alert outside the
    /// "main" lane names its lane at the end ("... (lane 'toast')").
    public func explain() -> String {
        state.isLive ? explainState() + laneSuffix : explainState()
    }

    private func explainState() -> String {
        let name = quotedName
        switch state {
        case .idle:
            return "\(name) has not been added to a dispatch" + (startsWaiting ? "; it will be added waiting" : "")
        case .waiting:
            return "\(name) is waiting: the host has not marked it ready"
        case .finished:
            let why: String = switch endReason! {
            case .timeout: " (its duration was spent)"
            case .expired: " (its ttl ran out before it was shown)"
            case .duplicate: " (an alert with its id was live when it was added)"
            case .replaced: " (a newer alert with its id took its place)"
            case .dropped: " (its page held more queued alerts than its capacity)"
            default: ""
            }
            return "\(name) finished: \(endReason!)" + why
        case .ready, .showing, .hidden:
            break
        }
        let dispatch = self.dispatch!
        let domain = dispatch.domain
        domain.computeParticipation(askProviders: false)
        if state == .showing {
            return "\(name) is showing on \(dispatch.quotedName) (target '\(target)')"
        }
        if let absence = dispatch.absenceReason() {
            return state == .hidden ? "\(name) is hidden: \(absence)" : "\(name) is ready but \(absence)"
        }
        if state == .hidden {
            let index = domain.stack.firstIndex { $0 === self }!
            if let cover = domain.stack[(index + 1)...].last(where: {
                $0.dispatch!.isParticipating && $0.exclusive == .hideOthers && $0.laneKey == laneKey
            }) {
                return "\(name) is hidden: covered by \(cover.quotedName) (hide_others)"
            }
            return "\(name) is hidden and will be restored at the next pass"
        }
        if let dependency = dependencies.first(where: { $0.state != .finished }) {
            return "\(name) is waiting for dependency \(dependency.quotedName) (\(dependency.state))"
        }
        if let id = idDependencies.first(where: { domain.ids[$0] != nil }) {
            return "\(name) is waiting for dependency '\(id)' (\(domain.ids[id]!.state))"
        }
        if let holder = dispatch.heldBy {
            return "\(name) is held: \(holder.quotedName) is suspended"
        }
        let participatingStack = domain.stack.filter { $0.dispatch!.isParticipating && $0.laneKey == laneKey }
        if let top = participatingStack.last {
            if exclusive == .wait {
                return "\(name) is blocked by \(top.quotedName): it is 'wait' and never shows over another alert"
            }
            let strongest = participatingStack.max { $0.priority < $1.priority }!
            if strongest.priority >= priority {
                return "\(name) is blocked by \(strongest.quotedName) (priority \(strongest.priority) >= \(priority))"
            }
        }
        return "\(name) is ready and will show at the next pass" + (domain.flushRequested ? " (a flush is requested)" : "")
    }
}

extension Dispatch {
    /// Why this page does not participate, or nil if it does (as last computed).
    func absenceReason() -> String? {
        if isParticipating {
            return nil
        }
        if isDestroyed {
            return "\(quotedName) was destroyed"
        }
        if !isPageVisible {
            return "\(quotedName) is not visible"
        }
        guard let parent else { return nil }
        return parent.absenceReason() ?? "\(quotedName) is not the active child of \(parent.quotedName)"
    }
}
