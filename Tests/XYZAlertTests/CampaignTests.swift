import Testing
@testable import XYZAlert

/// docs/rules.md §21 through the Swift API: triggers, audiences, delays,
/// dates, cancels, built-in events, counts in the history, and bad input
/// that changes nothing.
@Suite("Campaigns (docs/rules.md §21)")
struct CampaignTests {
    static func rule(_ json: JSONData) -> Rule { try! Rule.compile(json) }

    /// `{"==": [{"var": name}, value]}`.
    static func equals(_ name: String, _ value: JSONData) -> Rule {
        rule(.object(JSONObject([("==", .array([.object(JSONObject([("var", .string(name))])), value]))])))
    }

    static func campaign(_ id: String, alert: String? = nil, priority: Int32 = 0, exclusive: Exclusive = .wait,
                         triggers: [CampaignTrigger], audience: Rule? = nil, delay: Double = 0,
                         cancelOn: [CampaignTrigger] = [], page: String? = nil, start: Double? = nil,
                         end: Double? = nil) -> Campaign {
        let alertID = alert ?? id
        return Campaign(id: id, alert: alertID, makeAlert: {
            let made = Alert(id: alertID)
            try! made.setPriority(priority)
            try! made.setExclusive(exclusive)
            return made
        }, page: page, triggers: triggers, audience: audience, delay: delay, cancelOn: cancelOn, start: start, end: end)
    }

    /// A visible root page with `campaigns` attached, its host, and a wall clock.
    final class World {
        let host = Recorder()
        let page: Dispatch
        var wall = 1_000.0

        init(_ campaigns: [Campaign]) throws {
            host.clock = 0
            page = Dispatch(host: host, name: "home")
            try page.pageDidAppear()
            try page.setCampaigns(try CampaignSet(campaigns)) { [unowned self] in self.wall }
        }
    }

    @Test func aCountedTriggerFiresOnEveryNthMatchingEvent() throws {
        let w = try World([Self.campaign("rate", triggers: [CampaignTrigger(event: "done", count: 3)])])
        for _ in 0..<2 { try w.page.track("done") }
        try w.page.track("other")
        #expect(w.host.take() == [])
        try w.page.track("done")
        #expect(w.host.take() == ["trigger rate", "show rate page"])
        let alert = w.page.alerts.first!
        #expect(alert.campaign == "rate" && alert.variant == nil && alert.tags == ["rate"])
        try alert.dismiss()
        for _ in 0..<3 { try w.page.track("done") }
        #expect(w.host.take() == ["finish rate dismissed", "trigger rate", "show rate page"])
    }

