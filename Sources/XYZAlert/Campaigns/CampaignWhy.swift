/// Why a campaign did not fire (docs/rules.md §21, "Why a campaign did not
/// fire"): what the last event its triggers named did, as a stable code,
/// and for a rule the part of it that failed. Kept per campaign by the
/// domain's root as the events are tracked (O(1) each); the failing part is
/// worded when asked, from what the rule read then.

/// What the last event a campaign's triggers named did: a code and its cause.
public struct CampaignWhy: Equatable, Sendable {
    public var code: CampaignWhyCode
    /// The event tracked (nil for `untracked`).
    public var event: String?
    /// The position of the trigger in the campaign's `triggers` that the
    /// code is about (nil for `untracked`, and for codes about the campaign
    /// as a whole: `not_started`, `ended`, `audience`, `no_user`, `no_page`).
    public var trigger: Int?
    /// `where`, `audience`: the part of the rule that failed, with the
    /// values it read (`Rule.explain`); `count`: the count and what the
    /// trigger fires at; `not_started`, `ended`: the date; nil otherwise.
    public var detail: String?

    public init(_ code: CampaignWhyCode, event: String? = nil, trigger: Int? = nil, detail: String? = nil) {
        self.code = code
        self.event = event
        self.trigger = trigger
        self.detail = detail
    }
}

/// What a trigger evaluation left for `campaignWhy`: its code, and what
/// its detail is worded from when asked (nothing is worded per event): the
/// count reached (`count`), the clock read (`not_started`, `ended`), or the
/// rule that failed and what it read (`where`, `audience`).
struct CampaignOutcome {
    var code: CampaignWhyCode
    var event: String
    var trigger: Int?
    var count = 0
    var wall = 0.0
    var failed: (rule: Rule, facts: RuleFacts)?
}

/// What a rule of a campaign read, kept to word its failure later: the
/// event's properties, the clock and session of `$xyz`, and the attributes.
struct RuleFacts {
    let event: JSONObject
    let wall: Double
    let session: Int
    let attributes: AttributesSeen
}

/// The attributes rules read between two changes: nil while they are still
/// the targeting's own, their copy once they change (made then, once).
final class AttributesSeen {
    var copy: JSONObject?
}

extension Dispatch {
    /// What the last event the triggers of `campaign` named on this
    /// domain did: `fired`, or why it made no instance (docs/rules.md
    /// §21); `untracked` when none was tracked since the set was attached.
    /// Words a failing rule's part from what it read then (a budget of one
    /// evaluation); calls no host code. Throws `.notFound` when the
    /// domain's set has no such campaign (none attached: the same).
    public func campaignWhy(_ campaign: String) throws(AlertError) -> CampaignWhy {
        let targeting = try campaignTargeting(campaign)
        let position = targeting.set!.position(of: campaign)!
        let definition = targeting.set!.campaigns[position]
        guard let outcome = targeting.outcomes[position] else {
            return CampaignWhy(.untracked)
        }
        var detail: String?
        switch outcome.code {
        case .count: detail = definition.triggers[outcome.trigger!].countDetail(outcome.count)
        case .notStarted, .ended: detail = definition.datesDetail(at: outcome.wall)
        default: break
        }
        if let (rule, facts) = outcome.failed {
            let attributes = facts.attributes.copy ?? targeting.attributes
            let data = Targeting.ruleObject(attributes, campaign: campaign, event: facts.event, wall: facts.wall,
                                            session: facts.session)
            let bucketing = Bucketing.key(Targeting.user(in: attributes).map { campaign + $0 })
            detail = rule.explain(data, bucketing: bucketing).failing ?? "it passes with what it read"
        }
        return CampaignWhy(outcome.code, event: outcome.event, trigger: outcome.trigger, detail: detail)
    }

