import Testing
import XYZAlert

func tagged(_ id: String, _ priority: Int32 = 0, _ exclusive: Exclusive = .wait, tags: [String]) -> Alert {
    let a = alert(id, priority, exclusive)
    for tag in tags {
        try! a.addTag(tag)
    }
    return a
}

/// docs/rules.md §13: tags and cancelling by tag.
@Suite("Queue policies: tags (docs/rules.md §13)")
struct TagTests {
    @Test func tagsAreKeptInOrderWithoutRepeats() throws {
        let a = Alert(id: "a")
        try a.addTag("promo")
        try a.addTag("marketing")
        try a.addTag("promo")
        #expect(a.tags == ["promo", "marketing"] && a.hasTag("marketing") && !a.hasTag("Promo"))
        #expect(errorCode { try a.addTag("") } == .invalidArgument)
        try a.cancelIfLive()
        try page("home", Recorder()).add(a)
        try a.addTag("late")
        try a.cancel()
        #expect(errorCode { try a.addTag("after") } == .state)
        #expect(a.tags == ["promo", "marketing", "late"])
    }

    @Test func cancelTaggedEndsOnScreenTopFirstThenQueuedInCandidateOrderThenOnePass() throws {
        let r = Recorder()
        let home = page("home", r)
        try home.add([tagged("low", 1, .cover, tags: ["promo"]), tagged("keep", 0, .wait, tags: [])])
        try home.add(tagged("high", 5, .cover, tags: ["promo"]))
        try home.add([tagged("q1", 0, tags: ["promo"]), tagged("q9", 9, .wait, tags: ["promo"]), alert("other")])
        _ = r.take()
        #expect(try home.cancelTagged("promo") == 4)
        #expect(r.take() == ["remove high cancelled", "finish high cancelled", "remove low cancelled",
                             "finish low cancelled", "finish q9 cancelled", "finish q1 cancelled", "show keep page"])
        #expect(try home.cancelTagged("promo") == 0)
        #expect(try home.cancelTagged("nobody") == 0)
        #expect(errorCode { _ = try home.cancelTagged("") } == .invalidArgument)
    }

    @Test func cancelTaggedCoversTheWholeDomainAndNilCancelsEverything() throws {
        let r = Recorder()
        let (tab, home, me) = try tabs(r)
        try home.add(tagged("h", tags: ["x"]))
        try me.add(tagged("m", tags: ["x"]))
        try tab.add(alert("t"))
        _ = r.take()
        #expect(try me.cancelTagged("x") == 2)
        #expect(r.take() == ["remove h cancelled", "finish h cancelled", "finish m cancelled", "show t page"])
        try home.add([alert("a"), alert("b")])
        #expect(try tab.cancelTagged(nil) == 3)
        #expect(r.take() == ["remove t cancelled", "finish t cancelled", "finish a cancelled", "finish b cancelled"])
    }

    @Test func tagsFollowAlertsAcrossDomainsAndCallbacksMaySkipSome() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        try home.add([tagged("a", tags: ["t"]), tagged("b", tags: ["t"]), tagged("c", tags: ["t"])])
        try home.setParent(tab)
        r.react = { line, _ in
            if line == "remove a cancelled" { try! home.find("c")!.cancel() }
        }
        _ = r.take()
        // The callback's own cancel runs its pass at once (calls from callbacks
        // settle themselves while no pass is delivering), so b shows before
        // its turn comes; c was ended by the callback, not by this call.
        #expect(try tab.cancelTagged("t") == 2)
        #expect(r.take() == ["remove a cancelled", "finish c cancelled", "show b page", "finish a cancelled",
                             "remove b cancelled", "finish b cancelled"])
        r.react = nil
        try home.add(tagged("d", tags: ["t"]))
        try home.setParent(nil)
        #expect(try tab.cancelTagged("t") == 0)
        #expect(try home.cancelTagged("t") == 1)
    }
}

extension Alert {
    /// Nothing for an idle alert; cancels a live one.
    func cancelIfLive() throws {
        if state.isLive { try cancel() }
    }
}

/// docs/rules.md §13: suspend and resume.
@Suite("Queue policies: suspend and resume (docs/rules.md §13)")
struct SuspensionTests {
    @Test func suspendIsCountedAndTheLastResumeRunsAPass() throws {
        let r = Recorder()
        let home = page("home", r)
        try home.suspend()
        try home.suspend()
        try home.add(alert("rating"))
        #expect(r.take() == [] && home.isSuspended)
        #expect(home.find("rating")!.explain() == "'rating' is held: page 'home' is suspended")
        try home.resume()
        #expect(r.take() == [])
        try home.resume()
        #expect(r.take() == ["show rating page"] && !home.isSuspended)
        #expect(errorMessage { try home.resume() } == "cannot resume page 'home': it is not suspended")
    }