    @Test func fromFiresOnEveryMatchingEventFromTheNthOn() throws {
        let w = try World([Self.campaign("upsell", triggers: [CampaignTrigger(event: "order", from: 3)])])
        for _ in 0..<2 { try w.page.track("order") }
        #expect(w.host.take() == [])
        try w.page.track("order")
        #expect(w.host.take() == ["trigger upsell", "show upsell page"])
        try w.page.alerts.first!.dismiss()
        try w.page.track("order")
        #expect(w.host.take() == ["finish upsell dismissed", "trigger upsell", "show upsell page"])
        // With count or nth it is refused, as the file's schema refuses it.
        #expect(throws: AlertError.self) {
            _ = try CampaignSet([Self.campaign("bad", triggers: [CampaignTrigger(event: "order", count: 2, from: 3)])])
        }
    }

    @Test func nthFiresOnceEverAndWhereReadsTheEvent() throws {
        let big = Self.rule(.object(JSONObject([(">=", .array([.object(JSONObject([("var", .string("event.total"))])),
                                                                  .number(100)]))])))
        let w = try World([
            Self.campaign("second", triggers: [CampaignTrigger(event: "order", nth: 2)]),
            Self.campaign("big", priority: 1, exclusive: .cover, triggers: [CampaignTrigger(event: "order", condition: big)]),
        ])
        try w.page.track("order", props: JSONObject([("total", .number(5))]))
        #expect(w.host.take() == [])
        // Two campaigns fired by one event, in set order, shown in one pass.
        try w.page.track("order", props: JSONObject([("total", .number(150))]))
        #expect(w.host.take() == ["trigger second", "trigger big", "show big page"])
        try w.page.track("order", props: JSONObject([("total", .number(150))]))
        #expect(w.host.take() == ["trigger big", "finish big duplicate"])
    }

    @Test func anAudienceSkipsThenAdmitsAfterAnAttributeChange() throws {
        let w = try World([Self.campaign("promo", triggers: [CampaignTrigger(event: "visit")],
                                         audience: Self.equals("plan", .string("free")))])
        try w.page.track("visit")
        #expect(w.host.take() == ["skip promo audience"])
        try w.page.setAttribute("plan", .string("free"))
        #expect(w.page.attributes == JSONObject([("plan", .string("free"))]))
        try w.page.track("visit")
        #expect(w.host.take() == ["trigger promo", "show promo page"])
        // On screen it stays when the audience stops passing.
        try w.page.setAttribute("plan", nil)
        #expect(w.host.take() == [] && w.page.attributes.count == 0)
    }

    @Test func aQueuedInstanceBecomesIneligibleAndADelayedOneIsAskedAgain() throws {
        let w = try World([
            Self.campaign("promo", triggers: [CampaignTrigger(event: "visit")], audience: Self.equals("plan", .string("free"))),
            Self.campaign("later", triggers: [CampaignTrigger(event: "cart")], audience: Self.equals("plan", .string("free")),
                          delay: 5),
        ])
        try w.page.setAttribute("plan", .string("free"))
        let blocker = Alert(id: "blocker")
        try w.page.add(blocker)
        try w.page.track("visit")
        try w.page.track("cart")
        let later = w.page.alerts.first { $0.id == "later" }!
        let why = later.why()
        #expect(why.code == .triggerDelay && why.until == 5)
        #expect(later.explain().contains("campaign 'later' delays it 5s"))
        try w.page.setAttribute("plan", .string("premium"))
        #expect(w.host.take() == ["show blocker page", "trigger promo", "trigger later", "finish promo ineligible",
                                  "finish later ineligible"])
        // setAttributes tests them again too.
        try w.page.setAttribute("plan", .string("free"))
        try w.page.track("cart")
        try w.page.setAttributes(JSONObject([("plan", .string("premium"))]))
        #expect(w.host.take() == ["trigger later", "finish later ineligible"])
    }

    @Test func theAudienceIsAskedAgainWhenTheDelayEnds() throws {
        let early = Self.rule(.object(JSONObject([("<", .array([.object(JSONObject([("var", .string("$xyz.now"))])),
                                                               .number(1_500)]))])))
        let w = try World([Self.campaign("flash", triggers: [CampaignTrigger(event: "cart")], audience: early, delay: 5)])
        try w.page.track("cart")
        try w.host.advance(5, [w.page])
        #expect(w.host.take() == ["trigger flash", "show flash page"])
        try w.page.alerts.first!.dismiss()
        try w.page.track("cart")
        w.wall = 2_000 // the clock moved past the rule's date during the delay
        try w.host.advance(5, [w.page])
        #expect(w.host.take() == ["finish flash dismissed", "trigger flash", "finish flash ineligible"])
    }

    @Test func cancelOnEndsAnInstanceInItsDelayButNotOnScreen() throws {
        let w = try World([Self.campaign("rate", triggers: [CampaignTrigger(event: "done")], delay: 5,
                                         cancelOn: [CampaignTrigger(event: "started")])])
        try w.page.track("done")
        try w.page.track("started")
        #expect(w.host.take() == ["trigger rate", "finish rate cancelled"])
        try w.page.track("done")
        try w.host.advance(5, [w.page])
        try w.page.track("started")
        #expect(w.host.take() == ["trigger rate", "show rate page"])
    }

    @Test func datesSkipAndEventsOutsideThemDoNotCount() throws {
        let w = try World([Self.campaign("advent", triggers: [CampaignTrigger(event: "open", count: 2)],
                                         start: 2_000, end: 3_000)])
        try w.page.track("open")
        w.wall = 2_000
        try w.page.track("open")
        #expect(w.host.take() == ["skip advent not_started"])
        try w.page.track("open")
        #expect(w.host.take() == ["trigger advent", "show advent page"])
        w.wall = 3_000
        try w.page.track("open")
        #expect(w.host.take() == ["skip advent ended"])
    }

    @Test func aNamedPageReceivesTheInstanceAndAMissingOneIsSkipped() throws {
        let w = try World([Self.campaign("tip", triggers: [CampaignTrigger(event: "tap")], page: "home"),
                           Self.campaign("gone", triggers: [CampaignTrigger(event: "tap")], page: "nowhere")])
        let child = Dispatch(host: w.host, name: "feed")
        try child.setParent(w.page)
        try child.pageDidAppear()
        try child.track("tap")
        // The events of the call first, then its one pass.
        #expect(w.host.take() == ["trigger tip", "skip gone no_page", "show tip page"])
        #expect(w.page.alerts.count == 1 && child.alerts.isEmpty)
    }

    @Test func builtInEventsAreTrackedByTheEngine() throws {
        let history = History { 0 }
        let w = try World([
            Self.campaign("welcome", triggers: [CampaignTrigger(event: "session_start")]),
            Self.campaign("new", triggers: [CampaignTrigger(event: "version_changed")]),
            Self.campaign("seen", triggers: [CampaignTrigger(event: "page_appear")], page: "home"),
        ])
        try w.page.setHistory(history)
        try history.beginSession()
        #expect(w.host.take() == ["trigger welcome", "show welcome page"])
        try w.page.setAttribute("app_version", .string("2.4"))
        try w.page.setAttribute("app_version", .string("2.4"))
        #expect(w.host.take() == ["trigger new"])
        #expect(history.save().appVersion == .string("2.4"))
        let child = Dispatch(host: w.host, name: "settings")
        try child.setParent(w.page)
        try child.pageDidAppear()
        #expect(w.host.take() == ["trigger seen"])
        // Initial attributes record the version without an event.
        try w.page.setAttributes(JSONObject([("app_version", .string("2.5"))]))
        #expect(w.host.take() == [] && history.save().appVersion == .string("2.5"))
    }

    @Test func countsLiveInTheHistoryAndSurviveASaveAndLoad() throws {
        let history = History { 0 }
        let w = try World([Self.campaign("third", triggers: [CampaignTrigger(event: "launch", count: 3)],
                                         cancelOn: [CampaignTrigger(event: "never")])])
        try w.page.setHistory(history)
        try w.page.track("launch")
        try w.page.track("launch")
        let saved = history.save()
        #expect(saved.campaigns[ExactString("third")] == CampaignCounts(triggers: [2]))
        #expect(history.json().contains("\"campaigns\": {\"third\": {\"triggers\": [2]}}"))
        let restarted = History { 0 }
        try restarted.load(saved)
        let again = try World([Self.campaign("third", triggers: [CampaignTrigger(event: "launch", count: 3)])])
        try again.page.setHistory(restarted)
        try again.page.track("launch")
        #expect(again.host.take() == ["trigger third", "show third page"])
        var bad = saved
        bad.campaigns[ExactString("third")] = CampaignCounts(triggers: [-1])
        #expect(throws: AlertError.self) { try restarted.load(bad) }
        #expect(restarted.save().campaigns[ExactString("third")] == CampaignCounts(triggers: [3]))
    }

    @Test func aLiveIDFinishesTheInstanceAsADuplicate() throws {
        let w = try World([Self.campaign("promo", triggers: [CampaignTrigger(event: "visit")])])
        try w.page.track("visit")
        try w.page.track("visit")
        #expect(w.host.take() == ["trigger promo", "show promo page", "trigger promo", "finish promo duplicate"])
    }

    @Test func badInputIsAnErrorAndChangesNothing() throws {
        let w = try World([Self.campaign("promo", triggers: [CampaignTrigger(event: "visit")])])
        try w.page.setAttribute("plan", .string("free"))
        let child = Dispatch(host: w.host, name: "feed")
        try child.setParent(w.page)
        #expect(throws: AlertError.self) { try w.page.track("") }
        #expect(throws: AlertError.self) { try w.page.setAttribute("", .null) }
        #expect(throws: AlertError.self) { try child.setAttribute("plan", .null) }
        #expect(throws: AlertError.self) { try child.setCampaigns(nil) }
        #expect(throws: AlertError.self) { try w.page.setAttributes(JSONObject([("", .null)])) }
        #expect(w.page.attributes == JSONObject([("plan", .string("free"))]) && w.host.take() == [])
        let make: @Sendable () -> Alert = { Alert(id: "x") }
        for broken in [
            [Campaign(id: "", alert: "x", makeAlert: make, triggers: [CampaignTrigger(event: "e")])],
            [Campaign(id: "a", alert: "x", makeAlert: make, triggers: [])],
            [Campaign(id: "a", alert: "x", makeAlert: make, triggers: [CampaignTrigger(event: "")])],
            [Campaign(id: "a", alert: "x", makeAlert: make, triggers: [CampaignTrigger(event: "e", count: 0)])],
            [Campaign(id: "a", alert: "x", makeAlert: make, triggers: [CampaignTrigger(event: "e", count: 2, nth: 2)])],
            [Campaign(id: "a", alert: "x", makeAlert: make, triggers: [CampaignTrigger(event: "e")], delay: -1)],
            [Campaign(id: "a", alert: "x", makeAlert: make, triggers: [CampaignTrigger(event: "e")], start: 5, end: 5)],
            [Campaign(id: "a", alert: "x", makeAlert: make, triggers: [CampaignTrigger(event: "e")]),
             Campaign(id: "a", alert: "x", makeAlert: make, triggers: [CampaignTrigger(event: "e")])],
        ] {
            #expect(throws: AlertError.self) { _ = try CampaignSet(broken) }
        }
    }

    @Test func trackingAnEventNoTriggerNamesDoesNothing() throws {
        let w = try World([Self.campaign("promo", triggers: [CampaignTrigger(event: "visit")])])
        try w.page.track("unrelated", props: JSONObject([("x", .number(1))]))
        #expect(w.host.take() == [] && w.page.alerts.isEmpty)
        try w.page.setCampaigns(nil)
        try w.page.track("visit")
        #expect(w.host.take() == [] && w.page.campaigns == nil)
    }
}

