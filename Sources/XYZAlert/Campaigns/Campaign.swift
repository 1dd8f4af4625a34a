/// Campaigns (docs/rules.md §21): when an alert should exist. A campaign
/// makes an instance of one alert definition when one of its triggers fires,
/// for the audience its rule admits, between its start and end dates, after
/// its delay, unless a `cancel_on` trigger fires first.

/// One trigger: an event name, a rule on the event (`where`) and a count.
public struct CampaignTrigger: Sendable {
    /// The event's name.
    public var event: String
    /// The rule the event must pass (nil: every event of that name passes).
    public var condition: Rule?
    /// Fires on every `count`-th matching event (`count`, 2 × `count`, ...).
    public var count: Int
    /// When set, fires on the `nth` matching event only, ever (then `count` is 1).
    public var nth: Int?
    /// When set, fires on every matching event from the `from`-th on (then
    /// `count` is 1 and `nth` nil): "from the third order on".
    public var from: Int?

    public init(event: String, condition: Rule? = nil, count: Int = 1, nth: Int? = nil, from: Int? = nil) {
        self.event = event
        self.condition = condition
        self.count = count
        self.nth = nth
        self.from = from
    }

    /// Whether the `n`-th matching event fires it.
    func fires(atCount n: Int) -> Bool {
        if let nth { return n == nth }
        if let from { return n >= from }
        return n % count == 0
    }
}

/// One variant of an experiment (docs/rules.md §22): its share of the
/// users, and what its instances are.
public struct CampaignVariant: Sendable {
    /// Unique in its campaign, not empty.
    public var id: String
    /// Its share: a whole number, 0 or more (0: nobody new gets it).
    public var weight: Int
    /// A control variant's instances never show: they end `control` when
    /// they would, counted for caps as a display.
    public var control: Bool
    /// The name of the definition its instances are made from (nil: the
    /// campaign's), and what makes them (nil: the campaign's `makeAlert`;
    /// the loader folds a variant's `set` overrides into it).
    public var alert: String?
    public var makeAlert: (@Sendable () -> Alert)?
    /// What the definition was, as the loader read it (its JSON text with
    /// the variant's overrides): a set update withdraws instances whose
    /// definition changed (nil: compared by name only).
    public var definitionText: String?

    public init(id: String, weight: Int, control: Bool = false, alert: String? = nil,
                makeAlert: (@Sendable () -> Alert)? = nil, definitionText: String? = nil) {
        self.id = id
        self.weight = weight
        self.control = control
        self.alert = alert
        self.makeAlert = makeAlert
        self.definitionText = definitionText
    }
}

/// A campaign, as a host or the alert-set loader builds it.
public struct Campaign: Sendable {
    /// Unique in its set, not empty.
    public var id: String
    /// The id of the alert definition each instance is made from.
    public var alert: String
    /// Makes a fresh idle instance of that definition (called once per
    /// instance; the engine then sets its delay, campaign and tag).
    public var makeAlert: @Sendable () -> Alert
    /// The name of the page instances are added to (nil: the page the
    /// event was tracked on).
    public var page: String?
    /// Any of these fires the campaign.
    public var triggers: [CampaignTrigger]
    /// Who may get an instance (nil: everyone).
    public var audience: Rule?
    /// Seconds between the trigger and the instance becoming ready to show.
    public var delay: Double
    /// Any of these ends an instance that is not on screen yet (`cancelled`).
    public var cancelOn: [CampaignTrigger]
    /// Wall-clock seconds since the epoch: active while `start <= now < end`.
    public var start: Double?
    public var end: Double?
    /// docs/rules.md §22: the experiment's variants (none: every instance
    /// is the campaign's alert), chosen by the `user_id` attribute.
    public var variants: [CampaignVariant]
    /// A test campaign: audience, dates, windows and caps do not apply, its
    /// displays are not counted, and it fires before the others.
    public var test: Bool
    /// The alert definition as the loader read it (see `CampaignVariant.definitionText`).
    public var definitionText: String?

    public init(id: String, alert: String, makeAlert: @escaping @Sendable () -> Alert, page: String? = nil,
                triggers: [CampaignTrigger], audience: Rule? = nil, delay: Double = 0,
                cancelOn: [CampaignTrigger] = [], start: Double? = nil, end: Double? = nil,
                variants: [CampaignVariant] = [], test: Bool = false, definitionText: String? = nil) {
        self.id = id
        self.alert = alert
        self.makeAlert = makeAlert
        self.page = page
        self.triggers = triggers
        self.audience = audience
        self.delay = delay
        self.cancelOn = cancelOn
        self.start = start
        self.end = end
        self.variants = variants
        self.test = test
        self.definitionText = definitionText
    }

    /// The variant with this id.
    func variant(_ id: String) -> CampaignVariant? { variants.first { sameBytes($0.id, id) } }
}

/// A campaign set, checked and indexed by event name: tracking an event
/// costs O(the campaigns whose triggers name it).
public final class CampaignSet: Sendable {
    /// The campaigns, in set order.
    public let campaigns: [Campaign]
    /// The campaigns as the alert set's `campaigns` member wrote them
    /// (compact JSON text), when they came from one: a recording writes it.
    public let json: String?
    /// The set's `campaigns_version` (docs/rules.md §22), if it has one.
    public let version: String?
    /// Whether a campaign has a `start` or an `end` (reads the wall clock).
    let hasDates: Bool
    /// Per event name, the triggers that name it, in set order: (campaign,
    /// trigger index, whether it is a `cancel_on` trigger).
    let index: [ExactString: [TriggerRef]]

