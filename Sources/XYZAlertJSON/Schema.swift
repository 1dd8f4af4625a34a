import XYZAlert

/// The schema of alert sets and scenarios (docs/formats.md). Checks go in
/// document order; a problem is recorded and checking goes on with the next
/// independent part (see `Loader.check`).
struct Schema {
    let document: JSONDocument
    let scanner: TextScanner
    let source: String
    /// Where the files it names are read from (`Loader.load`); nil: none is.
    let directory: String?
    let problems: Problems
    /// The scenario's page names (byte for byte), once its pages are read.
    var pageNames: Set<ExactString> = []
    /// Whether "pages" had a problem: checks that look page names up are
    /// then skipped rather than reported.
    var pagesBroken = false
    /// A scenario's "expect" member is kept by place only, whatever it
    /// holds (for a tool that rewrites it: `xyzalert test --update`).
    var expectUnchecked = false
    /// Checking only (`Loader.check`): an alert set keeps only the
    /// definitions its checks look at again (those with dependencies), so
    /// that checking a large set costs little beyond Jansson's parse.
    var checkOnly = false
    /// The definitions that campaigns name (read ahead of "alerts"): in a
    /// scenario they need no "page".
    var campaignAlerts: Set<ExactString> = []
    /// The alert sets `set_campaigns` steps name (docs/rules.md §22).
    let campaignSets = CampaignSets()
    /// How many alerts "alerts" defined, once read.
    var alertCount = 0

    /// Runs `body`; a problem it throws is recorded and nil returned. Once
    /// the limit is reached the problem is thrown on, through every enclosing
    /// `attempt`, to end the check.
    @discardableResult
    func attempt<T>(_ body: () throws(LoadError) -> T) throws(LoadError) -> T? {
        do {
            return try body()
        } catch {
            if problems.isFull || !problems.record(error) {
                throw error
            }
            return nil
        }
    }


    func fail(_ message: String, at pointer: JSONPointer, _ site: TextScanner.Site = .value) -> LoadError {
        LoadError(kind: .schema, message: message, pointer: pointer.description,
                  position: scanner.locate(pointer, site) ?? scanner.position(of: 0), source: source)
    }

    func fail(_ message: String, at value: JSONValue, _ site: TextScanner.Site = .value) -> LoadError {
        fail(message, at: path(value), site)
    }

    func path(_ value: JSONValue) -> JSONPointer {
        document.pointer(of: value)
    }

    /// "unknown key "prority" in an alert (did you mean "priority"?)".
    /// The suggestion is the nearest known key within the edit distance a
    /// typo makes; `suggestion` bounds the work, so a huge key costs nothing.
    func unknownKey(_ key: String, in what: String, known: [String], at value: JSONValue) -> LoadError {
        var message = "unknown key \"\(Self.abbreviated(key))\" in \(what)"
        if let guess = suggestion(for: key, among: known) {
            message += " (did you mean \"\(guess)\"?)"
        } else {
            message += " (known keys: " + known.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        }
        return fail(message, at: value, .key)
    }