/// Host code in the `campaign` callback (rule 7): a host that destroys the
/// page there ends the instance unadded (`destroyed`) and the track goes
/// on; one that tracks again from there nests one call deep.
@Suite("Campaign callbacks that call back")
struct CampaignCallbackTests {
    final class Reentrant: AlertHost {
        var log: [String] = []
        var onTrigger: ((Dispatch) throws -> Void)?
        func show(_ alert: Alert, target: String, view: ViewHandle?) { log.append("show \(alert.id ?? "?")") }
        func finish(_ alert: Alert, reason: EndReason) { log.append("finish \(alert.id ?? "?") \(reason)") }
        var instances: [Alert] = []
        func campaign(_ root: Dispatch, campaign: String, kind: CampaignEventKind, reason: SkipReason, alert: Alert?) {
            log.append("\(kind) \(campaign)")
            if let alert { instances.append(alert) }
            if kind == .trigger, let onTrigger {
                self.onTrigger = nil
                try? onTrigger(root)
            }
        }
    }

    static func page(_ host: Reentrant, _ ids: [String]) throws -> Dispatch {
        let page = Dispatch(host: host, name: "home")
        try page.pageDidAppear()
        try page.setCampaigns(try CampaignSet(ids.map { id in
            Campaign(id: id, alert: id, makeAlert: { Alert(id: id) }, triggers: [CampaignTrigger(event: "go")])
        }))
        return page
    }

