import Testing
@testable import XYZAlert

/// docs/rules.md §22 through the Swift API: local days and weeks, windows
/// and excludes (edges, wraps past midnight, the next opening across a
/// change of offset), on_outside, calendar caps, and bad input.
@Suite("Calendars (docs/rules.md §22)")
struct CalendarTests {
    /// 2026-12-07, a Monday, 00:00 UTC.
    static let monday = 1_796_601_600.0
    static let hour = 3600.0

    @Test func weekdaysAndPeriodsReadLocalTime() {
        #expect(LocalTime.weekday(ofDay: 0) == 3)  // 1970-01-01, a Thursday
        #expect(LocalTime.weekday(ofDay: LocalTime.dayNumber(Self.monday)) == 0)
        #expect(LocalTime.weekday(ofDay: -1) == 2)
        // At UTC+1, Monday 23:30 UTC is Tuesday 00:30 local: the day is Tuesday's.
        let period = LocalTime.period(containing: Self.monday + 23.5 * Self.hour, week: false) { _ in Self.hour }
        #expect(period.start == Self.monday + 23 * Self.hour && period.end == Self.monday + 47 * Self.hour)
        let week = LocalTime.period(containing: Self.monday + 3 * 86400, week: true) { _ in 0 }
        #expect(week.start == Self.monday && week.end == Self.monday + 7 * 86400)
        #expect(LocalTime.clamped(.nan) == 0 && LocalTime.clamped(1e9) == 64800 && LocalTime.clamped(-.infinity) == -64800)
    }

    @Test func aWeeklyWindowAtAirshipsFourEdges() throws {
        let rules = WindowRules(windows: [TimeWindow(days: 0b1010, from: 180, to: 1440)])  // tue, thu 03:00-24:00
        let tuesday = Self.monday + 86400
        #expect(!rules.isOpen(local: Self.monday + 12 * Self.hour))   // the day before
        #expect(!rules.isOpen(local: tuesday + 3 * Self.hour - 1))     // one second before opening
        #expect(rules.isOpen(local: tuesday + 3 * Self.hour))          // at opening
        #expect(!rules.isOpen(local: tuesday + 86400 + 12 * Self.hour)) // the day after
        #expect(rules.nextOpening(after: Self.monday + 12 * Self.hour) { _ in 0 } == tuesday + 3 * Self.hour)
        #expect(rules.nextOpening(after: tuesday + 86400) { _ in 0 } == tuesday + 2 * 86400 + 3 * Self.hour)
    }

    @Test func aWrappingWindowBelongsToTheDayOfItsStart() {
        let friday = Self.monday + 4 * 86400
        let late = WindowRules(windows: [TimeWindow(days: 0b10000, from: 23 * 60, to: 60)])  // fri 23:00-01:00
        #expect(late.isOpen(local: friday + 86400 + 0.5 * Self.hour))   // Saturday 00:30
        #expect(!late.isOpen(local: friday + 0.5 * Self.hour))          // Friday 00:30: Thursday's night
        let quiet = WindowRules(exclude: [TimeWindow(from: 23 * 60, to: 60)])
        #expect(!quiet.isOpen(local: Self.monday + 0.5 * Self.hour) && quiet.isOpen(local: Self.monday + Self.hour))
        #expect(quiet.nextOpening(after: Self.monday + 23 * Self.hour) { _ in 0 } == Self.monday + 25 * Self.hour)
    }

    @Test func windowsThatNeverOpenAskForNoTimer() {
        let never = WindowRules(windows: [TimeWindow(from: 540, to: 600)], exclude: [TimeWindow(from: 0, to: 1440)])
        #expect(never.nextOpening(after: Self.monday) { _ in 0 } == nil)
    }

    @Test func theNextOpeningFollowsAChangeOfOffset() {
        // Summer time ends at Monday 01:00 UTC (+2 h before, +1 h after).
        let offset = { (wall: Double) in wall < Self.monday + Self.hour ? 2 * Self.hour : Self.hour }
        let breakfast = WindowRules(windows: [TimeWindow(from: 480, to: 540)])
        // From Sunday 08:30 UTC: Monday 08:00 local is 07:00 UTC.
        #expect(breakfast.nextOpening(after: Self.monday - 15.5 * Self.hour, offset) == Self.monday + 7 * Self.hour)
    }