    struct TriggerRef: Sendable {
        let campaign: Int
        let trigger: Int
        let cancels: Bool
    }

    /// Checks the campaigns: ids unique and not empty, at least one trigger
    /// each, every trigger naming an event, counts from 1, `count` and `nth`
    /// not both above 1, a delay finite and not negative, `start < end`;
    /// variants with unique ids, weights from 0 to 2^31 - 1 not all 0, a
    /// control variant naming no alert. Test campaigns' triggers come first
    /// in the index (they fire first).
    public init(_ campaigns: [Campaign], json: String? = nil, version: String? = nil) throws(AlertError) {
        var ids = Set<ExactString>()
        var index: [ExactString: [TriggerRef]] = [:]
        for (c, campaign) in campaigns.enumerated() {
            let name = "campaign '\(campaign.id)'"
            guard !campaign.id.isEmpty else {
                throw AlertError(.invalidArgument, "campaign \(c + 1) has an empty id")
            }
            guard ids.insert(ExactString(campaign.id)).inserted else {
                throw AlertError(.duplicate, "two campaigns have the id '\(campaign.id)'")
            }
            guard !campaign.triggers.isEmpty else {
                throw AlertError(.invalidArgument, "\(name) has no trigger")
            }
            guard campaign.delay.isFinite, campaign.delay >= 0 else {
                throw AlertError(.invalidArgument, "the delay of \(name) must be finite and not negative")
            }
            if let start = campaign.start, let end = campaign.end, !(start < end) {
                throw AlertError(.invalidArgument, "the start of \(name) must be before its end")
            }
            try CampaignSet.checkVariants(of: campaign, name)
            // A campaign's cancel_on triggers come first: an event that both
            // cancels and fires replaces the pending instance.
            for (cancels, triggers) in [(true, campaign.cancelOn), (false, campaign.triggers)] {
                for (t, trigger) in triggers.enumerated() {
                    guard !trigger.event.isEmpty else {
                        throw AlertError(.invalidArgument, "a trigger of \(name) names no event")
                    }
                    guard trigger.count >= 1, (trigger.nth ?? 1) >= 1, (trigger.from ?? 1) >= 1 else {
                        throw AlertError(.invalidArgument, "the counts of \(name)'s triggers must be from 1")
                    }
                    guard trigger.nth == nil || trigger.count == 1 else {
                        throw AlertError(.invalidArgument, "a trigger of \(name) has both count and nth")
                    }
                    guard trigger.from == nil || (trigger.count == 1 && trigger.nth == nil) else {
                        throw AlertError(.invalidArgument, "a trigger of \(name) has from with count or nth")
                    }
                    index[ExactString(trigger.event), default: []]
                        .append(TriggerRef(campaign: c, trigger: t, cancels: cancels))
                }
            }
        }
        // Stable: test campaigns first, each kind in set order.
        for (event, refs) in index where refs.contains(where: { campaigns[$0.campaign].test }) {
            index[event] = refs.filter { campaigns[$0.campaign].test } + refs.filter { !campaigns[$0.campaign].test }
        }
        self.campaigns = campaigns
        self.json = json
        self.version = version
        hasDates = campaigns.contains { $0.start != nil || $0.end != nil }
        self.index = index
    }

    private static func checkVariants(of campaign: Campaign, _ name: String) throws(AlertError) {
        guard !campaign.variants.isEmpty else { return }
        var ids = Set<ExactString>()
        var total: Int64 = 0 // (no overflow where Int has 32 bits)
        for variant in campaign.variants {
            guard !variant.id.isEmpty else {
                throw AlertError(.invalidArgument, "a variant of \(name) has an empty id")
            }
            guard ids.insert(ExactString(variant.id)).inserted else {
                throw AlertError(.duplicate, "two variants of \(name) have the id '\(variant.id)'")
            }
            guard variant.weight >= 0, variant.weight <= Int(Int32.max) else {
                throw AlertError(.invalidArgument, "the weight of variant '\(variant.id)' of \(name) must be a whole number from 0 to \(Int32.max), not \(variant.weight)")
            }
            guard !variant.control || variant.alert == nil else {
                throw AlertError(.invalidArgument, "the control variant '\(variant.id)' of \(name) shows nothing: it names no alert")
            }
            total += Int64(variant.weight)
        }
        guard total > 0 else {
            throw AlertError(.invalidArgument, "the weights of \(name)'s variants are all 0: nobody would get one")
        }
        guard total <= Int64(Int32.max) else {
            throw AlertError(.invalidArgument, "the weights of \(name)'s variants add up to more than \(Int32.max)")
        }
    }

    /// The variant of `campaign` (a position) that flagd's `fractional`
    /// gives the bucketing key `campaign id + user` (docs/rules.md §22);
    /// nil for a campaign without variants.
    public func chooseVariant(_ campaign: Int, user: String) -> String? {
        let c = campaigns[campaign]
        guard !c.variants.isEmpty else { return nil }
        let buckets: [JSONData?] = c.variants.map { .array([.string($0.id), .number(Double($0.weight))]) }
        let chosen = RuleFlagd.fractional(buckets, .object(JSONObject()), .key(c.id + user))
        if case .string(let id) = chosen { return id }
        return nil
    }

    /// The position of the campaign with this id.
    public func position(of id: String) -> Int? {
        campaigns.firstIndex { sameBytes($0.id, id) }
    }

    /// Whether a trigger names `event`.
    public func names(_ event: String) -> Bool { index[ExactString(event)] != nil }
}
