/// How an action button wants to be drawn.
public enum ActionStyle: Int32, Sendable, CaseIterable, CustomStringConvertible {
    case `default` = 0
    case cancel
    case destructive

    public var description: String {
        switch self {
        case .default: "default"
        case .cancel: "cancel"
        case .destructive: "destructive"
        }
    }
}

/// One button of a system-style alert.
public struct AlertAction: Equatable, Sendable {
    public var id: String
    public var title: String
    public var style: ActionStyle

    public init(id: String, title: String, style: ActionStyle = .default) {
        self.id = id
        self.title = title
        self.style = style
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
}
