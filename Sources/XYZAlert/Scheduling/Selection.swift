/// Rule 4 of docs/rules.md: which candidate a pass selects.
extension Domain {
    /// Rule 4: the first eligible candidate of the participating dispatches.
    /// With an empty participating stack (`top == nil`) that is the first
    /// candidate; otherwise the first `cover`/`hideOthers` candidate, if its
    /// priority is above `top`. Only one can be chosen per selection: the
    /// chosen alert outranks every other candidate.
    /// Cost: O(participating dispatches). (`Alert.why` asks it too, which
    /// candidate the next pass selects.)
    @inline(__always)
    func select(above top: Int32?, lane: ExactString?) -> Alert? {
        var best: Alert?
        for i in participating.indices {
            let dispatch = participating[i]
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
    func select(above top: Int32?, lane: ExactString?, among pages: [Dispatch]) -> Alert? {
        var best: Alert?
        for dispatch in pages where dispatch.isParticipating && !dispatch.isHeld {
            if let candidate = dispatch.firstCandidate(lane, anyClass: top == nil), best.map({ candidate.precedes($0) }) ?? true {
                best = candidate
            }
        }
        return Domain.shown(best, above: top)
    }

    /// The selected candidate: `best`, if its priority is above the
    /// on-screen `top` (nil: nothing on screen).
    @inline(__always)
    private static func shown(_ best: Alert?, above top: Int32?) -> Alert? {
        if let best, let top, best.priority <= top {
            return nil
        }
        return best
    }
}
