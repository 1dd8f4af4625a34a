/// Local calendar arithmetic over wall-clock seconds since the Unix epoch
/// and an offset east of UTC (docs/rules.md §22). Days start at local
/// midnight; weeks on Monday 00:00; weekdays count from Monday (0) to
/// Sunday (6).
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

    /// The wall-clock time whose local time is `local`, for a zone read by
    /// `offset` (two rounds: right on either side of a daylight-saving
    /// change; inside a spring-forward gap, the moment after it).
    static func wall(ofLocal local: Double, near guess: Double, _ offset: (Double) -> Double) -> Double {
        let first = local - offset(guess)
        return local - offset(first)
    }

    /// The start of the local day (`week`: Monday) that wall time `wall`
    /// falls in, and the start of the next one, both as wall-clock times.
    static func period(containing wall: Double, week: Bool, _ offset: (Double) -> Double) -> (start: Double, end: Double) {
        let local = wall + offset(wall)
        var number = dayNumber(local)
        var length = 1.0
        if week {
            number -= Double(weekday(ofDay: number))
            length = 7
        }
        let start = LocalTime.wall(ofLocal: number * day, near: wall, offset)
        let end = LocalTime.wall(ofLocal: (number + length) * day, near: wall, offset)
        return (min(start, wall), max(end, wall.nextUp))
    }
}
