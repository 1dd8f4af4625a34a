// The shapes of the 0.3 surface the third adversarial run found
// super-linear: many roots sharing one capped history, why and snapshots
// beside a lane with a limit or a pile of covers, limits and gaps on many
// lanes. Each at two sizes side by side; target: a per-unit ratio of at
// most 1.3 (near flat).
import XYZAlert

private let flat = 1.3

/// A host whose clock the benchmark sets.
private final class ClockHost: AlertHost {
    var time: Double = 0
    func now() -> Double? { time }
}

/// A page showing n alerts in lane "toast", whose limit is n, and the
/// alerts queued behind them: n more in the lane.
private func laneOfNVisible(_ n: Int) throws -> (Dispatch, queued: [Alert]) {
    let home = try visiblePage("home")
    try home.setLaneLimit(lane: "toast", visible: n)
    for i in 0..<n {
        try home.add([try alert("v\(i)", lane: "toast")])
    }
    var queued: [Alert] = []
    for i in 0..<n {
        let q = try alert("q\(i)", lane: "toast")
        try home.add([q])
        queued.append(q)
    }
    return (home, queued)
}

/// Lane `i`'s name, zero-padded so that lanes come into use in byte order
/// (their setup then costs O(1) each: the shapes measure what follows).
private func lane(_ i: Int) -> String {
    let digits = String(i)
    return "l" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
}

func benchmarkShapes() throws {
    print("shapes of the 0.3 surface (best of 5 each, the two sizes alternately; target ratio \(flat))")
    try scaling("root pages sharing one capped history, a first show on each", unit: "page",
                small: 1_000, large: 10_000, target: flat) { n in
        let history = History(clock: { 1_000 })
        try history.setLimit("all", CapLimit(count: Int(UInt32.max), per: .lifetime))
        var pages: [Dispatch] = []
        for i in 0..<n {
            let root = try visiblePage("p\(i)")
            try root.setHistory(history)
            try root.add([try alert("a\(i)")])
            pages.append(root)
        }
        for root in pages {
            try root.destroy()
        }
    }
    try scaling("why of each of n queued alerts beside a lane of n visible", unit: "why",
                small: 1_000, large: 10_000, target: flat) { n in
        let (home, queued) = try laneOfNVisible(n)
        for q in queued {
            _ = q.why()
        }
        try home.destroy()
    }
    try scaling("snapshot of n visible in a lane with a limit and n queued", unit: "alert",
                small: 1_000, large: 10_000, target: flat) { n in
        let (home, _) = try laneOfNVisible(n)
        _ = home.snapshot()
        try home.destroy()
    }
    try scaling("why of each of n covers on screen and n queued, then a snapshot", unit: "alert",
                small: 1_000, large: 10_000, target: flat) { n in
        let home = try visiblePage("home")
        var all: [Alert] = []
        for i in 0..<n {
            let a = try alert("c\(i)", priority: Int32(i + 1), .cover)
            try home.add([a])
            all.append(a)
        }
        for i in 0..<n {
            let q = try alert("q\(i)")
            try home.add([q])
            all.append(q)
        }
        for a in all {
            _ = a.why()
        }
        _ = home.snapshot()
        try home.destroy()
    }
    try scaling("gaps ending one by one in n lanes, each with a show waiting", unit: "lane",
                small: 1_000, large: 10_000, target: flat) { n in
        let host = ClockHost()
        let home = Dispatch(host: host, name: "home")
        try home.pageDidAppear()
        var first: [Alert] = []
        for i in 0..<n {
            try home.setGap(lane: lane(i), Double(i + 1))
            let a = try alert("a\(i)", lane: lane(i))
            try home.add([a, try alert("b\(i)", lane: lane(i))])
            first.append(a)
        }
        // Each lane's gap starts: lane i's ends at i + 1. (Newest first: an
        // alert leaving from under n others costs O(n), the stack being an
        // array, which this shape does not measure: docs/performance.md.)
        for a in first.reversed() {
            try a.dismiss()
        }
        for i in 0..<n {
            host.time = Double(i + 1)
            try home.tick()
        }
        try home.destroy()
    }
    try scaling("lane limits and gaps set on n lanes in use", unit: "lane",
                small: 1_000, large: 10_000, target: flat) { n in
        let home = try visiblePage("home")
        for i in 0..<n {
            try home.add([try alert("a\(i)", lane: lane(i))])
        }
        for i in 0..<n {
            try home.setLaneLimit(lane: lane(i), visible: 2)
            try home.setGap(lane: lane(i), 1)
        }
        try home.destroy()
    }
    try scaling("cycles under a window cap that keeps n display times", unit: "cycle",
                small: 1_000, large: 10_000, target: flat) { n in
        var wall = 0.0
        let history = History(clock: { wall })
        try history.setLimit("all", CapLimit(count: n, per: .window(1e9)))
        let home = try visiblePage("home")
        try home.setHistory(history)
        for _ in 0..<n {
            wall += 1
            let a = Alert(id: "a")
            try home.add([a])
            try a.dismiss()
        }
        try home.destroy()
    }
    try cappedCycle()
}

/// An add -> show -> dismiss cycle whose alert a cap looks at (a window
/// and a cool-down on "all", never reached), beside the same cycle without
/// a history: target at most 2 times.
private func cappedCycle() throws {
    func cycles(_ history: History?) throws -> Double {
        let home = try visiblePage("home")
        try home.setHistory(history)
        let count = 20_000
        let start = ContinuousClock.now
        for _ in 0..<count {
            let a = Alert(id: "a")
            try home.add([a])
            try a.dismiss()
        }
        let elapsed = seconds(ContinuousClock.now - start)
        try home.destroy()
        return elapsed / Double(count)
    }
    var wall = 0.0
    let history = History(clock: { wall += 1e-3; return wall })
    try history.setLimit("all", CapLimit(count: Int(UInt32.max), per: .window(1)))
    try history.setCooldown("all", 1e-6)
    var plain = Double.infinity, capped = Double.infinity
    for _ in 0..<5 {
        plain = min(plain, try cycles(nil))
        capped = min(capped, try cycles(history))
    }
    let ratio = capped / plain
    print("  a capped cycle: \(Int(capped * 1e9)) ns, a plain one \(Int(plain * 1e9)) ns; ratio "
          + "\(Double(Int(ratio * 100 + 0.5)) / 100) (\(ratio <= 2 ? "ok" : "TOO SLOW"), target is at most 2)")
}
