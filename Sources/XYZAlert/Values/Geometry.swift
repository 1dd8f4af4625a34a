/// A rectangle in the host's coordinate space, where y grows downward.
public struct Rect: Equatable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin: as a keyboard frame, "no keyboard".
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

/// The vertical offset that keeps an alert clear of the keyboard (docs/rules.md
/// §6, keyboard avoidance): with `overlap = frame.maxY - keyboard.y`,
/// the offset is `-overlap + adjust` when the keyboard is shown (a height
/// above zero; zero or negative means hidden) and overlaps the alert, else 0.
/// A negative `adjust` moves the alert further up. Finite inputs give a
/// finite offset: a result beyond the range of `Double` (huge frames and
/// adjusts) is clamped to the largest finite value of its sign.
public func keyboardOffset(frame: Rect, keyboard: Rect, adjust: Double) -> Double {
    guard keyboard.height > 0 else { return 0 }
    let overlap = (frame.y + frame.height) - keyboard.y
    guard overlap > 0 else { return 0 }
    let offset = -overlap + adjust
    return offset.isInfinite ? (offset < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude) : offset
}
