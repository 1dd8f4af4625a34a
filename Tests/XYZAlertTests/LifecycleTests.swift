import Testing
import XYZAlert

/// docs/rules.md §5: pages, domains, lifecycle, ids.
@Suite("Pages, domains, lifecycle (docs/rules.md §5)")
struct LifecycleTests {
    @Test func aNewDispatchsPageIsNotVisible() {
        let home = Dispatch(host: Recorder(), name: "home")
        #expect(!home.isPageVisible)
        #expect(home.root === home && home.parent == nil)
    }

    @Test func disappearingHidesAtOnceAndAppearingRestoresThenShows() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a")
        try home.add([a])
        try home.pageWillDisappear()
        #expect(a.state == .hidden)
        let b = alert("b", 5, .cover)
        try home.add([b])
        #expect(r.take() == ["show a page", "hide a page"])
        try home.pageDidAppear()
        #expect(r.take() == ["unhide a", "show b page"])
    }

    @Test func disappearingHidesAtOnceInDeferredModeToo() throws {
        let r = Recorder(deferred: true)
        let home = page("home", r)
        try home.add([alert("a")])
        try home.flush()
        r.log = []
        try home.pageWillDisappear()
        #expect(r.take() == ["hide a page", "flush? home"])
    }

    @Test func setParentJoinsDomainsAndNilDetaches() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        try home.add([alert("h")])
        try tab.add([alert("t", 5)])
        #expect(r.take() == ["show h page", "show t page"])
        // Joined, h (shown first, but in the joining domain) goes on top.
        try home.setParent(tab)
        #expect(home.root === tab && tab.children.map(\.name) == ["home"])
        #expect(tab.snapshot().stack.map(\.id) == ["t", "h"])
        try home.setParent(nil)
        #expect(home.root === home && tab.children.isEmpty)
        #expect(tab.snapshot().stack.map(\.id) == ["t"])
        #expect(home.snapshot().stack.map(\.id) == ["h"])
        #expect(r.take() == [])
    }

    @Test func queuedAlertsOfAJoiningDomainRankAfterTheParentDomainsAtEqualPriority() throws {
        let r = Recorder()
        let tab = page("tab", r, visible: false)
        let home = page("home", r)
        try home.add([alert("h", 0, .wait, waiting: true)])
        try tab.add([alert("t")])
        try home.setParent(tab)
        try home.find("h")!.setReady()
        try tab.pageDidAppear()
        #expect(r.take() == ["show t page"])
    }

    @Test func parentCyclesAndIdClashesAreRejected() throws {
        let r = Recorder()
        let a = page("a", r)
        let b = page("b", r)
        let c = page("c", r)
        try b.setParent(a)
        try c.setParent(b)
        #expect(errorMessage { try a.setParent(c) } == "parent cycle: page 'a' -> page 'c' -> page 'b' -> page 'a'")
        #expect(errorCode { try a.setParent(a) } == .cycle)
        let other = page("other", r, visible: false)
        try other.add([alert("same")])
        try c.add([alert("same")])
        #expect(errorCode { try other.setParent(a) } == .duplicate)
        #expect(other.parent == nil && a.root === a)
    }

    @Test func theActiveChildMustBeAChild() throws {
        let tab = page("tab", Recorder())
        let stranger = page("stranger", Recorder())
        #expect(errorCode { try tab.setActiveChild(stranger) } == .owner)
        #expect(tab.explicitActiveChild == nil)
    }

    @Test func destroyingOrDetachingTheExplicitActiveChildUnsetsIt() throws {
        let r = Recorder()
        let (tab, home, me) = try tabs(r)
        try tab.setActiveChild(home)
        try me.add([alert("m")])
        #expect(r.take() == [])
        try home.destroy()
        #expect(tab.explicitActiveChild == nil)
        #expect(r.take() == ["show m page"])
        let other = page("other", r)
        try other.setParent(tab)
        try tab.setActiveChild(other)
        #expect(r.take() == ["hide m page"])
        try other.setParent(nil)
        #expect(tab.explicitActiveChild == nil)
        #expect(r.take() == ["unhide m"])
    }

    @Test func destroyEndsOnScreenAlertsTopFirstThenQueuedOnesInQueueOrder() throws {
        let r = Recorder()
        var order: [String] = []
        let tab = page("tab", r)
        let home = Dispatch(host: CountedHost(r) { order.append("host destroyed") }, name: "home")
        try home.pageDidAppear()
        try home.setParent(tab)
        let child = page("child", r)
        try child.setParent(home)
        try home.add([alert("low")])
        try home.add([alert("high", 5, .cover)])
        try home.add([alert("q1", 1), alert("q2", 3), alert("w", 9, .wait, waiting: true)])
        try tab.add([alert("t")])
        r.log = []
        r.react = { line, _ in order.append(line) }
        try home.destroy()
        #expect(r.take() == ["remove high destroyed", "finish high destroyed", "remove low destroyed",
                             "finish low destroyed", "finish w destroyed", "finish q2 destroyed",
                             "finish q1 destroyed", "show t page"])
        #expect(order.last == "host destroyed")
        #expect(child.root === child && child.parent == nil && tab.children.isEmpty)
        #expect(home.isDestroyed)
        #expect(errorCode { try home.destroy() } == .state)
    }

    @Test func idsAreUniqueAmongTheLiveAlertsOfADomain() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        try home.setParent(tab)
        let first = alert("update")
        try tab.add([first])
        #expect(errorCode { try home.add([alert("update")]) } == .duplicate)
        #expect(errorCode { try home.add([alert("x"), alert("x")]) } == .duplicate)
        let lone = page("lone", r)
        try lone.add([alert("update")])
        try first.dismiss()
        try home.add([alert("update")])
        #expect(home.find("update") != nil && tab.find("update") == nil)
        #expect(r.take() == ["show update page", "show update page", "finish update dismissed", "show update page"])
    }

    @Test func aChildJoiningAParentWhoseProviderWasSetBeforeItHadChildrenAsksIt() throws {
        // The join computes the joining subtree alone, unless its parent
        // has a provider: then the provider decides, set before any child or not.
        let r = Recorder()
        let tabs = page("tabs", r), feed = page("feed", r), chat = page("chat", r)
        try tabs.add(alert("banner"))
        var chosen: Dispatch?
        try tabs.setActiveChildProvider { _ in chosen }
        try feed.add(alert("tip"))
        _ = r.take()
        try feed.setParent(tabs)
        #expect(r.take() == ["hide tip page"])
        #expect(feed.find("tip")?.why().code == .hiddenPage)
        chosen = feed
        try chat.setParent(tabs)
        #expect(r.take() == ["unhide tip"])
    }

    @Test func aRootDestroyedWithManyChildrenSplitsThemEachIntoADomainOfItsOwn() throws {
        let r = Recorder()
        let root = page("root", r)
        let children = try childPages(5, of: root, r, named: "c", each: alertInOwnLane)
        try root.destroy()
        for (i, child) in children.enumerated() {
            #expect(child.parent == nil && child.find("a\(i)")?.state == .showing)
            try child.add(alert("b\(i)"))
            try child.find("a\(i)")!.dismiss()
        }
        #expect(r.take().filter { $0.hasPrefix("show b") }.count == 5)
    }
}
