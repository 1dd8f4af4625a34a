/// What one public call leaves to do once its own work is done: the domains
/// whose schedule it changed. `settle()` then runs each domain's passes
/// (immediate mode) or asks its host for a flush (deferred mode), in the order
/// the domains were touched, so that the same calls give the same callbacks.
///
/// A domain that is already delivering a pass is left alone: its running pass
/// re-derives every event from the current state and takes the change into
/// account (rule 7, docs/rules.md §3), so no pass is ever nested within its own domain.
///
/// A value on the caller's stack: most calls touch one domain, which is kept
/// inline (`first`), so settling allocates nothing. Touching k domains costs
/// O(k^2) comparisons; k is the number of domains linked by handle
/// dependencies to the alert that ended, usually 1.
struct Settlement {
    private var first: Domain?
    private var others: [Domain] = []

    /// Settles a call that changed the schedule of `domain` only.
    static func settle(_ domain: Domain) throws(AlertError) {
        var settlement = Settlement()
        settlement.needPass(domain)
        try settlement.settle()
    }

    @inline(__always) // (on the path of every call that changes a schedule)
    mutating func needPass(_ domain: Domain) {
        guard let first else {
            first = domain
            return
        }
        if first !== domain && !others.contains(where: { $0 === domain }) {
            others.append(domain)
        }
    }

    /// `needPass` for a domain just made (split off), which cannot be
    /// listed yet: O(1), where `needPass` looks through the list (a root
    /// destroyed with n children splits n domains).
    mutating func needPass(new domain: Domain) {
        if first == nil {
            first = domain
        } else {
            others.append(domain)
        }
    }

    /// Skips dead domains, running ones, those whose passes a campaign call
    /// holds (it settles them at its end), and domains whose root is being
    /// destroyed: the destroying call settles the domains that remain. Every
    /// domain is settled; the first domain whose passes did not settle
    /// (`Domain.run`) is reported after the others have run.
    func settle() throws(AlertError) {
        var unsettled = first.flatMap(Settlement.settle(one:))
        for domain in others {
            let error = Settlement.settle(one: domain)
            unsettled = unsettled ?? error
        }
        if let unsettled {
            throw unsettled
        }
    }

    /// Deferred mode: asks the root's host for a flush. Out of line, so that
    /// `settle(one:)` stays small enough for the passes to be inlined into it.
    @inline(never)
    private static func requestFlush(_ domain: Domain, _ root: Dispatch, _ host: AlertHost) {
        domain.passes.flushRequested = true
        // (What a recording cannot place: see `Recording.inSplitFlushRequest`.)
        let recording = root.recording.flatMap { $0.isInCall && domain.splitInRecordedCall == $0.callSerial ? $0 : nil }
        recording?.inSplitFlushRequest = true
        domain.runHostCode(host) { host.requestFlush(root) }
        recording?.inSplitFlushRequest = false
    }

    /// Then asks the domain's host for the timer its earliest deadline needs
    /// (`Domain.armTimer`).
    private static func settle(one domain: Domain) -> AlertError? {
        guard !domain.isDead, !domain.passes.isRunning, domain.passes.held == 0, domain.root?.isDestroyed == false else { return nil }
        defer {
            if domain.hasTimerWork {
                domain.armTimer()
            }
        }
        if !domain.isDeferred {
            do {
                try domain.run()
            } catch {
                return error
            }
        } else if !domain.passes.flushRequested, let root = domain.root, let host = root.host {
            requestFlush(domain, root, host)
        }
        return nil
    }
}
