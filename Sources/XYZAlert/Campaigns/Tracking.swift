/// The host's calls for campaigns (docs/rules.md §21): attaching a set,
/// setting attributes and tracking events, and what a fired trigger does.
extension Dispatch {
    /// Attaches a campaign set to this root's domain (nil detaches it:
    /// instances already made stay). A set that replaces another (a remote
    /// configuration fetched again, docs/rules.md §22) ends with
    /// `withdrawn` the instances not on screen yet whose campaign is gone or
    /// whose definition changed, then runs a pass; trigger counts and
    /// variant choices stay, by campaign id. `wallClock` gives wall-clock
    /// seconds since the epoch for `start`, `end` and `$xyz.now` while the
    /// domain has no history (the history's clock rules otherwise; neither:
    /// the host's `wallClock()`, else 0). Throws `.state` on a page that is
    /// not a root.
    public func setCampaigns(_ set: CampaignSet?, wallClock: (() -> Double)? = nil) throws(AlertError) {
        defer { checkAfterCall() }
        try requireRoot("set the campaigns")
        let targeting = writableTargeting
        let replaced = targeting.set != nil && set != nil
        targeting.set = set
        targeting.outcomes = Array(repeating: nil, count: set?.campaigns.count ?? 0)
        targeting.wallClock = wallClock
        recording?.campaignsChanged(self, "the campaigns changed")
        if replaced, let set, !targeting.pending.isEmpty {
            try withPassesHeld { (settlement: inout Settlement) throws(AlertError) in
                endPending(targeting, .withdrawn, &settlement) { _, instance in !set.keeps(instance) }
            }
        }
    }

    /// Whether the root's host also hears of each trigger evaluation that
    /// made no instance and no skip: a `miss` campaign event whose reason
    /// is `where` or `count` (default false; docs/rules.md §21). Not while
    /// the domain is recorded: a recording holds no miss reports.
    public var reportsMisses: Bool { root.targeting?.reportsMisses ?? false }

    /// Sets `reportsMisses`. Throws `.state` on a page that is not a root.
    public func setReportsMisses(_ on: Bool) throws(AlertError) {
        defer { checkAfterCall() }
        try requireRoot("report misses")
        writableTargeting.reportsMisses = on
    }

    /// The campaign set attached to this page's domain.
    public var campaigns: CampaignSet? { root.targeting?.set }

    /// The attributes of this page's domain, in the order they were first set.
    public var attributes: JSONObject { root.targeting?.attributes ?? JSONObject() }

    /// The domain's `user_id` attribute as bucketing reads it (a string, or
    /// a number's JSON text); nil for none or another type.
    public var userID: String? { root.targeting?.user }

    /// Sets the attribute `name` of this root's domain (nil removes it);
    /// instances not on screen yet whose audience stops passing end
    /// (`ineligible`). Setting `app_version` to a value other than the last
    /// one seen tracks `version_changed` on this root first. Then a pass.
    /// Throws `.invalidArgument` for an empty name or a string holding
    /// U+0000 (`checkStorable`), `.state` on a page that is not a root;
    /// nothing changes then. O(1) but for the audiences it tests again.
    public func setAttribute(_ name: String, _ value: JSONData?) throws(AlertError) {
        defer { checkAfterCall() }
        try requireRoot("set an attribute")
        guard !name.isEmpty else {
            throw AlertError(.invalidArgument, "an attribute's name must not be empty")
        }
        try Dispatch.checkStorable(name: name, value, "attribute")
        let recorded = recordCall { .setAttribute(page: $0.page(self), name: name, value: value?.jsonText) }
        defer { recorded?.end() }
        recorded?.checkCampaigns(at: self, names: nil)
        let targeting = writableTargeting
        targeting.setAttribute(name, value)
        var versionChange: JSONObject?
        if sameBytes(name, "app_version"), let value {
            let last = targeting.lastAppVersion(in: domain)
            if last != value {
                targeting.setLastAppVersion(value, in: domain)
                versionChange = JSONObject([("from", last ?? .null), ("to", value)])
            }
        }
        try withPassesHeld { (settlement: inout Settlement) throws(AlertError) in
            if let versionChange {
                try fire("version_changed", props: versionChange, &settlement)
            }
            retestAudiences(&settlement)
        }
    }

