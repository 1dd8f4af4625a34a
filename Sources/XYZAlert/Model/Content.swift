/// One button of a system-style alert.
public struct AlertAction: Equatable, Sendable {
    public var id: String
    public var title: String
    public var style: ActionStyle
    /// Choosing it delivers `action` only: the alert stays on screen (an
    /// "Undo" or "Copy" button; docs/rules.md §19).
    public var keepOpen: Bool

    public init(id: String, title: String, style: ActionStyle = .default, keepOpen: Bool = false) {
        self.id = id
        self.title = title
        self.style = style
        self.keepOpen = keepOpen
    }
}

/// What the host renders for an alert. The engine stores it and never reads
/// it for scheduling, except that `actions.count` bounds `triggerAction`.
public struct AlertContent: Equatable, Sendable {
    /// A presentation hint: "alert" (default), "sheet", "toast" or any host word.
    public var style: String
    public var title: String?
    public var message: String?
    public var actions: [AlertAction]
    /// Host-defined data, as JSON object text.
    public var meta: String?

    public init(style: String = "alert", title: String? = nil, message: String? = nil,
                actions: [AlertAction] = [], meta: String? = nil) {
        self.style = style
        self.title = title
        self.message = message
        self.actions = actions
        self.meta = meta
    }

    /// Equal byte for byte (`==` compares strings by canonical
    /// equivalence, under which "\u{E9}" and "e\u{301}" are equal).
    public func isIdentical(to other: AlertContent) -> Bool {
        identicalText(style, other.style) && identicalText(title, other.title)
            && identicalText(message, other.message) && identicalText(meta, other.meta)
            && identicalActions(actions, other.actions)
    }
}

extension AlertContent {
    /// Refuses what the alert set format refuses, so that every recording
    /// of a content change loads: an empty style (`.invalidArgument`), an
    /// action with an empty id (`.invalidArgument`), two actions with one
    /// id (`.duplicate`). O(actions).
    func validate(of alert: Alert) throws(AlertError) {
        if style.isEmpty {
            throw AlertError(.invalidArgument, "style of \(alert.alertName) must not be empty")
        }
        guard !actions.isEmpty else { return }
        // A few actions are compared pairwise (no set to make for each
        // alert a definition makes); more go through a set.
        var ids: Set<ExactString> = []
        for (i, action) in actions.enumerated() {
            if action.id.isEmpty {
                throw AlertContent.emptyActionID(of: alert)
            }
            let repeated = actions.count <= 8
                ? actions[..<i].contains { sameBytes($0.id, action.id) }
                : !ids.insert(ExactString(action.id)).inserted
            if repeated {
                throw AlertContent.duplicateActionID(action.id, of: alert)
            }
        }
    }

    static func emptyActionID(of alert: Alert) -> AlertError {
        AlertError(.invalidArgument, "an action id of \(alert.alertName) must not be empty")
    }

    static func duplicateActionID(_ id: String, of alert: Alert) -> AlertError {
        AlertError(.duplicate, "\(alert.alertName) already has an action with id '\(id)'")
    }
}

/// Two optional strings equal byte for byte (as `ExactString`s).
func identicalText(_ a: String?, _ b: String?) -> Bool {
    a.map(ExactString.init) == b.map(ExactString.init)
}

/// Two action lists equal byte for byte.
func identicalActions(_ a: [AlertAction], _ b: [AlertAction]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy {
        identicalText($0.id, $1.id) && identicalText($0.title, $1.title) && $0.style == $1.style
            && $0.keepOpen == $1.keepOpen
    }
}
