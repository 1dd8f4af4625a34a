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
    /// Read and changed through `attributes`, `attribute(_:)` and `setAttribute`.
    @exclusivity(unchecked) private var table = AttributeTable()
    /// The attributes and the members `event` and `$xyz` (filled in by
    /// `ruleData`), made on first use after a change; lent out while a rule
    /// reads it (`ruleData`, `giveBack`), so that filling it in copies nothing.
    @exclusivity(unchecked) private var ruleBase: JSONObject?
    /// Attribute changes so far: a lent rule object made before the last
    /// change is not taken back.
    @exclusivity(unchecked) private var changes = 0
    /// Rule objects made from the attributes, in all (O(attributes) each;
    /// the tests check there is one per change, not one per evaluation).
    @exclusivity(unchecked) private(set) var ruleObjectsMade = 0
    /// The attribute table's entries moved so far (see `AttributeTable.moved`).
    var attributeEntriesMoved: Int { table.moved }
    @exclusivity(unchecked) var counts: [ExactString: CampaignCounts] = [:]
    @exclusivity(unchecked) var appVersion: JSONData?
    /// Instances made here and not on screen yet when last looked at, in
    /// the order they were made (ended and shown ones leave lazily).
    @exclusivity(unchecked) var pending: [Alert] = []
    /// Whether the host hears of misses (`Dispatch.reportsMisses`).
    @exclusivity(unchecked) var reportsMisses = false
    /// What the last event each campaign's triggers named did
    /// (`campaignWhy`), by the campaign's position in the set (nil: none
    /// since the set was attached).
    @exclusivity(unchecked) var outcomes: [CampaignOutcome?] = []
    /// The attributes the outcomes recorded since the last change read
    /// (copied at the next change; nil: none recorded since).
    @exclusivity(unchecked) private var attributesSeen: AttributesSeen?

    /// Counts one more matching event of a trigger of `campaign`, where
    /// counts live for `domain`; returns the new count.
    func count(_ campaign: String, trigger: Int, cancels: Bool, in domain: Domain) -> Int {
        let key = ExactString(campaign)
        if let history = domain.history {
            domain.breakOtherRecordings(of: history, "where campaign '\(campaign)' counted an event")
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
            if history.appVersion != value {
                domain.breakOtherRecordings(of: history, "where the app version seen changed")
            }
            history.appVersion = value
        } else {
            appVersion = value
        }
    }

    /// The attributes, in the order they were first set. O(attributes).
    var attributes: JSONObject { table.object }

    /// Whether any attribute is set.
    var hasAttributes: Bool { table.count > 0 }

    /// The attribute `name`, nil when unset. O(1).
    func attribute(_ name: String) -> JSONData? { table[name] }

    /// Sets the attribute `name` (nil removes it). O(1) amortized.
    func setAttribute(_ name: String, _ value: JSONData?) {
        if attributesSeen != nil {
            // (O(attributes), once per change, and only while an outcome reads them.)
            if !isKnownUniquelyReferenced(&attributesSeen) { attributesSeen!.copy = table.object }
            attributesSeen = nil
        }
        table[name] = value
        changes &+= 1
        ruleBase = nil
    }

    /// What a rule of `campaign` sees: the attributes, `event` and `$xyz`.
    /// O(1) but after a change of the attributes (then O(attributes), once);
    /// give the value back with `giveBack` once the rules have read it.
    func ruleData(_ campaign: String, event: JSONObject, wall: Double, domain: Domain) -> (data: JSONData, made: Int) {
        var data: JSONObject
        if let base = ruleBase {
            ruleBase = nil  // `data` now holds the only reference: filled in place
            data = base
        } else {
            data = table.object
            ruleObjectsMade += 1
        }
        Targeting.fill(&data, campaign: campaign, event: event, wall: wall, session: Targeting.session(of: domain))
        return (.object(data), changes)
    }

    /// The session `$xyz.session` reads.
    static func session(of domain: Domain) -> Int { domain.history?.session ?? 1 }

    /// Adds `event` and `$xyz` to the attributes `data`.
    private static func fill(_ data: inout JSONObject, campaign: String, event: JSONObject, wall: Double, session: Int) {
        data["event"] = .object(event)
        data["$xyz"] = .object(JSONObject([
            ("campaign", .string(campaign)),
            ("session", .number(Double(session))),
            ("now", .number(wall)),
        ]))
    }

    /// What a rule of `campaign` read with these attributes, event, clock and session.
    static func ruleObject(_ attributes: JSONObject, campaign: String, event: JSONObject, wall: Double,
                           session: Int) -> JSONData {
        var data = attributes
        fill(&data, campaign: campaign, event: event, wall: wall, session: session)
        return .object(data)
    }

    /// Keeps what the last event of the triggers of the campaign at
    /// `position` did. O(1).
    func record(_ position: Int, _ outcome: CampaignOutcome) {
        outcomes[position] = outcome
    }

    /// What a rule reads now, kept to word its failure later.
    func facts(event: JSONObject, wall: Double, domain: Domain) -> RuleFacts {
        let seen = attributesSeen ?? AttributesSeen()
        attributesSeen = seen
        return RuleFacts(event: event, wall: wall, session: Targeting.session(of: domain), attributes: seen)
    }

    /// Takes back a rule object `ruleData` lent, unless the attributes
    /// changed since it was made.
    func giveBack(_ lent: (data: JSONData, made: Int)) {
        guard lent.made == changes, ruleBase == nil, case .object(let object) = lent.data else { return }
        ruleBase = object
    }

    /// `fractional` buckets by the campaign's id followed by the `user_id`
    /// attribute (a string, or a number's JSON text); none without one.
    func bucketing(_ campaign: String) -> Bucketing {
        .key(user.map { campaign + $0 })
    }

    /// The `user_id` attribute as bucketing reads it: a string, or a
    /// number's JSON text; nil for none or another type.
    var user: String? { Targeting.user(table["user_id"]) }

    /// The `user_id` of `attributes`, as `user` reads it.
    static func user(in attributes: JSONObject) -> String? { user(attributes["user_id"]) }

    private static func user(_ value: JSONData?) -> String? {
        switch value {
        case .string(let user)?: user
        case .number(let user)?: JSONData.number(user).jsonText
        default: nil
        }
    }

    /// The variant of the campaign at `position` for `user`: the one chosen
    /// before for this user while the campaign still has it, else a new
    /// choice, kept where the counts live (docs/rules.md §22).
    func variant(of set: CampaignSet, _ position: Int, user: String, in domain: Domain) -> CampaignVariant? {
        let campaign = set.campaigns[position]
        let key = ExactString(campaign.id)
        if let kept = counts(of: campaign.id, in: domain).variants[ExactString(user)], let variant = campaign.variant(kept) {
            return variant
        }
        guard let id = set.chooseVariant(position, user: user), let variant = campaign.variant(id) else { return nil }
        if let history = domain.history {
            domain.breakOtherRecordings(of: history, "where campaign '\(campaign.id)' chose a variant")
            history.setVariant(key, user: user, id)
        } else {
            counts[key, default: CampaignCounts()].variants[ExactString(user)] = id
        }
        return variant
    }

    /// Whether `alert`'s campaign audience still admits it; when it does
    /// not, the part that failed (`Rule.explain`) is the alert's cause.
    func admits(_ alert: Alert, domain: Domain) -> Bool {
        guard let instance = alert.extras?.campaign, let audience = instance.audience else { return true }
        let lent = ruleData(instance.campaign, event: instance.event, wall: domain.readWallClock(), domain: domain)
        defer { giveBack(lent) }
        let bucketing = bucketing(instance.campaign)
        guard !audience.passes(lent.data, bucketing: bucketing) else { return true }
        alert.writableExtras.endedBy = ("audience", audience.explain(lent.data, bucketing: bucketing).failing ?? "")
        return false
    }
}

