/// Local calendar arithmetic over wall-clock seconds since the Unix epoch
/// and an offset east of UTC (docs/rules.md §22). Days start at local
/// midnight; weeks on Monday 00:00; weekdays count from Monday (0) to
/// Sunday (6).
///
/// A zone is read only through `offset(wall)`. Local time is then a
/// function of wall time that runs at the clocks' speed and jumps where the
/// offset changes: forward over a gap (a local time that never happens),
/// back over a repeat (a local time that happens twice). A local time in a
/// gap is read as the first instant after the gap; a repeated one has two
/// wall times. Offsets are probed a day either side of a local time, so a
/// zone is read right when its changes are more than two days apart (every
/// zone of the tz database); a host whose answers disagree with each other
/// gets answers that are still later than the moment asked about.
enum LocalTime {
    static let day = 86400.0
    /// The largest offset a host may give: ±18 hours (ISO 8601's bound).
    static let maxOffset = 18 * 3600.0

    /// A host's offset made usable: NaN reads as 0 (UTC), anything beyond
    /// ±18 h as ±18 h (documented clamps: never a wrong day by more than
    /// the host asked for, never a hang).
    static func clamped(_ offset: Double) -> Double {
        offset.isNaN ? 0 : min(max(offset, -maxOffset), maxOffset)
    }

    /// The local day number of local seconds `local` (day 0: 1970-01-01).
    static func dayNumber(_ local: Double) -> Double { (local / day).rounded(.down) }

    /// 0 (Monday) to 6 (Sunday) of local day `number` (1970-01-01 was a Thursday).
    static func weekday(ofDay number: Double) -> Int {
        let r = (number + 3).truncatingRemainder(dividingBy: 7)
        return Int(r < 0 ? r + 7 : r)
    }

    /// The wall-clock times of local time `local`, earliest first: one
    /// normally, two in a repeated hour, and in a gap the first instant
    /// after it. `change` is the wall time of the offset change `local` is
    /// next to (a gap's end, a repeat's second start), else nil. Two
    /// readings of `offset` away from a change; four and about 17 more
    /// next to one.
    static func walls(ofLocal local: Double, _ offset: (Double) -> Double)
        -> (first: Double, second: Double?, change: Double?) {
        // Every answer lies within 18 hours of `local`: a day before and
        // after, the offsets in force on either side of it.
        let before = offset(local - day), after = offset(local + day)
        let early = local - before, late = local - after
        if before == after {
            // No change nearby (or a host whose answers disagree: then the
            // one offset it gave for the day around is taken as it is).
            return (early, nil, nil)
        }
        let earlyHolds = offset(early) == before, lateHolds = offset(late) == after
        switch (earlyHolds, lateHolds) {
        case (true, true):
            guard early < late else { return (late, early, nil) }  // a host whose offsets run both ways
            return (early, late, firstSecond(after: early, upTo: late, where: { offset($0) == after }))
        case (true, false):
            return (early, nil, nil)
        case (false, true):
            return (late, nil, nil)
        case (false, false):
            // A gap when the offset grows (late < early): its end is the
            // first second from which the offset is the later one.
            guard late < early else { return (max(early, late), nil, nil) }
            let end = firstSecond(after: late, upTo: early, where: { offset($0) == after })
            return (end, nil, end)
        }
    }

    /// The first whole second in (`low`, `high`] at which `test` holds,
    /// for a test false at `low` and true at `high`, by bisection: at most
    /// log2 of the span's seconds readings (17 for 36 hours). `high`
    /// rounded up when no second between them passes.
    static func firstSecond(after low: Double, upTo high: Double, where test: (Double) -> Bool) -> Double {
        var no = low.rounded(.down), yes = high.rounded(.up)
        while yes - no > 1 {
            let middle = ((no + yes) / 2).rounded(.down)
            if test(middle) { yes = middle } else { no = middle }
        }
        return max(yes, low.nextUp)
    }

    /// The start of the local day (`week`: Monday) that wall time `wall`
    /// falls in, and the start of the next one, both as wall-clock times:
    /// the last time at or before `wall` that local time reached the
    /// period's first midnight, and the first time after it that local
    /// time reaches the next one. A midnight in a gap is the first instant
    /// after the gap; a jump back onto a midnight does not start a day (it
    /// had started before the jump). Always `start <= wall < end`.
    static func period(containing wall: Double, week: Bool, _ offset: (Double) -> Double) -> (start: Double, end: Double) {
        let local = wall + offset(wall)
        var number = dayNumber(local)
        var length = 1.0
        if week {
            number -= Double(weekday(ofDay: number))
            length = 7
        }
        let opening = reached(number * day, offset)
        let closing = reached((number + length) * day, offset)
        let start = opening.last(where: { $0 <= wall }) ?? opening[0]
        var end = closing.first(where: { $0 > wall }) ?? wall
        if !(end > wall) {
            // Answers that disagree with each other: the midnight at the
            // offset read now, which is later than `wall`.
            end = wall + ((number + length) * day - local)
        }
        return (min(start, wall), max(end, wall.nextUp))
    }

    /// The wall times at which local time arrives at `local` from before
    /// it (not by a jump back onto it), earliest first.
    private static func reached(_ local: Double, _ offset: (Double) -> Double) -> [Double] {
        let found = walls(ofLocal: local, offset)
        guard let second = found.second, second != found.change else { return [found.first] }
        return [found.first, second]
    }
}
