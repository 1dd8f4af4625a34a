/// A domain's index of its live alerts (`Domain.index`): by id, by the id
/// they wait for, by tag, and their count and add order.
struct AlertIndex {
    /// `ids[x]`: the live alert whose id is `x`, if any (unowned).
    var ids = IDIndex()
    /// `idWaiters[x]`: the live alerts that depend on id `x`, each once, in
    /// the order they began to wait (see WaiterList.swift).
    var idWaiters: [ExactString: WaiterList] = [:]
    /// The live alerts by tag (see Tags.swift).
    var tagged: [ExactString: [ObjectIdentifier: Alert]] = [:]
    /// The `seq` the next added alert gets.
    var nextSeq = 0
    /// How many alerts of the domain are live.
    var liveCount = 0
}

/// The index by tag, kept as alerts join and leave (see Pages/Tags.swift).
extension Domain {
    /// Puts a live alert under one of its tags.
    func index(_ alert: Alert, tag: ExactString) {
        index.tagged[tag, default: [:]][ObjectIdentifier(alert)] = alert
    }

    /// Puts a live alert under all its tags (it joined the domain).
    func indexTags(of alert: Alert) {
        for tag in alert.tagKeys {
            index(alert, tag: tag)
        }
    }

    /// Takes an alert out of the index (it ended or left the domain).
    func unindexTags(of alert: Alert) {
        for tag in alert.tagKeys {
            index.tagged[tag]?[ObjectIdentifier(alert)] = nil
            if index.tagged[tag]?.isEmpty == true {
                index.tagged[tag] = nil
            }
        }
    }
}
