import XYZAlert

/// The reference model's campaigns (docs/rules.md §21): tracking an event
/// and setting the "tier" attribute, written from the rules by scanning.
extension ReferenceHarness {
    func track(_ p: RefPage, _ event: String) throws(RefFailure) {
        try usable(p)
        guard campaigns.contains(where: { $0.event == event || $0.cancelOn == event }) else { return }
        let root = p.domain.root!
        let touched = Touched()
        p.domain.held = true
        // docs/rules.md §22: test campaigns first, each kind in set order.
        for c in campaigns.filter(\.test) + campaigns.filter({ !$0.test }) {
            // Its cancel_on first: an event that cancels and fires replaces.
            if c.cancelOn == event {
                cancelCounts[c.id, default: 0] += 1
                for a in root.pending where a.campaign?.id == c.id && pending(a) {
                    end(a, .cancelled, touched)
                    self.event("finish \(a.label) cancelled", a, kind: "finish")
                }
            }
            guard c.event == event else { continue }
            let n = (triggerCounts[c.id] ?? 0) + 1
            triggerCounts[c.id] = n
            guard c.nth.map({ n == $0 }) ?? (n % c.count == 0) else { continue }
            if !c.test, let audience = c.audience, root.tier != audience {
                self.event("skip \(c.id) audience", nil, kind: "skip")
                continue
            }
            let target: RefPage? = c.page.map { index in pages.first { $0.index == index && $0.domain === p.domain && !$0.destroyed } } ?? p
            guard let target else {
                self.event("skip \(c.id) no_page", nil, kind: "skip")
                continue
            }
            let a = instance(of: c)
            self.event("trigger \(c.id) \(a.label)", nil, kind: "trigger")
            if a.onDuplicate == .reject, let id = a.id, live(in: target.domain).contains(where: { $0.id == id }) {
                a.state = .finished
                touched.add(target.domain)
                self.event("finish \(a.label) duplicate", a, kind: "finish")
                continue
            }
            do throws(RefFailure) {
                try add(target, [a], into: touched)
            } catch {
                p.domain.held = false
                settle(touched)
                throw error
            }
            if pending(a) { root.pending.append(a) }
        }
        p.domain.held = false
        settle(touched)
    }

    func setTier(_ p: RefPage, _ value: String?) throws(RefFailure) {
        try usable(p)
        if p.parent != nil { throw RefFailure("state") }
        p.tier = value
        let touched = Touched()
        p.domain.held = true
        for a in p.pending where pending(a) {
            if a.campaign?.test != true, let audience = a.campaign?.audience, p.tier != audience {
                a.endedBy = "audience"
                end(a, .ineligible, touched)
                event("finish \(a.label) ineligible", a, kind: "finish")
            }
        }
        p.domain.held = false
        settle(touched)
    }

    /// Never on screen yet: a cancel_on or a failing audience may end it.
    func pending(_ a: RefAlert) -> Bool { a.state == .waiting || a.state == .ready }

    /// A fresh instance of the campaign's alert, in the campaign slot.
    func instance(of c: ModelCampaign) -> RefAlert {
        _ = make(c.spec)
        let a = slots[ModelCampaign.slot]!
        a.showAfter += c.delay
        if !a.tags.contains(c.id) { a.tags.append(c.id) }
        a.campaign = c
        return a
    }
}
