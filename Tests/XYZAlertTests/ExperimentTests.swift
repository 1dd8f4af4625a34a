import Testing
@testable import XYZAlert

/// docs/rules.md §22 through the Swift API: variants chosen by `user_id`
/// and kept, control instances, test campaigns, set replacement, and bad
/// variants.
@Suite("Experiments, test campaigns and set updates (docs/rules.md §22)")
struct ExperimentTests {
    static func offer(_ id: String = "offer") -> @Sendable () -> Alert {
        { Alert(id: id) }
    }

    static func experiment(weights: (Int, Int), control: Bool = false) -> Campaign {
        Campaign(id: "discount", alert: "offer", makeAlert: offer(), triggers: [CampaignTrigger(event: "cart")],
                 variants: [CampaignVariant(id: "A", weight: weights.0),
                            CampaignVariant(id: "B", weight: weights.1, control: control)])
    }

    /// A visible page with `campaigns` and a history, the host, and a user.
    final class World {
        let host = Recorder()
        let page: Dispatch
        let history: History

        init(_ campaigns: [Campaign], user: String?) throws {
            host.clock = 0
            page = Dispatch(host: host, name: "home")
            history = History { 1_000 }
            try page.setHistory(history)
            try page.pageDidAppear()
            try page.setCampaigns(try CampaignSet(campaigns))
            if let user { try page.setAttribute("user_id", .string(user)) }
            _ = host.take()
        }
    }

    /// A user whose first choice under `set` is `variant`.
    static func user(getting variant: String, of set: CampaignSet) -> String {
        (1...1000).lazy.map { "user-\($0)" }.first { set.chooseVariant(0, user: $0) == variant }!
    }

    @Test func aVariantIsKeptPerUserAcrossAWeightChange() throws {
        let even = try CampaignSet([Self.experiment(weights: (1, 1))])
        let b = Self.user(getting: "B", of: even)
        let w = try World([Self.experiment(weights: (1, 1))], user: b)
        try w.page.track("cart")
        #expect(w.host.take() == ["trigger discount B", "show offer page"])
        try w.page.alerts.first!.dismiss()
        // Everyone new would get A now; the user keeps B, in the history.
        try w.page.setCampaigns(try CampaignSet([Self.experiment(weights: (1, 0))]))
        try w.page.track("cart")
        #expect(w.host.take() == ["finish offer dismissed", "trigger discount B", "show offer page"])
        #expect(w.history.campaignCounts[ExactString("discount")]?.variants[ExactString(b)] == "B")
        // Another user is chosen afresh.
        try w.page.alerts.first!.dismiss()
        try w.page.setAttribute("user_id", .number(42))
        try w.page.track("cart")
        #expect(w.host.take() == ["finish offer dismissed", "trigger discount A", "show offer page"])
    }

    @Test func withoutAUserAnExperimentIsSkippedBeforeItsAudience() throws {
        var campaign = Self.experiment(weights: (1, 1))
        campaign.audience = try Rule.compile(.bool(false))
        let w = try World([campaign], user: nil)
        try w.page.track("cart")
        #expect(w.host.take() == ["skip discount no_user"])
        try w.page.setAttribute("user_id", .bool(true))  // neither a string nor a number
        try w.page.track("cart")
        #expect(w.host.take() == ["skip discount no_user"])
    }

    @Test func aControlInstancePacesLikeTheRealOne() throws {
        func run(_ variant: String) throws -> [String] {
            var campaign = Self.experiment(weights: (1, 1), control: true)
            campaign.makeAlert = {
                let alert = Alert(id: "offer")
                try! alert.addLimit(CapLimit(count: 1, per: .session))
                return alert
            }
            let set = try CampaignSet([campaign])
            let w = try World([campaign], user: Self.user(getting: variant, of: set))
            try w.page.track("cart")
            var log = w.host.take()
            if let shown = w.page.alerts.first { try shown.dismiss() }
            try w.page.track("cart")
            log += w.host.take()
            return log
        }
        #expect(try run("B") == ["trigger discount B", "control discount", "finish offer control",
                                 "trigger discount B", "finish offer capped"])
        #expect(try run("A") == ["trigger discount A", "show offer page", "finish offer dismissed",
                                 "trigger discount A", "finish offer capped"])
    }

    @Test func aTestCampaignGoesFirstPastItsAudienceDatesWindowsAndCaps() throws {
        let gated = { (id: String, test: Bool) in
            Campaign(id: id, alert: "preview", makeAlert: {
                let alert = Alert(id: "preview")
                try! alert.addLimit(CapLimit(count: 1, per: .lifetime))
                try! alert.setOnCapped(.wait)
                try! alert.setWindows([TimeWindow(from: 0, to: 1)])  // 00:00-00:01: closed at 00:16:40
                return alert
            }, triggers: [CampaignTrigger(event: "qa")], audience: try! Rule.compile(.bool(false)),
                start: 1e12, test: test)
        }
        let w = try World([gated("real", false), gated("qa", true)], user: nil)
        try w.page.track("qa")
        #expect(w.host.take() == ["trigger qa", "skip real not_started", "show preview page"])
        try w.page.alerts.first!.dismiss()
        try w.page.track("qa")
        #expect(w.host.take() == ["finish preview dismissed", "trigger qa", "skip real not_started", "show preview page"])
        #expect(w.history.save().records.isEmpty)  // never counted
    }

    @Test func aReplacedSetWithdrawsPendingInstancesAndKeepsCounts() throws {
        let welcome = Campaign(id: "welcome", alert: "welcome", makeAlert: Self.offer("welcome"),
                               triggers: [CampaignTrigger(event: "open")], delay: 10)
        let promo = Campaign(id: "promo", alert: "promo", makeAlert: Self.offer("promo"),
                             triggers: [CampaignTrigger(event: "open", nth: 1)])
        let w = try World([welcome, promo], user: nil)
        try w.page.track("open")
        #expect(w.host.take() == ["trigger welcome", "trigger promo", "show promo page"])
        try w.page.setCampaigns(try CampaignSet([promo], version: "2"))
        #expect(w.host.take() == ["finish welcome withdrawn"])
        #expect(w.page.campaigns?.version == "2")
        try w.page.track("open")  // promo's nth 1 was counted: it fires no more
        #expect(w.host.take() == [] && w.page.alerts.map(\.id) == ["promo"])
        // Detaching keeps what was made.
        try w.page.setCampaigns(nil)
        #expect(w.host.take() == [])
    }

    @Test func badVariantsAreRefused() {
        func set(_ variants: [CampaignVariant]) throws {
            _ = try CampaignSet([Campaign(id: "c", alert: "a", makeAlert: Self.offer(),
                                          triggers: [CampaignTrigger(event: "e")], variants: variants)])
        }
        #expect(throws: AlertError.self) { try set([CampaignVariant(id: "A", weight: 0)]) }
        #expect(throws: AlertError.self) { try set([CampaignVariant(id: "A", weight: -1), CampaignVariant(id: "B", weight: 2)]) }
        #expect(throws: AlertError.self) { try set([CampaignVariant(id: "A", weight: 1), CampaignVariant(id: "A", weight: 1)]) }
        #expect(throws: AlertError.self) { try set([CampaignVariant(id: "", weight: 1)]) }
        #expect(throws: AlertError.self) { try set([CampaignVariant(id: "A", weight: 1, control: true, alert: "b")]) }
        #expect(throws: AlertError.self) {
            try set([CampaignVariant(id: "A", weight: Int(Int32.max)), CampaignVariant(id: "B", weight: 1)])
        }
    }
}
