import Testing
@testable import XYZAlert

/// docs/rules.md §18 through the Swift API: every code has its trace word,
/// and `why()` and `explain()` tell the same story.
@Suite("Reasons as data (docs/rules.md §18)")
struct WhyTests {
    @Test func everyCodeHasADistinctTraceWordInItsPlace() {
        let words = WhyCode.allCases.map(\.description)
        #expect(words.count == 22 && Set(words).count == 22)
        #expect(WhyCode.allCases.map(\.rawValue) == Array(0..<22))
        #expect(WhyCode.triggerDelay.description == "trigger_delay" && WhyCode.triggerDelay.rawValue == 20)
        #expect(WhyCode.lowerPriority.description == "lower_priority" && WhyCode.finished.rawValue == 18)
        #expect(WhyCode.held.description == "held" && WhyCode.held.rawValue == 19)
    }

    /// A showing alert whose countdown a hold stops says `held`, and its
    /// sentence says which hold; without a duration there is nothing to hold.
    @Test func aHeldCountdownIsHeld() throws {
        let r = Recorder()
        let home = Dispatch(host: r, name: "home")
        try home.pageDidAppear()
        let toast = Alert(id: "toast")
        try toast.setDuration(3)
        try home.add(toast)
        #expect(toast.why().code == .showing)
        try toast.hold()
        #expect(toast.why() == AlertWhy(.held))
        #expect(toast.explain() == "'toast' is showing on page 'home' (target 'page'); its countdown waits while it is held")
        try toast.unhold()
        try home.holdTimers()
        #expect(toast.why() == AlertWhy(.held))
        #expect(toast.explain().hasSuffix("waits while the timers of page 'home' are held"))
        try home.unholdTimers()
        #expect(toast.why().code == .showing && toast.why().until != nil)
        let plain = Alert(id: "plain")
        try plain.setExclusive(.cover)
        try plain.setPriority(1)
        try home.holdTimers()
        try home.add(plain)
        #expect(plain.why() == AlertWhy(.showing))
    }

    @Test func theSentenceNamesTheCauseOfEveryCodeReached() throws {
        let r = Recorder(deferred: true)
        let home = Dispatch(host: r, name: "home")
        try home.pageDidAppear()
        let low = Alert(id: "low")
        let high = Alert(id: "high")
        try high.setPriority(5)
        try home.add([low, high])
        #expect(low.why() == AlertWhy(.lowerPriority, alert: high))
        #expect(low.explain() == "'low' is ready but 'high' shows first (priority 5, above 0)")
        #expect(high.why() == AlertWhy(.deferred))
        try home.flush()
        #expect(low.why() == AlertWhy(.behind, alert: high))
        let waiting = Alert(id: "waiting")
        try waiting.addDependency(id: "high")
        try home.add(waiting)
        #expect(waiting.why() == AlertWhy(.idDependency, alert: high, id: "high"))
        // Each reached code's sentence is the one `explain` gives.
        for alert in [low, high, waiting] {
            #expect(alert.explain() == Alert.sentence(alert.cause(), of: alert))
        }
        try home.destroy()
        #expect(low.why() == AlertWhy(.finished) && low.endReason == .destroyed)
    }
}
