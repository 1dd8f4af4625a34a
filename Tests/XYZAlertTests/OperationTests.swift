import Testing
import XYZAlert

/// docs/rules.md §2 and §6: every row of the operations table, pass modes.
@Suite("Operations and their events (docs/rules.md §2, §6)")
struct OperationTests {
    @Test func alertsAreCreatedIdleAndReadyUnlessMarkedWaiting() throws {
        let home = page("home", Recorder(), visible: false)
        let a = alert("a")
        #expect(a.state == .idle && a.priority == 0 && a.exclusive == .wait && a.target == "page")
        try a.setWaiting()
        try home.add([a])
        #expect(a.state == .waiting)
        let b = alert("b")
        try b.setWaiting()
        try b.setReady()
        try home.add([b])
        #expect(b.state == .ready)
        #expect(errorCode { try a.setWaiting() } == .state)
        #expect(errorCode { try a.setPriority(3) } == .state)
        #expect(errorCode { try a.setExclusive(.cover) } == .state)
    }

    @Test func stateChangesBeforeTheCallbackThatReportsThem() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a", 0, .wait, actions: 1)
        try home.add([a])
        try home.add([alert("b", 9, .hideOthers, actions: 1)])
        try home.find("b")!.triggerAction(0)
        try a.cancel()
        #expect(r.statesSeen == ["a:showing", "a:hidden", "b:showing", "b:finished", "b:finished",
                                 "b:finished", "a:showing", "a:finished", "a:finished"])
    }

    @Test func addIsAtomic() throws {
        let r = Recorder()
        let home = page("home", r)
        try home.add([alert("taken")])
        let fresh = alert("fresh")
        #expect(errorMessage { try home.add([fresh, alert("taken")]) }
                == "cannot add alert 'taken': a live alert with that id is already in the domain of page 'home'")
        #expect(fresh.state == .idle && home.find("fresh") == nil)
        #expect(errorCode { try home.add([fresh, fresh]) } == .invalidArgument)
        #expect(errorCode { try home.add([fresh, home.find("taken")!]) } == .state)
        #expect(fresh.state == .idle)
        #expect(r.take() == ["show taken page"])
    }

    @Test func setReadyOnAWaitingAlertQueuesItAndRunsAPass() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a", 0, .wait, waiting: true)
        try home.add([a])
        #expect(r.take() == [])
        try a.setReady()
        try a.setReady()
        #expect(r.take() == ["show a page"])
        #expect(a.state == .showing)
    }

    @Test func dismissFinishesAnOnScreenAlertOnly() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a")
        let b = alert("b")
        #expect(errorCode { try a.dismiss() } == .state)
        try home.add([a, b])
        #expect(errorCode { try b.dismiss() } == .state)
        try a.dismiss()
        #expect(r.take() == ["show a page", "finish a dismissed", "show b page"])
        #expect(a.endReason == .dismissed)
    }

    @Test func cancelEndsALiveAlertRemovingItIfOnScreen() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a")
        let b = alert("b")
        #expect(errorCode { try a.cancel() } == .state)
        try home.add([a, b])
        try b.cancel()
        try a.cancel()
        #expect(r.take() == ["show a page", "finish b cancelled", "remove a cancelled", "finish a cancelled"])
    }

    @Test func triggerActionReportsTheActionThenRemovesAndFinishes() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a", 0, .wait, actions: 2)
        try home.add([a])
        #expect(errorCode { try a.triggerAction(2) } == .invalidArgument)
        #expect(errorCode { try a.triggerAction(-1) } == .invalidArgument)
        try home.add([alert("cover", 5, .hideOthers)])
        #expect(errorCode { try a.triggerAction(0) } == .state)
        try home.find("cover")!.dismiss()
        try a.triggerAction(1)
        #expect(r.take() == ["show a page", "hide a covered", "show cover page", "finish cover dismissed",
                             "unhide a", "action a 1", "remove a dismissed", "finish a dismissed"])
    }

    @Test func everyStateChangingCallOnAFinishedAlertFailsAndGettersStillWork() throws {
        let home = page("home", Recorder())
        let a = alert("a", 4, .cover, actions: 1)
        try home.add([a])
        try a.dismiss()
        let calls: [() throws -> Void] = [
            { try a.setReady() }, { try a.setWaiting() }, { try a.dismiss() }, { try a.cancel() },
            { try a.triggerAction(0) }, { try a.setPriority(1) }, { try a.setExclusive(.wait) },
            { try a.addDependency(alert("x")) }, { try a.addDependency(id: "x") }, { try a.setTarget("w") },
            { try a.setContent(AlertContent()) }, { try a.setFrame(nil) }, { try a.setKeyboardAvoidance(false) },
            { try home.add([a]) },
        ]
        for call in calls {
            #expect(errorCode(call) == .state)
        }
        #expect(a.state == .finished && a.id == "a" && a.priority == 4 && a.exclusive == .cover)
        #expect(a.explain() == "'a' finished: dismissed")
    }

    @Test func deferredModeCoalescesFlushRequestsAndOnlyPassesWait() throws {
        let r = Recorder(deferred: true)
        let home = page("home", r)
        let a = alert("a")
        try home.add([a])
        try home.add([alert("b")])
        #expect(r.take() == ["flush? home"])
        #expect(a.explain() == "'a' is ready and will show at the next pass (a flush is requested)")
        try home.flush()
        #expect(r.take() == ["show a page"])
        try a.cancel()
        #expect(r.take() == ["remove a cancelled", "finish a cancelled", "flush? home"])
        try home.flush()
        try home.flush()
        #expect(r.take() == ["show b page"])
    }

    @Test func theRootsHostDecidesTheModeOfTheWholeDomain() throws {
        let deferred = Recorder(deferred: true)
        let immediate = Recorder()
        let tab = page("tab", deferred)
        let home = page("home", immediate)
        try home.setParent(tab)
        try tab.flush()
        #expect(deferred.take() == ["flush? tab"])
        try home.add([alert("h")])
        #expect(deferred.take() == ["flush? tab"])
        #expect(immediate.take() == [])
        try home.flush()
        #expect(immediate.take() == ["show h page"])
    }

    @Test func aHostsPassModeIsReadWhenItsDispatchIsCreated() throws {
        let r = Recorder()
        let home = page("home", r)
        r.defersPasses = true
        try home.add([alert("a")])
        #expect(r.take() == ["show a page"])
        let later = page("later", r)
        r.defersPasses = false
        try later.add([alert("b")])
        #expect(r.take() == ["flush? later"])
    }

    @Test func callbacksMayCallBackInDeferredModeAndTheFlushTakesItIntoAccount() throws {
        let r = Recorder(deferred: true)
        let home = page("home", r)
        r.react = { line, a in
            if line == "show a page" {
                try! a!.dismiss()
            }
        }
        try home.add([alert("a"), alert("b")])
        try home.flush()
        #expect(r.take() == ["flush? home", "show a page", "finish a dismissed", "show b page"])
    }

    @Test func targetsResolveOnTheDispatchOrAnAncestorAndPageIsThePageView() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r, view: view(0x10))
        try home.setParent(tab)
        try tab.setTarget("window", view: view(0x20))
        let a = alert("a")
        let b = alert("b", 1, .cover)
        let c = alert("c", 2, .cover)
        try b.setTarget("window")
        try c.setTarget("nowhere")
        try home.add([a])
        try home.add([b])
        try home.add([c])
        #expect(r.take() == ["show a page", "show b window", "show c nowhere"])
        #expect(r.views["a"] == view(0x10) && r.views["b"] == view(0x20) && r.views["c"]! == nil)
        try home.setTarget("page", view: view(0x30))
        try home.setTarget("window", view: view(0x40))
        let d = alert("d", 3, .cover)
        try d.setTarget("window")
        try home.add([d])
        #expect(r.views["d"] == view(0x40))
        #expect(errorCode { try home.setTarget("", view: nil) } == .invalidArgument)
        #expect(errorCode { try a.setTarget("") } == .invalidArgument)
    }

    @Test func keyboardOffsetIsThePureFormula() {
        let frame = Rect(x: 0, y: 500, width: 300, height: 200)
        #expect(keyboardOffset(frame: frame, keyboard: Rect(x: 0, y: 600, width: 400, height: 300), adjust: -8) == -108)
        #expect(keyboardOffset(frame: frame, keyboard: Rect(x: 0, y: 700, width: 400, height: 300), adjust: -8) == 0)
        #expect(keyboardOffset(frame: frame, keyboard: Rect(x: 0, y: 600, width: 400, height: 0), adjust: -8) == 0)
        #expect(keyboardOffset(frame: frame, keyboard: Rect(x: 0, y: 650, width: 400, height: 300), adjust: 0) == -50)
    }

    @Test func visibleAlertsMoveWhenTheirOffsetChanges() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert("a")
        let b = alert("b", 5, .cover)
        let quiet = alert("quiet", 6, .cover)
        try home.add([a])
        try home.add([b])
        try home.add([quiet])
        try a.setFrame(Rect(x: 0, y: 500, width: 300, height: 200))
        try b.setFrame(Rect(x: 0, y: 400, width: 300, height: 250))
        try b.setKeyboardAvoidance(true, adjust: -10)
        try quiet.setFrame(Rect(x: 0, y: 500, width: 300, height: 200))
        try quiet.setKeyboardAvoidance(false)
        r.log = []
        try home.keyboardChanged(Rect(x: 0, y: 600, width: 400, height: 300), duration: 0.25)
        #expect(r.take() == ["move b -60.0 0.25", "move a -100.0 0.25"])
        #expect(a.offset == -100)
        try home.keyboardChanged(Rect(x: 0, y: 600, width: 400, height: 300), duration: 0.25)
        #expect(r.take() == [])
        try home.add([alert("top", 9, .hideOthers)])
        try home.keyboardChanged(Rect(x: 0, y: 1000, width: 400, height: 0), duration: 0.2)
        try home.find("top")!.dismiss()
        // Hidden alerts keep their offset until they are visible again.
        #expect(r.take() == ["hide quiet covered", "hide b covered", "hide a covered", "show top page",
                             "finish top dismissed", "unhide quiet", "unhide b", "unhide a",
                             "move b 0.0 0.0", "move a 0.0 0.0"])
        #expect(errorCode { try home.keyboardChanged(Rect.zero, duration: -1) } == .invalidArgument)
    }

    @Test func contentIsStoredForTheHost() throws {
        let a = Alert(id: "promo")
        let content = AlertContent(style: "sheet", title: "Summer sale", message: "Everything -20%",
                                   actions: [AlertAction(id: "open", title: "Open"),
                                             AlertAction(id: "close", title: "Later", style: .cancel)],
                                   meta: #"{"image":"sale.png"}"#)
        try a.setContent(content)
        #expect(a.content == content)
        #expect(a.content.actions[1].style == .cancel)
        #expect(Alert(id: "").id == nil)
    }

    @Test func explainSaysWhyAnAlertIsInItsState() throws {
        let r = Recorder()
        let (tab, home, me) = try tabs(r)
        let idle = alert("idle")
        #expect(idle.explain() == "'idle' has not been added to a dispatch")
        let waiting = alert("w", 0, .wait, waiting: true)
        let shown = alert("shown", 10, .cover)
        let covered = alert("low")
        try tab.add([covered])
        try home.add([shown, waiting])
        let blockedWait = alert("queued", 50)
        let blockedCover = alert("promo", 5, .cover)
        try home.add([blockedWait, blockedCover])
        #expect(waiting.explain() == "'w' is waiting: the host has not marked it ready")
        #expect(shown.explain() == "'shown' is showing on page 'home' (target 'page')")
        #expect(blockedWait.explain() == "'queued' is blocked by 'shown': it is 'wait' and never shows over another alert")
        #expect(blockedCover.explain() == "'promo' is blocked by 'shown' (priority 10 >= 5)")
        try tab.setActiveChild(me)
        #expect(shown.explain() == "'shown' is hidden: page 'home' is not the active child of page 'tab'")
        try tab.setActiveChild(nil)
        try tab.add([alert("login", 99, .hideOthers)])
        #expect(covered.explain() == "'low' is hidden: covered by 'login' (hide_others)")
        try tab.pageWillDisappear()
        #expect(blockedCover.explain() == "'promo' is ready but page 'tab' is not visible")
    }

    @Test func aSnapshotShowsPagesStackAndQueues() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r, visible: false)
        try home.setParent(tab)
        try tab.setActiveChild(home)
        try tab.add([alert("t", 2)])
        let dep = alert("d", 7)
        try dep.addDependency(id: "t")
        try home.add([alert("h", 1, .wait, waiting: true), dep])
        let snap = home.snapshot()
        #expect(snap.pages.map(\.name) == ["tab", "home"])
        #expect(snap.pages[1].parent == 0 && snap.pages[0].activeChild == 1)
        #expect(snap.pages.map(\.isParticipating) == [true, false])
        #expect(snap.stack.map(\.id) == ["t"])
        #expect(snap.pages[1].queue.map(\.id) == ["d", "h"])
        #expect(snap.pages[1].queue.map(\.state) == [.ready, .waiting])
        #expect(snap.pages[1].queue[0].unmetDependencies == 1)
        #expect(!snap.isDeferred && !snap.flushRequested)
    }

    @Test func callsOnADestroyedDispatchFailWithState() throws {
        let home = page("home", Recorder())
        try home.destroy()
        let calls: [() throws -> Void] = [
            { try home.add([alert("a")]) }, { try home.pageDidAppear() }, { try home.pageWillDisappear() },
            { try home.setParent(nil) }, { try home.setActiveChild(nil) }, { try home.setActiveChildProvider(nil) },
            { try home.setTarget("x", view: nil) }, { try home.keyboardChanged(.zero, duration: 0) },
            { try home.flush() }, { try home.destroy() },
        ]
        for call in calls {
            #expect(errorCode(call) == .state)
        }
    }

    @Test func aProviderCannotChangeTheSchedule() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        try home.setParent(tab)
        try home.add([alert("present")]) // a domain without alerts runs no pass
        var failure: AlertError.Code?
        try tab.setActiveChildProvider { parent in
            failure = errorCode { try parent.add([alert("sneaky")]) }
            return home
        }
        #expect(failure == .state)
        #expect(tab.find("sneaky") == nil)
    }

    @Test func aDomainWithoutAlertsRunsNoPass() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        try home.setParent(tab)
        var asked = 0
        try tab.setActiveChildProvider { _ in
            asked += 1
            return home
        }
        try tab.pageWillDisappear()
        try tab.pageDidAppear()
        #expect(asked == 0)
        try home.add([alert("a")])
        #expect(asked > 0)
        #expect(r.take() == ["show a page"])
    }

    @Test func setParentFromInsideACallbackOfEitherDomainFails() throws {
        let r = Recorder()
        let tab = page("tab", r)
        let home = page("home", r)
        var failure: AlertError.Code?
        r.react = { line, _ in
            if line == "show a page" {
                failure = errorCode { try home.setParent(tab) }
            }
        }
        try tab.add([alert("a")])
        #expect(failure == .state && home.parent == nil)
    }

    /// What the alert set format refuses, setContent refuses, so that every
    /// recorded content change loads: an empty style, an empty action id,
    /// two actions with one id. Nothing changes.
    @Test func contentTheFilesRefuseIsRefused() throws {
        let a = alert("a")
        let ok = AlertAction(id: "ok", title: "OK", style: .default)
        #expect(throws: AlertError.self) { try a.setContent(AlertContent(style: "")) }
        #expect(throws: AlertError.self) { try a.setContent(AlertContent(actions: [AlertAction(id: "", title: "T", style: .default)])) }
        do {
            try a.setContent(AlertContent(actions: [ok, ok]))
            Issue.record("two actions with one id were accepted")
        } catch {
            #expect(error.code == .duplicate && error.message == "alert 'a' already has an action with id 'ok'")
        }
        #expect(a.content.isIdentical(to: AlertContent()))
    }
}
