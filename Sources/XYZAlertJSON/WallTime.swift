/// RFC 3339 date-times in UTC ("2026-12-01T00:00:00Z", with an optional
/// fraction of a second, "Z" or "+00:00"), as seconds since the Unix epoch:
/// the campaigns' `start` and `end` (docs/formats.md, "Campaigns").
enum WallTime {
    /// The seconds since the epoch that `text` names; nil when it is not
    /// such a date-time (a leap second, 60, is refused too).
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func byte(_ i: Int, _ expected: Character) -> Bool {
            i < bytes.count && bytes[i] == expected.asciiValue!
        }
        guard let year = digits(0, 4), byte(4, "-"), let month = digits(5, 2), byte(7, "-"), let day = digits(8, 2),
              byte(10, "T") || byte(10, "t"), let hour = digits(11, 2), byte(13, ":"), let minute = digits(14, 2),
              byte(16, ":"), let second = digits(17, 2) else { return nil }
        var i = 19
        var fraction = 0.0
        if byte(i, ".") {
            i += 1
            var scale = 0.1
            let first = i
            while i < bytes.count, bytes[i] >= 48 && bytes[i] <= 57 {
                fraction += Double(bytes[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > first else { return nil }
        }
        let rest = bytes[i...]
        guard rest.elementsEqual("Z".utf8) || rest.elementsEqual("z".utf8) || rest.elementsEqual("+00:00".utf8)
                || rest.elementsEqual("-00:00".utf8) else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month, of: year), hour < 24, minute < 60,
              second < 60 else { return nil }
        let days = daysFromEpoch(year: year, month: month, day: day)
        // (In Double: days * 86,400 passes 2^31 after 2038, where Int has 32 bits.)
        return Double(days) * 86_400 + Double(hour * 3_600 + minute * 60 + second) + fraction
    }

    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the date (proleptic Gregorian calendar).
    static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
