/// The calls that move an alert through its life (docs/rules.md §6). Each
/// validates first and throws without changing anything; the events of the
/// call itself (`action`, `remove`, `finish`) are delivered during the call,
/// after every state change; then the pass it needs runs, or is requested.
extension Alert {
    /// Idle: the alert will be added ready. Waiting: it becomes ready and may
    /// show (a pass follows). Ready or on screen: nothing happens.
    public func setReady() throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("mark the alert ready")
        switch state {
        case .idle:
            startsWaiting = false
        case .waiting:
            let dispatch = self.dispatch!
            try dispatch.domain.requireMutable("mark an alert ready")
            let recorded = recordAlertCall(.ready)
            defer { recorded?.end() }
            // docs/rules.md §17: during its show_after delay it stays waiting.
            if let extras, extras.awaitingShowAfter {
                extras.readyAfterDelay = true
                return
            }
            state = .ready
            dispatch.updateQueue(self)
            try Settlement.settle(dispatch.domain)
        default:
            return
        }
    }

    /// The host has already taken this on-screen alert off screen: it
    /// finishes (`finish(.dismissed)`). Throws `.state` unless on screen.
    public func dismiss() throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("dismiss")
        guard state.isOnScreen else {
            throw AlertError(.state, "cannot dismiss \(alertName): it is \(state), not on screen (cancel ends an alert in any live state)")
        }
        try end(.dismissed, removing: false, "dismiss an alert", deferrable: true) { recordAlertCall(.dismiss) }
    }

    /// Ends a live alert: `remove(.cancelled)` if it was on screen, then
    /// `finish(.cancelled)`. Throws `.state` for an idle or finished alert.
    public func cancel() throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("cancel")
        guard state.isLive else {
            throw AlertError(.state, "cannot cancel \(alertName): it has not been added")
        }
        try end(.cancelled, "cancel an alert", deferrable: true) { recordAlertCall(.cancel) }
    }

    /// The user chose action `index` of this showing alert: `action(index)`,
    /// `remove(.dismissed)`, `finish(.dismissed)`; only `action(index)` when
    /// the action keeps the alert open (`AlertAction.keepOpen`). Throws `.state` unless
    /// showing, `.invalidArgument` when `index` is not an index of
    /// `content.actions` (the message prints it in its own type: a C
    /// `size_t` comes in as `UInt`, never as a negative number).
    public func triggerAction(_ index: some BinaryInteger) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("trigger an action")
        guard state == .showing else {
            throw AlertError(.state, "cannot trigger an action of \(alertName): it is \(state), not showing")
        }
        guard let index = Int(exactly: index), content.actions.indices.contains(index) else {
            throw AlertError(.invalidArgument, "\(alertName) has no action \(index) (it has \(content.actions.count))")
        }
        if content.actions[index].keepOpen {
            try keepOpenAction(index)
            return
        }
        try end(.dismissed, action: index, "trigger an action") { recordCall { .action(alert: $0.alert(self), index: index) } }
    }

    /// An action that keeps the alert open: `action(index)` only.
    private func keepOpenAction(_ index: Int) throws(AlertError) {
        let dispatch = self.dispatch!
        try dispatch.domain.requireMutable("trigger an action")
        let recorded = recordCall { .action(alert: $0.alert(self), index: index) }
        defer { recorded?.end() }
        dispatch.recording?.delivered(self, finished: false)
        if let host = dispatch.host {
            dispatch.domain.runHostCode(host) { host.action(self, index: index) }
        }
    }

    /// What `dismiss`, `cancel` and `triggerAction` share once each has
    /// checked the alert's state: refused from inside a read-only callback,
    /// the call recorded (`record` begins it on the page's recording), the
    /// end and its events, then the pass.
    private func end(_ reason: EndReason, action: Int? = nil, removing: Bool = true, _ what: String,
                     deferrable: Bool = false, record: () -> Recording?) throws(AlertError) {
        let domain = dispatch!.domain
        try domain.requireMutable(what)
        let recorded = record()
        defer { recorded?.end() }
        // docs/rules.md §17: before its minimum visible time a dismiss or
        // cancel waits for it (the call succeeds; the end comes then).
        if deferrable, extras != nil, domain.deferEnd(self, reason) {
            domain.armTimer()
            return
        }
        var settlement = Settlement()
        domain.endAndReport(self, reason, action: action, removing: removing, &settlement)
        try settlement.settle()
    }

    /// Makes this alert wait until `dependency` finishes. Allowed until the
    /// alert shows. A finished dependency is already met (nothing is stored);
    /// adding one twice does nothing. Throws `.cycle`, naming the cycle, when
    /// `dependency` already (transitively) waits for this alert.
    public func addDependency(_ dependency: Alert) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireBeforeShow("add a dependency")
        if dependency === self {
            throw AlertError(.cycle, "\(alertName) cannot depend on itself")
        }
        if dependency.state == .finished || dependencies.contains(where: { $0 === dependency }) {
            return
        }
        if let path = DependencyGraph.path(from: dependency, to: self, DependencyGraph.currentDomains) {
            throw AlertError(.cycle, "cannot add the dependency: " + DependencyGraph.describe([self] + path))
        }
        dependencies.append(dependency)
        if state.isLive {
            dispatch!.recording?.recordDependency(self, on: dependency)
            dependency.dependents.append(self)
            unmet += 1
            dispatch!.updateQueue(self)
        }
    }

    /// Makes this alert wait while a live alert with id `id` exists in its
    /// domain. Allowed until the alert shows; adding one twice does nothing.
    /// Throws `.invalidArgument` for an empty id, `.cycle` when `id` is the
    /// alert's own id or the alert with that id waits for this one.
    public func addDependency(id: String) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireBeforeShow("add a dependency")
        if id.isEmpty {
            throw AlertError(.invalidArgument, "a dependency id must not be empty")
        }
        let key = ExactString(id)
        if key == self.key {
            throw AlertError(.cycle, "\(alertName) cannot depend on its own id")
        }
        // One hash of the id, for the duplicate check, the look-up of its
        // live alert and the list.
        let digest = IDIndex.digest(key)
        guard !idDependencyList.contains(key, digest: digest) else {
            return
        }
        let blocker = state.isLive ? dispatch!.domain.index.ids.find(key, digest: digest) : nil
        if let blocker, let path = DependencyGraph.path(from: blocker, to: self, DependencyGraph.currentDomains) {
            throw AlertError(.cycle, "cannot add the dependency: " + DependencyGraph.describe([self] + path))
        }
        idDependencyList.append(key, digest: digest)
        if state.isLive {
            dispatch!.recording?.recordDependency(self, id: id)
            dispatch!.domain.index.idWaiters[key, default: WaiterList()].append(self)
            if blocker != nil {
                unmet += 1
                dispatch!.updateQueue(self)
            }
        }
    }

    private func requireBeforeShow(_ what: String) throws(AlertError) {
        try requireNotFinished(what)
        if state.isOnScreen {
            throw AlertError(.state, "cannot \(what): \(alertName) is already on screen")
        }
        try dispatch?.domain.requireMutable(what)
    }
}