    /// `campaignWhy` as one sentence, e.g. "'upsell' did not fire at
    /// 'purchase': the where of triggers/0 failed: var "order_number" is
    /// missing (did you mean "event.order_number"?): ...".
    public func explainCampaign(_ campaign: String) throws(AlertError) -> String {
        let why = try campaignWhy(campaign)
        let name = "'\(campaign)'"
        let trigger = why.trigger.map { "triggers/\($0)" } ?? "its trigger"
        let missed = "\(name) did not fire at '\(why.event ?? "")'"
        let detail = why.detail ?? ""
        switch why.code {
        case .untracked:
            let set = root.targeting!.set!
            let events = set.campaigns[set.position(of: campaign)!].triggers.map { "'\($0.event)'" }
            return "\(name): no event its triggers name (\(events.joined(separator: ", "))) was tracked since its "
                + "campaigns were set"
        case .fired: return "\(name) fired at '\(why.event ?? "")' (\(trigger))"
        case .where: return "\(missed): the where of \(trigger) failed: \(detail)"
        case .count: return "\(missed): \(trigger) counted it, \(detail)"
        case .notStarted: return "\(missed): the campaign has not started (\(detail))"
        case .ended: return "\(missed): the campaign has ended (\(detail))"
        case .audience: return "\(missed): its audience failed: \(detail)"
        case .noUser: return "\(missed): it has variants, and the user_id attribute is not set"
        case .noPage: return "\(missed): the page it names is not in the domain"
        }
    }

    /// The targeting of a domain whose set has `campaign`.
    private func campaignTargeting(_ campaign: String) throws(AlertError) -> Targeting {
        guard let targeting = root.targeting, let set = targeting.set, set.position(of: campaign) != nil else {
            let guess = root.targeting?.set.flatMap { $0.nearestCampaign(to: campaign) }
            throw AlertError(.notFound, "the campaigns of \(root.quotedName) have no campaign '\(campaign)'"
                             + (guess.map { " (did you mean '\($0)'?)" } ?? ""))
        }
        return targeting
    }
}

extension CampaignTrigger {
    /// `count`'s detail: which matching event this was and what fires it,
    /// e.g. "the 2nd matching event; it fires on every 3rd".
    func countDetail(_ n: Int) -> String {
        let at: String
        if let nth {
            at = "on the \(ordinal(nth)) only"
        } else if let from {
            at = "from the \(ordinal(from)) on"
        } else {
            at = "on every \(ordinal(count))"
        }
        return "the \(ordinal(n)) matching event; it fires \(at)"
    }
}

/// 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, ...
func ordinal(_ n: Int) -> String {
    let suffix: String
    switch (n % 10, n % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(n)\(suffix)"
}

/// A wall-clock time as a date in UTC ("2026-12-01T00:00:00Z"), for
/// campaign dates; times outside years 0 to 9999 as seconds.
func utcText(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds > -62_167_219_200, seconds < 253_402_300_800 else { return "\(seconds) s" }
    let whole = Int64(seconds.rounded(.down))  // (Int64: Int may have 32 bits, and dates pass 2038)
    var days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
    let second = whole - days * 86_400
    // Days to a civil date (Howard Hinnant's algorithm).
    days += 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let y = String(year)
    let padded = String(repeating: "0", count: max(0, 4 - y.count)) + y
    return "\(padded)-\(two(month))-\(two(day))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
}

extension CampaignSet {
    /// The campaign id nearest to `id` that differs in fewer than half its
    /// characters (ties: the first in set order); nil past 64 characters.
    func nearestCampaign(to id: String) -> String? {
        let typed = Array(id.unicodeScalars)
        guard typed.count <= 64 else { return nil }
        var best: (id: String, distance: Int)?
        for campaign in campaigns {
            let candidate = Array(campaign.id.unicodeScalars)
            guard abs(candidate.count - typed.count) * 2 < typed.count else { continue }
            let distance = RuleCompiler.editDistance(typed, candidate)
            if distance * 2 < typed.count, distance < (best?.distance ?? Int.max) {
                best = (campaign.id, distance)
            }
        }
        return best?.id
    }
}
