import Testing
@_spi(Testing) import XYZAlert

/// The engine's single sweeps down the stack (keyboard moves, hides when a
/// page disappears) and its cached participation: callbacks that change the
/// stack or the tree in the middle of a sweep, and every change that must
/// make the next pass recompute who participates.
@Suite("Sweeps and cached participation")
struct SweepTests {
    /// Three `cover` alerts showing a (bottom), b, c (top), each in the
    /// keyboard's way.
    private func threeInTheKeyboardsWay(_ r: Recorder) throws -> (Dispatch, [Alert]) {
        let home = page("home", r)
        var alerts: [Alert] = []
        for (i, id) in ["a", "b", "c"].enumerated() {
            let alert = alert(id, Int32(i + 1), .cover)
            try home.add([alert])
            try alert.setFrame(Rect(x: 0, y: 500, width: 100, height: 100))
            alerts.append(alert)
        }
        _ = r.take()
        return (home, alerts)
    }

    /// A root with two visible child pages, showing `first` (`wait`) on the
    /// first and `second` (`cover`, priority 1) on the second.
    private func twoPagesShowing(_ r: Recorder, _ first: String, _ second: String) throws
        -> (root: Dispatch, first: Dispatch, second: Dispatch) {
        let root = page("root", r)
        let one = page("one", r), two = page("two", r)
        try one.setParent(root)
        try two.setParent(root)
        try one.add(alert(first))
        try two.add(alert(second, 1, .cover))
        #expect(r.take() == ["show \(first) page", "show \(second) page"])
        return (root, one, two)
    }

    @Test func aMoveCallbackThatEndsAnAlertBelowMovesEveryOtherAlertOnce() throws {
        let r = Recorder()
        let (home, alerts) = try threeInTheKeyboardsWay(r)
        r.react = { line, _ in
            if line.hasPrefix("move c") { try! alerts[1].cancel() }
        }
        try home.keyboardChanged(Rect(x: 0, y: 550, width: 100, height: 300), duration: 0.25)
        // b ends during c's move; the pass that ends it moves a at once
        // (duration 0), and the sweep that was running does not move a again.
        #expect(r.take() == ["move c -50.0 0.25", "remove b cancelled", "finish b cancelled", "move a -50.0 0.0"])
        r.react = nil
        try home.keyboardChanged(Rect(x: 0, y: 0, width: 0, height: 0), duration: 0.25)
        #expect(r.take() == ["move c 0.0 0.25", "move a 0.0 0.25"])
        home.checkInvariants()
    }