    /// Sets several attributes at once, tracking no event (a scenario's
    /// initial attributes, or attributes restored at launch): an
    /// `app_version` among them is recorded as seen. Then, like
    /// `setAttribute`, instances whose audience stops passing end.
    public func setAttributes(_ members: JSONObject) throws(AlertError) {
        defer { checkAfterCall() }
        try requireRoot("set attributes")
        if members.keys.contains(where: { $0.isEmpty }) {
            throw AlertError(.invalidArgument, "an attribute's name must not be empty")
        }
        for (name, value) in members.members {
            try Dispatch.checkStorable(name: name, value, "attribute")
        }
        recording?.campaignsChanged(self, "several attributes were set at once")
        let targeting = writableTargeting
        for (name, value) in members.members {
            targeting.setAttribute(name, value)
            if sameBytes(name, "app_version") {
                targeting.setLastAppVersion(value, in: domain)
            }
        }
        try withPassesHeld { (settlement: inout Settlement) throws(AlertError) in retestAudiences(&settlement) }
    }

    /// Tracks the event `name` with its properties on this page: the
    /// triggers of the domain's campaigns that name it count it, and those
    /// that fire make instances (added to this page unless the campaign names
    /// another), cancel pending ones or report skips, in set order; then a
    /// pass. O(the triggers that name the event, plus their rules). Throws
    /// `.invalidArgument` for an empty name.
    public func track(_ name: String, props: JSONObject = JSONObject()) throws(AlertError) {
        defer { checkAfterCall() }
        try requireUsable("track an event")
        guard !name.isEmpty else {
            throw AlertError(.invalidArgument, "an event's name must not be empty")
        }
        try Dispatch.checkStorable(name: name, .object(props), "event")
        let recorded = recordCall { .track(page: $0.page(self), event: name, props: JSONData.object(props).jsonText) }
        defer { recorded?.end() }
        recorded?.checkCampaigns(at: root, names: name)
        guard let set = root.targeting?.set, set.names(name) else { return }
        try withPassesHeld { (settlement: inout Settlement) throws(AlertError) in try fire(name, props: props, &settlement) }
    }

    /// Refuses a name or value holding U+0000: histories (which keep a
    /// `user_id` as a name) and recordings (which keep every attribute and
    /// event) could not be read back (docs/rules.md §21).
    static func checkStorable(name: String, _ value: JSONData?, _ what: String) throws(AlertError) {
        if name.utf8.contains(0) {
            throw AlertError(.invalidArgument, "an \(what)'s name must not hold U+0000 (a saved history or recording could not be read back)")
        }
        if let value, value.holdsNul {
            throw AlertError(.invalidArgument, "\(what) '\(name)': a string in its value holds U+0000, which a saved history or recording could not be read back with")
        }
    }

    /// A built-in event (`page_appear`, `session_start`): tracked only when
    /// a trigger names it, so that pages without campaigns pay one check.
    func trackBuiltIn(_ name: String, _ props: @autoclosure () -> JSONObject) throws(AlertError) {
        root.recording?.checkCampaigns(at: root, names: name)
        guard let set = root.targeting?.set, set.names(name) else { return }
        try withPassesHeld { (settlement: inout Settlement) throws(AlertError) in try fire(name, props: props(), &settlement) }
    }