    /// The known key nearest to `key`, if within max(2, length / 3) edits.
    /// Only keys whose length is within that distance of `key`'s can be, so
    /// the others (and any key longer than the longest known key plus that)
    /// are never compared: the cost is bounded by the known keys' lengths.
    func suggestion(for key: String, among known: [String]) -> String? {
        let length = key.unicodeScalars.count
        let limit = max(2, length / 3)
        var best: (key: String, distance: Int)?
        for candidate in known where abs(candidate.unicodeScalars.count - length) <= limit {
            let distance = editDistance(key, candidate)
            if distance <= limit && distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    /// " (did you mean "x"?)" for the known name nearest to `name` (as
    /// `suggestion` finds it, candidates in byte order so that a tie always
    /// gives the same answer) when it differs in fewer than half of
    /// `name`'s characters, as the tool's own suggestions ("hme" gives
    /// "home"; "b" does not give "a"), or "".
    /// Names longer than 64 characters get none: a typo is in a name a
    /// person types.
    func nearMiss<Names: Sequence>(_ name: String, among known: Names) -> String where Names.Element == ExactString {
        let length = name.unicodeScalars.count
        guard length <= 64 else { return "" }
        let sorted = known.sorted { $0.string.utf8.lexicographicallyPrecedes($1.string.utf8) }.map { $0.string }
        guard let near = suggestion(for: name, among: sorted), editDistance(name, near) * 2 < length else { return "" }
        return " (did you mean \"\(near)\"?)"
    }

    /// A name as messages quote it: at most 64 characters, then "...".
    static func abbreviated(_ text: String) -> String {
        text.count <= 64 ? text : String(text.prefix(61)) + "..."
    }

    // MARK: Typed fields

    func object(_ value: JSONValue, _ what: String) throws(LoadError) -> [(key: String, value: JSONValue)] {
        guard value.kind == .object else { throw fail("\(what) must be an object, got \(value.described)", at: value) }
        return value.members
    }

    /// The members of an object with these keys: an unknown one, or a
    /// required one missing, is an error naming `what`.
    func fields(_ body: JSONValue, _ what: String, required: [String], optional: [String] = [])
        throws(LoadError) -> Fields {
        let out = Fields(members: try object(body, what))
        for (key, field) in out.members {
            guard required.contains(key) || optional.contains(key) else {
                throw unknownKey(key, in: what, known: required + optional, at: field)
            }
        }
        for key in required where out[key] == nil {
            throw fail("\(what) needs \"\(key)\"", at: body)
        }
        return out
    }

    func array(_ value: JSONValue, _ what: String) throws(LoadError) -> [JSONValue] {
        guard value.kind == .array else { throw fail("\(what) must be an array, got \(value.described)", at: value) }
        return value.elements
    }

    func string(_ value: JSONValue, _ what: String, allowEmpty: Bool = false) throws(LoadError) -> String {
        guard let s = value.string, allowEmpty || !s.isEmpty else {
            throw fail("\(what) must be a \(allowEmpty ? "" : "non-empty ")string, got \(value.described)", at: value)
        }
        return s
    }

    func bool(_ value: JSONValue, _ what: String) throws(LoadError) -> Bool {
        guard let b = value.bool else { throw fail("\(what) must be true or false, got \(value.described)", at: value) }
        return b
    }

    func int32(_ value: JSONValue, _ what: String) throws(LoadError) -> Int32 {
        guard let i = value.integer, let narrow = Int32(exactly: i) else {
            throw fail("\(what) must be an integer between \(Int32.min) and \(Int32.max), got \(value.described)",
                       at: value)
        }
        return narrow
    }

    func number(_ value: JSONValue, _ what: String, minimum: Double? = nil) throws(LoadError) -> Double {
        guard let n = value.number, n.isFinite, n >= (minimum ?? -.infinity) else {
            let range = minimum.map { " not below \($0 == Double(Int($0)) ? String(Int($0)) : String($0))" } ?? ""
            throw fail("\(what) must be a number\(range), got \(value.described)", at: value)
        }
        return n
    }

    /// One of the words of an interface enumeration (Words.swift); the error
    /// lists them in value order.
    func choice<T: InterfaceEnum>(_ value: JSONValue, _ what: String, _ type: T.Type) throws(LoadError) -> T {
        if let word = value.string, let option = T(word: word) {
            return option
        }
        throw notOneOf(T.allCases.map { $0.description }, value, what)
    }

    /// "`what` must be "a", "b" or "c", got ...": the error of a word that is
    /// none of `words` (not generic: one copy serves every enumeration).
    func notOneOf(_ words: [String], _ value: JSONValue, _ what: String) -> LoadError {
        let names = words.map { "\"\($0)\"" }
        let list = names.dropLast().joined(separator: ", ") + " or " + names.last!
        return fail("\(what) must be \(list), got \(value.described)", at: value)
    }

    func rect(_ value: JSONValue, _ what: String) throws(LoadError) -> Rect {
        let parts = try array(value, what)
        guard parts.count == 4 else {
            throw fail("\(what) must be [x, y, width, height], got an array of \(parts.count)", at: value)
        }
        var numbers: [Double] = []
        for part in parts {
            numbers.append(try number(part, "each of \(what)"))
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

/// An object's members by key, as `Schema.fields` checked them: a few
/// members looked up in order, byte for byte (no table to build for each
/// object of a file; a document's keys are unique).
struct Fields {
    let members: [(key: String, value: JSONValue)]

    subscript(key: String) -> JSONValue? {
        let wanted = ExactString(key)
        for member in members where ExactString(member.key) == wanted {
            return member.value
        }
        return nil
    }

    var count: Int { members.count }
}
