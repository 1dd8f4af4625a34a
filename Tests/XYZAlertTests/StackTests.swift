import Testing
import XYZAlert

/// A toast of a lane for the stack tests.
func stacked(_ id: String, lane: String = "toast", priority: Int32 = 0, exclusive: Exclusive = .wait,
             duration: Double = 0, title: String? = nil) -> Alert {
    let a = alert(id, priority, exclusive)
    try! a.setLane(lane)
    try! a.setDuration(duration)
    if let title { try! a.setContent(AlertContent(title: title)) }
    return a
}

/// docs/rules.md §19: lane limits, eviction, upserts, actions that keep the
/// alert open, the lifo order, displaced alerts and cancelQueued, on the
/// Swift API (the model-based test checks them against a reference model).
@Suite("Stacks, upserts and dialog-manager controls (docs/rules.md §19)")
struct StackTests {
    @Test func aStackRunsEveryCountdownAndTheNextShowsWhenOneLeaves() throws {
        let r = clocked()
        let app = page("app", r)
        try app.setLaneLimit(lane: "toast", visible: 3)
        try app.add([stacked("a", duration: 4), stacked("b", duration: 5), stacked("c", duration: 6)])
        let d = stacked("d", duration: 4)
        try app.add(d)
        #expect(d.why().code == .behind)
        #expect(d.explain() == "'d' is queued: lane 'toast' is full (3 of 3 visible: 'c', 'b', 'a') (lane 'toast')")
        try r.advance(10, [app])
        #expect(r.take() == ["@0.0 show a page", "@0.0 show b page", "@0.0 show c page",
                             "@4.0 remove a timeout", "@4.0 finish a timeout", "@4.0 show d page",
                             "@5.0 remove b timeout", "@5.0 finish b timeout",
                             "@6.0 remove c timeout", "@6.0 finish c timeout",
                             "@8.0 remove d timeout", "@8.0 finish d timeout"])
    }

    @Test func aCoverOverAFullStackHidesTheLowestRankedUntilThereIsRoom() throws {
        let r = Recorder()
        let app = page("app", r)
        try app.setLaneLimit(lane: "toast", visible: 2)
        let a = stacked("a"), b = stacked("b"), urgent = stacked("urgent", priority: 9, exclusive: .cover)
        try app.add([a, b])
        try app.add(urgent)
        #expect(a.why() == AlertWhy(.hiddenCovered, alert: b))
        #expect(a.explain() == "'a' is hidden: lane 'toast' shows 2 at most, and 'b', the lowest-ranked of them, ranks above it (lane 'toast')")
        try urgent.dismiss()
        #expect(r.take() == ["show a page", "show b page", "hide a covered", "show urgent page",
                             "finish urgent dismissed", "unhide a"])
    }

    @Test func theLimitIsTheRootsAndTravelsWithASplit() throws {
        let r = Recorder()
        let root = page("root", r), child = page("child", r)
        try root.setLaneLimit(lane: "toast", visible: 2, onFull: .evictOldest)
        try child.setLaneLimit(lane: "toast", visible: 4)
        try child.setParent(root)
        #expect(child.laneLimit(lane: "toast") == LaneLimit(visible: 2, onFull: .evictOldest))
        #expect(throws: AlertError.self) { try child.setLaneLimit(lane: "toast", visible: 3) }
        #expect(throws: AlertError.self) { try root.setLaneLimit(lane: "toast", visible: 0) }
        #expect(throws: AlertError.self) { try root.setLaneLimit(lane: "", visible: 2) }
        try child.setParent(nil)
        #expect(child.laneLimit(lane: "toast") == LaneLimit(visible: 4))
        let snapshot = root.snapshot()
        #expect(snapshot.laneLimits.count == 1 && snapshot.laneLimits[0].lane == "toast")
        _ = r.take()
    }

    @Test func anUpsertRestartsTheCountdownOnlyWithANewDuration() throws {
        let r = clocked()
        let app = page("app", r)
        let live = stacked("inbox", duration: 4, title: "1 new message")
        try app.add(live)
        try r.advance(3, [app])
        let three = stacked("inbox", duration: 4, title: "3 new messages")
        try three.setOnDuplicate(.update)
        try app.add(three)
        try r.advance(3, [app])
        let five = stacked("inbox", title: "5 new messages")
        try five.setOnDuplicate(.update)
        try app.add(five)
        try r.advance(2, [app])
        #expect(r.take() == ["@0.0 show inbox page", "@3.0 update inbox 3 new messages", "@3.0 finish inbox duplicate",
                             "@6.0 update inbox 5 new messages", "@6.0 finish inbox duplicate",
                             "@7.0 remove inbox timeout", "@7.0 finish inbox timeout"])
        #expect(three.endReason == .duplicate && live.endReason == .timeout)
    }

    @Test func aKeepOpenActionDeliversActionOnly() throws {
        let r = Recorder()
        let app = page("app", r)
        let a = alert("archived")
        try a.setContent(AlertContent(actions: [AlertAction(id: "undo", title: "Undo", keepOpen: true),
                                                AlertAction(id: "close", title: "Close")]))
        try app.add(a)
        try a.triggerAction(0)
        #expect(a.state == .showing)
        try a.triggerAction(1)
        #expect(r.take() == ["show archived page", "action archived 0", "action archived 1",
                             "remove archived dismissed", "finish archived dismissed"])
    }

    @Test func lifoPutsTheLaterAddFirstAmongEqualPrioritiesOnly() throws {
        let r = Recorder()
        let home = page("home", r, visible: false)
        try home.setOrder(.lifo)
        let fifo = page("fifo", r, visible: false)
        try fifo.setParent(home)
        let early = alert("early"), late = alert("late"), urgent = alert("urgent", 5), plain = alert("plain")
        try fifo.add(plain)
        try home.add([early, late, urgent])
        try fifo.pageDidAppear()
        try home.pageDidAppear()
        try urgent.dismiss()
        try late.dismiss()
        try early.dismiss()
        #expect(r.take() == ["show urgent page", "finish urgent dismissed", "show late page",
                             "finish late dismissed", "show early page", "finish early dismissed", "show plain page"])
        #expect(home.order == .lifo && fifo.order == .fifo)
    }

    @Test func aDisplacedAlertThatDropsEndsWhereItWouldHide() throws {
        let r = Recorder()
        let app = page("app", r)
        let tip = alert("tip")
        try tip.setWhenDisplaced(.drop)
        try app.add(tip)
        try app.pageWillDisappear()
        try app.add(alert("login", 9, .hideOthers))
        try app.pageDidAppear()
        // Hidden for its page, it would stay hidden under the dialog: it ends then.
        #expect(r.take() == ["show tip page", "hide tip page", "remove tip displaced", "finish tip displaced", "show login page"])
        #expect(throws: AlertError.self) { try tip.setWhenDisplaced(.restore) }
    }

    @Test func cancelQueuedKeepsTheScreenHiddenAlertsIncluded() throws {
        let r = Recorder()
        let app = page("app", r)
        let low = alert("low", 0, .wait), cover = alert("cover", 5, .hideOthers)
        try app.add(low)
        try app.add(cover)
        try app.add([alert("q1"), alert("q2", 3)])
        _ = r.take()
        #expect(try app.cancelQueued(nil) == 2)
        #expect(r.take() == ["finish q2 cancelled", "finish q1 cancelled"])
        #expect(low.state == .hidden && cover.state == .showing)
        #expect(throws: AlertError.self) { try app.cancelQueued("") }
    }
    /// An alert that pre-empts equals, as the tests build it.
    func preempting(_ id: String, _ priority: Int32 = 5, _ exclusive: Exclusive = .cover, lane: String = "main") -> Alert {
        let a = stacked(id, lane: lane, priority: priority, exclusive: exclusive)
        try! a.setPreempt(.equal)
        return a
    }

    @Test func preemptEqualShowsOverEqualsAddedBeforeItOnly() throws {
        let r = Recorder()
        let app = page("app", r)
        let sync = alert("sync", 5, .cover), x = preempting("x"), y = preempting("y")
        try app.add(sync)
        try app.add([x, y])
        // Each covers the one added before it, in one pass; a later plain
        // equal waits, behind the first of the priority.
        let plain = alert("plain", 5, .cover)
        try app.add(plain)
        #expect(r.take() == ["show sync page", "show x page", "show y page"])
        #expect(plain.why() == AlertWhy(.behind, alert: sync))
        #expect(plain.explain() == "'plain' is blocked by 'sync' (priority 5 >= 5)")
        #expect(throws: AlertError.self) { try x.setPreempt(.lower) }
        #expect(x.preempt == .equal && sync.preempt == .lower)
    }

    @Test func preemptEqualInAFullStackHidesTheLowestRanked() throws {
        let r = Recorder()
        let app = page("app", r)
        try app.setLaneLimit(lane: "toast", visible: 2)
        try app.add([stacked("a"), stacked("b")])
        try app.add(preempting("d", 0, lane: "toast"))
        #expect(r.take() == ["show a page", "show b page", "hide a covered", "show d page"])
    }

    @Test func pagesThatJoinKeepPreemptingInOnePass() throws {
        // The joined domain learns that an alert pre-empts equals: its pass
        // does not end after the first show.
        let r = Recorder()
        let root = page("root", r)
        try root.add(alert("sync", 5, .cover))
        _ = r.take()
        let other = page("other", r, visible: false)
        try other.add([preempting("p"), preempting("q")])
        try other.setParent(root)
        try other.pageDidAppear()
        #expect(r.take() == ["show p page", "show q page"])
    }

    @Test func anUncoverableAlertHoldsBackCoversHidesAndEvictions() throws {
        let r = Recorder()
        let app = page("app", r)
        let consent = alert("consent", 0, .wait)
        try consent.setCoverable(false)
        #expect(!consent.coverable)
        try app.add(consent)
        let outage = alert("outage", 10, .hideOthers)
        try app.add(outage)
        #expect(outage.why() == AlertWhy(.behind, alert: consent))
        #expect(outage.explain() == "'outage' is blocked by 'consent': it is not coverable")
        try consent.dismiss()
        #expect(r.take() == ["show consent page", "finish consent dismissed", "show outage page"])
        #expect(throws: AlertError.self) { try consent.setCoverable(true) }
        // A full lane that evicts does not evict it: the candidate waits.
        try app.setLaneLimit(lane: "snack", visible: 1, onFull: .evictOldest)
        let recording = stacked("recording", lane: "snack"), saved = stacked("saved", lane: "snack")
        try recording.setCoverable(false)
        try app.add(recording)
        try app.add(saved)
        #expect(saved.why() == AlertWhy(.behind, alert: recording))
        #expect(saved.explain() == "'saved' is queued: lane 'snack' is full (1 of 1 visible: 'recording'), and 'recording' is not coverable (lane 'snack')")
        try recording.dismiss()
        #expect(r.take() == ["show recording page", "finish recording dismissed", "show saved page"])
    }
}
