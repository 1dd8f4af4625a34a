import Testing
import XYZAlert

/// A toast: a `cover` alert (priority 1) that shows for `duration` seconds.
func toast(_ id: String, _ duration: Double, priority: Int32 = 1, ttl: Double = 0) -> Alert {
    let a = alert(id, priority, .cover)
    try! a.setDuration(duration)
    try! a.setTTL(ttl)
    return a
}

/// A recorder on a virtual clock at 0 that stamps its events with the time.
func clocked(deferred: Bool = false) -> Recorder {
    let r = Recorder(deferred: deferred)
    r.clock = 0
    r.stampsTime = true
    return r
}

/// docs/rules.md §12: durations, ttl, ticks and the host's timer.
@Suite("Time: durations and expiry (docs/rules.md §12)")
struct TimeTests {
    @Test func aDurationEndsAShowingAlertWithTimeout() throws {
        let r = clocked()
        let home = page("home", r)
        try home.add(toast("t", 3))
        try r.advance(2.5, [home])
        try r.advance(1, [home])
        #expect(r.take() == ["@0.0 show t page", "@3.0 remove t timeout", "@3.0 finish t timeout"])
        #expect(home.nextDeadline() == nil)
        #expect(r.clock == 3.5)
    }

    @Test func theDurationPausesWhileCoveredByHideOthers() throws {
        let r = clocked()
        let home = page("home", r)
        try home.add(toast("t", 3))
        try r.advance(1, [home])
        let dialog = alert("dialog", 9, .hideOthers)
        try home.add(dialog)
        try r.advance(10, [home])
        try dialog.dismiss()
        try r.advance(10, [home])
        #expect(r.take() == ["@0.0 show t page", "@1.0 hide t covered", "@1.0 show dialog page",
                             "@11.0 finish dialog dismissed", "@11.0 unhide t",
                             "@13.0 remove t timeout", "@13.0 finish t timeout"])
    }

    @Test func theDurationPausesWhileThePageIsAway() throws {
        let r = clocked()
        let home = page("home", r)
        try home.add(toast("t", 3))
        try r.advance(2, [home])
        try home.pageWillDisappear()
        try r.advance(60, [home])
        try home.pageDidAppear()
        try r.advance(5, [home])
        #expect(r.take() == ["@0.0 show t page", "@2.0 hide t page", "@62.0 unhide t",
                             "@63.0 remove t timeout", "@63.0 finish t timeout"])
    }

    @Test func aTTLExpiresAnAlertWhosePageIsNotVisibleYet() throws {
        let r = clocked()
        let home = page("home", r, visible: false)
        try home.add(toast("stale", 0, ttl: 5))
        try home.add(toast("fresh", 0, ttl: 5))
        try r.advance(4, [home])
        try home.pageDidAppear()
        try r.advance(100, [home])
        // "fresh" waits behind "stale" (a cover alert of the same priority
        // does not show over it) and expires at 5; "stale" stays, its ttl spent.
        #expect(r.take() == ["@4.0 show stale page", "@5.0 finish fresh expired"])
        #expect(home.find("stale")?.state == .showing && home.find("fresh") == nil)
        let late = page("late", clocked(), visible: false)
        try late.add(toast("x", 0, ttl: 5))
        let lr = late.host as! Recorder
        try lr.advance(5, [late])
        #expect(lr.take() == ["@5.0 finish x expired"])
    }

    @Test func aTTLNoLongerAppliesOnceShownEvenWhenHidden() throws {
        let r = clocked()
        let home = page("home", r)
        try home.add(toast("t", 0, ttl: 2))
        try home.add(alert("dialog", 9, .hideOthers))
        try r.advance(100, [home])
        #expect(r.take() == ["@0.0 show t page", "@0.0 hide t covered", "@0.0 show dialog page"])
        #expect(home.find("t")?.state == .hidden)
    }

    @Test func chainedTimersFireInOrderWithinOneAdvance() throws {
        let r = clocked()
        let home = page("home", r)
        let queued = [alert("a"), alert("b"), alert("c")]
        for a in queued { try a.setDuration(1) }
        try home.add(queued)
        try r.advance(10, [home])
        #expect(r.take() == ["@0.0 show a page",
                             "@1.0 remove a timeout", "@1.0 finish a timeout", "@1.0 show b page",
                             "@2.0 remove b timeout", "@2.0 finish b timeout", "@2.0 show c page",
                             "@3.0 remove c timeout", "@3.0 finish c timeout"])
    }

    @Test func tiesFireInAddOrder() throws {
        let r = clocked()
        let home = page("home", r, visible: false)
        try home.add([toast("first", 0, ttl: 5), toast("second", 0, ttl: 5)])
        try r.advance(2, [home])
        try home.add(toast("third", 0, ttl: 3))
        try home.add(toast("zeroth", 0, priority: 9, ttl: 3))
        try r.advance(3, [home])
        #expect(r.take() == ["@5.0 finish first expired", "@5.0 finish second expired",
                             "@5.0 finish third expired", "@5.0 finish zeroth expired"])
    }

    @Test func deferredModeEndsDuringTheTickAndThePassWaitsForTheFlush() throws {
        let r = clocked(deferred: true)
        let home = page("home", r)
        try home.flush()
        try home.add([toast("a", 1), toast("b", 1)])
        try home.flush()
        #expect(r.take() == ["@0.0 flush? home", "@0.0 flush? home", "@0.0 show a page"])
        r.clock = 1
        try home.tick()
        #expect(r.take() == ["@1.0 remove a timeout", "@1.0 finish a timeout", "@1.0 flush? home"])
        #expect(home.find("b")?.state == .ready)
        try home.flush()
        #expect(r.take() == ["@1.0 show b page"])
    }

    @Test func destroyWithTimersPendingEndsThemAndNothingFiresAfter() throws {
        let r = clocked()
        let home = page("home", r)
        try home.add([toast("t", 5), toast("q", 0, ttl: 9)])
        _ = r.takeTimers()
        _ = r.take()
        try home.destroy()
        #expect(r.take() == ["@0.0 remove t destroyed", "@0.0 finish t destroyed", "@0.0 finish q destroyed"])
        #expect(r.takeTimers() == ["home -1.0"])
        r.clock = 100
        #expect(errorCode { try home.tick() } == .state)
        #expect(home.nextDeadline() == nil)
        #expect(r.take() == [] && r.takeTimers() == [])
    }

    @Test func timerRequestsComeOncePerChangeOfTheEarliestDeadline() throws {
        let r = clocked()
        let home = page("home", r)
        try home.add(toast("t", 5))
        #expect(r.takeTimers() == ["home 5.0"])
        try home.add(toast("later", 0, priority: 0, ttl: 8))
        try home.add(toast("queued", 4, priority: 0))
        #expect(r.takeTimers() == [], "the earliest deadline did not change")
        r.clock = 1
        try home.add(toast("soon", 0, priority: 0, ttl: 2))
        #expect(r.takeTimers() == ["home 2.0"])
        try home.find("soon")!.cancel()
        #expect(r.takeTimers() == ["home 4.0"])
        r.clock = 2
        try home.tick()
        #expect(r.takeTimers() == ["home 3.0"], "an early tick does nothing but asks again: it used the timer up")
        try home.find("t")!.dismiss()
        #expect(r.takeTimers() == ["home -1.0"], "'later' showed (its ttl stopped); 'queued' waits behind it")
        try home.find("later")!.cancel()
        #expect(r.takeTimers() == ["home 4.0"], "'queued' showed at 2 for 4 seconds")
        try home.find("queued")!.cancel()
        #expect(r.takeTimers() == ["home -1.0"])
        try home.add(alert("untimed"))
        #expect(r.takeTimers() == [])
    }

    @Test func aHostThatPollsNextDeadlineSeesTheSameTrace() throws {
        func run(polling: Bool) throws -> [String] {
            let r = clocked()
            let home = page("home", r)
            var due: Double?
            func advance(_ seconds: Double) throws {
                if polling {
                    try r.advance(seconds, [home])
                    return
                }
                // Driven by the timer requests alone, as a main loop would be.
                let target = r.clock! + seconds
                while let at = due, at <= target {
                    r.clock = at
                    due = nil
                    try home.tick()
                    if let request = r.timerRequests.popLast() {
                        let delay = Double(request.split(separator: " ")[1])!
                        due = delay < 0 ? nil : r.clock! + delay
                        r.timerRequests = []
                    }
                }
                r.clock = target
            }
            func requested() {
                if let request = r.timerRequests.popLast() {
                    let delay = Double(request.split(separator: " ")[1])!
                    due = delay < 0 ? nil : r.clock! + delay
                    r.timerRequests = []
                }
            }
            try home.add([toast("a", 2), alert("b", 0), toast("c", 1, ttl: 3)])
            requested()
            try advance(1.5)
            try home.add(alert("d", 5, .hideOthers))
            requested()
            try advance(4)
            try home.find("d")!.dismiss()
            requested()
            try advance(10)
            return r.take()
        }
        let polled = try run(polling: true)
        #expect(polled == (try run(polling: false)))
        #expect(polled.contains("@6.0 finish a timeout") && polled.contains("@3.0 finish c expired"))
    }

    @Test func durationAndTTLAreCheckedAndSetWhileIdle() throws {
        let a = Alert(id: "a")
        #expect(a.duration == 0 && a.ttl == 0)
        for bad in [-1, Double.nan, .infinity, -.infinity] {
            #expect(errorCode { try a.setDuration(bad) } == .invalidArgument)
            #expect(errorCode { try a.setTTL(bad) } == .invalidArgument)
        }
        #expect(errorMessage { try a.setDuration(-1) } == "duration of alert 'a' must be a finite number of seconds, 0 or more, not -1.0")
        try a.setDuration(2.5)
        try a.setTTL(10)
        #expect(a.duration == 2.5 && a.ttl == 10)
        try page("home", Recorder()).add(a)
        #expect(errorCode { try a.setDuration(1) } == .state)
        #expect(errorCode { try a.setTTL(1) } == .state)
        #expect(a.duration == 2.5 && a.ttl == 10)
    }

    @Test func theHostClockMustNotChangeTheSchedule() throws {
        final class MeddlingClock: AlertHost {
            var victim: Alert?
            var refused: AlertError.Code?
            func now() -> Double? {
                do { try victim?.cancel() } catch { refused = error.code }
                return 0
            }
        }
        let host = MeddlingClock()
        let home = page("home", host)
        host.victim = alert("victim")
        try home.add(host.victim!)
        try home.add(toast("t", 1))
        #expect(host.refused == .state)
        #expect(host.victim?.state == .showing)
    }

    @Test func withoutAHostClockTheSystemClockIsUsed() throws {
        let home = page("home", Recorder())
        try home.add(toast("t", 30))
        let left = try #require(home.nextDeadline())
        #expect(left > 29 && left <= 30)
        try home.tick()
        #expect(home.find("t")?.state == .showing)
    }

    @Test func joiningDomainsCarriesTimersOverToTheNewRootsClock() throws {
        let parentHost = clocked()
        parentHost.clock = 100
        let childHost = clocked()
        let tab = page("tab", parentHost)
        let home = page("home", childHost)
        try home.add(toast("t", 5))
        try childHost.advance(2, [home])
        #expect(childHost.takeTimers() == ["home 5.0"])
        try home.setParent(tab)
        #expect(childHost.takeTimers() == ["home -1.0"], "the former root's timer is withdrawn")
        #expect(parentHost.takeTimers() == ["tab 3.0"], "3 seconds left, on the parent's clock")
        try parentHost.advance(3, [tab])
        // Stamped with the child host's clock, which stood still at 2.
        #expect(childHost.take() == ["@0.0 show t page", "@2.0 remove t timeout", "@2.0 finish t timeout"])
        // Detaching takes a running timer back to the child's own clock.
        try home.add(toast("u", 4))
        _ = parentHost.takeTimers()
        try home.setParent(nil)
        #expect(childHost.takeTimers() == ["home 4.0"])
        #expect(parentHost.takeTimers() == ["tab -1.0"])
    }

    /// docs/rules.md §12: before the clock's first finite reading time stands
    /// at 0; the first one continues from there, so nothing ends at once.
    @Test func aClockWithoutAFirstReadingStartsNoCountdown() throws {
        let r = Recorder()
        r.clock = .nan
        let home = page("home", r)
        try home.add(toast("t", 2))
        r.clock = 1000
        try home.tick()
        #expect(home.nextDeadline() == 2)
        r.clock = .infinity
        try home.tick()
        #expect(home.nextDeadline() == 2)
        r.clock = 1002
        try home.tick()
        #expect(r.take() == ["show t page", "remove t timeout", "finish t timeout"])
    }
}
