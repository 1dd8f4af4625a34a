import Testing
import XYZAlert

/// A history on the recorder's virtual clock: wall time = `wall` + the
/// host's clock.
func history(_ r: Recorder, wall: Double = 1_000_000) -> History {
    History { wall + (r.clock ?? 0) }
}

/// An alert with caps on its id.
func capped(_ id: String, _ limits: [CapLimit] = [], cooldown: Double = 0, onCapped: OnCapped = .drop,
            tags: [String] = [], priority: Int32 = 0) -> Alert {
    let a = alert(id, priority)
    for limit in limits { try! a.addLimit(limit) }
    try! a.setCooldown(cooldown)
    try! a.setOnCapped(onCapped)
    for tag in tags { try! a.addTag(tag) }
    return a
}

/// docs/rules.md §16: caps, cool-downs and the display history.
@Suite("Caps and history (docs/rules.md §16)")
struct CapsTests {
    @Test func aLifetimeLimitDropsTheSecondDisplayAtAdd() throws {
        let r = clocked()
        let home = page("home", r)
        try home.setHistory(history(r))
        let first = capped("rate", [CapLimit(count: 1, per: .lifetime)])
        try home.add(first)
        try first.dismiss()
        try home.add(capped("rate", [CapLimit(count: 1, per: .lifetime)]))
        #expect(r.take() == ["@0.0 show rate page", "@0.0 finish rate dismissed",
                             "@0.0 finish rate capped"])
    }

    @Test func capsOnAllFollowEverySetAndClear() throws {
        // The caps on "all" are read without a look-up: each change of them
        // (limit, cool-down, clear of the key, clear of every key) must be
        // what the next display sees.
        let r = clocked()
        let home = page("home", r)
        let h = history(r)
        try home.setHistory(h)
        func shows(_ id: String) throws -> Bool {
            let a = alert(id)
            try home.add(a)
            defer { if a.state == .showing { try? a.dismiss() } }
            return a.state == .showing
        }
        // (A display counts under the keys that have a cap then.)
        #expect(try shows("a"))
        try h.setLimit("all", CapLimit(count: 1, per: .lifetime))
        #expect(try shows("b"))
        #expect(try !shows("c"))
        try h.clearCaps("all")
        #expect(try shows("d"))
        try h.setCooldown("all", 60)
        #expect(try shows("e"))
        #expect(try !shows("f"))
        try h.setCooldown("all", 0)
        #expect(try shows("g"))
        // (Displays counted stay: b and e; g came with no cap on "all".)
        try h.setLimit("all", CapLimit(count: 3, per: .lifetime))
        try h.setLimit("lane:main", CapLimit(count: 100, per: .lifetime))
        #expect(try shows("h"))
        #expect(try !shows("i"))
        try h.clearCaps(nil)
        #expect(try shows("j"))
        #expect(h.caps("all") == CapRules())
    }

    @Test func theRecordOfAllGoesThroughSaveLoadAndSessions() throws {
        // The record of "all" is kept beside the others: what it counted
        // must be saved, loaded, carried into a new session and pruned as
        // any key's.
        let r = clocked()
        func shows(_ page: Dispatch, _ id: String) throws -> Bool {
            let a = alert(id)
            try page.add(a)
            defer { if a.state == .showing { try? a.dismiss() } }
            return a.state == .showing
        }
        let first = history(r)
        try first.setLimit("all", CapLimit(count: 2, per: .session))
        let home = page("home", r)
        try home.setHistory(first)
        #expect(try shows(home, "a") && shows(home, "b"))
        #expect(try !shows(home, "c"))
        let saved = first.save()
        #expect(saved.records[ExactString("all")]?.sessionCount == 2)
        #expect(first.json().contains(#""all": {"session": 2}"#), "\(first.json())")
        let second = history(r)
        try second.setLimit("all", CapLimit(count: 2, per: .session))
        try second.load(saved)
        let other = page("other", r)
        try other.setHistory(second)
        #expect(try !shows(other, "d"))
        try second.beginSession()
        #expect(try shows(other, "e"))
        #expect(second.save().records[ExactString("all")]?.sessionCount == 1)
        #expect(second.save().records.count == 1)
        try second.loadEmpty()
        #expect(second.save().records.isEmpty)
        #expect(try shows(other, "f"))
    }

    @Test func aWaitAlertParksFreesByTimeAndNeverBlocksTheOnesBehind() throws {
        let r = clocked()
        let home = page("home", r)
        try home.setHistory(history(r))
        let first = capped("promo", cooldown: 30, priority: 5)
        try home.add(first)
        try first.dismiss()
        let again = capped("promo", cooldown: 30, onCapped: .wait, priority: 5)
        let low = alert("low", 1)
        try home.add([again, low])
        #expect(again.why().code == .coolingDown)
        #expect(again.why().key == "id:promo")
        #expect(again.why().until == 30)
        #expect(again.explain() == "'promo' is cooling down: at least 30s between displays (id:promo)")
        try low.dismiss()
        try r.advance(31, [home])
        #expect(r.take() == ["@0.0 show promo page", "@0.0 finish promo dismissed",
                             "@0.0 show low page", "@0.0 finish low dismissed",
                             "@30.0 show promo page"])
    }

    @Test func aSessionLimitFreesAtTheNextSession() throws {
        let r = clocked()
        let home = page("home", r)
        let h = history(r)
        try home.setHistory(h)
        try h.setLimit("tag:promo", CapLimit(count: 1, per: .session))
        let a = capped("a", tags: ["promo"])
        try home.add(a)
        try a.dismiss()
        let b = capped("b", onCapped: .wait, tags: ["promo"])
        try home.add(b)
        #expect(b.why().code == .capped)
        #expect(b.explain() == "'b' is capped: 1 of 1 displays this session (tag:promo)")
        #expect(b.why().until == nil)
        #expect(home.nextDeadline() == nil)
        try h.beginSession()
        #expect(r.take() == ["@0.0 show a page", "@0.0 finish a dismissed",
                             "@0.0 show b page"])
    }

    /// A new history is in session 1 and its first session begins there;
    /// each later one, and the first after a load, moves on. An empty
    /// load (a first launch) is a new history again.
    @Test func aNewHistoryBeginsSessionOneAndALoadMovesOn() throws {
        let h = History(clock: { 100 })
        #expect(h.session == 1)
        try h.beginSession()
        #expect(h.session == 1)
        try h.beginSession()
        #expect(h.session == 2)
        try h.load(History.State(session: 5))
        try h.beginSession()
        #expect(h.session == 6)
        try h.loadEmpty()
        #expect(h.session == 1 && h.json() == #"{"version": 1, "session": 1, "keys": {}}"#)
        try h.beginSession()
        #expect(h.session == 1)
    }

    @Test func aWindowLimitCountsTheLastDisplaysOnly() throws {
        let r = clocked()
        let home = page("home", r)
        let h = history(r)
        try home.setHistory(h)
        try h.setLimit("all", CapLimit(count: 2, per: .window(100)))
        for i in 0..<3 {
            let m = capped("m\(i)", onCapped: .wait)
            try home.add(m)
            if m.state == .showing { try m.dismiss() }
            try r.advance(10, [home])
        }
        // m0 at 0, m1 at 10, m2 waits until 100 (m0 leaves the window).
        #expect(r.take().filter { $0.contains("show") } == ["@0.0 show m0 page", "@10.0 show m1 page"])
        try r.advance(80, [home])
        #expect(r.take() == ["@100.0 show m2 page"])
    }

    @Test func cappingNeverTouchesAlertsOnScreenAndUnhideIsNoDisplay() throws {
        let r = clocked()
        let home = page("home", r)
        let h = history(r)
        try home.setHistory(h)
        try h.setLimit("id:t", CapLimit(count: 1, per: .lifetime))
        try home.add(alert("t"))
        try home.pageWillDisappear()
        try home.pageDidAppear()
        try h.setLimit("id:t", CapLimit(count: 1, per: .lifetime))
        #expect(r.take() == ["@0.0 show t page", "@0.0 hide t page", "@0.0 unhide t"])
        #expect(h.save().records[ExactString("id:t")]?.lifetime == 1)
    }

    @Test func historySavesPrunedAndLoadsBack() throws {
        let r = clocked()
        let home = page("home", r)
        let h = history(r, wall: 0)
        try home.setHistory(h)
        try h.setLimit("all", CapLimit(count: 3, per: .window(25)))
        for i in 0..<5 {
            let m = alert("m\(i)")
            try home.add(m)
            try m.dismiss()
            try r.advance(10, [home])
        }
        let saved = h.save()
        // (No lifetime or session limit: those counts are not kept.)
        #expect(saved.records[ExactString("all")] == History.Record(displays: [30, 40], lifetime: 0, sessionCount: 0, session: 1))
        #expect(h.json() == #"{"version": 1, "session": 1, "keys": {"all": {"displays": [30.0, 40.0]}}}"#)
        let other = History { 0 }
        try other.load(saved)
        #expect(other.save() == saved)
    }

    @Test func joiningDomainsWithDifferentHistoriesIsRefused() throws {
        let r = clocked()
        let a = page("a", r), b = page("b", r)
        try a.setHistory(history(r))
        try b.setHistory(history(r))
        #expect(throws: AlertError.self) { try b.setParent(a) }
        try b.setHistory(a.history)
        try b.setParent(a)
        #expect(b.history === a.history)
        try b.setParent(nil)
        #expect(b.history === a.history)
    }

    /// A year of displays under caps on windows of 1 day and 30 days: the
    /// saved history stays within the bound docs/formats.md gives (per key,
    /// at most the largest window count of display times), whatever the
    /// number of displays.
    @Test func aYearOfDisplaysKeepsTheHistoryBounded() throws {
        let r = clocked()
        let home = page("home", r)
        let h = history(r, wall: 1_700_000_000)
        try home.setHistory(h)
        try h.setLimit("all", CapLimit(count: 6, per: .window(86_400)))
        try h.setLimit("all", CapLimit(count: 40, per: .window(30 * 86_400)))
        try h.setLimit("tag:promo", CapLimit(count: 2, per: .window(86_400)))
        var shown = 0
        var largest = 0
        for hour in 0..<(365 * 24) {
            let a = capped("m\(hour)", tags: hour % 3 == 0 ? ["promo"] : [])
            try a.addLimit(CapLimit(count: 1, per: .window(7 * 86_400)))
            try home.add(a)
            if a.state == .showing {
                shown += 1
                try a.dismiss()
            }
            if hour % 24 == 0 {
                try h.beginSession()
                largest = max(largest, h.json().utf8.count)
            }
            try r.advance(3600, [home])
        }
        _ = r.take()
        let saved = h.save()
        #expect(shown > 400) // the caps let about 40 displays a month through
        #expect(saved.records[ExactString("all")]!.displays.count <= 40)
        #expect(saved.records[ExactString("tag:promo")]!.displays.count <= 2)
        // Ids shown within the last week keep one time each; older ones are pruned away.
        let idKeys = saved.records.keys.filter { $0.string.hasPrefix("id:") }
        #expect(idKeys.count <= 7 * 24)
        #expect(idKeys.allSatisfy { saved.records[$0]!.displays.count <= 1 })
        // The documented bound: about 60 bytes plus 20 per kept time, per key.
        let kept = saved.records.values.reduce(0) { $0 + $1.displays.count }
        #expect(largest <= 60 * (saved.records.count + 8 * 24) + 20 * (kept + 8 * 24))
        #expect(h.json().utf8.count <= 60 * saved.records.count + 20 * kept + 60)
    }

    @Test func capsOnAnAlertWithoutIdAreRefusedAtAdd() throws {
        let r = clocked()
        let home = page("home", r)
        let a = alert(nil)
        try a.addLimit(CapLimit(count: 1, per: .session))
        #expect(throws: AlertError.self) { try home.add(a) }
        #expect(throws: AlertError.self) { try History.validate(key: "kind:x") }
        #expect(throws: AlertError.self) { try History.validate(key: "tag:") }
    }

    /// A wall clock a test sets.
    final class WallClock {
        var time: Double
        init(_ time: Double) { self.time = time }
    }

    /// A visible page whose history, read from `wall`, has `limit` on "all".
    func pageUnderAWindow(_ limit: CapLimit, _ wall: WallClock) throws -> (History, Dispatch) {
        let h = History(clock: { wall.time })
        try h.setLimit("all", limit)
        let home = page("home", Recorder())
        try home.setHistory(h)
        return (h, home)
    }

    @Test func aClockThatGoesBackKeepsTheDisplayTimesInOrder() throws {
        // Counted at the latest time kept: the saved history loads again,
        // and a window counts its displays by binary search.
        let wall = WallClock(100)
        let (h, home) = try pageUnderAWindow(CapLimit(count: 5, per: .window(60)), wall)
        for time in [100.0, 50, 120] {
            wall.time = time
            let a = alert("a")
            try home.add(a)
            try a.dismiss()
        }
        let saved = h.save()
        #expect(saved.records[ExactString("all")]?.displays == [100, 100, 120])
        try h.load(saved)
        let out = alert("four")
        try home.add(out)
        #expect(out.why().code == .showing)
        var unordered = saved
        unordered.records[ExactString("all")]!.displays = [120, 100]
        let before = h.save()
        #expect(throws: AlertError.self) { try h.load(unordered) }
        #expect(h.save() == before)
    }

    @Test func aWindowKeepsItsLastTimesThroughManyDisplays() throws {
        // Times no cap needs go in batches in memory; the window counts and
        // frees as if each had gone at once, and a save holds exactly the kept ones.
        let wall = WallClock(0)
        let (h, home) = try pageUnderAWindow(CapLimit(count: 3, per: .window(10)), wall)
        for i in 0..<100 {
            wall.time = Double(i * 4)  // three displays in any 10 seconds: the fourth waits
            let a = capped("a\(i)", onCapped: .wait)
            try home.add(a)
            #expect(a.state == .showing, "display \(i)")
            try a.dismiss()
            #expect(h.save().records[ExactString("all")]?.displays.count ?? 0 <= 3)
        }
        #expect(h.save().records[ExactString("all")]?.displays == [388, 392, 396])
        wall.time = 397  // 388, 392 and 396 are in the window: it frees at 398
        let early = capped("early", onCapped: .wait)
        try home.add(early)
        #expect(early.why().code == .capped)
        try early.cancel()
        wall.time = 398
        let later = capped("later", onCapped: .wait)
        try home.add(later)
        #expect(later.state == .showing)
    }
}
