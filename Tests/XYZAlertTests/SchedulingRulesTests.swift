import Testing
import XYZAlert

/// docs/rules.md §3: one test per scheduling rule, asserting exact traces.
@Suite("Scheduling rules (docs/rules.md §3)")
struct SchedulingRulesTests {
    @Test func rule1_aPageParticipatesOnlyWhenVisible() throws {
        let r = Recorder()
        let home = Dispatch(host: r, name: "home")
        let a = alert("a")
        try home.add([a])
        #expect(r.take() == [])
        #expect(a.state == .ready)
        try home.pageDidAppear()
        #expect(r.take() == ["show a page"])
    }

    @Test func rule1_aChildParticipatesOnlyWithItsParent() throws {
        let r = Recorder()
        let tab = page("tab", r, visible: false)
        let home = page("home", r)
        try home.setParent(tab)
        try home.add([alert("h")])
        #expect(r.take() == [])
        try tab.pageDidAppear()
        #expect(r.take() == ["show h page"])
    }

    @Test func rule1_everyChildIsActiveWithoutProviderOrExplicitChild() throws {
        let r = Recorder()
        let (_, home, me) = try tabs(r)
        try home.add([alert("h")])
        try me.add([alert("m", 5, .cover)])
        #expect(r.take() == ["show h page", "show m page"])
    }

    @Test func rule1_anExplicitActiveChildIsTheOnlyActiveOne() throws {
        let r = Recorder()
        let (tab, home, me) = try tabs(r)
        try tab.setActiveChild(home)
        try me.add([alert("m")])
        try home.add([alert("h")])
        #expect(r.take() == ["show h page"])
        try tab.setActiveChild(me)
        #expect(r.take() == ["hide h page", "show m page"])
        try tab.setActiveChild(nil)
        #expect(r.take() == ["unhide h"])
    }

    @Test func rule1_theProviderIsAskedAtEveryPass() throws {
        let r = Recorder()
        let (tab, home, me) = try tabs(r)
        var selected: Dispatch? = home
        var asked = 0
        try tab.setActiveChildProvider { _ in
            asked += 1
            return selected
        }
        try home.add([alert("h")])
        try me.add([alert("m")])
        #expect(r.take() == ["show h page"])
        selected = me
        let before = asked
        try tab.flush()
        #expect(asked > before)
        #expect(r.take() == ["hide h page", "show m page"])
    }

