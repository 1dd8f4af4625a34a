/// The error every failing engine call throws. A call that throws has changed
/// nothing, with one exception: `tookEffect` is true when the call did its
/// work but its passes did not settle (`Domain.run`). The C layer maps `code`
/// onto `xyz_status` and `message` onto `xyz_last_error()`.
public struct AlertError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of misuse or conflict was detected.
    public enum Code: Int32, Sendable, CaseIterable {
        /// A bad argument: empty name, index out of range, same alert twice.
        case invalidArgument = 1
        /// The object is in the wrong state for this call.
        case state
        /// An id is already used by a live alert of the same domain.
        case duplicate
        /// The call would create a dependency cycle or a parent cycle.
        case cycle
        /// Something named does not exist.
        case notFound
        /// A dispatch named as a child does not belong to that parent.
        case owner = 9
    }

    public let code: Code
    /// One sentence a person can act on, naming the objects involved.
    public let message: String
    /// The call changed the schedule and delivered events before it stopped
    /// with this error: whatever it was handed, the engine now holds.
    public let tookEffect: Bool

    public init(_ code: Code, _ message: String, tookEffect: Bool = false) {
        self.code = code
        self.message = message
        self.tookEffect = tookEffect
    }

    public var description: String { message }
}
