import Testing
import XYZAlert

func laned(_ id: String, _ lane: String, _ priority: Int32 = 0, _ exclusive: Exclusive = .wait) -> Alert {
    let a = alert(id, priority, exclusive)
    try! a.setLane(lane)
    return a
}

/// docs/rules.md §14: lanes.
@Suite("Lanes (docs/rules.md §14)")
struct LaneTests {
    @Test func aToastLaneNeverWaitsForADialogAndLanesGoInByteOrder() throws {
        let r = Recorder()
        let home = page("home", r, visible: false)
        try home.add([alert("dialog"), laned("t1", "toast"), laned("t2", "toast"), laned("a1", "alerts")])
        try home.pageDidAppear()
        // "alerts" < "main" < "toast": each lane shows its first candidate.
        #expect(r.take() == ["show a1 page", "show dialog page", "show t1 page"])
        try home.find("t1")!.dismiss()
        #expect(r.take() == ["finish t1 dismissed", "show t2 page"])
        #expect(home.find("t2")!.explain() == "'t2' is showing on page 'home' (target 'page') (lane 'toast')")
        #expect(home.snapshot().stack.map(\.lane) == ["alerts", "main", "toast"])
    }

    @Test func hideOthersHidesOnlyItsOwnLane() throws {
        let r = Recorder()
        let home = page("home", r)
        try home.add([alert("base"), laned("toast", "toast")])
        try home.add(alert("modal", 9, .hideOthers))
        #expect(r.take() == ["show base page", "show toast page", "hide base covered", "show modal page"])
        try home.add(laned("later", "toast", 0, .wait))
        #expect(r.take() == [])
        #expect(home.find("later")!.explain() == "'later' is blocked by 'toast': it is 'wait' and never shows over another alert (lane 'toast')")
        #expect(home.find("base")!.explain() == "'base' is hidden: covered by 'modal' (hide_others)")
    }

    @Test func aDisappearingPageHidesEveryLaneAndTheKeyboardMovesEveryLane() throws {
        let r = Recorder()
        let home = page("home", r)
        let dialog = alert("dialog")
        let toast = laned("toast", "toast")
        try home.add([dialog, toast])
        try home.pageWillDisappear()
        try home.pageDidAppear()
        try dialog.setFrame(Rect(x: 0, y: 500, width: 300, height: 200))
        try toast.setFrame(Rect(x: 0, y: 600, width: 300, height: 200))
        try home.keyboardChanged(Rect(x: 0, y: 550, width: 400, height: 300), duration: 0.25)
        #expect(r.take() == ["show dialog page", "show toast page", "hide toast page", "hide dialog page",
                             "unhide dialog", "unhide toast", "move toast -250.0 0.25", "move dialog -150.0 0.25"])
    }

    @Test func dependenciesCapacityAndSuspensionAreSharedByTheLanes() throws {
        let r = Recorder()
        let home = page("home", r)
        let after = laned("rate", "toast")
        try after.addDependency(id: "login")
        try home.add([alert("login"), after])
        #expect(r.take() == ["show login page"])
        try home.find("login")!.dismiss()
        #expect(r.take() == ["finish login dismissed", "show rate page"])
        try home.suspend()
        try home.add([laned("t", "toast"), alert("m")])
        #expect(r.take() == [])
        try home.resume()
        #expect(r.take() == ["show m page"], "'t' waits behind 'rate' in its lane")
        try home.setCapacity(1)
        try home.add([laned("x", "x"), laned("y", "y", 5)])
        #expect(r.take() == ["finish x dropped", "finish t dropped", "show y page"])
        #expect(errorCode { try laned("e", "e").setLane("") } == .invalidArgument)
        let shown = home.find("y")!
        #expect(errorCode { try shown.setLane("main") } == .state && shown.lane == "y")
    }
}
