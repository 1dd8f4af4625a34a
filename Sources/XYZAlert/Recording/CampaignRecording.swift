/// Campaigns in a recording (docs/rules.md §21): the recorded root's set
/// and attributes as the file's `campaigns` and `attributes`, `track` and
/// `set_attribute` steps, and the instances a track makes, which the replay
/// makes again from the same step (so no `add` step is written for them).
///
/// The file attaches its campaigns to every root page; what it cannot hold
/// breaks the recording (it says so): a set not loaded from an alert set,
/// a set changed after the first step, counts kept outside a history,
/// dates read without a history, and campaign activity under a root other
/// than the one the recording started on.
extension Recording {
    /// What the file needs of `root`'s campaigns; nil when it has none.
    func captureCampaigns(_ root: Dispatch) -> StartingCampaigns? {
        guard let targeting = root.targeting, targeting.set != nil || targeting.hasAttributes else {
            return nil
        }
        let domain = root.domain
        if domain.history == nil && !targeting.counts.isEmpty {
            fail("campaign trigger counts kept without a history cannot be written to a file (attach a history)")
        }
        // The replay records the version of its initial attributes, over the history's.
        let replayed = targeting.attribute("app_version") ?? (domain.history != nil ? targeting.lastAppVersion(in: domain) : nil)
        if replayed != targeting.lastAppVersion(in: domain) {
            fail("the app version last seen differs from the app_version attribute, which a file cannot hold")
        }
        var campaigns = StartingCampaigns(root: ObjectIdentifier(root), campaigns: targeting.set, attributes: targeting.attributes)
        guard let set = targeting.set else { return campaigns }
        if set.json == nil {
            fail("the campaigns were not loaded from an alert set, so a file cannot hold them")
        }
        for campaign in set.campaigns where campaigns.definitions[campaign.alert] == nil {
            if usedAlertNames.contains(campaign.alert) {
                fail("the alert name '\(campaign.alert)' of a campaign was taken before the campaigns were attached")
                continue
            }
            var definition = Recording.definition(of: campaign.makeAlert(), page: -1)
            definition.name = campaign.alert
            usedAlertNames.insert(campaign.alert)
            definitions.append(definition)
            campaigns.definitions[campaign.alert] = definitions.count - 1
        }
        return campaigns
    }

    /// The recorded root's campaigns or attributes changed outside a step.
    func campaignsChanged(_ root: Dispatch, _ what: String) {
        guard ObjectIdentifier(root) == startingCampaigns?.root || (startingCampaigns == nil && pageIndex[ObjectIdentifier(root)] != nil)
        else { return }
        if steps.isEmpty && definitions.allSatisfy({ $0.page < 0 }) {
            definitions.removeAll()
            usedAlertNames.removeAll()
            startingCampaigns = captureCampaigns(root)
        } else {
            fail("\(what) after the recording began, which a file cannot hold (do it before recording)")
        }
    }

    /// Whether campaign activity rooted at `root` replays as it happened:
    /// the file's campaigns act under every root page, the original's under
    /// each root's own. Breaks the recording when it would not.
    func checkCampaigns(at root: Dispatch, names event: String?) {
        if ObjectIdentifier(root) == startingCampaigns?.root { return }
        let own = root.targeting?.set
        let file = startingCampaigns?.campaigns
        let matters = event.map { own?.names($0) == true || file?.names($0) == true } ?? (own != nil || file != nil)
        if matters {
            fail("campaigns acted under \(root.quotedName), not the root the recording started on, which a file cannot hold")
        }
    }

    /// The instance a tracked event made, about to be added to `dispatch`:
    /// named as its campaign's alert, with no step of its own.
    func adopt(_ alert: Alert, campaignAlert: String) {
        guard let index = startingCampaigns?.definitions[campaignAlert] else {
            fail("a campaign made \(alert.alertName) from a set the recording did not start with")
            return
        }
        instances[ObjectIdentifier(alert)] = (alert, index)
        busy.insert(index)
    }

}
