import XYZAlert

/// The schema's warnings (docs/formats.md, "Warnings"): what a valid
/// document does that likely fails silently. `xyzalert check` prints them
/// (`--strict` makes them errors); loading ignores them.
extension Schema {
    /// Notes a warning at `value` (or its key).
    func warn(_ message: String, at value: JSONValue, _ site: TextScanner.Site = .value) {
        problems.warn(fail(message, at: value, site))
    }

    /// The warnings of a valid document: members a test campaign ignores,
    /// and, in a scenario, a rule's variable that names neither `event.`,
    /// `$xyz.` nor an attribute the scenario sets.
    func warnings(campaigns: JSONValue?, alerts: JSONValue?, attributes: JSONObject?, steps: JSONValue?,
                  isScenario: Bool) {
        guard let campaigns, campaigns.kind == .array else { return }
        let held = heldDefinitions(alerts)
        let facts = isScenario ? ScenarioFacts(attributes: attributes, steps: steps) : nil
        for campaign in campaigns.elements where campaign.kind == .object {
            let members = campaign.members
            let isTest = members.contains { $0.key == "test" && $0.value.bool == true }
            let id = members.first { $0.key == "id" }?.value.string ?? ""
            for (key, value) in members {
                switch key {
                case "audience" where isTest, "start" where isTest, "end" where isTest:
                    warn("test campaign \"\(Schema.abbreviated(id))\" ignores its \(key == "audience" ? "audience" : "dates") "
                         + "(a test campaign fires for everyone, always: docs/rules.md §22)", at: value, .key)
                case "alert" where isTest:
                    if let name = value.string, let what = held[ExactString(name)] {
                        warn("test campaign \"\(Schema.abbreviated(id))\" makes alert \"\(Schema.abbreviated(name))\", "
                             + "whose \(what) its instances ignore (docs/rules.md §22)", at: value)
                    }
                case "trigger", "cancel_on", "audience":
                    if let facts { checkVariables(value, facts) }
                default:
                    break
                }
            }
        }
    }

    /// The definitions with caps or windows (their id or name), and the
    /// first such member's name.
    private func heldDefinitions(_ alerts: JSONValue?) -> [ExactString: String] {
        var out: [ExactString: String] = [:]
        guard let alerts, alerts.kind == .array else { return out }
        for alert in alerts.elements where alert.kind == .object {
            let members = alert.members
            guard let name = (members.first { $0.key == "id" } ?? members.first { $0.key == "name" })?.value.string,
                  let held = members.first(where: { ["limit", "cooldown", "windows", "exclude"].contains($0.key) })
            else { continue }
            out[ExactString(name)] = held.key == "limit" || held.key == "cooldown" ? "caps (\(held.key))"
                : "windows (\(held.key))"
        }
        return out
    }

    /// Every `var` of the rules in `value` (a trigger, a list of them, or
    /// an audience), checked against what the scenario sets.
    private func checkVariables(_ value: JSONValue, _ facts: ScenarioFacts) {
        switch value.kind {
        case .array:
            for element in value.elements { checkVariables(element, facts) }
        case .object:
            let members = value.members
            if members.count == 1, members[0].key == "var" {
                let argument = members[0].value
                let name = argument.kind == .array ? argument.elements.first : argument
                if let name, let path = name.string { checkVariable(path, at: name, facts) }
                return
            }
            for (_, member) in members { checkVariables(member, facts) }
        default:
            break
        }
    }

    private func checkVariable(_ path: String, at value: JSONValue, _ facts: ScenarioFacts) {
        let head = path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !path.isEmpty, head != "event", head != "$xyz", !facts.attributes.contains(ExactString(head)) else { return }
        var message = "a rule reads var \"\(Schema.abbreviated(path))\", which is not under \"event.\" or \"$xyz.\" "
            + "and is no attribute this scenario sets"
        if facts.eventProperties.contains(ExactString(path)) {
            message += " (did you mean \"event.\(Schema.abbreviated(path))\"?)"
        } else {
            message += nearMiss(path, among: facts.attributes)
        }
        warn(message, at: value)
    }
}

/// What a scenario sets that rules may read: its attributes (initial and
/// set by steps) and the properties its tracked events carry.
struct ScenarioFacts {
    var attributes: Set<ExactString> = []
    var eventProperties: Set<ExactString> = []

    init(attributes: JSONObject?, steps: JSONValue?) {
        for name in attributes?.keys ?? [] { self.attributes.insert(ExactString(name)) }
        guard let steps, steps.kind == .array else { return }
        for step in steps.elements where step.kind == .object {
            for (key, body) in step.members where body.kind == .object {
                for (member, value) in body.members {
                    if key == "set_attribute", member == "name", let name = value.string {
                        self.attributes.insert(ExactString(name))
                    } else if key == "track", member == "props", value.kind == .object {
                        for (property, _) in value.members { eventProperties.insert(ExactString(property)) }
                    }
                }
            }
        }
    }
}
