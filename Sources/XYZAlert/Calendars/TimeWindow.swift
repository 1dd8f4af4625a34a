/// When an alert may be selected to show (docs/rules.md §22): `windows`
/// (outside every one it waits or drops) and `exclude` (inside any one, the
/// same), in the user's local time.

/// One window: the days it opens on, and from `from` to `to` (exclusive)
/// in minutes after local midnight. `from` later than `to` wraps past
/// midnight and belongs to the day of its `from` (a Friday 23:00–01:00
/// window runs until Saturday 01:00).
public struct TimeWindow: Equatable, Hashable, Sendable {
    /// Bit 0 Monday ... bit 6 Sunday.
    public var days: UInt8
    /// Minutes after midnight: `from` 0 ..< 1440, `to` 1 ... 1440 (24:00;
    /// 0 given to the initializer reads as 1440).
    public var from: Int
    public var to: Int

    public static let everyDay: UInt8 = 0x7F
    /// Day names as files write them, Monday first.
    public static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// A `to` of 0 (00:00) means the midnight that ends the day: 1440 (24:00).
    public init(days: UInt8 = TimeWindow.everyDay, from: Int, to: Int) {
        self.days = days
        self.from = from
        self.to = to == 0 ? 1440 : to
    }

    /// Throws `.invalidArgument` for minutes out of range, an empty window
    /// (`from == to`) or no day.
    public func validate() throws(AlertError) {
        guard (0..<1440).contains(from) else {
            throw AlertError(.invalidArgument, "a window's start must be from 00:00 to 23:59, not \(TimeWindow.words(from))")
        }
        guard (1...1440).contains(to) else {
            throw AlertError(.invalidArgument, "a window's end must be from 00:00 (the midnight that ends the day) to 24:00, not \(TimeWindow.words(to))")
        }
        guard from != to % 1440 else {
            throw AlertError(.invalidArgument, "a window from \(TimeWindow.words(from)) to \(TimeWindow.words(to)) is empty (00:00 to 24:00 is the whole day)")
        }
        guard days & TimeWindow.everyDay != 0, days & ~TimeWindow.everyDay == 0 else {
            throw AlertError(.invalidArgument, "a window's days must name at least one day of mon..sun")
        }
    }

    /// "HH:MM" of `minutes` (negative or huge values as plain numbers).
    public static func words(_ minutes: Int) -> String {
        guard (0...1440).contains(minutes) else { return "\(minutes) minutes" }
        let h = minutes / 60, m = minutes % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    /// The names of its days, Monday first.
    public var dayList: [String] {
        (0..<7).filter { days & (1 << $0) != 0 }.map { TimeWindow.dayNames[$0] }
    }

    /// "mon,tue 09:00-18:00" (days left out when every day).
    public var description: String {
        let names = days == TimeWindow.everyDay ? "" : dayList.joined(separator: ",") + " "
        return names + TimeWindow.words(from) + "-" + TimeWindow.words(to)
    }

    private func opens(on weekday: Int) -> Bool { days & (1 << UInt8(weekday)) != 0 }

    /// Whether local time `local` (seconds since the epoch, local) is inside.
    func contains(local: Double) -> Bool {
        let number = LocalTime.dayNumber(local)
        let second = local - number * LocalTime.day
        let weekday = LocalTime.weekday(ofDay: number)
        let start = Double(from * 60), end = Double(to * 60)
        if from < to {
            return opens(on: weekday) && second >= start && second < end
        }
        return (opens(on: weekday) && second >= start) || (opens(on: (weekday + 6) % 7) && second < end)
    }
}

/// An alert's windows and excludes.
struct WindowRules: Equatable {
    var windows: [TimeWindow] = []
    var exclude: [TimeWindow] = []
    var onOutside = OnOutside.wait

    var isEmpty: Bool { windows.isEmpty && exclude.isEmpty }

    /// Open at local time `local`: inside a window (or none set) and no exclude.
    func isOpen(local: Double) -> Bool {
        (windows.isEmpty || windows.contains { $0.contains(local: local) }) && !exclude.contains { $0.contains(local: local) }
    }

    /// The first wall-clock time after `wall` at which the rules are open,
    /// or nil when none comes within 8 days (they never open: every window
    /// excluded). Openness changes only at the wall times of window and
    /// exclude edges (both of a repeated one, the end of a gap for one in
    /// a gap) and at a jump back over one; those are looked at in order of
    /// local time, until no later edge can be earlier than the best found
    /// (an edge's wall times are at most 18 hours before it).
    func nextOpening(after wall: Double, _ offset: (Double) -> Double) -> Double? {
        let local = wall + offset(wall)
        let today = LocalTime.dayNumber(local)
        var edges: [Double] = []
        for window in windows + exclude {
            for day in stride(from: today - 1, through: today + 8, by: 1) {
                for minute in [window.from, window.to] {
                    // A jump back brings at most a day of local time again.
                    let edge = day * LocalTime.day + Double(minute * 60)
                    if edge > local - LocalTime.day { edges.append(edge) }
                }
            }
        }
        edges.sort()
        var best: Double?
        var last = -Double.infinity
        for edge in edges where edge != last {
            last = edge
            if let best, edge - LocalTime.maxOffset > best { break }
            let found = LocalTime.walls(ofLocal: edge, offset)
            var times = [found.first]
            if let second = found.second { times.append(second) }
            if let change = found.change, change != found.first { times.append(change) }
            for time in times where time > wall && time < (best ?? .infinity) {
                // A wall time of the edge reads the edge; an offset change, its own local time.
                let reading = time == found.change ? time + offset(time) : edge
                if isOpen(local: reading) { best = time }
            }
        }
        return best
    }
}
