import XYZAlert

/// A campaign of an alert set as loaded (docs/formats.md, "Campaigns").
public struct CampaignDefinition: Sendable {
    public var id: String
    /// The name of the definition its instances are made from.
    public var alert: String
    public var page: String?
    public var triggers: [CampaignTrigger] = []
    public var audience: Rule?
    public var delay: Double = 0
    public var cancelOn: [CampaignTrigger] = []
    public var start: Double?
    public var end: Double?
    /// docs/rules.md §22.
    public var variants: [VariantDefinition] = []
    public var test = false
}

/// A variant of a campaign as loaded: its share, and the definition its
/// instances are made from (nil: the campaign's; a `set` gives a copy with
/// its overrides).
public struct VariantDefinition: Sendable {
    public var id: String
    public var weight: Int
    public var control = false
    public var alert: String?
    public var definition: AlertDefinition?
}

extension AlertSet {
    /// The engine's campaign set for this set's campaigns, each instance
    /// made from its definition; nil when the set has none.
    public func campaignSet() -> CampaignSet? {
        guard !campaigns.isEmpty else { return nil }
        let made = campaigns.map { c in
            let definition = self.definition(c.alert)!
            let variants = c.variants.map { (v: VariantDefinition) -> CampaignVariant in
                var made: (@Sendable () -> Alert)?
                if let own = v.definition {
                    made = { own.makeAlert() }
                }
                return CampaignVariant(id: v.id, weight: v.weight, control: v.control, alert: v.alert,
                                       makeAlert: made, definitionText: v.definition?.text)
            }
            return Campaign(id: c.id, alert: c.alert, makeAlert: { definition.makeAlert() }, page: c.page,
                            triggers: c.triggers, audience: c.audience, delay: c.delay, cancelOn: c.cancelOn,
                            start: c.start, end: c.end, variants: variants, test: c.test, definitionText: definition.text)
        }
        // The loader checked everything the set's initializer checks.
        return try! CampaignSet(made, json: campaignsJSON, version: campaignsVersion)
    }
}

/// The schema: campaigns and their rules.
extension Schema {
    /// The ids of the definitions that campaigns name, read ahead of the
    /// alerts: in a scenario such a definition needs no page of its own.
    static func campaignAlerts(_ value: JSONValue?) -> Set<ExactString> {
        guard let value, value.kind == .array else { return [] }
        var names = Set<ExactString>()
        for element in value.elements where element.kind == .object {
            for (key, field) in element.members where key == "alert" {
                if let name = field.string { names.insert(ExactString(name)) }
            }
            // (And the alerts its variants name, docs/rules.md §22.)
            for (key, variants) in element.members where key == "variants" && variants.kind == .array {
                for variant in variants.elements where variant.kind == .object {
                    for (member, field) in variant.members where member == "alert" {
                        if let name = field.string { names.insert(ExactString(name)) }
                    }
                }
            }
        }
        return names
    }

    /// The "campaigns" list, checked against the set's definitions.
    func campaigns(_ value: JSONValue, alerts: AlertsRead?) throws(LoadError) -> [CampaignDefinition] {
        var out: [CampaignDefinition] = []
        var seen: [ExactString: JSONValue] = [:]
        for element in try array(value, "campaigns") {
            guard let campaign = try attempt({ () throws(LoadError) in
                try self.campaign(element, alerts: alerts, seen: &seen)
            }) else { continue }
            out.append(campaign)
        }
        return out
    }

