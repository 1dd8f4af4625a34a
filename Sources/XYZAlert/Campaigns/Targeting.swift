/// What a domain's root keeps for campaigns (docs/rules.md §21): the set,
/// the attributes audiences read, the trigger counts and the app version
/// last seen (both in the history instead while one is attached), and the
/// instances not on screen yet, which `cancel_on` and a failing audience
/// may still end. Made on first use: a root without campaigns or
/// attributes carries one nil reference.
final class Targeting {
    @exclusivity(unchecked) var set: CampaignSet?
    /// Wall-clock seconds since the epoch, for a domain without a history.
    @exclusivity(unchecked) var wallClock: (() -> Double)?
    @exclusivity(unchecked) var attributes = JSONObject()
    @exclusivity(unchecked) var counts: [ExactString: CampaignCounts] = [:]
    @exclusivity(unchecked) var appVersion: JSONData?
    /// Instances made here and not on screen yet when last looked at, in
    /// the order they were made (ended and shown ones leave lazily).
    @exclusivity(unchecked) var pending: [Alert] = []

    /// Counts one more matching event of a trigger of `campaign`, where
    /// counts live for `domain`; returns the new count.
    func count(_ campaign: String, trigger: Int, cancels: Bool, in domain: Domain) -> Int {
        let key = ExactString(campaign)
        if let history = domain.history {
            return history.count(key, trigger: trigger, cancels: cancels)
        }
        return counts[key, default: CampaignCounts()].count(trigger, cancels: cancels)
    }

    /// The trigger counts of `campaign` as they stand (none counted: empty).
    func counts(of campaign: String, in domain: Domain) -> CampaignCounts {
        let key = ExactString(campaign)
        return (domain.history.map { $0.campaignCounts[key] } ?? counts[key]) ?? CampaignCounts()
    }

    /// The app version last seen, where it lives for `domain`.
    func lastAppVersion(in domain: Domain) -> JSONData? {
        domain.history != nil ? domain.history!.appVersion : appVersion
    }

    func setLastAppVersion(_ value: JSONData, in domain: Domain) {
        if let history = domain.history {
            history.appVersion = value
        } else {
            appVersion = value
        }
    }

    /// Wall-clock seconds: the history's clock, else the set's clock, else 0.
    func wallNow(_ domain: Domain) -> Double {
        domain.history?.now() ?? wallClock?() ?? 0
    }

    /// What a rule of `campaign` sees: the attributes, `event` and `$xyz`.
    func ruleData(_ campaign: String, event: JSONObject, wall: Double, domain: Domain) -> JSONData {
        var data = attributes
        data["event"] = .object(event)
        data["$xyz"] = .object(JSONObject([
            ("campaign", .string(campaign)),
            ("session", .number(Double(domain.history?.session ?? 1))),
            ("now", .number(wall)),
        ]))
        return .object(data)
    }

    /// `fractional` buckets by the campaign's id followed by the `user_id`
    /// attribute (a string, or a number's JSON text); none without one.
    func bucketing(_ campaign: String) -> Bucketing {
        switch attributes["user_id"] {
        case .string(let user)?: .key(campaign + user)
        case .number(let user)?: .key(campaign + JSONData.number(user).jsonText)
        default: .key(nil)
        }
    }

    /// Whether `alert`'s campaign audience still admits it.
    func admits(_ instance: CampaignInstance, domain: Domain) -> Bool {
        guard let audience = instance.audience else { return true }
        let data = ruleData(instance.campaign, event: instance.event, wall: wallNow(domain), domain: domain)
        return audience.passes(data, bucketing: bucketing(instance.campaign))
    }
}

/// Per campaign, how many matching events each trigger has counted.
public struct CampaignCounts: Equatable, Sendable {
    /// By trigger, in the campaign's order.
    public var triggers: [Int] = []
    /// By `cancel_on` trigger.
    public var cancelOn: [Int] = []

    public init(triggers: [Int] = [], cancelOn: [Int] = []) {
        self.triggers = triggers
        self.cancelOn = cancelOn
    }

    /// Counts one more matching event of a trigger; returns the new count.
    mutating func count(_ trigger: Int, cancels: Bool) -> Int {
        func bump(_ list: inout [Int]) -> Int {
            while list.count <= trigger { list.append(0) }
            list[trigger] = History.counted(list[trigger])
            return list[trigger]
        }
        return cancels ? bump(&cancelOn) : bump(&triggers)
    }
}

/// What an instance keeps of the campaign that made it (in its extras).
final class CampaignInstance {
    let campaign: String
    /// The name of the definition it was made from (the campaign's `alert`).
    let definition: String
    let audience: Rule?
    /// The properties of the event that fired it (its rules' `event`).
    let event: JSONObject
    let variant: String?

    init(campaign: String, definition: String, audience: Rule?, event: JSONObject, variant: String? = nil) {
        self.campaign = campaign
        self.definition = definition
        self.audience = audience
        self.event = event
        self.variant = variant
    }
}

extension Dispatch {
    /// The campaign state, made on first use.
    var writableTargeting: Targeting {
        if let targeting { return targeting }
        let made = Targeting()
        targeting = made
        return made
    }
}

extension Alert {
    /// The id of the campaign that made this alert (docs/rules.md §21), nil for others.
    public var campaign: String? { extras?.campaign?.campaign }
    /// The name of the definition its campaign made it from (the campaign's `alert`).
    public var campaignDefinition: String? { extras?.campaign?.definition }
    /// The variant of its campaign this alert is (nil when none).
    public var variant: String? { extras?.campaign?.variant }
    /// Whether a `cancel_on` or an audience that stops passing may still
    /// end it: it was never on screen.
    var isPendingInstance: Bool { state == .waiting || state == .ready }
}
