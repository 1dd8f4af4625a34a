/// The domains and recordings that use a history, and what a change of its
/// caps does to them.
extension History {
    // MARK: Domains

    /// What changed, for the domains' recordings.
    enum Change {
        case limit(key: String, CapLimit)
        case cooldown(key: String, Double)
        case clear(key: String?)
        case session
        case load
    }


    func watch(_ recording: Recording) {
        if !recordings.contains(where: { $0.recording === recording }) {
            recordings.append(UnownedRecording(recording: recording))
        }
    }

    func unwatch(_ recording: ObjectIdentifier) {
        recordings.removeAll { ObjectIdentifier($0.recording) == recording }
    }

    func attach(_ domain: Domain) {
        let key = ObjectIdentifier(domain)
        if users[key] != nil {
            return
        }
        if users.count > 2 * usersAfterPruning + 16 {
            users = users.filter { !$0.value.user.domain.isDead }
            usersAfterPruning = users.count
        }
        attachments += 1
        users[key] = (attachments, UnownedDomain(domain: domain))
    }

    /// `domain` no longer uses this history (it changed history, joined
    /// another domain, or died: `Domain.deinit` calls this with its identity).
    func detach(_ domain: ObjectIdentifier) {
        users[domain] = nil
    }

    /// How many domains are on the list (for the tests of its clearing).
    var listedDomains: Int { users.count }

    /// Whether `domain` is attached (O(1)).
    func lists(_ domain: Domain) -> Bool {
        users[ObjectIdentifier(domain)] != nil
    }

    /// The live domains that use this history, in the order they attached.
    var domains: [Domain] {
        users.values.sorted { $0.order < $1.order }.map { $0.user.domain }
            .filter { !$0.isDead && $0.history === self }
    }

    /// Every domain records the change and looks again at the alerts a cap
    /// held, then runs its passes; the first error of a domain whose passes
    /// did not settle is thrown after every domain has run.
    func capsChanged(_ change: Change,
                             then each: ((Domain) throws(AlertError) -> Void)? = nil) throws(AlertError) {
        let touched = domains
        defer {
            for domain in touched {
                domain.checkAfterCall()
            }
        }
        var settlement = Settlement()
        var recordings: [Recording] = []
        defer {
            for recording in recordings {
                recording.end()
            }
        }
        for domain in touched {
            if let recording = domain.root?.recording, !recordings.contains(where: { $0 === recording }),
               recording.historyChanged(change, self) {
                recordings.append(recording)
            }
            if domain.releaseParked() {
                settlement.needPass(domain)
            }
        }
        try settlement.settle()
        if let each {
            for domain in touched where !domain.isDead {
                try each(domain)
            }
        }
    }
}

/// A recording a history does not keep alive. Every one in
/// `History.recordings` is alive: a recording leaves the list when it stops
/// watching (its `watchedHistory` changes) and when it dies.
struct UnownedRecording {
    unowned(unsafe) let recording: Recording
}


/// A domain a history does not keep alive. Every one in `History.users` is
/// alive: a domain leaves the table when it stops using the history and
/// when it dies (`Domain.deinit`).
struct UnownedDomain {
    unowned(unsafe) let domain: Domain
}
