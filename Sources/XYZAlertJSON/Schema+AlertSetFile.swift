import XYZAlert

/// A scenario's "alert_set" (docs/formats.md, "Scenarios"): the alerts,
/// caps and campaigns of an alert set file, used as the scenario's own
/// (its alerts first), so that a scenario tries the set the app ships
/// without copying it.
extension Schema {
    /// The alert set "alert_set" names: `"FILE"`, or `{"file": FILE,
    /// "page": PAGE}` to put every alert of the set on that page (for `add`
    /// steps; without one only its campaigns add them). Read relative to
    /// the scenario's directory; its problems are recorded as the file's
    /// own (their source is its path), then one at the member. A scenario
    /// read from memory reads no file.
    func includedAlertSet(_ value: JSONValue) throws(LoadError) -> AlertSet {
        var file: String
        var page: String?
        if value.kind == .object {
            let f = try fields(value, "alert_set", required: ["file"], optional: ["page"])
            file = try string(f["file"]!, "alert_set's file")
            if let pageValue = f["page"] {
                let name = try string(pageValue, "alert_set's page")
                guard pagesBroken || pageNames.contains(ExactString(name)) else {
                    throw fail("unknown page \"\(Schema.abbreviated(name))\"" + nearMiss(name, among: pageNames)
                               + ": alert_set's page must be one of the scenario's pages", at: pageValue)
                }
                page = name
            }
        } else {
            file = try string(value, "alert_set (the path of an alert set file, or {\"file\", \"page\"})")
        }
        guard let directory else {
            throw fail("alert_set names the file \"\(file)\", and a scenario read from memory reads no file "
                       + "(load the scenario from a file beside it)", at: value)
        }
        let path = file.hasPrefix("/") ? file : directory + file
        let bytes: [UInt8]
        do {
            bytes = try Loader.readFile(path)
        } catch {
            throw fail("alert_set: cannot read \"\(file)\": \(error.message)", at: value)
        }
        let read = Loader.read(bytes: bytes, source: path, directory: splitPath(path).directory,
                               limit: max(problems.limit - problems.count, 1))
        guard read.problems.isEmpty, let document = read.document else {
            for problem in read.problems where !problems.isFull {
                _ = problems.record(problem)
            }
            throw fail("alert_set \"\(file)\" does not load: \(read.problems.count == 1 ? "its problem" : "its problems") "
                       + "above", at: value)
        }
        guard document.scenario == nil else {
            throw fail("\"\(file)\" is a scenario, not an alert set", at: value)
        }
        var set = document.alertSet
        if let page {
            set = set.onPage(page)
        }
        return set
    }

    /// The scenario's alerts after `included`'s: a name both have is a
    /// problem at the scenario's alert.
    func merged(_ included: AlertSet, _ own: AlertsRead, _ alertsValue: JSONValue?) throws(LoadError) -> AlertsRead {
        var read = own
        for definition in own.set.definitions where included.definition(definition.name) != nil {
            let at = alertsValue?.elements.first { element in
                element.members.contains { ($0.key == "id" || $0.key == "name") && $0.value.string == definition.name }
            }
            throw fail("alert \"\(Schema.abbreviated(definition.name))\" is also an alert of the alert_set file: "
                       + "a name is defined once", at: at ?? alertsValue!)
        }
        read.set = included.merging(own.set)
        for definition in included.definitions { read.ids.insert(ExactString(definition.name)) }
        read.count += included.definitions.count
        return read
    }

    /// The campaigns of `included` and then the scenario's: an id both
    /// have is a problem at the scenario's campaign.
    func mergedCampaigns(_ included: AlertSet, _ own: [CampaignDefinition],
                         _ campaignsValue: JSONValue?) throws(LoadError) -> [CampaignDefinition] {
        for (i, campaign) in own.enumerated() where included.campaigns.contains(where: { ExactString($0.id) == ExactString(campaign.id) }) {
            let at = campaignsValue?.elements[i].members.first { $0.key == "id" }?.value
            throw fail("campaign \"\(Schema.abbreviated(campaign.id))\" is also a campaign of the alert_set file: "
                       + "an id is defined once", at: at ?? campaignsValue!)
        }
        return included.campaigns + own
    }
}

extension Schema {
    /// Two JSON arrays' compact texts as one array's (either may be nil).
    static func joinedArrays(_ a: String?, _ b: String?) -> String? {
        guard let a, a.count > 2 else { return b }
        guard let b, b.count > 2 else { return a }
        return String(a.dropLast()) + "," + String(b.dropFirst())
    }
}

extension AlertSet {
    /// The set with every definition on `page`.
    func onPage(_ page: String) -> AlertSet {
        var copy = AlertSet(definitions.map { definition in
            var moved = definition
            moved.page = page
            return moved
        })
        copy.caps = caps
        copy.campaigns = campaigns
        copy.campaignsJSON = campaignsJSON
        copy.campaignsVersion = campaignsVersion
        return copy
    }

    /// This set's definitions followed by `other`'s, with this set's caps,
    /// campaigns and version.
    func merging(_ other: AlertSet) -> AlertSet {
        var merged = AlertSet(definitions + other.definitions)
        merged.caps = caps
        merged.campaigns = campaigns
        merged.campaignsJSON = campaignsJSON
        merged.campaignsVersion = campaignsVersion
        return merged
    }
}