    @Test func aSuspendedPageHoldsItsDescendantsButNotWhatIsOnScreen() throws {
        let r = Recorder()
        let (tab, home, _) = try tabs(r)
        try home.add(alert("shown"))
        try tab.suspend()
        try home.add(alert("later", 5, .cover))
        try tab.add(alert("top", 9, .hideOthers))
        #expect(r.take() == ["show shown page"])
        #expect(home.find("later")!.explain() == "'later' is held: page 'tab' is suspended")
        try home.pageWillDisappear()
        try home.pageDidAppear()
        #expect(r.take() == ["hide shown page", "unhide shown"], "on-screen alerts are not affected")
        try home.find("shown")!.dismiss()
        #expect(r.take() == ["finish shown dismissed"])
        try tab.resume()
        #expect(r.take() == ["show top page"])
        #expect(home.snapshot().pages.map(\.isSuspended) == [false, false, false])
    }

    @Test func timersRunWhileSuspended() throws {
        let r = clocked()
        let home = page("home", r)
        try home.add(toast("t", 2))
        try home.suspend()
        try home.add([toast("next", 2), toast("stale", 0, ttl: 3)])
        try r.advance(5, [home])
        #expect(r.take() == ["@0.0 show t page", "@2.0 remove t timeout", "@2.0 finish t timeout",
                             "@3.0 finish stale expired"])
        try home.resume()
        #expect(r.take() == ["@5.0 show next page"])
    }
}

/// docs/rules.md §13: updating the content of an alert in place.
@Suite("Queue policies: update in place (docs/rules.md §13)")
struct UpdateTests {
    @Test func contentSetOnAnOnScreenAlertIsDeliveredAsAnUpdate() throws {
        let r = Recorder()
        let home = page("home", r)
        let counter = alert("count")
        let queued = alert("queued")
        try home.add([counter, queued])
        try counter.setContent(AlertContent(title: "1 new message"))
        try queued.setContent(AlertContent(title: "later"))
        try home.add(alert("dialog", 9, .hideOthers))
        try counter.setContent(AlertContent(title: "2 new messages"))
        #expect(r.take() == ["show count page", "update count 1 new message", "hide count covered", "show dialog page",
                             "update count 2 new messages"])
        #expect(queued.content.title == "later")
        try counter.cancel()
        #expect(errorCode { try counter.setContent(AlertContent(title: "3")) } == .state)
    }

    @Test func anUpdateFromACallbackIsDeliveredDuringThatCall() throws {
        let r = Recorder()
        let home = page("home", r)
        r.react = { line, alert in
            if line == "show a page" { try! alert!.setContent(AlertContent(title: "drawn")) }
        }
        try home.add([alert("a"), alert("b", 5, .cover)])
        #expect(r.take() == ["show b page"], "b covers a in the same pass: a never shows")
        try home.find("b")!.dismiss()
        #expect(r.take() == ["finish b dismissed", "show a page", "update a drawn"])
    }
}

/// docs/rules.md §13: a dispatch's capacity.
@Suite("Queue policies: capacity (docs/rules.md §13)")
struct CapacityTests {
    @Test func overCapacityTheLowestRankedQueuedAlertIsDroppedAndTiesDropTheLastAdded() throws {
        let r = Recorder()
        let home = page("home", r, visible: false)
        try home.setCapacity(2)
        try home.add(alert("a", 1))
        try home.add(alert("b", 1))
        try home.add(alert("c", 1))
        #expect(r.take() == ["finish c dropped"], "a tie: the last added goes")
        try home.add(alert("vip", 5))
        #expect(r.take() == ["finish b dropped"])
        try home.add(alert("low", 0, waiting: true))
        #expect(r.take() == ["finish low dropped"], "waiting alerts are queued too")
        #expect(home.capacity == 2)
        try home.pageDidAppear()
        #expect(r.take() == ["show vip page"])
        try home.add(alert("d", 1))
        #expect(r.take() == [], "on-screen alerts do not count")
    }

    @Test func aBatchLargerThanTheCapacityKeepsItsBestThenPasses() throws {
        let r = Recorder()
        let home = page("home", r)
        try home.setCapacity(2)
        try home.add([alert("p1", 1), alert("p3", 3), alert("p0", 0), alert("p2", 2), alert("q3", 3)])
        #expect(r.take() == ["finish p0 dropped", "finish p1 dropped", "finish p2 dropped", "show p3 page"])
        #expect(home.snapshot().pages[0].queue.map { $0.id! } == ["q3"])
    }

    @Test func loweringTheCapacityEnforcesItAtOnceAndZeroLiftsIt() throws {
        let r = Recorder(deferred: true)
        let home = page("home", r, visible: false)
        try home.add((0..<4).map { alert("a\($0)", Int32($0)) })
        _ = r.take()
        try home.setCapacity(1)
        // (The adds asked for a flush already; there is no second request.)
        #expect(r.take() == ["finish a0 dropped", "finish a1 dropped", "finish a2 dropped"])
        try home.setCapacity(0)
        try home.add([alert("x"), alert("y")])
        #expect(r.take() == [])
        #expect(errorCode { try home.setCapacity(-1) } == .invalidArgument)
    }

