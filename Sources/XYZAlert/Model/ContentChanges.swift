/// Changing what an alert shows: new content, added actions, and the
/// `update` an on-screen alert gets for each change.
extension Alert {
    /// Replaces the presentation content, in any state but finished
    /// (`.state`). Content equal to the current one, byte for byte, changes
    /// nothing: no `update`, nothing recorded. Otherwise an on-screen alert
    /// (showing or hidden) gets `update` during the call; a queued alert just
    /// takes the new content for its show. A change made from inside the
    /// alert's own `update` callback is not delivered inside it: the
    /// callback gets one more `update` after it returns, so a host that
    /// normalises content in its callback cannot recurse (docs/guide.md, "Update in place").
    public func setContent(_ content: AlertContent) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        let onScreen = try contentMayChange()
        try content.validate(of: self)
        let old = self.content
        if old.isIdentical(to: content) {
            return
        }
        var recorded: Recording?
        if let recording = dispatch?.recording {
            if let change = RecordedStep.contentChange(from: old, to: content) {
                recording.begin(.update(alert: recording.alert(self), change))
                recorded = recording
            } else {
                recording.fail("\(alertName) got a content change that is not one setter's (title, message, style, meta, one action added, or the actions cleared)")
            }
        }
        defer { recorded?.end() }
        storedContent = ContentBox(content)
        contentChanged(onScreen: onScreen)
    }

    /// Sets the presentation hint (`setContent` with it changed; not empty).
    public func setStyle(_ style: String) throws(AlertError) {
        try editContent { $0.style = style }
    }

    /// Sets the title (nil: none; `setContent` with it changed).
    public func setTitle(_ title: String?) throws(AlertError) {
        try editContent { $0.title = title }
    }

    /// Sets the message (nil: none; `setContent` with it changed).
    public func setMessage(_ message: String?) throws(AlertError) {
        try editContent { $0.message = message }
    }

    /// Sets the host's data (JSON object text, nil: none; `setContent` with
    /// it changed; the C interface checks the text is one object).
    public func setMeta(_ meta: String?) throws(AlertError) {
        try editContent { $0.meta = meta }
    }

    private func editContent(_ edit: (inout AlertContent) -> Void) throws(AlertError) {
        var changed = content
        edit(&changed)
        try setContent(changed)
    }

    /// Appends one action: `setContent` with the actions plus `action`, in
    /// O(1) amortized (the content is not copied or compared), so that n
    /// actions added one by one cost O(n). Refuses an empty id
    /// (`.invalidArgument`) and an id the alert's actions have
    /// (`.duplicate`), as `setContent` does.
    public func addAction(_ action: AlertAction) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        let onScreen = try contentMayChange()
        if action.id.isEmpty {
            throw AlertContent.emptyActionID(of: self)
        }
        let key = ExactString(action.id)
        let digest = IDIndex.digest(key)
        if storedContent == nil {
            storedContent = ContentBox(AlertContent())
        } else if !isKnownUniquelyReferenced(&storedContent) {
            storedContent = ContentBox(storedContent!.content)
        }
        let box = storedContent!
        if box.hasAction(key, digest: digest) {
            throw AlertContent.duplicateActionID(action.id, of: self)
        }
        let recorded = recordCall { .update(alert: $0.alert(self), .addAction(action)) }
        defer { recorded?.end() }
        box.append(action, key, digest: digest)
        contentChanged(onScreen: onScreen)
    }

    /// The checks of every content change (not finished; on screen, in a
    /// domain that may change now); whether the alert is on screen.
    func contentMayChange() throws(AlertError) -> Bool {
        try requireNotFinished("set the content")
        let onScreen = state.isOnScreen
        if onScreen {
            try dispatch!.domain.requireMutable("update an alert on screen")
        }
        return onScreen
    }

    /// After a content change: `update` for an on-screen alert, and a
    /// showing one says its new title or message (docs/rules.md §17).
    func contentChanged(onScreen: Bool) {
        guard onScreen else { return }
        deliverUpdate()
        if state == .showing, let domain = dispatch?.domain {
            domain.announce(self)
        }
    }

    /// Delivers `update`, or marks one pending while the alert's own
    /// `update` callback runs (delivered once it returns).
    func deliverUpdate() {
        if updateIsRunning {
            updateIsPending = true
            return
        }
        updateIsRunning = true
        defer { updateIsRunning = false }
        repeat {
            updateIsPending = false
            let dispatch = self.dispatch!
            dispatch.recording?.delivered(self, finished: false)
            if let host = dispatch.host {
                dispatch.domain.runHostCode(host) { host.update(self) }
            }
        } while updateIsPending && state.isOnScreen
    }
}

/// An alert's content once set (see `Alert.storedContent`). Replaced as a
/// whole by `setContent`; `addAction` appends in place when the alert holds
/// the only reference (an upsert may share it), with an index of the action
/// ids made once there are more than a few.
final class ContentBox {
    var content: AlertContent
    var actionIDs: IDList?

    init(_ content: AlertContent) {
        self.content = content
    }

    /// Whether an action has this id: a scan of a few, else the index.
    func hasAction(_ id: ExactString, digest: Int) -> Bool {
        if actionIDs == nil && content.actions.count > 8 {
            var index = IDList()
            for action in content.actions {
                let key = ExactString(action.id)
                index.append(key, digest: IDIndex.digest(key))
            }
            actionIDs = index
        }
        if let actionIDs {
            return actionIDs.contains(id, digest: digest)
        }
        return content.actions.contains { ExactString($0.id) == id }
    }

    func append(_ action: AlertAction, _ id: ExactString, digest: Int) {
        content.actions.append(action)
        actionIDs?.append(id, digest: digest)
    }
}
