/// What a history keeps for campaigns (docs/rules.md §21): trigger counts,
/// variants, the app version.
extension History {
    // MARK: Campaigns (docs/rules.md §21)

    /// The app version last seen by the domains that share this history.
    var appVersion: JSONData? {
        get { state.appVersion }
        set { state.appVersion = newValue }
    }

    /// Counts one more matching event of a trigger of `campaign`; returns the new count.
    func count(_ campaign: ExactString, trigger: Int, cancels: Bool) -> Int {
        state.campaigns[campaign, default: CampaignCounts()].count(trigger, cancels: cancels)
    }

    /// Keeps the variant chosen for a user (docs/rules.md §22).
    func setVariant(_ campaign: ExactString, user: String, _ id: String) {
        state.campaigns[campaign, default: CampaignCounts()].variants[ExactString(user)] = id
    }

    /// The trigger counts of every campaign, by id.
    public var campaignCounts: [ExactString: CampaignCounts] { state.campaigns }
}