    @Test func badWindowsAreRefusedAndChangeNothing() throws {
        let alert = Alert(id: "a")
        try alert.setWindows([TimeWindow(from: 60, to: 120)])
        for bad in [TimeWindow(days: 0, from: 60, to: 120), TimeWindow(days: 0x80, from: 60, to: 120),
                    TimeWindow(from: 1440, to: 60), TimeWindow(from: -1, to: 60), TimeWindow(from: 60, to: 1441),
                    TimeWindow(from: 60, to: 60), TimeWindow(from: 0, to: 0)] {
            #expect(throws: AlertError.self) { try alert.setWindows([TimeWindow(from: 0, to: 30), bad]) }
            #expect(throws: AlertError.self) { try alert.setExclude([bad]) }
        }
        #expect(alert.windows == [TimeWindow(from: 60, to: 120)] && alert.exclude.isEmpty)
        #expect(TimeWindow(from: 1380, to: 0).to == 1440)
    }

    /// A visible page with a history on `wall`, the host answering `offset`.
    final class World {
        let host = Recorder()
        let page: Dispatch
        var wall: Double

        init(wall: Double, offset: Double) throws {
            self.wall = wall
            host.clock = 0
            host.offset = { _ in offset }
            page = Dispatch(host: host, name: "home")
            let history = History { [unowned self] in self.wall + (self.host.clock ?? 0) }
            try page.setHistory(history)
            try page.pageDidAppear()
        }
    }

    @Test func outsideItsWindowAnAlertWaitsThenShowsAtTheOpening() throws {
        let world = try World(wall: Self.monday + 7.5 * Self.hour, offset: Self.hour)  // 08:30 local
        let alert = Alert(id: "a")
        try alert.setWindows([TimeWindow(from: 540, to: 600)])
        try world.page.add(alert)
        let why = alert.why()
        #expect(why.code == .outsideWindow && why.until == 1800)
        #expect(world.host.takeTimers() == ["home 1800.0"])
        try world.host.advance(1800, [world.page])
        #expect(world.host.take() == ["show a page"])
        try world.host.advance(7200, [world.page])
        #expect(alert.state == .showing)  // on screen it stays
    }

    @Test func dropEndsItOutsideWindowWhenItWouldBeSelected() throws {
        let world = try World(wall: Self.monday + 7.5 * Self.hour, offset: 0)
        let alert = Alert(id: "a")
        try alert.setExclude([TimeWindow(from: 420, to: 480)])
        try alert.setOnOutside(.drop)
        try world.page.add(alert)
        #expect(world.host.take() == ["finish a outside_window"] && alert.endReason == .outsideWindow)
    }

    @Test func aCalendarDayCapFreesAtLocalMidnightARollingOneADayLater() throws {
        let world = try World(wall: Self.monday + 22 * Self.hour + 59 * 60, offset: Self.hour)  // 23:59 local
        func tip(_ id: String, _ per: CapPeriod) throws -> Alert {
            let alert = Alert(id: id)
            try alert.addLimit(CapLimit(count: 1, per: per))
            try alert.setOnCapped(.wait)
            try alert.setLane(id)
            return alert
        }
        for (id, per) in [("daily", CapPeriod.day), ("rolling", CapPeriod.window(86400))] {
            let first = try tip(id, per)
            try world.page.add(first)
            try first.dismiss()
            try world.page.add(try tip(id, per))
        }
        _ = world.host.take()
        try world.host.advance(120, [world.page])  // 00:01 local
        #expect(world.host.take() == ["show daily page"])
        try world.host.advance(86400 - 120, [world.page])
        #expect(world.host.take() == ["show rolling page"])
        #expect(CapLimit(count: 2, per: .week).per.description == "this week")
    }
}
