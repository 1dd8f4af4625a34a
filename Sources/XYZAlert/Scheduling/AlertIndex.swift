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
