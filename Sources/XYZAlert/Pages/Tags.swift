/// Tags and cancelling by tag (docs/rules.md §13).
///
/// Each domain indexes its live alerts by tag (`Domain.tagged`), so that
/// `cancelTagged` finds the k alerts it ends in O(k) however many others
/// are queued. Alerts without tags never touch the index.
extension Alert {
    /// The tags, in the order they were first added.
    public var tags: [String] { tagKeys.map { $0.string } }

    /// Whether the alert carries `tag` (compared byte for byte).
    public func hasTag(_ tag: String) -> Bool {
        tagKeys.contains(ExactString(tag))
    }

    /// Adds a tag (adding one twice does nothing), until the alert finishes
    /// (`.state` after). An empty tag is `.invalidArgument`. O(tags).
    public func addTag(_ tag: String) throws(AlertError) {
        let checked = domainToCheck
        defer { checked?.checkAfterCall() }
        try requireNotFinished("add a tag")
        if tag.isEmpty {
            throw AlertError(.invalidArgument, "a tag of \(alertName) must not be empty")
        }
        let key = ExactString(tag)
        let digest = IDIndex.digest(key)
        guard !tagList.contains(key, digest: digest) else { return }
        try dispatch?.domain.requireMutable("add a tag")
        let recorded = state.isLive ? recordCall { .tag(alert: $0.alert(self), tag: tag) } : nil
        defer { recorded?.end() }
        tagList.append(key, digest: digest)
        if state.isLive {
            dispatch!.domain.index(self, tag: key)
        }
    }
}


extension Dispatch {
    /// Cancels every live alert of the domain that carries `tag` (nil: every
    /// live alert of the domain), one by one as `cancel` would (`remove` if
    /// on screen, then `finish(.cancelled)`): on-screen ones top of stack
    /// first, then queued ones in candidate order; then one pass. Alerts a
    /// callback ends or moves to another domain meanwhile are skipped.
    /// Returns how many this call ended. An empty tag is `.invalidArgument`.
    @discardableResult
    public func cancelTagged(_ tag: String?) throws(AlertError) -> Int {
        defer { checkAfterCall() }
        try requireUsable("cancel tagged alerts")
        if tag?.isEmpty == true {
            throw AlertError(.invalidArgument, "cannot cancel tagged alerts: the tag must not be empty")
        }
        let recorded = recordCall { .cancelTagged(page: $0.page(self), tag: tag) }
        defer { recorded?.end() }
        let domain = self.domain
        var settlement = Settlement()
        settlement.needPass(domain)
        let ended = domain.cancelMany(CancelRequest(tag: tag.map(ExactString.init), queuedOnly: false), &settlement)
        try settlement.settle()
        if domain.hasTimerWork {
            domain.armTimer()
        }
        return ended
    }
}
