import Testing
import XYZAlert

/// docs/rules.md §4.
@Suite("Dependencies (docs/rules.md §4)")
struct DependencyTests {
    @Test func aHandleDependencyIsMetWhenTheDependencyFinishes() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a")
        let b = alert("b", 10, .cover)
        try b.addDependency(a)
        try home.add([a, b])
        #expect(b.explain() == "'b' is waiting for dependency 'a' (showing)")
        try a.dismiss()
        #expect(r.take() == ["show a page", "finish a dismissed", "show b page"])
    }

    @Test func anIdDependencyIsMetWhileNoLiveAlertHasThatIdInTheDomain() throws {
        let r = Recorder()
        let home = page("home", r)
        let early = alert("early")
        try early.addDependency(id: "login")
        try home.add([early])
        #expect(r.take() == ["show early page"])
        try early.dismiss()
        let login = alert("login", 0, .wait, waiting: true)
        let promo = alert("promo", 50, .cover)
        try promo.addDependency(id: "login")
        try home.add([login, promo])
        #expect(promo.explain() == "'promo' is waiting for dependency 'login' (waiting)")
        try login.setReady()
        try login.dismiss()
        #expect(r.take() == ["finish early dismissed", "show login page", "finish login dismissed", "show promo page"])
    }

    @Test func anIdDependencyOnAnAlertAddedLaterBlocksAgain() throws {
        let r = Recorder()
        let home = page("home", r, visible: false)
        let promo = alert("promo")
        try promo.addDependency(id: "login")
        try home.add([promo])
        try home.add([alert("login", 0, .wait, waiting: true)])
        try home.pageDidAppear()
        #expect(r.take() == [])
        try home.find("login")!.cancel()
        #expect(r.take() == ["finish login cancelled", "show promo page"])
    }

    @Test func dependenciesCrossDispatchesOfOneDomainButIdsDoNotCrossDomains() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        let elsewhere = page("elsewhere", r)
        try home.setParent(tab)
        try tab.add([alert("login", 0, .wait, waiting: true)])
        try elsewhere.add([alert("other", 0, .wait, waiting: true)])
        let promo = alert("promo")
        try promo.addDependency(id: "login")
        let free = alert("free")
        try free.addDependency(id: "other")
        try home.add([promo])
        let lone = page("lone", r)
        try lone.add([free])
        #expect(r.take() == ["show free page"])
        try tab.find("login")!.cancel()
        #expect(r.take() == ["finish login cancelled", "show promo page"])
    }

    @Test func aHandleCycleIsRejectedNamingTheCycle() throws {
        let a = alert("a")
        let b = alert("b")
        let c = alert("c")
        try b.addDependency(a)
        try c.addDependency(b)
        #expect(errorMessage { try a.addDependency(c) } == "cannot add the dependency: dependency cycle: 'a' -> 'c' -> 'b' -> 'a'")
        #expect(errorCode { try a.addDependency(a) } == .cycle)
        // Nothing changed: a still has no dependency and can show.
        let r = Recorder()
        let home = page("home", r)
        try home.add([a])
        #expect(r.take() == ["show a page"])
    }

    @Test func anIdCycleIsRejectedWhenTheAddWouldCreateIt() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a")
        let b = alert("b")
        try a.addDependency(id: "b")
        try b.addDependency(id: "a")
        #expect(errorMessage { try home.add([a, b]) } == "cannot add alerts: dependency cycle: 'a' -> 'b' -> 'a'")
        #expect(a.state == .idle && b.state == .idle)
        #expect(errorCode { try a.addDependency(id: "a") } == .cycle)
        try home.add([a])
        #expect(errorCode { try home.add([b]) } == .cycle)
        #expect(r.take() == ["show a page"])
    }

    @Test func anIdCycleAmongLiveAlertsIsRejectedWhenTheDependencyIsAdded() throws {
        let home = page("home", Recorder(), visible: false)
        let a = alert("a")
        let b = alert("b")
        try b.addDependency(id: "a")
        try home.add([a, b])
        #expect(errorCode { try a.addDependency(id: "b") } == .cycle)
        // The refused id was not kept: the list is unchanged, and asking
        // again is refused again rather than taken for a duplicate.
        #expect(a.dependencyIDs.isEmpty)
        #expect(errorCode { try a.addDependency(id: "b") } == .cycle)
        #expect(errorCode { try a.addDependency(b) } == .cycle)
        #expect(a.explain() == "'a' is ready but page 'home' is not visible")
        // An id added twice is kept once, in the order first added.
        try b.addDependency(id: "c")
        try b.addDependency(id: "a")
        try b.addDependency(id: "c")
        #expect(b.dependencyIDs == ["a", "c"])
    }

    @Test func joiningDomainsThatWouldCloseACycleIsRejected() throws {
        let r = Recorder()
        let tab = page("tab", r, visible: false)
        let home = page("home", r, visible: false)
        let a = alert("a")
        try a.addDependency(id: "b")
        let b = alert("b")
        try b.addDependency(id: "a")
        try tab.add([a])
        try home.add([b])
        #expect(errorCode { try home.setParent(tab) } == .cycle)
        #expect(home.parent == nil && tab.children.isEmpty)
    }

    @Test func dependenciesCanBeAddedUntilTheAlertShows() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a")
        let late = alert("late", 0, .wait, waiting: true)
        try home.add([a, late])
        let blocker = alert("blocker", 0, .wait, waiting: true)
        try home.add([blocker])
        try late.addDependency(blocker)
        try late.setReady()
        #expect(errorCode { try a.addDependency(blocker) } == .state)
        try a.dismiss()
        #expect(r.take() == ["show a page", "finish a dismissed"])
        try blocker.setReady()
        try blocker.dismiss()
        #expect(r.take() == ["show blocker page", "finish blocker dismissed", "show late page"])
    }
}