    @Test func destroyingThePageFromTheTriggerEndsTheInstancesDestroyed() throws {
        let host = Reentrant()
        let page = try Self.page(host, ["a", "b"])
        host.onTrigger = { try $0.destroy() }
        try page.track("go")
        // The page's host is gone with it: b's trigger reaches no one.
        #expect(host.log == ["trigger a"])
        let made = host.instances
        #expect(made.count == 1 && made[0].state == .finished && made[0].endReason == .destroyed)
        #expect(page.isDestroyed && page.alerts.isEmpty)
    }

    @Test func trackingFromTheTriggerNestsOneCallAndSettlesOnce() throws {
        let host = Reentrant()
        let page = try Self.page(host, ["a"])
        host.onTrigger = { try $0.track("go") }  // a's own event again, from its trigger
        try page.track("go")
        // The nested call's instance joins first; the outer one's then finds
        // its id live and finishes `duplicate`; one pass shows the survivor.
        #expect(host.log == ["trigger a", "trigger a", "finish a duplicate", "show a"])
        #expect(page.alerts.count == 1)
    }

    /// A cancel_on ending several instances of one campaign, whose host
    /// cancels the next one from the first's `finish`: each is looked at
    /// when its turn comes, so the one already ended is passed over.
    @Test func aCancelFromAFinishCallbackEndsEachInstanceOnce() throws {
        final class CancelsNext: AlertHost {
            var log: [String] = []
            var instances: [Alert] = []
            func finish(_ alert: Alert, reason: EndReason) {
                log.append("finish #\(instances.firstIndex { $0 === alert }!) \(reason)")
                if alert === instances.first { try? instances[1].cancel() }
            }
            func campaign(_ root: Dispatch, campaign: String, kind: CampaignEventKind, reason: SkipReason, alert: Alert?) {
                if let alert { instances.append(alert) }
            }
        }
        let host = CancelsNext()
        let page = Dispatch(host: host, name: "home")
        try page.pageDidAppear()
        // Instances without an id: several of one campaign live at once.
        try page.setCampaigns(try CampaignSet([Campaign(id: "tip", alert: "tip", makeAlert: { Alert(id: nil) },
                                                        triggers: [CampaignTrigger(event: "go")], delay: 5,
                                                        cancelOn: [CampaignTrigger(event: "stop")])]))
        for _ in 0..<3 { try page.track("go") }
        try page.track("stop")
        #expect(host.log == ["finish #0 cancelled", "finish #1 cancelled", "finish #2 cancelled"])
        #expect(host.instances.allSatisfy { $0.state == .finished } && page.alerts.isEmpty)
    }

