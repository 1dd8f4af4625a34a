import Testing
import XYZAlert

/// A titled toast for the timing tests.
func timed(_ id: String, duration: Double = 0, showAfter: Double = 0, minVisible: Double = 0,
           lane: String = "main", title: String? = nil, priority: Int32 = 1) -> Alert {
    let a = alert(id, priority, .cover)
    try! a.setDuration(duration)
    try! a.setShowAfter(showAfter)
    try! a.setMinVisible(minVisible)
    try! a.setLane(lane)
    if let title { try! a.setContent(AlertContent(title: title)) }
    return a
}

/// docs/rules.md §17: holds, the duration scale, show_after, min_visible,
/// lane gaps and announcements.
@Suite("Timing for people (docs/rules.md §17)")
struct TimingTests {
    @Test func aHoldKeepsTheTimeLeftAcrossAHideAndUnhide() throws {
        let r = clocked()
        let home = page("home", r)
        let t = timed("t", duration: 4)
        try home.add(t)
        try r.advance(1, [home])
        try t.hold()
        try home.pageWillDisappear()
        try r.advance(10, [home])
        try home.pageDidAppear()
        try r.advance(10, [home])
        #expect(t.state == .showing)
        try t.unhold()
        try r.advance(3, [home])
        #expect(r.take() == ["@0.0 show t page", "@1.0 hide t page", "@11.0 unhide t",
                             "@24.0 remove t timeout", "@24.0 finish t timeout"])
        #expect(throws: AlertError.self) { try t.unhold() }
    }

    @Test func domainHoldsAndAlertHoldsAreCountedApart() throws {
        let r = clocked()
        let home = page("home", r)
        let a = timed("a", duration: 2, lane: "x"), b = timed("b", duration: 2, lane: "y")
        try home.add([a, b])
        try a.hold()
        try home.holdTimers()
        try r.advance(5, [home])
        try home.unholdTimers()
        try r.advance(3, [home])
        #expect(a.state == .showing && b.state == .finished)
        #expect(throws: AlertError.self) { try home.unholdTimers() }
        let child = page("child", r)
        try child.setParent(home)
        #expect(throws: AlertError.self) { try child.holdTimers() }
        _ = r.take()
    }

    @Test func theScaleRetimesARunningCountdownInProportion() throws {
        let r = clocked()
        let home = page("home", r)
        try home.add(timed("t", duration: 10))
        try r.advance(5, [home])
        try home.setDurationScale(2) // 5 s left become 10
        try r.advance(9, [home])
        try home.setDurationScale(.infinity) // never
        try r.advance(1000, [home])
        try home.setDurationScale(1) // the 0.5 s left
        try r.advance(1, [home])
        #expect(r.take() == ["@0.0 show t page", "@1014.5 remove t timeout", "@1014.5 finish t timeout"])
        #expect(throws: AlertError.self) { try home.setDurationScale(0) }
    }

    @Test func showAfterWaitsAndAnEarlyEndNeverShows() throws {
        let r = clocked()
        let home = page("home", r)
        let spinner = timed("spinner", showAfter: 0.5)
        try home.add(spinner)
        #expect(spinner.state == .waiting && spinner.why().code == .showAfter && spinner.why().until == 0.5)
        try spinner.cancel()
        let slow = timed("slow", showAfter: 0.5)
        try home.add(slow)
        try r.advance(1, [home])
        #expect(r.take() == ["@0.0 finish spinner cancelled", "@0.5 show slow page"])
    }

    @Test func minVisibleDefersADismissAndACancelEvenAcrossAHide() throws {
        let r = clocked()
        let home = page("home", r)
        let a = timed("a", minVisible: 2)
        try home.add(a)
        try r.advance(0.5, [home])
        try a.dismiss()
        #expect(a.state == .showing && a.why().code == .minVisible && a.why().until == 1.5)
        try home.pageWillDisappear()
        try r.advance(2, [home])
        #expect(r.take() == ["@0.0 show a page", "@0.5 hide a page", "@2.0 remove a dismissed", "@2.0 finish a dismissed"])
        try home.pageDidAppear()
        let b = timed("b", minVisible: 2)
        try home.add(b)
        try b.cancel()
        try r.advance(3, [home])
        #expect(r.take() == ["@2.5 show b page", "@4.5 remove b cancelled", "@4.5 finish b cancelled"])
    }

    @Test func aLaneGapDelaysTheNextShowButNeverAnUnhide() throws {
        let r = clocked()
        let home = page("home", r)
        try home.setGap(lane: "toast", 1)
        let a = timed("a", lane: "toast"), b = timed("b", lane: "toast"), c = timed("c", lane: "toast", priority: 0)
        try home.add(a)
        try home.add(c)
        try a.dismiss()
        try home.add(b)
        #expect(b.why().code == .laneGap && b.why().until == 1)
        try r.advance(2, [home])
        try home.pageWillDisappear()
        try home.pageDidAppear()
        #expect(r.take() == ["@0.0 show a page", "@0.0 finish a dismissed", "@1.0 show b page", "@2.0 hide b page",
                             "@2.0 unhide b"])
    }

    @Test func announcementsFollowShowsAndTextChangesButNotRepeats() throws {
        let r = clocked()
        r.logsAnnouncements = true
        let home = page("home", r)
        let a = timed("a", title: "Saved")
        try a.setAnnounce(.assertive)
        try home.add(a)
        var content = a.content
        content.message = "3 files"
        try a.setContent(content)
        content.style = "toast"
        try a.setContent(content)
        let quiet = timed("q", title: "Quiet", priority: 2)
        try quiet.setAnnounce(.off)
        try home.add(quiet)
        #expect(r.take() == ["@0.0 show a page", "@0.0 announce a assertive Saved", "@0.0 update a Saved",
                             "@0.0 announce a assertive Saved. 3 files", "@0.0 update a Saved", "@0.0 show q page"])
    }
}