/// Per campaign, how many matching events each trigger has counted, and
/// the variant chosen for a user (docs/rules.md §22: sticky, so that a
/// weight changed later moves nobody already assigned).
public struct CampaignCounts: Equatable, Sendable {
    /// By trigger, in the campaign's order.
    public var triggers: [Int] = []
    /// By `cancel_on` trigger.
    public var cancelOn: [Int] = []
    /// The variant chosen for each `user_id` (as the bucketing key reads
    /// it) at its first instance.
    public var variants: [ExactString: String] = [:]

    public init(triggers: [Int] = [], cancelOn: [Int] = [], variants: [ExactString: String] = [:]) {
        self.triggers = triggers
        self.cancelOn = cancelOn
        self.variants = variants
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
    /// docs/rules.md §22: its variant, whether it is a control one, whether
    /// its campaign is a test one, and the definition text it was made from.
    let variant: String?
    let isControl: Bool
    let isTest: Bool
    let definitionText: String?

    init(campaign: String, definition: String, audience: Rule?, event: JSONObject, variant: String? = nil,
         isControl: Bool = false, isTest: Bool = false, definitionText: String? = nil) {
        self.campaign = campaign
        self.definition = definition
        self.audience = audience
        self.event = event
        self.variant = variant
        self.isControl = isControl
        self.isTest = isTest
        self.definitionText = definitionText
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