    /// Runs `body` with the domain's passes held, so that the instances it
    /// adds and the events it reports settle in one pass at the end (none
    /// when it changed nothing: no instance made, none ended).
    private func withPassesHeld(_ body: (inout Settlement) throws(AlertError) -> Void) throws(AlertError) {
        let domain = self.domain
        try domain.requireMutable("change campaigns")
        var settlement = Settlement()
        domain.passes.held += 1
        do {
            try body(&settlement)
        } catch {
            domain.passes.held -= 1
            try settlement.settle()
            throw error
        }
        domain.passes.held -= 1
        try settlement.settle()
    }

    /// Ends the pending instances of this domain whose audience fails now.
    private func retestAudiences(_ settlement: inout Settlement) {
        guard let targeting = root.targeting, !targeting.pending.isEmpty else { return }
        endPending(targeting, .ineligible, &settlement) { alert, _ in !targeting.admits(alert, domain: domain) }
    }

    /// Ends with `reason` the root's instances not on screen yet that
    /// `matching` picks, in the order they were made. Each is looked at when
    /// its turn comes: the callbacks of an earlier end may have ended or
    /// shown it meanwhile.
    private func endPending(_ targeting: Targeting, _ reason: EndReason, _ settlement: inout Settlement,
                            where matching: (Alert, CampaignInstance) -> Bool) {
        targeting.pending.removeAll { !$0.isPendingInstance }
        for alert in targeting.pending {
            guard alert.isPendingInstance, let instance = alert.extras?.campaign, matching(alert, instance) else { continue }
            alert.dispatch!.domain.endAndReport(alert, reason, &settlement)
        }
    }