    private func campaign(_ value: JSONValue, alerts: AlertsRead?,
                          seen: inout [ExactString: JSONValue]) throws(LoadError) -> CampaignDefinition {
        let fields = try self.fields(value, "a campaign", required: ["id", "alert", "trigger"],
                                     optional: ["page", "audience", "delay", "cancel_on", "start", "end", "variants", "test"])
        let idValue = fields["id"]!
        var campaign = CampaignDefinition(id: try string(idValue, "a campaign's id"),
                                          alert: try string(fields["alert"]!, "a campaign's alert"))
        if let first = seen[ExactString(campaign.id)] {
            throw fail("duplicate campaign id \"\(campaign.id)\" (first defined at \(path(first)))", at: idValue)
        }
        seen[ExactString(campaign.id)] = idValue
        if let alerts, alerts.idsComplete, !alerts.ids.contains(ExactString(campaign.alert)) {
            throw fail("unknown alert \"\(campaign.alert)\": no alert of this file is called that"
                       + nearMiss(campaign.alert, among: alerts.ids), at: fields["alert"]!)
        }
        if let definition = alerts?.set.definition(campaign.alert), definition.id.isEmpty {
            throw fail("alert \"\(campaign.alert)\" has no \"id\": a campaign's instances are reported and tagged by theirs",
                       at: fields["alert"]!)
        }
        if let page = fields["page"] {
            // (Looked up in the tracking page's domain when it fires: a
            // page not there, or not in a scenario at all, is a skip,
            // `no_page`, as in a recording of a domain without that page.)
            campaign.page = try string(page, "a campaign's page")
        }
        campaign.triggers = try triggers(fields["trigger"]!, "trigger")
        if let cancelOn = fields["cancel_on"] {
            campaign.cancelOn = try triggers(cancelOn, "cancel_on")
        }
        if let audience = fields["audience"] {
            campaign.audience = try rule(audience)
        }
        if let delay = fields["delay"] {
            campaign.delay = try seconds(delay, "a campaign's delay")
        }
        if let start = fields["start"] {
            campaign.start = try wallTime(start, "start")
        }
        if let end = fields["end"] {
            campaign.end = try wallTime(end, "end")
            if let start = campaign.start, !(start < campaign.end!) {
                throw fail("a campaign's start must be before its end", at: end)
            }
        }
        if let test = fields["test"] {
            campaign.test = try bool(test, "a campaign's test")
        }
        if let variants = fields["variants"] {
            campaign.variants = try self.variants(variants, of: campaign, alerts: alerts)
        }
        return campaign
    }

    /// "variants": a non-empty list of `{"id", "weight", "set" | "alert" | "control"}`.
    private func variants(_ value: JSONValue, of campaign: CampaignDefinition,
                          alerts: AlertsRead?) throws(LoadError) -> [VariantDefinition] {
        let elements = try array(value, "variants")
        if elements.isEmpty {
            throw fail("variants needs at least one variant (leave it out for none)", at: value)
        }
        var out: [VariantDefinition] = []
        var seen = Set<ExactString>()
        var total: Int64 = 0 // (no overflow where Int has 32 bits)
        for element in elements {
            let fields = try self.fields(element, "a variant", required: ["id", "weight"], optional: ["set", "alert", "control"])
            let idValue = fields["id"]!
            let id = try string(idValue, "a variant's id")
            guard seen.insert(ExactString(id)).inserted else {
                throw fail("duplicate variant id \"\(id)\" in campaign \"\(campaign.id)\"", at: idValue)
            }
            let weightValue = fields["weight"]!
            guard let weight = weightValue.integer, weight >= 0, weight <= Int64(Int32.max) else {
                throw fail("a variant's weight must be a whole number from 0 to \(Int32.max), got \(weightValue.described)",
                           at: weightValue)
            }
            total += Int64(weight)
            var variant = VariantDefinition(id: id, weight: Int(weight))
            if let control = fields["control"] {
                variant.control = try bool(control, "a variant's control")
                if variant.control, let other = fields["alert"] ?? fields["set"] {
                    throw fail("a control variant shows nothing: it has no \"alert\" or \"set\"", at: other)
                }
            }
            if let alert = fields["alert"] {
                let name = try string(alert, "a variant's alert")
                if let alerts, alerts.idsComplete, !alerts.ids.contains(ExactString(name)) {
                    throw fail("unknown alert \"\(name)\": no alert of this file is called that"
                               + nearMiss(name, among: alerts.ids), at: alert)
                }
                variant.alert = name
                variant.definition = alerts?.set.definition(name)
                if let definition = variant.definition, definition.id.isEmpty {
                    throw fail("alert \"\(name)\" has no \"id\": a campaign's instances are reported and tagged by theirs",
                               at: alert)
                }
            }
            if let set = fields["set"] {
                let base = variant.definition ?? alerts?.set.definition(variant.alert ?? campaign.alert)
                var parsed = ParsedAlert()
                parsed.definition = base ?? AlertDefinition(id: "")
                for (key, field) in try object(set, "a variant's set") {
                    guard ["title", "message", "style", "actions", "meta"].contains(key) else {
                        throw unknownKey(key, in: "a variant's set", known: ["title", "message", "style", "actions", "meta"],
                                         at: field)
                    }
                    try self.field(key, field, of: &parsed, pages: nil)
                }
                parsed.definition.text = (base?.text ?? "") + " + " + set.text
                variant.definition = base == nil ? nil : parsed.definition
            }
            out.append(variant)
        }
        guard total > 0 else {
            throw fail("the weights of campaign \"\(campaign.id)\"'s variants are all 0: nobody would get one", at: value)
        }
        guard total <= Int64(Int32.max) else {
            throw fail("the weights of campaign \"\(campaign.id)\"'s variants add up to more than \(Int32.max)", at: value)
        }
        return out
    }

