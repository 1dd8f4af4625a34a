/// What one public call leaves to do once its own work is done: the domains
/// whose schedule it changed. `settle()` then runs each domain's passes
/// (immediate mode) or asks its host for a flush (deferred mode), in the order
/// the domains were touched, so that the same calls give the same callbacks.
///
/// A domain that is already delivering a pass is left alone: its running pass
/// re-derives every event from the current state and takes the change into
/// account (SPEC rule 7), so no pass is ever nested within its own domain.
final class Settlement {
    private var domains: [Domain] = []

    /// Settles a call that changed the schedule of `domain` only.
    static func settle(_ domain: Domain) throws(AlertError) {
        let settlement = Settlement()
        settlement.needPass(domain)
        try settlement.settle()
    }

    func needPass(_ domain: Domain) {
        if !domains.contains(where: { $0 === domain }) {
            domains.append(domain)
        }
    }

    /// Skips dead domains, running ones, and domains whose root is being
    /// destroyed: the destroying call settles the domains that remain. Every
    /// domain is settled; the first domain whose passes did not settle
    /// (`Domain.run`) is reported after the others have run.
    func settle() throws(AlertError) {
        var unsettled: AlertError?
        for domain in domains where !domain.isDead && !domain.isRunning && domain.root?.isDestroyed == false {
            if !domain.isDeferred {
                do {
                    try domain.run()
                } catch {
                    unsettled = unsettled ?? error
                }
            } else if !domain.flushRequested, let root = domain.root, let host = root.host {
                domain.flushRequested = true
                host.requestFlush(root)
            }
        }
        if let unsettled {
            throw unsettled
        }
    }
}
