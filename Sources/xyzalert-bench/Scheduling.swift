// add -> show -> dismiss: one alert is added over a showing `wait` alert that
// blocks a queue of N ready alerts; it covers (shows), then is dismissed. The
// queue is never rescanned, so the cost per cycle should barely grow with N.
import XYZAlert

final class NullHost: AlertHost {}

func nanosecondsPerCycle(queued: Int, cycles: Int) throws -> Double {
    let page = Dispatch(host: NullHost(), name: "bench")
    try page.pageDidAppear()
    try page.add([Alert(id: "base")])
    var queue: [Alert] = []
    queue.reserveCapacity(queued)
    for i in 0..<queued {
        let alert = Alert(id: "q\(i)")
        try alert.setPriority(Int32(i % 7))
        queue.append(alert)
    }
    try page.add(queue)
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
        for _ in 0..<cycles {
            let alert = Alert(id: "top")
            try alert.setPriority(100)
            try alert.setExclusive(.cover)
            try page.add([alert])
            precondition(alert.state == .showing)
            try alert.dismiss()
        }
    }
    try page.destroy()
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(cycles)
}

/// Prints the cost of one cycle at three queue sizes and their ratio.
func benchmarkScheduling() throws {
    let sizes = [10, 1_000, 100_000]
    var best: [Int: Double] = [:]
    for _ in 0..<5 {
        for size in sizes {
            let ns = try nanosecondsPerCycle(queued: size, cycles: 100_000)
            best[size] = min(best[size] ?? .infinity, ns)
        }
    }
    print("add -> show -> dismiss, one cycle (best of 5 runs of 100,000 cycles)")
    for size in sizes {
        let padded = String(repeating: " ", count: 8 - String(size).count) + String(size)
        print("  \(padded) alerts queued: \(Int(best[size]! + 0.5)) ns")
    }
    let ratio = best[100_000]! / best[10]!
    let verdict = ratio <= 3 ? "ok, within 3x" : "TOO SLOW, target is within 3x"
    print("  ratio 100,000 / 10: \(Double(Int(ratio * 100 + 0.5)) / 100) (\(verdict))")
}
