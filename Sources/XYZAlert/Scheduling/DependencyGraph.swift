/// The dependency graph G over unfinished alerts (docs/rules.md §4):
/// `a -> b` for each unfinished handle dependency `b` of `a`, and, for a live
/// alert `a` with id dependency `x`, `a -> ` the live alert whose id is `x` in
/// `a`'s domain. The engine keeps G acyclic: every call that would add an
/// edge closing a cycle fails with `.cycle` and changes nothing. (This is a
/// little stricter than "no cycle among live alerts": a cycle through an idle
/// alert could never be broken, because an idle alert cannot finish.)
///
/// Traversals are iterative, so long dependency chains cannot overflow the
/// stack, and cost O(nodes + edges reached).
enum DependencyGraph {
    /// Resolves id dependency `id` of `alert` to the alert it waits for.
    typealias Resolver = (_ alert: Alert, _ id: ExactString) -> Alert?

    /// Resolution within the alerts' current domains.
    static func currentDomains(_ alert: Alert, _ id: ExactString) -> Alert? {
        alert.state.isLive ? alert.dispatch!.domain.index.ids[id] : nil
    }

    static func successors(of alert: Alert, _ resolve: Resolver, excluding gone: Set<ObjectIdentifier> = []) -> [Alert] {
        if !gone.isEmpty && gone.contains(ObjectIdentifier(alert)) {
            return []
        }
        var out = alert.dependencies.filter { $0.state != .finished && (gone.isEmpty || !gone.contains(ObjectIdentifier($0))) }
        for id in alert.idDependencies {
            if let target = resolve(alert, id) {
                out.append(target)
            }
        }
        return out
    }

    /// A path `[from, ..., to]` in G, or nil.
    static func path(from start: Alert, to goal: Alert, _ resolve: Resolver) -> [Alert]? {
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
        var frames: [(alert: Alert, next: [Alert], index: Int)] = [(start, successors(of: start, resolve), 0)]
        if start === goal {
            return [start]
        }
        while let frame = frames.last {
            if frame.index == frame.next.count {
                frames.removeLast()
                continue
            }
            frames[frames.count - 1].index += 1
            let next = frame.next[frame.index]
            if next === goal {
                return frames.map { $0.alert } + [goal]
            }
            if visited.insert(ObjectIdentifier(next)).inserted {
                frames.append((next, successors(of: next, resolve), 0))
            }
        }
        return nil
    }

    /// A cycle `[a, ..., a]` reachable from `starts`, or nil. Alerts in
    /// `gone` (ending in the call being checked) count as finished: no edge
    /// leaves or enters them (the resolver must not return them either).
    static func cycle(from starts: [Alert], _ resolve: Resolver, excluding gone: Set<ObjectIdentifier> = []) -> [Alert]? {
        var finished = Set<ObjectIdentifier>()
        var onPath = Set<ObjectIdentifier>()
        for start in starts where !finished.contains(ObjectIdentifier(start)) {
            var frames: [(alert: Alert, next: [Alert], index: Int)] = [(start, successors(of: start, resolve, excluding: gone), 0)]
            onPath.insert(ObjectIdentifier(start))
            while let frame = frames.last {
                if frame.index == frame.next.count {
                    onPath.remove(ObjectIdentifier(frame.alert))
                    finished.insert(ObjectIdentifier(frame.alert))
                    frames.removeLast()
                    continue
                }
                frames[frames.count - 1].index += 1
                let next = frame.next[frame.index]
                let key = ObjectIdentifier(next)
                if onPath.contains(key) {
                    let from = frames.firstIndex { $0.alert === next }!
                    return frames[from...].map { $0.alert } + [next]
                }
                if !finished.contains(key) {
                    onPath.insert(key)
                    frames.append((next, successors(of: next, resolve, excluding: gone), 0))
                }
            }
        }
        return nil
    }

    /// "dependency cycle: 'a' -> 'b' -> 'a'"
    static func describe(_ cycle: [Alert]) -> String {
        "dependency cycle: " + cycle.map { $0.quotedName }.joined(separator: " -> ")
    }
}
