import XYZAlert

/// How a backtest's simulated user reacts to an alert the recorded session
/// has no reaction for (docs/formats.md, "Response models"; docs/rules.md
/// §23): after `dismissAfter` seconds on screen, one of the weighted
/// choices, picked by flagd's `fractional` over the user's id followed by
/// the alert's id, so the same user always makes the same choice.
public struct ResponseModel: Sendable {
    /// One reaction: an action's index, or a dismiss.
    public enum Choice: Equatable, Sendable {
        case dismiss
        case action(Int)
    }

    /// What a user does with one alert.
    public struct Response: Sendable {
        public var dismissAfter: Double
        /// In bucketing order: action indexes ascending, then the dismiss.
        public var choices: [(choice: Choice, weight: Int)]

        public init(dismissAfter: Double, choices: [(choice: Choice, weight: Int)]) {
            self.dismissAfter = dismissAfter
            self.choices = choices
        }
    }

    /// The response of alerts the model does not name.
    public var fallback: Response
    /// Responses by alert id.
    public var alerts: [ExactString: Response]

    /// The model without a file: every alert dismissed after 5 seconds.
    public static let standard = ResponseModel(fallback: Response(dismissAfter: 5, choices: []), alerts: [:])

    public init(fallback: Response, alerts: [ExactString: Response]) {
        self.fallback = fallback
        self.alerts = alerts
    }

    /// What the user `user` (nil: none; the key is then the alert's id
    /// alone) does with alert `alert`, and when.
    public func reaction(alert: String, user: String?) -> (after: Double, choice: Choice) {
        let response = alerts[ExactString(alert)] ?? fallback
        guard !response.choices.isEmpty,
              let bucket = fractionalBucket(key: (user ?? "") + alert, weights: response.choices.map { $0.weight }) else {
            return (response.dismissAfter, .dismiss)
        }
        return (response.dismissAfter, response.choices[bucket].choice)
    }
}

extension Loader {
    /// A response model from its JSON text; every problem located.
    public static func responseModel(bytes: [UInt8], source: String) throws(LoadError) -> ResponseModel {
        let json = try JSONDocument.parse(bytes: bytes, source: source)
        let schema = Schema(document: json, scanner: TextScanner(bytes), source: source, directory: nil,
                            problems: Problems(limit: 1))
        return try schema.responseModel(json.root)
    }

    /// `responseModel` of a file; `.io` when it cannot be read.
    public static func responseModelFile(path: String) throws(LoadError) -> ResponseModel {
        try responseModel(bytes: try readFile(path), source: path)
    }
}

extension Schema {
    /// `{"version": 1, "default": RESPONSE, "alerts": {"ID": RESPONSE}}`.
    func responseModel(_ root: JSONValue) throws(LoadError) -> ResponseModel {
        var model = ResponseModel.standard
        var version: JSONValue?
        var alerts: JSONValue?
        for (key, field) in try object(root, "a response model") {
            switch key {
            case "version": version = field
            case "default": model.fallback = try response(field, "the model's default", inheriting: model.fallback)
            case "alerts": alerts = field
            default: throw unknownKey(key, in: "a response model", known: ["version", "default", "alerts"], at: field)
            }
        }
        guard let version else {
            throw fail("a response model needs \"version\": 1", at: root)
        }
        guard version.number == 1 else {
            throw fail("a response model's version must be 1, got \(version.described)", at: version)
        }
        if let alerts {
            for (id, field) in try object(alerts, "a response model's alerts") {
                guard !id.isEmpty else { throw fail("an alert id must not be empty", at: field, .key) }
                model.alerts[ExactString(id)] = try response(field, "the response to '\(Schema.abbreviated(id))'",
                                                             inheriting: model.fallback)
            }
        }
        return model
    }

    /// `{"dismiss_after": SECONDS, "actions": {"INDEX" or "dismiss": WEIGHT}}`;
    /// a member left out is `inheriting`'s (the model's default).
    private func response(_ value: JSONValue, _ what: String,
                          inheriting base: ResponseModel.Response) throws(LoadError) -> ResponseModel.Response {
        var response = base
        for (key, field) in try object(value, what) {
            switch key {
            case "dismiss_after": response.dismissAfter = try seconds(field, "dismiss_after")
            case "actions": response.choices = try choices(field)
            default: throw unknownKey(key, in: what, known: ["dismiss_after", "actions"], at: field)
            }
        }
        return response
    }

    /// The weighted choices, actions by index ascending, then "dismiss".
    private func choices(_ value: JSONValue) throws(LoadError) -> [(choice: ResponseModel.Choice, weight: Int)] {
        var actions: [(choice: ResponseModel.Choice, weight: Int)] = []
        var dismiss: Int?
        var total: Int64 = 0 // (no overflow where Int has 32 bits)
        let members = try object(value, "actions")
        guard !members.isEmpty else {
            throw fail("actions must weigh at least one choice (leave \"actions\" out: the user dismisses)", at: value)
        }
        for (key, field) in members {
            guard let n = field.number, n >= 0, n <= Double(Int32.max), n == n.rounded(.towardZero) else {
                throw fail("a weight must be a whole number from 0 to \(Int32.max), got \(field.described)", at: field)
            }
            let weight = Int(n)
            total += Int64(weight)
            guard total <= Int64(Int32.max) else {
                throw fail("the weights add up to more than \(Int32.max)", at: field)
            }
            if key == "dismiss" {
                dismiss = weight
            } else if let index = Self.index(key) {
                actions.append((.action(index), weight))
            } else {
                throw fail("a choice is an action's index (\"0\", \"1\", ...) or \"dismiss\", got \"\(Schema.abbreviated(key))\"",
                           at: field, .key)
            }
        }
        guard total > 0 else {
            throw fail("the weights of actions must not all be 0", at: value)
        }
        actions.sort { a, b in
            if case let .action(x) = a.choice, case let .action(y) = b.choice { return x < y }
            return false
        }
        if let dismiss { actions.append((.dismiss, dismiss)) }
        return actions
    }

    /// A decimal index without leading zeros ("0", "12"), at most 9 digits.
    private static func index(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 9, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              bytes.count == 1 || bytes[0] != 48 else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 48) }
    }
}