    /// docs/rules.md §21.11: what rules see is made once per change of the
    /// attributes, not once per evaluation; removing attributes one by one
    /// moves O(1) entries each, amortized; the order they were first set in
    /// is kept through removals.
    @Test func attributesCostConstantPerTrackAndPerRemoval() throws {
        let never = try Rule.compile(.bool(false))
        let set = try CampaignSet([Campaign(id: "c", alert: "a", makeAlert: { Alert(id: "a") },
                                            triggers: [CampaignTrigger(event: "e", condition: never)])])
        let home = Dispatch(host: nil, name: "home")
        try home.pageDidAppear()
        try home.setCampaigns(set)
        let n = 10_000
        for i in 0..<n {
            try home.setAttribute("a\(i)", .number(Double(i)))
        }
        for _ in 0..<1_000 {
            try home.track("e")
        }
        #expect(home.targeting!.ruleObjectsMade == 1)
        try home.setAttribute("a0", .string("changed"))
        try home.track("e")
        try home.track("e")
        #expect(home.targeting!.ruleObjectsMade == 2)
        for i in stride(from: 1, to: n, by: 2) {
            try home.setAttribute("a\(i)", nil)
        }
        #expect(home.attributes.keys == (0..<n).filter { $0 % 2 == 0 }.map { "a\($0)" })
        for i in stride(from: 0, to: n, by: 2) {
            try home.setAttribute("a\(i)", nil)
        }
        #expect(home.attributes.count == 0)
        #expect(home.targeting!.attributeEntriesMoved <= 2 * n)
        try home.setAttribute("z", .null)
        try home.setAttribute("a5", .bool(true))
        #expect(home.attributes.keys == ["z", "a5"])
        try home.destroy()
    }

    /// A name or value holding U+0000 is refused, and nothing changes.
    @Test func nulInAttributesOrEventsIsRefused() throws {
        let home = Dispatch(host: nil, name: "home")
        try home.setAttribute("user_id", .string("ada"))
        for call in [{ try home.setAttribute("user_id", .string("a\u{0}b")) },
                     { try home.setAttribute("a\u{0}", .number(1)) },
                     { try home.setAttributes(JSONObject([("x", .array([.object(JSONObject([("k\u{0}", .null)]))]))])) },
                     { try home.track("e", props: JSONObject([("p", .string("\u{0}"))])) }] as [() throws -> Void] {
            #expect(throws: AlertError.self) { try call() }
        }
        #expect(home.attributes == JSONObject([("user_id", .string("ada"))]))
        try home.destroy()
    }
}