    @Test func aDroppedAlertFreesWhatWaitsForIt() throws {
        let r = Recorder()
        let home = page("home", r, visible: false)
        try home.setCapacity(1)
        let blocker = alert("blocker", 0)
        let after = alert("after", 9)
        try after.addDependency(id: "blocker")
        try home.add(blocker)
        try home.add(after)
        #expect(r.take() == ["finish blocker dropped"])
        try home.pageDidAppear()
        #expect(r.take() == ["show after page"])
    }
}

func policy(_ a: Alert, _ p: OnDuplicate) -> Alert {
    try! a.setOnDuplicate(p)
    return a
}

/// docs/rules.md §13: what an add does with an id that is already live.
@Suite("Queue policies: duplicates (docs/rules.md §13)")
struct DuplicateTests {
    @Test func rejectIsTheDefaultAndChangesNothing() throws {
        let r = Recorder()
        let home = page("home", r)
        try home.add(alert("a"))
        let again = alert("a")
        #expect(again.onDuplicate == .reject)
        #expect(errorCode { try home.add([alert("b"), again]) } == .duplicate)
        #expect(home.find("b") == nil && again.state == .idle)
        #expect(errorCode { try again.setOnDuplicate(.ignore); try home.add(again); try again.setOnDuplicate(.replace) } == .state)
    }

    @Test func ignoreFinishesTheNewAlertDuringTheAddAndAddsTheRestOfTheBatch() throws {
        let r = Recorder()
        let home = page("home", r)
        let first = alert("a")
        try home.add(first)
        let again = policy(alert("a"), .ignore)
        try home.add([alert("b", 5, .cover), again, alert("c")])
        #expect(r.take() == ["show a page", "finish a duplicate", "show b page"])
        #expect(again.state == .finished && again.endReason == .duplicate && again.dispatch == nil)
        #expect(home.find("a") === first && home.find("c")?.state == .ready)
        // Two alerts of one batch with one id are still a duplicate.
        #expect(errorCode { try home.add([policy(alert("d"), .ignore), policy(alert("d"), .ignore)]) } == .duplicate)
    }

    @Test func replaceEndsTheLiveAlertAndAddsTheNewOneAsANewAdd() throws {
        let r = Recorder()
        let home = page("home", r)
        let old = alert("msg", 1, .cover)
        try home.add([alert("base"), old])
        let byHandle = alert("byHandle", 3, .cover)
        try byHandle.addDependency(old)
        let byID = alert("byID", 2, .cover)
        try byID.addDependency(id: "msg")
        try home.add([byHandle, byID])
        _ = r.take()
        let new = policy(alert("msg", 1, .cover), .replace)
        try home.add(new)
        // The handle dependent is free (its dependency finished); the id
        // dependent now waits for the new "msg", which shows below it.
        #expect(r.take() == ["remove msg replaced", "finish msg replaced", "show byHandle page"])
        #expect(old.endReason == .replaced && home.find("msg") === new && new.state == .ready)
        #expect(byID.explain() == "'byID' is waiting for dependency 'msg' (ready)")
        try home.find("byHandle")!.dismiss()
        #expect(r.take() == ["finish byHandle dismissed", "show msg page"])
    }

    @Test func replaceMayCloseACycleThroughTheNewAlertButNotThroughTheOldOne() throws {
        let home = page("home", Recorder(), visible: false)
        let old = alert("x")
        let waiter = alert("w")
        try waiter.addDependency(id: "x")
        try home.add([old, waiter])
        // The new "x" waits for "w", which waits for id "x": a cycle.
        let closing = policy(alert("x"), .replace)
        try closing.addDependency(waiter)
        #expect(errorMessage { try home.add(closing) }
                == "cannot add alerts: dependency cycle: 'x' -> 'w' -> 'x'")
        #expect(old.state == .ready && closing.state == .idle)
        // Depending on the alert it replaces is no cycle: that one finishes.
        let fine = policy(alert("x"), .replace)
        try fine.addDependency(old)
        try home.add(fine)
        #expect(old.endReason == .replaced && fine.state == .ready && home.snapshot().pages[0].queue.first { $0.id == "x" }?.unmetDependencies == 0)
    }
}

@Suite("Explanations of the new ends")
struct EndExplanationTests {
    @Test func everyNewEndReasonIsExplained() throws {
        let home = page("home", Recorder(), visible: false)
        try home.setCapacity(1)
        let kept = alert("kept", 1)
        let dropped = alert("dropped")
        try home.add([kept, dropped])
        #expect(dropped.explain() == "'dropped' finished: dropped (its page held more queued alerts than its capacity)")
        let ignored = policy(alert("kept"), .ignore)
        try home.add(ignored)
        #expect(ignored.explain() == "'kept' finished: duplicate (an alert with its id was live when it was added)")
        try home.add(policy(alert("kept", 1), .replace))
        #expect(kept.explain() == "'kept' finished: replaced (a newer alert with its id took its place)")
    }
}
