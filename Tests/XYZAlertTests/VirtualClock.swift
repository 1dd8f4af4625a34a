import XYZAlert

/// A host whose clock the test moves by hand, and the one implementation
/// of a scenario's "advance" step for the Swift tests (docs/rules.md §12),
/// as the tool's runner does it.
protocol VirtualClock: AnyObject {
    var virtualTime: Double { get set }
}

extension VirtualClock {
    /// Moves the clock forward by `seconds`: to each pending deadline of
    /// the domains of `pages` in turn, earliest first, calling `tick` on the
    /// page there (what fires may set new deadlines, which count too), then
    /// to the target time.
    func advance(by seconds: Double, pages: [Dispatch], tick: (Dispatch) throws -> Void) rethrows {
        let target = virtualTime + seconds
        while true {
            let due = pages.compactMap { page in page.nextDeadline().map { (page, $0) } }
            guard let (page, delay) = due.min(by: { $0.1 < $1.1 }), virtualTime + delay <= target else { break }
            virtualTime += delay
            try tick(page)
        }
        virtualTime = target
    }
}
