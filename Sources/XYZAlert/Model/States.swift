/// What the engine asks of an alert's state (docs/rules.md §2): an alert
/// is *live* from `add` until `finished`, and *on screen* while `showing`
/// or `hidden`. The enumerations themselves are generated (Words.swift).
extension AlertState {
    /// True from `add` until `finished`.
    public var isLive: Bool { self != .idle && self != .finished }
    /// True while `showing` or `hidden`.
    public var isOnScreen: Bool { self == .showing || self == .hidden }
}