    /// What an event does to the campaigns whose triggers name it.
    private func fire(_ event: String, props: JSONObject, _ settlement: inout Settlement) throws(AlertError) {
        let root = self.root
        guard let targeting = root.targeting, let set = targeting.set,
              let refs = set.index[ExactString(event)] else { return }
        let domain = self.domain
        if let recording = root.recording {
            // The step carries the wall clock the dates read (a history's).
            if domain.history != nil {
                domain.stampRecordedCall()
            } else if set.hasDates {
                recording.fail("campaign dates read a wall clock without a history, which a file cannot hold (attach a history)")
            }
        }
        let wall = domain.readWallClock()
        var made = Set<Int>()
        var skipped = Set<Int>()
        // What the rules of the campaign at hand see, made once per campaign
        // (lent by the targeting, given back when the next one is made).
        var data: (campaign: Int, lent: (data: JSONData, made: Int), bucketing: Bucketing)?
        func giveBack() {
            guard let done = data else { return }
            data = nil  // `done` holds the last reference: taken back whole
            targeting.giveBack(done.lent)
        }
        defer { giveBack() }
        // What a trigger of a campaign that has not fired at this event did
        // (a cancel_on trigger's evaluations are not the campaign's).
        func missed(_ ref: CampaignSet.TriggerRef, _ code: CampaignWhyCode, count: Int = 0,
                    failed rule: Rule? = nil, trigger: Bool = true) {
            guard !ref.cancels, !made.contains(ref.campaign) else { return }
            let facts = rule.map { ($0, targeting.facts(event: props, wall: wall, domain: domain)) }
            let id = set.campaigns[ref.campaign].id
            targeting.record(ref.campaign, CampaignOutcome(
                code: code, event: event, trigger: trigger ? ref.trigger : nil, count: count, wall: wall, failed: facts))
            if targeting.reportsMisses, root.recording == nil, code == .where || code == .count {
                report(id, .miss, code == .where ? .where : .count, nil)
            }
        }
        for ref in refs {
            // A callback of this event replaced or detached the set: the
            // event stops here (docs/rules.md §21.12).
            guard targeting.set === set else { break }
            let campaign = set.campaigns[ref.campaign]
            let trigger = ref.cancels ? campaign.cancelOn[ref.trigger] : campaign.triggers[ref.trigger]
            if data?.campaign != ref.campaign {
                giveBack()
                data = (ref.campaign, targeting.ruleData(campaign.id, event: props, wall: wall, domain: domain),
                        targeting.bucketing(campaign.id))
            }
            if let condition = trigger.condition, !condition.passes(data!.lent.data, bucketing: data!.bucketing) {
                missed(ref, .where, failed: condition)
                continue
            }
            // Outside its dates an event does not count; a trigger's event
            // reports the skip (once per campaign and event). A test
            // campaign has no dates (docs/rules.md §22).
            if !campaign.test, let reason = campaign.inactivity(at: wall) {
                missed(ref, reason == .notStarted ? .notStarted : .ended, trigger: false)
                if !ref.cancels, skipped.insert(ref.campaign).inserted {
                    report(campaign.id, .skip, reason, nil)
                }
                continue
            }
            let n = targeting.count(campaign.id, trigger: ref.trigger, cancels: ref.cancels, in: domain)
            guard trigger.fires(atCount: n) else {
                missed(ref, .count, count: n)
                continue
            }
            if ref.cancels {
                endPending(targeting, .cancelled, &settlement) { _, instance in sameBytes(instance.campaign, campaign.id) }
                continue
            }
            // One instance per campaign and event, however many of its triggers fire.
            guard made.insert(ref.campaign).inserted else { continue }
            // docs/rules.md §22: an experiment needs a user, asked before the audience.
            let user = targeting.user
            if !campaign.variants.isEmpty && user == nil {
                targeting.record(ref.campaign, CampaignOutcome(code: .noUser, event: event))
                report(campaign.id, .skip, .noUser, nil)
                continue
            }
            if !campaign.test, let audience = campaign.audience, !audience.passes(data!.lent.data, bucketing: data!.bucketing) {
                targeting.record(ref.campaign, CampaignOutcome(
                    code: .audience, event: event, failed: (audience, targeting.facts(event: props, wall: wall, domain: domain))))
                report(campaign.id, .skip, .audience, nil)
                continue
            }
            guard let page = campaign.page.map({ root.page(named: $0) }) ?? self else {
                targeting.record(ref.campaign, CampaignOutcome(code: .noPage, event: event))
                report(campaign.id, .skip, .noPage, nil)
                continue
            }
            targeting.record(ref.campaign, CampaignOutcome(code: .fired, event: event, trigger: ref.trigger))
            let variant = user.flatMap { targeting.variant(of: set, ref.campaign, user: $0, in: domain) }
            try makeInstance(of: campaign, variant: variant, event: props, on: page, set, targeting, &settlement)
        }
    }

    /// Makes, reports and adds one instance of `campaign` to `page`.
    private func makeInstance(of campaign: Campaign, variant: CampaignVariant?, event: JSONObject, on page: Dispatch,
                              _ set: CampaignSet, _ targeting: Targeting, _ settlement: inout Settlement) throws(AlertError) {
        let alert = (variant?.makeAlert ?? campaign.makeAlert)()
        if campaign.delay > 0 {
            try alert.setShowAfter(alert.showAfter + campaign.delay)
        }
        if !alert.tags.contains(where: { sameBytes($0, campaign.id) }) {
            try alert.addTag(campaign.id)
        }
        let source = campaign.source(of: variant)
        alert.writableExtras.campaign = CampaignInstance(
            campaign: campaign.id, definition: source.name, audience: campaign.test ? nil : campaign.audience,
            event: event, variant: variant?.id, isControl: variant?.control ?? false, isTest: campaign.test,
            definitionText: source.text)
        // (The selection reads these two from the alert itself.)
        if variant?.control == true { alert.selectionFlags |= SelectionFlags.control }
        if campaign.test { alert.selectionFlags |= SelectionFlags.test }
        report(campaign.id, .trigger, .none, alert)
        // The `trigger` callback replaced or detached the set: the instance
        // is kept only by a new set that keeps its campaign as it was.
        if targeting.set !== set, !(targeting.set?.keeps(alert.extras!.campaign!) ?? false), !page.isDestroyed {
            let ending = page.domain.finishUnadded(alert, .withdrawn, on: page, &settlement)
            page.domain.report(ending)
            return
        }
        // A host that destroyed the page from that callback: the instance
        // ends unadded, as the page's alerts did (its host is gone: no event).
        if page.isDestroyed {
            alert.state = .finished
            alert.endReason = .destroyed
            return
        }
        // A live alert with its id: the instance finishes `duplicate`
        // whatever its policy says (no host call failed: nothing to refuse).
        if alert.onDuplicate == .reject, let key = alert.key, domain.index.ids.find(key, digest: alert.keyDigest) != nil {
            let ending = page.domain.finishUnadded(alert, .duplicate, on: page, &settlement)
            page.domain.report(ending)
            return
        }
        try page.add(batch: CollectionOfOne(alert))
        settlement.needPass(page.domain)
        if alert.isPendingInstance {
            targeting.pending.append(alert)
        }
    }

