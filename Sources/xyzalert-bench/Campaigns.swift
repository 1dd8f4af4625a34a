// Tracking events (docs/rules.md §21): an event no trigger names costs a
// lookup, whatever the number of campaigns; one that 1 of 1,000 campaigns
// names costs within 2x of one that 1 of 10 names (an index by event name,
// not a scan). The triggers counted here never fire (count 10^9), so the
// figures are the lookup, the counting and the trigger's rule.
import XYZAlert

func benchmarkCampaigns() throws {
    final class Quiet: AlertHost {}
    let host = Quiet()
    func page(campaigns n: Int) throws -> Dispatch {
        let where_ = try Rule.compile(.object(JSONObject([(">=", .array([.object(JSONObject([("var", .string("event.n"))])),
                                                                            .number(0)]))])))
        let set = try CampaignSet((0..<n).map { i in
            Campaign(id: "c\(i)", alert: "a", makeAlert: { Alert(id: "a") },
                     triggers: [CampaignTrigger(event: "e\(i)", condition: where_, count: 1_000_000_000)])
        })
        let page = Dispatch(host: host, name: "home")
        try page.pageDidAppear()
        try page.setCampaigns(set)
        return page
    }
    let small = try page(campaigns: 10)
    let large = try page(campaigns: 1_000)
    let props = JSONObject([("n", .number(3))])
    func track(_ page: Dispatch, _ event: String, count: Int) throws -> Double {
        try perCall(count: count) {
            try page.track(event, props: props)
            return true
        }
    }
    let unnamedSmall = try track(small, "nobody", count: 1_000_000)
    let unnamedLarge = try track(large, "nobody", count: 1_000_000)
    let namedSmall = try track(small, "e5", count: 200_000)
    let namedLarge = try track(large, "e500", count: 200_000)
    func ns(_ t: Double) -> String { "\(Int(t * 1e9 + 0.5)) ns" }
    func ratio(_ a: Double, _ b: Double) -> Double { Double(Int(a / b * 100 + 0.5)) / 100 }
    print("track an event (best of 7)")
    let unnamed = ratio(unnamedLarge, unnamedSmall)
    print("  no trigger names it: \(ns(unnamedSmall)) with 10 campaigns, \(ns(unnamedLarge)) with 1,000: "
          + "\(unnamed)x (\(unnamed <= 1.3 ? "ok, O(1)" : "TOO SLOW, target is O(1): at most 1.3x"))")
    let named = ratio(namedLarge, namedSmall)
    print("  one campaign's trigger names it: \(ns(namedSmall)) with 10 campaigns, \(ns(namedLarge)) with 1,000: "
          + "\(named)x (\(named <= 2 ? "ok, within 2x" : "TOO SLOW, target is within 2x"))")
    try small.destroy()
    try large.destroy()
}

/// What attributes cost (docs/rules.md §21.11): a track whose trigger's
/// rule reads nothing (`"where": false`) with n attributes set, and n
/// attributes removed one by one; both O(1) per unit, so the time per
/// unit does not grow with n.
func benchmarkAttributes() throws {
    print("attributes (best of 5, the two sizes alternately)")
    let never = try Rule.compile(.bool(false))
    let set = try CampaignSet([Campaign(id: "c", alert: "a", makeAlert: { Alert(id: "a") },
                                        triggers: [CampaignTrigger(event: "e", condition: never)])])
    func page(attributes n: Int) throws -> Dispatch {
        let page = Dispatch(host: nil, name: "home")
        try page.pageDidAppear()
        try page.setCampaigns(set)
        for i in 0..<n {
            try page.setAttribute("a\(i)", .number(Double(i)))
        }
        return page
    }
    try scaling("n attributes, then n tracks whose trigger has \"where\": false", unit: "track",
                small: 1_000, large: 40_000, target: 1.3) { n in
        let home = try page(attributes: n)
        for _ in 0..<n {
            try home.track("e")
        }
        try home.destroy()
    }
    try scaling("n attributes set, then removed one by one", unit: "attribute",
                small: 1_000, large: 40_000, target: 1.3) { n in
        let home = try page(attributes: n)
        for i in 0..<n {
            try home.setAttribute("a\(i)", nil)
        }
        try home.destroy()
    }
}
