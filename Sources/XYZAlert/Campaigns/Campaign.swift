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

    public init(event: String, condition: Rule? = nil, count: Int = 1, nth: Int? = nil) {
        self.event = event
        self.condition = condition
        self.count = count
        self.nth = nth
    }

    /// Whether the `n`-th matching event fires it.
    func fires(atCount n: Int) -> Bool {
        if let nth { return n == nth }
        return n % count == 0
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

    public init(id: String, alert: String, makeAlert: @escaping @Sendable () -> Alert, page: String? = nil,
                triggers: [CampaignTrigger], audience: Rule? = nil, delay: Double = 0,
                cancelOn: [CampaignTrigger] = [], start: Double? = nil, end: Double? = nil) {
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
    }
}

/// What a `campaign` host callback reports.
public enum CampaignEventKind: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// A trigger fired and an instance was made (it is the event's alert).
    case trigger = 0
    /// A trigger fired and no instance was made (the reason says why).
    case skip

    public var description: String {
        switch self {
        case .trigger: "trigger"
        case .skip: "skip"
        }
    }
}

/// Why a fired trigger made no instance.
public enum SkipReason: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// None (a `trigger` event).
    case none = 0
    /// Before the campaign's `start`.
    case notStarted
    /// At or after the campaign's `end`.
    case ended
    /// Its audience rule failed.
    case audience
    /// Bucketing needs a `user_id` attribute and there is none.
    case noUser
    /// The campaign names a page that is not in the domain.
    case noPage

    public var description: String {
        switch self {
        case .none: "none"
        case .notStarted: "not_started"
        case .ended: "ended"
        case .audience: "audience"
        case .noUser: "no_user"
        case .noPage: "no_page"
        }
    }
}

/// A campaign set, checked and indexed by event name: tracking an event
/// costs O(the campaigns whose triggers name it).
public final class CampaignSet: Sendable {
    /// The campaigns, in set order.
    public let campaigns: [Campaign]
    /// The campaigns as the alert set's `campaigns` member wrote them
    /// (compact JSON text), when they came from one: a recording writes it.
    public let json: String?
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
    /// not both above 1, a delay finite and not negative, `start < end`.
    public init(_ campaigns: [Campaign], json: String? = nil) throws(AlertError) {
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
            // A campaign's cancel_on triggers come first: an event that both
            // cancels and fires replaces the pending instance.
            for (cancels, triggers) in [(true, campaign.cancelOn), (false, campaign.triggers)] {
                for (t, trigger) in triggers.enumerated() {
                    guard !trigger.event.isEmpty else {
                        throw AlertError(.invalidArgument, "a trigger of \(name) names no event")
                    }
                    guard trigger.count >= 1, (trigger.nth ?? 1) >= 1 else {
                        throw AlertError(.invalidArgument, "the counts of \(name)'s triggers must be from 1")
                    }
                    guard trigger.nth == nil || trigger.count == 1 else {
                        throw AlertError(.invalidArgument, "a trigger of \(name) has both count and nth")
                    }
                    index[ExactString(trigger.event), default: []]
                        .append(TriggerRef(campaign: c, trigger: t, cancels: cancels))
                }
            }
        }
        self.campaigns = campaigns
        self.json = json
        hasDates = campaigns.contains { $0.start != nil || $0.end != nil }
        self.index = index
    }

    /// The position of the campaign with this id.
    public func position(of id: String) -> Int? {
        campaigns.firstIndex { sameBytes($0.id, id) }
    }

    /// Whether a trigger names `event`.
    public func names(_ event: String) -> Bool { index[ExactString(event)] != nil }
}
