import Testing
@_spi(Testing) import XYZAlert

/// Lanes with a limit (docs/rules.md §19) known by rank
/// (Sources/XYZAlert/Policies/StackRanking.swift): the same events as the
/// sweep, at O(changes) per event.
@Suite("Stack rankings")
struct StackRankingTests {
    /// A root with two child pages, a limit on "main" and on "toast".
    private struct World {
        let recorder = Recorder()
        let root: Dispatch
        let pages: [Dispatch]

        init(visible: Int, toasts: Int, ranked: Bool) throws {
            root = page("root", recorder)
            pages = [page("one", recorder), page("two", recorder)]
            for child in pages {
                try child.setParent(root)
            }
            try root.setLaneLimit(lane: "main", visible: visible)
            try root.setLaneLimit(lane: "toast", visible: toasts)
            root.keepStackRankings(ranked)
        }

        func find(_ id: String) -> Alert? {
            (pages + [root]).lazy.compactMap { $0.find(id) }.first
        }
    }

    /// One step of a random sequence, applied to both worlds alike.
    private enum Step: CustomStringConvertible {
        case add(page: Int, id: String, priority: Int32, exclusive: Exclusive, drop: Bool, equal: Bool, toast: Bool)
        case addTwo(page: Int, first: String, second: String, priority: Int32)
        case dismiss(String)
        case cancel(String)
        case disappear(Int)
        case appear(Int)

        var description: String {
            switch self {
            case let .add(page, id, priority, exclusive, drop, equal, toast):
                "add \(id) p\(priority) \(exclusive)\(drop ? " drop" : "")\(equal ? " equal" : "")\(toast ? " toast" : "") on \(page)"
            case let .addTwo(page, first, second, priority): "add \(first), \(second) p\(priority) on \(page)"
            case let .dismiss(id): "dismiss \(id)"
            case let .cancel(id): "cancel \(id)"
            case let .disappear(page): "disappear \(page)"
            case let .appear(page): "appear \(page)"
            }
        }
    }

    private func randomStep(_ rng: inout SeededRandom) -> Step {
        let id = "a\(Int.random(in: 0..<12, using: &rng))"
        let page = Int.random(in: 0..<3, using: &rng)
        switch Int.random(in: 0..<20, using: &rng) {
        case 0..<9:
            let exclusive: Exclusive = Int.random(in: 0..<20, using: &rng) == 0 ? .hideOthers
                : Bool.random(using: &rng) ? .cover : .wait
            return .add(page: page, id: id, priority: Int32.random(in: 0..<4, using: &rng), exclusive: exclusive,
                        drop: Int.random(in: 0..<5, using: &rng) == 0, equal: Int.random(in: 0..<5, using: &rng) == 0,
                        toast: Int.random(in: 0..<4, using: &rng) == 0)
        case 9:
            return .addTwo(page: page, first: id, second: "b\(Int.random(in: 0..<4, using: &rng))",
                           priority: Int32.random(in: 0..<4, using: &rng))
        case 10..<16: return .dismiss(id)
        case 16..<18: return .cancel(id)
        case 18: return .disappear(Int.random(in: 0..<2, using: &rng))
        default: return .appear(Int.random(in: 0..<2, using: &rng))
        }
    }

    private func apply(_ step: Step, to world: World) -> String {
        let target = { (i: Int) in i == 2 ? world.root : world.pages[i] }
        do {
            switch step {
            case let .add(page, id, priority, exclusive, drop, equal, toast):
                let a = alert(id, priority, exclusive)
                if drop { try a.setWhenDisplaced(.drop) }
                if equal { try a.setPreempt(.equal) }
                if toast { try a.setLane("toast") }
                try target(page).add([a])
            case let .addTwo(page, first, second, priority):
                try target(page).add([alert(first, priority, .cover), alert(second, priority + 1, .cover)])
            case let .dismiss(id):
                guard let a = world.find(id), a.state == .showing || a.state == .hidden else { return "" }
                try a.dismiss()
            case let .cancel(id):
                try world.find(id)?.cancel()
            case let .disappear(page):
                try world.pages[page].pageWillDisappear()
            case let .appear(page):
                try world.pages[page].pageDidAppear()
            }
            return ""
        } catch {
            return "error \(error.code)"
        }
    }

    #if DEBUG
    @Test func theRankingGivesTheSweepsEvents() throws {
        // 1,000 random sequences of 60 steps (fixed seeds), each applied to a
        // domain that keeps rankings and to one that sweeps: the same
        // events, step by step.
        var ranked = 0
        for seed in 0..<1_000 {
            var rng = SeededRandom(seed: UInt64(seed))
            let visible = Int.random(in: 2...4, using: &rng), toasts = Int.random(in: 2...3, using: &rng)
            let fast = try World(visible: visible, toasts: toasts, ranked: true)
            let swept = try World(visible: visible, toasts: toasts, ranked: false)
            for i in 0..<60 {
                let step = randomStep(&rng)
                let (a, b) = (apply(step, to: fast), apply(step, to: swept))
                let (got, want) = (fast.recorder.take(), swept.recorder.take())
                guard a == b && got == want else {
                    Issue.record("seed \(seed), step \(i) (\(step)): \(a) \(got) against \(b) \(want)")
                    return
                }
            }
            ranked += fast.root.rankedStackEvents
            fast.root.checkInvariants()
        }
        // (The sequences do reach the ranked path, and often.)
        #expect(ranked > 3_000, "\(ranked) ranked events")
    }
    #endif  // (the cost counters exist in debug builds only)

    #if DEBUG
    @Test func aCycleOverAFullLaneLooksAtAFewPlaces() throws {
        // A limit of 50 over 100 cover alerts of rising priorities: a cover
        // alert above them all shows (the weakest visible one hides), is
        // dismissed (it comes back), without a sweep of the lane.
        let r = Recorder()
        let home = page("home", r)
        try home.setLaneLimit(lane: "main", visible: 50)
        for i in 0..<100 {
            try home.add([alert("pile\(i)", Int32(i), .cover)])
        }
        _ = r.take()
        try home.add([alert("warm-up", 1_000, .cover)])
        try home.find("warm-up")!.dismiss()
        _ = r.take()
        let before = home.sweptAlerts
        for cycle in 0..<20 {
            let top = alert("top\(cycle)", 1_000, .cover)
            try home.add([top])
            try top.dismiss()
            #expect(r.take() == ["hide pile50 covered", "show top\(cycle) page", "finish top\(cycle) dismissed",
                                 "unhide pile50"])
        }
        #expect(home.sweptAlerts == before, "swept \(home.sweptAlerts - before) alerts")
        home.checkInvariants()
    }
    #endif  // (the cost counters exist in debug builds only)
}