    /// The `campaign` event to the root's host.
    func report(_ campaign: String, _ kind: CampaignEventKind, _ reason: SkipReason, _ alert: Alert?) {
        let root = self.root
        root.recording?.delivered()
        guard let host = root.host else { return }
        domain.runHostCode(host) { host.campaign(root, campaign: campaign, kind: kind, reason: reason, alert: alert) }
    }

    /// The page of this domain called `name` (root first, then by depth).
    func page(named name: String) -> Dispatch? {
        root.subtree.first { sameBytes($0.name, name) }
    }
}

extension CampaignSet {
    /// Whether an instance made under another set stays under this one: its
    /// campaign is here, with its variant, made from the same definition
    /// (by name, and by text where both were read from files).
    func keeps(_ instance: CampaignInstance) -> Bool {
        guard let position = position(of: instance.campaign) else { return false }
        let campaign = campaigns[position]
        var variant: CampaignVariant?
        if let id = instance.variant {
            guard let kept = campaign.variant(id), kept.control == instance.isControl else { return false }
            variant = kept
        } else if !campaign.variants.isEmpty {
            return false
        }
        let source = campaign.source(of: variant)
        guard sameBytes(source.name, instance.definition) else { return false }
        if let text = source.text, let made = instance.definitionText, !sameBytes(text, made) { return false }
        return campaign.test == instance.isTest
    }
}

extension Domain {
    /// docs/rules.md §22: a control instance at the moment it would show
    /// (already counted for caps): the `campaign` event, then `finish(control)`.
    @inline(never)
    func endControl(_ alert: Alert) {
        alert.dispatch?.root.report(alert.extras!.campaign!.campaign, .control, .none, alert)
        guard alert.state == .ready else { return }
        endInPass(alert, .control)
    }
}

extension Campaign {
    /// The definition instances of `variant` (nil: none) are made from: its
    /// name, and its text as the loader read it (a variant without `alert`
    /// or `set` makes the campaign's own).
    func source(of variant: CampaignVariant?) -> (name: String, text: String?) {
        guard let variant, variant.alert != nil || variant.makeAlert != nil else { return (alert, definitionText) }
        return (variant.alert ?? alert, variant.definitionText)
    }

    /// Its dates as `campaignWhy` words them, e.g. "it starts at
    /// 2026-12-01T00:00:00Z; the clock read 2026-11-30T08:00:00Z".
    func datesDetail(at wall: Double) -> String {
        var parts: [String] = []
        if let start { parts.append("it starts at \(utcText(start))") }
        if let end { parts.append("it ends at \(utcText(end))") }
        return parts.joined(separator: ", ") + "; the clock read \(utcText(wall))"
    }

    /// Why the campaign is not active at `wall`, nil while it is.
    func inactivity(at wall: Double) -> SkipReason? {
        if let start, wall < start { return .notStarted }
        if let end, wall >= end { return .ended }
        return nil
    }
}
