import XYZAlert

/// Renders a `DomainSnapshot` as the JSON documented for
/// `xyz_dispatch_snapshot_json` (no Foundation: written by hand).
enum SnapshotJSON {
    static func render(_ snapshot: DomainSnapshot) -> String {
        let pages = snapshot.pages.map { page in
            object([
                ("name", string(page.name)), ("visible", "\(page.isVisible)"),
                ("participating", "\(page.isParticipating)"), ("parent", number(page.parent)),
                ("active_child", number(page.activeChild)), ("provider", "\(page.hasActiveChildProvider)"),
                ("suspended", "\(page.isSuspended)"), ("capacity", "\(page.capacity)"), ("order", string("\(page.order)")),
                ("queue", array(page.queue.map(alert))),
            ])
        }
        let k = snapshot.keyboard
        // (Only with campaigns: a snapshot of a domain without reads as in 0.3.)
        let campaigns: [(String, String)] = snapshot.campaigns.isEmpty ? [] : [("campaigns", object(snapshot.campaigns.map { entry in
            (entry.id, object([("triggers", array(entry.counts.triggers.map { "\($0)" })),
                               ("cancel_on", array(entry.counts.cancelOn.map { "\($0)" }))]))
        }))]
        return object([
            ("pages", array(pages)),
            ("lanes", object(snapshot.laneLimits.map {
                ($0.lane, object([("visible", "\($0.limit.visible)"), ("on_full", string("\($0.limit.onFull)"))]))
            })),
            ("stack", array(snapshot.stack.map(alert))),
            ("keyboard", "[\(k.x), \(k.y), \(k.width), \(k.height)]"),
            ("deferred", "\(snapshot.isDeferred)"), ("flush_requested", "\(snapshot.flushRequested)"),
        ] + campaigns)
    }

    static func alert(_ info: DomainSnapshot.AlertInfo) -> String {
        object([
            ("id", info.id.map(string) ?? "null"), ("priority", "\(info.priority)"),
            ("exclusive", string("\(info.exclusive)")), ("state", string("\(info.state)")),
            ("page", "\(info.page)"), ("unmet_dependencies", "\(info.unmetDependencies)"),
            ("lane", string(info.lane)), ("why", string("\(info.why)")), ("cause", cause(info)),
        ])
    }

    /// The cause of `info.why`: {"alert": ID}, {"page": INDEX}, {"id": ID}
    /// or {"key": KEY}; null for none.
    static func cause(_ info: DomainSnapshot.AlertInfo) -> String {
        if let key = info.causeKey {
            return object([("key", string(key))])
        }
        if let id = info.causeID {
            return object([("id", string(id))])
        }
        if let page = info.causePage {
            return object([("page", "\(page)")])
        }
        if info.why == .hiddenCovered || info.why == .dependency || info.why == .behind || info.why == .lowerPriority {
            return object([("alert", info.causeAlert.map(string) ?? "null")])
        }
        return "null"
    }

    static func object(_ members: [(String, String)]) -> String { JSONText.object(members) }

    static func array(_ items: [String]) -> String { JSONText.array(items) }

    static func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    static func string(_ text: String) -> String { JSONText.string(text) }
}
