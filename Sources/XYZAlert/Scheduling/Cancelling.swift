/// Calls that end many alerts at once (`cancelTagged`, `cancelQueued`),
/// and the rule that keeps their callbacks from nesting them.
///
/// A `finish` callback may call a cancel of its own domain again; done
/// naively, each nested call would end one alert and recurse from its
/// callback, O(n) deep and O(n²) long. Instead a cancel made while another
/// one of the same domain is delivering its finishes *joins* it: its request
/// is queued on the domain and carried out by the running call once the
/// alerts it was ending are done, so the depth stays 1 whatever the host does
/// (docs/rules.md §13).

/// One cancel-many call: which alerts it ends.
struct CancelRequest: Hashable {
    /// The tag (nil: every alert).
    let tag: ExactString?
    /// Only the alerts not on screen (`cancelQueued`).
    let queuedOnly: Bool
}

/// The requests that joined the running cancel of a domain, each once, in
/// the order they came.
struct JoinedCancels {
    private(set) var queue: [CancelRequest] = []
    private var queued: Set<CancelRequest> = []
    private var next = 0

    mutating func join(_ request: CancelRequest) {
        if queued.insert(request).inserted {
            queue.append(request)
        }
    }

    /// The next request to carry out; a request taken may join again (an
    /// alert added since then must be cancelled too).
    mutating func take() -> CancelRequest? {
        guard next < queue.count else { return nil }
        let request = queue[next]
        next += 1
        queued.remove(request)
        return request
    }
}

extension Domain {
    /// Ends the alerts `request` names, one by one (see `cancellationOrder`),
    /// then every request that callbacks made meanwhile joined; returns how
    /// many ended. A call made while another one runs in this domain only
    /// joins it and returns 0: the running call ends those alerts and counts
    /// them. Alerts a callback ended or moved to another domain are skipped;
    /// one on screen for less than its `min_visible` ends at it, uncounted.
    func cancelMany(_ request: CancelRequest, _ settlement: inout Settlement) -> Int {
        if passes.joinedCancels != nil {
            passes.joinedCancels!.join(request)
            return 0
        }
        passes.joinedCancels = JoinedCancels()
        defer { passes.joinedCancels = nil }
        var ended = 0
        var current: CancelRequest? = request
        while let request = current, !isDead {
            for alert in cancellationOrder(tag: request.tag, queuedOnly: request.queuedOnly)
            where alert.state.isLive && alert.dispatch!.domain === self
                && !(request.queuedOnly && alert.state.isOnScreen) {
                if alert.extras != nil && deferEnd(alert, .cancelled) {
                    continue
                }
                endAndReport(alert, .cancelled, &settlement)
                ended += 1
            }
            current = passes.joinedCancels!.take()
        }
        return ended
    }
}

extension Domain {
    /// The live alerts to cancel for `tag` (nil: all), in the order
    /// `cancelTagged` ends them: on-screen ones top of stack first, then the
    /// others in candidate order. O(s + k log k) for k alerts (O(n log n) for
    /// all of them).
    /// With `queuedOnly`, only the alerts not on screen.
    func cancellationOrder(tag: ExactString?, queuedOnly: Bool = false) -> [Alert] {
        let chosen = tag.map { index.tagged[$0].map { Array($0.values) } ?? [] } ?? Domain.liveAlerts(of: dispatches)
        guard !chosen.isEmpty else { return [] }
        if queuedOnly {
            return chosen.filter { !$0.state.isOnScreen }.sorted { $0.precedes($1) }
        }
        let members = Set(chosen.map(ObjectIdentifier.init))
        var order = stack.reversed().filter { members.contains(ObjectIdentifier($0)) }
        order += chosen.filter { !$0.state.isOnScreen }.sorted { $0.precedes($1) }
        return order
    }
}