    @Test func rule1_aProviderAnsweringNilOrAStrangerSelectsNoChild() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        let stranger = page("stranger", r)
        try home.setParent(tab)
        var answer: Dispatch? = nil
        try tab.setActiveChildProvider { _ in answer }
        try home.add([alert("h")])
        #expect(r.take() == [])
        answer = stranger
        try tab.flush()
        #expect(r.take() == [])
        answer = home
        try tab.flush()
        #expect(r.take() == ["show h page"])
    }

    @Test func rule2_theStackIsOrderedByShowTimeNewestOnTop() throws {
        let r = Recorder()
        let home = page("home", r)
        try home.add([alert("a", 1, .cover)])
        try home.add([alert("b", 2, .cover)])
        try home.add([alert("c", 3, .cover)])
        #expect(r.take() == ["show a page", "show b page", "show c page"])
        #expect(home.snapshot().stack.map(\.id) == ["a", "b", "c"])
    }

    @Test func rule3_candidatesGoByPriorityThenAddOrder() throws {
        let r = Recorder()
        let home = page("home", r, visible: false)
        let alerts = [alert("x", 1), alert("y", 5), alert("z", 5), alert("w", 1)]
        try home.add(alerts)
        try home.pageDidAppear()
        for a in [alerts[1], alerts[2], alerts[0]] {
            try a.dismiss()
        }
        #expect(r.take() == ["show y page", "finish y dismissed", "show z page", "finish z dismissed",
                             "show x page", "finish x dismissed", "show w page"])
    }

    @Test func rule4_waitNeverShowsOverAnotherAlert() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a")
        try home.add([a])
        let b = alert("b", 100)
        try home.add([b])
        #expect(b.state == .ready)
        try a.dismiss()
        #expect(r.take() == ["show a page", "finish a dismissed", "show b page"])
    }

    @Test func rule4_coverNeedsAStrictlyHigherPriorityThanTheWholeStack() throws {
        let r = Recorder()
        let home = page("home", r)
        try home.add([alert("a", 1)])
        try home.add([alert("b", 10, .cover)])
        let equal = alert("equal", 10, .cover)
        let between = alert("between", 5, .cover)
        try home.add([equal, between])
        #expect(equal.state == .ready && between.state == .ready)
        try home.add([alert("c", 11, .cover)])
        #expect(r.take() == ["show a page", "show b page", "show c page"])
    }

    @Test func rule4_hideOthersShowsOverLowerPriorityAndHidesThem() throws {
        let r = Recorder()
        let home = page("home", r)
        try home.add([alert("a", 0, .cover)])
        let login = alert("login", 10, .hideOthers)
        try home.add([login])
        #expect(r.take() == ["show a page", "hide a covered", "show login page"])
        try login.dismiss()
        #expect(r.take() == ["finish login dismissed", "unhide a"])
    }

    @Test func rule4_aLaterHigherPriorityAlertWinsOverAnEarlierQueuedOne() throws {
        let r = Recorder()
        let home = page("home", r, visible: false)
        try home.add([alert("low", 1, .cover)])
        try home.add([alert("high", 9, .cover)])
        try home.pageDidAppear()
        #expect(r.take() == ["show high page"])
    }

    @Test func rule5_onlyParticipatingHideOthersAlertsHideTheOnesBelow() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        try home.setParent(tab)
        try tab.add([alert("t")])
        try home.add([alert("h", 10, .hideOthers)])
        #expect(r.take() == ["show t page", "hide t covered", "show h page"])
        try home.pageWillDisappear()
        #expect(r.take() == ["hide h page", "unhide t"])
        try home.pageDidAppear()
        #expect(r.take() == ["hide t covered", "unhide h"])
    }

    @Test func rule6_hidesThenUnhidesThenShowsEachTopFirst() throws {
        let r = Recorder()
        let (tab, home, me) = try tabs(r)
        try tab.setActiveChild(home)
        try tab.add([alert("t")])
        try home.add([alert("h1", 5, .cover)])
        try home.add([alert("h2", 6, .cover)])
        try me.add([alert("m", 50, .hideOthers)])
        #expect(r.take() == ["show t page", "show h1 page", "show h2 page"])
        try tab.setActiveChild(me)
        #expect(r.take() == ["hide h2 page", "hide h1 page", "hide t covered", "show m page"])
        try tab.setActiveChild(home)
        // m leaves (page); h1 and h2 come back; t stays covered... by nothing: it unhides too.
        #expect(r.take() == ["hide m page", "unhide h2", "unhide h1", "unhide t"])
    }

    @Test func rule6_anAlertHiddenForAnotherReasonGetsNoEvent() throws {
        let r = Recorder()
        let (tab, home, me) = try tabs(r)
        try tab.setActiveChild(home)
        try tab.add([alert("t")])
        try home.add([alert("h", 10, .hideOthers)])
        try me.add([alert("m", 20, .hideOthers)])
        #expect(r.take() == ["show t page", "hide t covered", "show h page"])
        try tab.setActiveChild(me)
        // t was covered by h and is now covered by m: no event for t.
        #expect(r.take() == ["hide h page", "show m page"])
    }

    @Test func rule6_noAlertReceivesTwoEventsInOnePass() throws {
        let r = Recorder()
        let home = page("home", r)
        r.react = { line, _ in
            if line == "show a page" {
                try! home.add([alert("b", 10, .hideOthers)])
            }
        }
        try home.add([alert("a")])
        // a got its show in this pass, so its hide waits for the next pass.
        #expect(r.take() == ["show a page", "show b page", "hide a covered"])
    }

    @Test func rule7_callsFromCallbacksTakeEffectAtOnceButNeverNestAPass() throws {
        let r = Recorder()
        let home = page("home", r)
        r.react = { line, _ in
            if line == "show a page" {
                try! home.add([alert("c", 10, .cover)])
                r.log.append("add returned")
            }
        }
        try home.add([alert("a")])
        #expect(r.take() == ["show a page", "add returned", "show c page"])
    }

    @Test func rule7_aCallbackMayDismissTheAlertItIsShowing() throws {
        let r = Recorder()
        let home = page("home", r)
        r.react = { line, a in
            if line == "show a page" {
                try! a!.dismiss()
            }
        }
        try home.add([alert("a"), alert("b")])
        #expect(r.take() == ["show a page", "finish a dismissed", "show b page"])
    }

    @Test func rule7_aCallbackMayDestroyItsOwnDispatch() throws {
        let r = Recorder()
        var order: [String] = []
        let home = Dispatch(host: CountedHost(r) { order.append("host destroyed") }, name: "home")
        try home.pageDidAppear()
        r.react = { line, _ in
            if line == "show a page" {
                try! home.destroy()
                order.append("destroy returned")
            }
        }
        let a = alert("a")
        let b = alert("b")
        try home.add([a, b])
        order.append("add returned")
        #expect(r.take() == ["show a page", "remove a destroyed", "finish a destroyed", "finish b destroyed"])
        #expect(order == ["destroy returned", "host destroyed", "add returned"])
        #expect(a.state == .finished && b.endReason == .destroyed)
        #expect(errorCode { try home.add([alert("c")]) } == .state)
    }

    @Test func rule7_aCallbackMayDestroyTheRootOfTheDomainDeliveringThePass() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        try home.setParent(tab)
        try home.add([alert("h", 0, .wait, waiting: true)])
        r.react = { line, _ in
            if line == "show t page" {
                try! tab.destroy()
            }
        }
        try tab.add([alert("t")])
        try home.find("h")!.setReady()
        #expect(r.take() == ["show t page", "remove t destroyed", "finish t destroyed", "show h page"])
        #expect(home.root === home)
    }
}