    /// One trigger object or a non-empty list of them.
    private func triggers(_ value: JSONValue, _ what: String) throws(LoadError) -> [CampaignTrigger] {
        let elements = value.kind == .array ? value.elements : [value]
        if elements.isEmpty {
            throw fail("\(what) needs at least one trigger", at: value)
        }
        var out: [CampaignTrigger] = []
        for element in elements {
            let fields = try self.fields(element, "a trigger", required: ["event"], optional: ["where", "count", "nth", "from"])
            var trigger = CampaignTrigger(event: try string(fields["event"]!, "a trigger's event"))
            if let condition = fields["where"] {
                trigger.condition = try rule(condition)
            }
            if let count = fields["count"] {
                trigger.count = try counting(count, "count")
            }
            if let nth = fields["nth"] {
                if fields["count"] != nil {
                    throw fail("a trigger has \"count\" or \"nth\", not both", at: nth)
                }
                trigger.nth = try counting(nth, "nth")
            }
            if let from = fields["from"] {
                if let other = fields["count"] != nil ? "count" : fields["nth"] != nil ? "nth" : nil {
                    throw fail("a trigger has \"\(other)\" or \"from\", not both", at: from)
                }
                trigger.from = try counting(from, "from")
            }
            out.append(trigger)
        }
        return out
    }

    private func counting(_ value: JSONValue, _ what: String) throws(LoadError) -> Int {
        guard let n = value.integer, n >= 1, n <= History.countLimit else {
            throw fail("\(what) must be an integer from 1, got \(value.described)", at: value)
        }
        return Int(n)
    }

    /// Seconds since the epoch, or an RFC 3339 date-time in UTC.
    private func wallTime(_ value: JSONValue, _ what: String) throws(LoadError) -> Double {
        if let text = value.string {
            guard let seconds = WallTime.parse(text) else {
                throw fail("\(what) must be seconds since the epoch or an RFC 3339 date-time in UTC "
                           + "(\"2026-12-01T00:00:00Z\"), got \(value.described)", at: value)
            }
            return seconds
        }
        return try number(value, what)
    }

    /// A rule (docs/rules.md, "Rules"), its errors located inside it.
    /// (The rule's pointer is made only for an error: finding it walks the
    /// document.)
    func rule(_ value: JSONValue) throws(LoadError) -> Rule {
        var inner: [String] = []
        guard let data = RuleLoading.convert(value.raw, depth: 1, path: &inner) else {
            throw fail("the rule nests deeper than \(RuleLoading.maxDataDepth) levels", at: JSONPointer(path(value).tokens + inner))
        }
        do {
            return try Rule.compile(data)
        } catch {
            throw fail(error.message, at: JSONPointer(path(value).tokens + error.path))
        }
    }

    /// A JSON value as the engine holds it (attributes, event properties).
    func data(_ value: JSONValue) throws(LoadError) -> JSONData {
        var inner: [String] = []
        guard let data = RuleLoading.convert(value.raw, depth: 1, path: &inner) else {
            throw fail("the value nests deeper than \(RuleLoading.maxDataDepth) levels", at: JSONPointer(path(value).tokens + inner))
        }
        return data
    }
}
