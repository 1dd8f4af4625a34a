import XYZAlert

/// A scheduler driven by sequences: the engine, or the reference model.
/// Both record the same trace format, so traces can be compared line by line.
protocol Harness: AnyObject {
    init(modes: [PageMode], caps: CapsSetup)
    /// Every event, reaction and result so far.
    var trace: [String] { get set }
    /// Performs one operation; returns "ok" or the error code's name.
    func perform(_ op: Op) -> String
    /// The state of every alert created so far, in creation order.
    func states() -> [String]
}

extension Harness {
    /// Runs a whole sequence; after each operation the trace gets the
    /// operation's result and every alert's state.
    static func play(_ sequence: OpSequence) -> [String] {
        let harness = Self(modes: sequence.modes, caps: sequence.caps)
        for (i, op) in sequence.ops.enumerated() {
            let result = harness.perform(op)
            harness.trace.append("#\(i) \(result) | " + harness.states().joined(separator: " "))
        }
        // Destroying every page ends every live alert, which also breaks
        // the engine's reference cycles so that nothing leaks between cases.
        for page in sequence.modes.indices {
            let result = harness.perform(.destroy(page: page))
            harness.trace.append("end \(page) \(result) | " + harness.states().joined(separator: " "))
        }
        return harness.trace
    }
}

func codeName(_ error: AlertError) -> String { "\(error.code)" }

func hex(_ view: ViewHandle?) -> String {
    view.map { "0x" + String(UInt(bitPattern: $0), radix: 16) } ?? "nil"
}
