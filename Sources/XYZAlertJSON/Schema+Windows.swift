import XYZAlert

// Windows and excludes of alerts (docs/formats.md, "Windows"; docs/rules.md §22).

extension Schema {
    /// `"windows"` / `"exclude"`: a list of `{"days": [...], "from": "HH:MM", "to": "HH:MM"}`.
    func windows(_ value: JSONValue, _ what: String) throws(LoadError) -> [TimeWindow] {
        var list: [TimeWindow] = []
        for entry in try array(value, what) {
            list.append(try window(entry, what))
        }
        return list
    }

    /// One window; every problem located at its member.
    func window(_ value: JSONValue, _ what: String) throws(LoadError) -> TimeWindow {
        var days = TimeWindow.everyDay
        var from: Int?
        var to: Int?
        for (key, field) in try object(value, "an entry of \(what)") {
            switch key {
            case "days":
                days = 0
                let names = try array(field, "a window's days")
                if names.isEmpty {
                    throw fail("a window's days must name at least one day (leave \"days\" out for every day)", at: field)
                }
                for name in names {
                    let text = try string(name, "a day of a window")
                    guard let index = TimeWindow.dayNames.firstIndex(of: text) else {
                        throw fail("unknown day \"\(text)\" (days are \(TimeWindow.dayNames.joined(separator: ", ")))", at: name)
                    }
                    days |= 1 << UInt8(index)
                }
            case "from": from = try minutes(field, "from", upTo: 1439)
            case "to": to = try minutes(field, "to", upTo: 1440)
            default: throw unknownKey(key, in: "a window", known: ["days", "from", "to"], at: field)
            }
        }
        guard let from, let to else {
            throw fail("a window needs \(from == nil ? "a \"from\"" : "a \"to\"") time (\"HH:MM\")", at: value)
        }
        let window = TimeWindow(days: days, from: from, to: to)
        do {
            try window.validate()
        } catch {
            throw fail(error.message, at: value)
        }
        return window
    }

    /// "HH:MM" (two digits each, 00:00 to 23:59, or 24:00 where `upTo` is
    /// 1440) as minutes after midnight (a `to` of 00:00 becomes 24:00 in
    /// `TimeWindow.init`).
    private func minutes(_ value: JSONValue, _ what: String, upTo limit: Int) throws(LoadError) -> Int {
        let text = try string(value, "a window's \(what)")
        let bytes = Array(text.utf8)
        func digit(_ i: Int) -> Int? {
            bytes[i] >= 48 && bytes[i] <= 57 ? Int(bytes[i] - 48) : nil
        }
        guard bytes.count == 5, bytes[2] == 58, let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4),
              h1 * 10 + h2 <= 24, m1 * 10 + m2 <= 59, (h1 * 10 + h2) * 60 + m1 * 10 + m2 <= limit else {
            let range = limit == 1440 ? "00:00 to 24:00" : "00:00 to 23:59"
            throw fail("a window's \(what) must be a time \"HH:MM\" from \(range), got \(value.described)", at: value)
        }
        return (h1 * 10 + h2) * 60 + m1 * 10 + m2
    }
}
