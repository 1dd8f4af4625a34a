/// Rule 4 of docs/rules.md: which candidate a pass selects.

/// What a lane's participating on-screen alerts let a `cover` or
/// `hideOthers` candidate show over (rule 4, docs/rules.md §19): the
/// highest priority among them, or a rank above every priority while one of
/// them is not coverable; and the latest add among those of that rank, which
/// a candidate with `preempt: equal` must come after.
struct ScreenTop {
    var rank: Int64
    var newest: Int

    /// The top of `alert` alone.
    @inline(__always)
    init(_ alert: Alert) {
        rank = alert.screenRank
        newest = alert.seq
    }

    /// The top of these alerts and `alert`.
    @inline(__always)
    mutating func include(_ alert: Alert) {
        let other = alert.screenRank
        if other > rank {
            rank = other
            newest = alert.seq
        } else if other == rank && alert.seq > newest {
            newest = alert.seq
        }
    }

    /// Whether `candidate` may show over these alerts: a higher priority,
    /// or with `preempt: equal` the same one and a later add than each of
    /// them of that priority.
    @inline(__always)
    func admits(_ candidate: Alert) -> Bool {
        let priority = Int64(candidate.priority)
        return priority > rank || (priority == rank && candidate.preempt == .equal && candidate.seq > newest)
    }

    /// Whether an alert that is not coverable is among them.
    var hasUncoverable: Bool { rank == Alert.uncoverableRank }
}

extension Alert {
    /// Above every priority: the rank of an alert that is not coverable.
    static let uncoverableRank = Int64(Int32.max) + 1

    /// Its rank on screen (see `ScreenTop`).
    @inline(__always)
    var screenRank: Int64 { coverable ? Int64(priority) : Alert.uncoverableRank }
}

extension Optional where Wrapped == ScreenTop {
    /// Includes `alert` in the top (nil: nothing yet).
    @inline(__always)
    mutating func include(_ alert: Alert) {
        if self == nil {
            self = ScreenTop(alert)
        } else {
            self!.include(alert)
        }
    }
}

extension Domain {
    /// Rule 4: the first eligible candidate of the participating dispatches.
    /// With an empty participating stack (`top == nil`) that is the first
    /// candidate; otherwise the first `cover`/`hideOthers` candidate, if
    /// `top` admits it. Only one can be chosen per selection: the chosen
    /// alert outranks every other candidate.
    /// Cost: O(participating dispatches). (`Alert.why` asks it too, which
    /// candidate the next pass selects.)
    @inline(__always)
    func select(above top: ScreenTop?, lane: ExactString?) -> Alert? {
        var best: Alert?
        for i in participation.pages.indices {
            let dispatch = participation.pages[i]
            if !dispatch.isHeld, let candidate = dispatch.firstCandidate(lane, anyClass: top == nil),
               best.map({ candidate.precedes($0) }) ?? true {
                best = candidate
            }
        }
        return Domain.shown(best, above: top)
    }

    /// `select` among `pages` (a lane's candidate pages, while more than
    /// one lane is in use), of which only those that participate are
    /// asked: O(pages).
    @inline(never)
    func select(above top: ScreenTop?, lane: ExactString?, among pages: [Dispatch]) -> Alert? {
        var best: Alert?
        for dispatch in pages where dispatch.isParticipating && !dispatch.isHeld {
            if let candidate = dispatch.firstCandidate(lane, anyClass: top == nil), best.map({ candidate.precedes($0) }) ?? true {
                best = candidate
            }
        }
        return Domain.shown(best, above: top)
    }

    /// The selected candidate: `best`, if the on-screen `top` admits it
    /// (nil: nothing on screen).
    @inline(__always)
    private static func shown(_ best: Alert?, above top: ScreenTop?) -> Alert? {
        if let best, let top, !top.admits(best) {
            return nil
        }
        return best
    }
}