    @Test func aMoveCallbackThatShowsAnAlertRestartsFromTheTop() throws {
        let r = Recorder()
        let (home, alerts) = try threeInTheKeyboardsWay(r)
        let d = alert("d", 9, .cover)
        try d.setFrame(Rect(x: 0, y: 500, width: 100, height: 100))
        r.react = { line, _ in
            if line.hasPrefix("move b") { try! home.add([d]) }
        }
        try home.keyboardChanged(Rect(x: 0, y: 550, width: 100, height: 300), duration: 0.25)
        // d shows on top during b's move; the pass of that add moves every
        // alert still needing it (d and a, duration 0); the running sweep
        // then restarts from the top and finds nothing left to move.
        #expect(r.take() == ["move c -50.0 0.25", "move b -50.0 0.25", "show d page", "move d -50.0 0.0",
                             "move a -50.0 0.0"])
        #expect(alerts.allSatisfy { $0.offset == -50 } && d.offset == -50)
        home.checkInvariants()
    }

    @Test func aHideCallbackThatHidesAnotherPageHidesEachAlertOnce() throws {
        let r = Recorder()
        let (root, left, right) = try twoPagesShowing(r, "l", "r")
        r.react = { line, _ in
            if line == "hide r page" { try! left.pageWillDisappear() }
        }
        try right.pageWillDisappear()
        #expect(r.take() == ["hide r page", "hide l page"])
        r.react = nil
        try left.pageDidAppear()
        #expect(r.take() == ["unhide l"])
        root.checkInvariants()
    }

    @Test func everyChangeOfTheTreeIsSeenByTheNextPass() throws {
        let r = Recorder()
        let (root, one, two) = try twoPagesShowing(r, "x", "y")
        try root.setActiveChild(one)
        #expect(r.take() == ["hide y page"])
        try root.setActiveChild(two)
        #expect(r.take() == ["hide x page", "unhide y"])
        // Detaching `one` makes it its own (visible) domain: x returns there.
        try one.setParent(nil)
        #expect(r.take() == ["unhide x"])
        // Attached again, it is not the active child: x hides.
        try one.setParent(root)
        #expect(r.take() == ["hide x page"])
        // `one` was attached last; its alert went on top of the stack.
        try root.setActiveChildProvider { parent in parent.children.last }
        #expect(r.take() == ["hide y page", "unhide x"])
        try root.setActiveChildProvider(nil)
        #expect(r.take() == ["unhide y"])
        try root.pageWillDisappear()
        #expect(r.take() == ["hide x page", "hide y page"])
        try root.pageDidAppear()
        #expect(r.take() == ["unhide x", "unhide y"])
        try two.destroy()
        #expect(r.take() == ["remove y destroyed", "finish y destroyed"])
        #expect(root.snapshot().pages.map(\.isParticipating) == [true, true])
        root.checkInvariants()
    }

    // MARK: Sweeps of a pass that resume (docs/performance.md)

    /// A pile of `cover` alerts a (bottom), b, c (top) on `home`.
    private func pile(_ r: Recorder) throws -> Dispatch {
        let home = page("home", r)
        for (i, id) in ["a", "b", "c"].enumerated() {
            try home.add([alert(id, Int32(i + 1), .cover)])
        }
        #expect(r.take() == ["show a page", "show b page", "show c page"])
        return home
    }

    @Test func aHideOthersOverAPileHidesItTopFirstThenShowsAndItComesBackTopFirst() throws {
        let r = Recorder()
        let home = try pile(r)
        let h = alert("h", 9, .hideOthers)
        try home.add([h])
        #expect(r.take() == ["hide c covered", "hide b covered", "hide a covered", "show h page"])
        try h.dismiss()
        #expect(r.take() == ["finish h dismissed", "unhide c", "unhide b", "unhide a"])
        home.checkInvariants()
    }

    @Test func aSweepStartsAgainWhenACallbackTakesItsChoiceAway() throws {
        let r = Recorder()
        let home = try pile(r)
        let h = alert("h", 9, .hideOthers)
        r.react = { line, _ in
            if line == "hide b covered" { try! h.cancel() }
        }
        try home.add([h])
        // h leaves the queue while b is hidden: nothing hides the rest, and
        // what was hidden for it comes back, top first.
        #expect(r.take() == ["hide c covered", "hide b covered", "finish h cancelled", "unhide c", "unhide b"])
        home.checkInvariants()
    }

    @Test func aPileHiddenWithItsPageComesBackTopFirst() throws {
        let r = Recorder()
        let home = try pile(r)
        try home.pageWillDisappear()
        #expect(r.take() == ["hide c page", "hide b page", "hide a page"])
        try home.pageDidAppear()
        #expect(r.take() == ["unhide c", "unhide b", "unhide a"])
        // Settled again: a cover shows over the pile without a sweep, and
        // one that hides the others still hides them.
        try home.add([alert("d", 5, .cover)])
        #expect(r.take() == ["show d page"])
        try home.add([alert("e", 6, .hideOthers)])
        #expect(r.take() == ["hide d covered", "hide c covered", "hide b covered", "hide a covered", "show e page"])
        home.checkInvariants()
    }

    @Test func lanesChangedOnlyElsewhereKeepTheirEventsInByteOrder() throws {
        let r = Recorder()
        let home = page("home", r)
        var toasts: [Alert] = []
        for lane in ["z", "b", "m"] {
            let a = alert("in-\(lane)", 1, .cover)
            try a.setLane(lane)
            toasts.append(a)
        }
        try home.add(toasts)
        #expect(r.take() == ["show in-b page", "show in-m page", "show in-z page"])
        // Only lane m changes: its hide_others hides its own alert alone.
        let h = alert("h", 9, .hideOthers)
        try h.setLane("m")
        try home.add([h])
        #expect(r.take() == ["hide in-m covered", "show h page"])
        // The page goes and comes back: every lane again, in byte order.
        try home.pageWillDisappear()
        try home.pageDidAppear()
        #expect(r.take() == ["hide h page", "hide in-z page", "hide in-b page",
                             "unhide in-b", "unhide h", "unhide in-z"])
        home.checkInvariants()
    }

    #if DEBUG
    @Test func aJoiningPageIsComputedAloneNotTheWholeTree() throws {
        // A root with 200 tabs: the 201st joins at the cost of its own subtree.
        let r = Recorder()
        let root = page("root", r)
        for i in 0..<200 {
            try page("tab\(i)", r).setParent(root)
        }
        try root.add(alert("banner"))
        let tab = page("new", r), inner = page("inner", r)
        try inner.setParent(tab)
        let before = root.participationVisits
        try tab.setParent(root)
        try tab.add(alert("tip"))
        #expect(root.participationVisits - before <= 4, "visited \(root.participationVisits - before) pages")
        #expect(r.take() == ["show banner page"])
        root.checkInvariants()
    }
    #endif  // (the cost counters exist in debug builds only)

    #if DEBUG
    @Test func aTabSwitchComputesTheTwoTabsAlone() throws {
        let r = Recorder()
        let root = page("root", r)
        let tabs = try childPages(200, of: root, r, named: "tab") { alert("a\($0)") }
        try root.setActiveChild(tabs[0])
        _ = r.take()
        let before = root.participationVisits
        try root.setActiveChild(tabs[1])
        #expect(root.participationVisits - before <= 2, "visited \(root.participationVisits - before) pages")
        #expect(r.take() == ["hide a0 page", "show a1 page"])
        root.checkInvariants()
    }
    #endif  // (the cost counters exist in debug builds only)

    /// A root with `count` tabs, each with one alert shown once (hidden
    /// since, on screen), and the tab `active` active.
    private func tabsWithAlertsOnScreen(_ r: Recorder, _ count: Int, active: Int) throws -> (Dispatch, [Dispatch]) {
        let root = page("root", r)
        var tabs: [Dispatch] = []
        for i in 0..<count {
            let tab = page("tab\(i)", r)
            try tab.setParent(root)
            try root.setActiveChild(tab)
            try tab.add(alert("a\(i)"))
            tabs.append(tab)
        }
        try root.setActiveChild(tabs[active])
        _ = r.take()
        return (root, tabs)
    }

    #if DEBUG
    @Test func aTabSwitchSweepsTheTwoTabsNotTheWholeStack() throws {
        // 1,000 alerts on screen, hidden on the tabs that are not active.
        let r = Recorder()
        let (root, tabs) = try tabsWithAlertsOnScreen(r, 1_000, active: 0)
        for next in [1, 500, 999, 0] {
            let before = root.sweptAlerts
            try root.setActiveChild(tabs[next])
            let top = alert("top", 5, .cover)
            try tabs[next].add([top])
            try top.dismiss()
            #expect(root.sweptAlerts - before <= 12, "swept \(root.sweptAlerts - before) alerts")
            let events = r.take()
            #expect(events.first?.hasPrefix("hide a") == true && events.dropFirst().first == "unhide a\(next)",
                    "\(events)")
            #expect(events.dropFirst(2) == ["show top page", "finish top dismissed"])
        }
        root.checkInvariants()
    }
    #endif  // (the cost counters exist in debug builds only)

    @Test func aTabSwitchUnderAHideOthersAlertOfTheRootSweepsItsFocus() throws {
        // The root's `hideOthers` alert hides every tab's alert; a switch
        // changes nothing visible until it ends.
        let r = Recorder()
        let (root, tabs) = try tabsWithAlertsOnScreen(r, 100, active: 0)
        let blocker = alert("blocker", 9, .hideOthers)
        try root.add([blocker])
        #expect(r.take() == ["hide a0 covered", "show blocker page"])
        try root.setActiveChild(tabs[7])
        #expect(r.take() == [])
        try blocker.dismiss()
        #expect(r.take() == ["finish blocker dismissed", "unhide a7"])
        root.checkInvariants()
    }

    #if DEBUG
    @Test func moreFlipsThanTheBoundSweepTheWholeStackOnceThenFocusAgain() throws {
        // No active child: all 100 tabs show their alert (each covers the
        // one before); choosing one makes 99 pages stop at once, past what
        // is kept page by page.
        let r = Recorder()
        let root = page("root", r)
        let tabs = try childPages(100, of: root, r, named: "tab") { alert("a\($0)", Int32($0), .cover) }
        #expect(r.take().count == 100)
        try root.setActiveChild(tabs[42])
        let hides = r.take()
        #expect(hides.count == 99 && hides.allSatisfy { $0.hasPrefix("hide a") && $0.hasSuffix(" page") })
        #expect(!hides.contains("hide a42 page"))
        let before = root.sweptAlerts
        try root.setActiveChild(tabs[3])
        #expect(r.take() == ["hide a42 page", "unhide a3"])
        #expect(root.sweptAlerts - before <= 8, "swept \(root.sweptAlerts - before) alerts")
        root.checkInvariants()
    }
    #endif  // (the cost counters exist in debug builds only)

    #if DEBUG
    @Test func destroyingLeafPagesOneByOneLooksAtTheirOwnLanesOnly() throws {
        // 200 child pages, each with an alert in a lane of its own on
        // screen: destroying them from the last one back must not look at
        // every lane each time (a leaf's destroy split nothing but rebuilt
        // and marked every lane: O(n^2) to tear down).
        let r = Recorder()
        let root = page("root", r)
        let pages = try childPages(200, of: root, r, named: "p", each: alertInOwnLane)
        #expect(r.take().count == 200)
        let before = root.sweptAlerts
        for child in pages.reversed() {
            try child.destroy()
        }
        #expect(root.sweptAlerts - before <= 4 * 200, "swept \(root.sweptAlerts - before) alerts")
        #expect(r.take().count == 400)  // remove and finish, destroyed, for each
        root.checkInvariants()
    }
    #endif  // (the cost counters exist in debug builds only)
}
