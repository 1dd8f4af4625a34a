import CXYZAlert
internal import CSystem
import XYZAlert
import XYZAlertJSON

// xyz_dispatch_set_campaigns, _track, attributes, and an instance's campaign
// (docs/rules.md §21).

@c @implementation
public func xyz_dispatch_set_campaigns(_ pointer: OpaquePointer?, _ catalog: OpaquePointer?) -> xyz_status {
    status { () throws(AlertError) in
        let root = try require(pointer, Dispatch.self, #function, "root")
        let set = try optional(catalog, CCatalog.self, #function, "catalog")?.campaigns
        try root.setCampaigns(set, wallClock: set == nil ? nil : { realTime() })
    }
}

/// A JSON argument's text as engine data; `.invalidArgument` naming the
/// function and argument, with the place, when it is not JSON.
private func jsonArgument(_ text: UnsafePointer<CChar>, _ function: String, _ what: String) throws(AlertError) -> JSONData {
    do {
        return try RuleLoading.data(bytes: bytes(text, strlen(text)), source: what)
    } catch {
        throw AlertError(.invalidArgument, "\(function): \(error.description)")
    }
}

/// `jsonArgument` of a JSON object's text.
private func jsonObjectArgument(_ text: UnsafePointer<CChar>, _ function: String, _ what: String) throws(AlertError) -> JSONObject {
    // "{}", the props of most events: no parse.
    if text[0] == 0x7B && text[1] == 0x7D && text[2] == 0 { return JSONObject() }
    guard case .object(let members) = try jsonArgument(text, function, what) else {
        throw AlertError(.invalidArgument, "\(function): \(what) must be a JSON object")
    }
    return members
}

@c @implementation
public func xyz_dispatch_track(_ pointer: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                               _ props: UnsafePointer<CChar>?) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        let event = try requireString(name, #function, "name")
        let object = try props.map { (text) throws(AlertError) in try jsonObjectArgument(text, #function, "props_json") }
        try dispatch.track(event, props: object ?? JSONObject())
    }
}

@c @implementation
public func xyz_dispatch_set_attribute(_ pointer: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                       _ value: UnsafePointer<CChar>?) -> xyz_status {
    status { () throws(AlertError) in
        let root = try require(pointer, Dispatch.self, #function, "root")
        let attribute = try requireString(name, #function, "name")
        let data = try value.map { (text) throws(AlertError) in try jsonArgument(text, #function, "value_json") }
        try root.setAttribute(attribute, data)
    }
}

@c @implementation
public func xyz_dispatch_set_attributes_json(_ pointer: OpaquePointer?, _ object: UnsafePointer<CChar>?) -> xyz_status {
    status { () throws(AlertError) in
        let root = try require(pointer, Dispatch.self, #function, "root")
        guard let object else {
            throw AlertError(.invalidArgument, "\(#function): object_json is NULL")
        }
        try root.setAttributes(try jsonObjectArgument(object, #function, "object_json"))
    }
}

@c @implementation
public func xyz_dispatch_attributes_json(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        return ownedCString(JSONData.object(dispatch.attributes).jsonText)
    }
}

@c @implementation
public func xyz_alert_campaign(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        return CAlertData.of(alert).strings.get("campaign", alert.campaign)
    }
}

@c @implementation
public func xyz_alert_variant(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        return CAlertData.of(alert).strings.get("variant", alert.variant)
    }
}

@c @implementation
public func xyz_scenario_attributes_json(_ scenario: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let scenario = try require(scenario, CScenario.self, #function, "scenario")
        return scenario.attributesJSON
    }
}

@c @implementation
public func xyz_alert_campaign_definition(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let alert = try require(pointer, Alert.self, #function, "alert")
        return CAlertData.of(alert).strings.get("campaign_definition", alert.campaignDefinition)
    }
}

// The campaigns of a catalog (docs/rules.md §22): version, ids, variants,
// and the variant a user gets.

@c @implementation
public func xyz_catalog_campaigns_version(_ catalog: OpaquePointer?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in try require(catalog, CCatalog.self, #function, "catalog").campaignsVersion }
}

@c @implementation
public func xyz_catalog_campaign_count(_ catalog: OpaquePointer?) -> Int {
    value(0) { () throws(AlertError) in try require(catalog, CCatalog.self, #function, "catalog").campaignIDs.count }
}

@c @implementation
public func xyz_catalog_campaign_id(_ catalog: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let ids = try require(catalog, CCatalog.self, #function, "catalog").campaignIDs
        guard ids.indices.contains(index) else {
            throw AlertError(.invalidArgument, "xyz_catalog_campaign_id: index \(index) is out of range (the catalog has \(ids.count) campaigns)")
        }
        return ids[index]
    }
}

@c @implementation
public func xyz_catalog_variant_count(_ catalog: OpaquePointer?, _ campaign: Int) -> Int {
    value(0) { () throws(AlertError) in
        let variants = try require(catalog, CCatalog.self, #function, "catalog").variantIDs
        guard variants.indices.contains(campaign) else {
            throw AlertError(.invalidArgument, "xyz_catalog_variant_count: campaign \(campaign) is out of range (the catalog has \(variants.count) campaigns)")
        }
        return variants[campaign].count
    }
}

@c @implementation
public func xyz_catalog_variant_id(_ catalog: OpaquePointer?, _ campaign: Int, _ index: Int) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let variants = try require(catalog, CCatalog.self, #function, "catalog").variantIDs
        guard variants.indices.contains(campaign), variants[campaign].indices.contains(index) else {
            throw AlertError(.invalidArgument, "xyz_catalog_variant_id: campaign \(campaign), variant \(index) is out of range")
        }
        return variants[campaign][index]
    }
}

@c @implementation
public func xyz_catalog_choose_variant(_ catalog: OpaquePointer?, _ campaign: UnsafePointer<CChar>?,
                                       _ user: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let catalog = try require(catalog, CCatalog.self, #function, "catalog")
        let id = try requireString(campaign, #function, "campaign")
        let user = try requireString(user, #function, "user_id")
        guard let set = catalog.campaigns, let position = set.position(of: id) else {
            throw AlertError(.notFound, "xyz_catalog_choose_variant: no campaign '\(id)' in the catalog")
        }
        guard let chosen = set.chooseVariant(position, user: user),
              let k = set.campaigns[position].variants.firstIndex(where: { ExactString($0.id) == ExactString(chosen) }) else {
            throw AlertError(.notFound, "xyz_catalog_choose_variant: campaign '\(id)' has no variants")
        }
        return catalog.variantIDs[position][k]
    }
}

@c @implementation
public func xyz_dispatch_campaign_why(_ pointer: OpaquePointer?, _ campaign: UnsafePointer<CChar>?,
                                      _ out: UnsafeMutablePointer<xyz_campaign_why>?) -> xyz_status {
    status { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        let id = try requireString(campaign, #function, "campaign")
        guard let out else { throw AlertError(.invalidArgument, "\(#function): out is NULL") }
        let why = try dispatch.campaignWhy(id)
        var c = xyz_campaign_why()
        c.size = UInt32(MemoryLayout<xyz_campaign_why>.size)
        c.code = xyz_campaign_why_code(rawValue: UInt32(why.code.rawValue))
        c.event = cHost(dispatch)?.strings.get("campaign_why.event", why.event)
        c.trigger = Int32(why.trigger ?? -1)
        c.detail = cHost(dispatch)?.strings.get("campaign_why.detail", why.detail)
        try copyVersioned(c, to: out, firstSize: MemoryLayout<xyz_campaign_why>.size, "XYZ_CAMPAIGN_WHY_INIT", #function)
    }
}

@c @implementation
public func xyz_dispatch_explain_campaign(_ pointer: OpaquePointer?, _ campaign: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    value(nil) { () throws(AlertError) in
        let dispatch = try require(pointer, Dispatch.self, #function, "dispatch")
        let id = try requireString(campaign, #function, "campaign")
        return ownedCString(try dispatch.explainCampaign(id))
    }
}
