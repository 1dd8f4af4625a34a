#if canImport(Glibc)
import Glibc
#endif
import Testing
import XYZAlert

/// Drives the engine and the reference model (ReferenceModel.swift) with the
/// same random operation sequences and requires identical traces: every
/// event in order, every reaction's result, every call's result and every
/// alert's state after each call.
///
/// 20,000 sequences from fixed seeds, in 4 shards that run in parallel.
/// XYZALERT_MODEL_SEED=<n> replays one seed; XYZALERT_MODEL_COUNT=<n> changes
/// how many sequences each shard runs.
@Suite("Model-based randomised test")
struct ModelBasedTests {
    static let firstSeed: UInt64 = 20_261_130
    static let shards = 4

    static var perShard: Int {
        environment("XYZALERT_MODEL_COUNT").flatMap { Int($0) } ?? 5_000
    }

    @Test(arguments: 0..<shards)
    func engineMatchesTheReferenceModel(shard: Int) {
        if let only = environment("XYZALERT_MODEL_SEED").flatMap({ UInt64($0) }) {
            if shard == 0 { check(seed: only) }
            return
        }
        for i in 0..<Self.perShard {
            if !check(seed: Self.firstSeed &+ UInt64(shard * Self.perShard + i)) {
                return
            }
        }
    }

    /// Plays one seed; on a difference records the seed, the shrunk sequence
    /// and the first differing trace lines, and returns false.
    @discardableResult
    func check(seed: UInt64) -> Bool {
        var generator = SequenceGenerator(seed: seed)
        let sequence = generator.sequence()
        guard difference(sequence) != nil else { return true }
        let minimal = shrink(sequence) { difference($0) != nil }
        Issue.record("""
            engine and reference model differ for seed \(seed) \
            (replay with XYZALERT_MODEL_SEED=\(seed)).
            Minimal failing sequence (\(minimal.ops.count) of \(sequence.ops.count) operations):
            \(minimal)
            \(difference(minimal)!)
            """)
        return false
    }

    @Test func theShrinkerFindsAMinimalFailingSequence() {
        // A synthetic failure: "fails" whenever a destroy follows a dismiss.
        var generator = SequenceGenerator(seed: 7)
        var sequence = generator.sequence()
        sequence.ops.insert(.dismiss(slot: 1), at: 3)
        sequence.ops.append(.destroy(page: 2))
        let fails: (OpSequence) -> Bool = { s in
            guard let d = s.ops.firstIndex(where: { if case .dismiss = $0 { true } else { false } }) else { return false }
            return s.ops[(d + 1)...].contains { if case .destroy = $0 { true } else { false } }
        }
        let minimal = shrink(sequence, fails: fails)
        #expect(minimal.ops.count == 2)
        #expect(fails(minimal))
    }
}

/// nil when both systems produce the same trace, else the first difference.
func difference(_ sequence: OpSequence) -> String? {
    let engine = EngineHarness.play(sequence)
    let model = ReferenceHarness.play(sequence)
    guard engine != model else { return nil }
    let i = (0..<min(engine.count, model.count)).first { engine[$0] != model[$0] } ?? min(engine.count, model.count)
    let context = max(0, i - 6)
    func lines(_ trace: [String]) -> String {
        trace[context..<min(trace.count, i + 3)].map { "    " + $0 }.joined(separator: "\n")
    }
    return "first difference at trace line \(i):\n  engine:\n\(lines(engine))\n  reference model:\n\(lines(model))"
}

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

@Suite("Model-based test coverage")
struct ModelCoverageTests {
    /// Agreement proves little if the sequences never reach a feature: the
    /// first 3,000 sequences must produce every event kind, hide and end
    /// reason, every error code, reactions and flush requests, and give
    /// alerts every reason this version has.
    @Test func theRandomSequencesReachEveryEventAndError() {
        var seen = Set<String>()
        for i in 0..<3_000 {
            var generator = SequenceGenerator(seed: ModelBasedTests.firstSeed &+ UInt64(i))
            for line in EngineHarness.play(generator.sequence()) {
                let words = line.split(separator: " ").map(String.init)
                switch words.first {
                case "hide", "remove", "finish": seen.insert(words[0] + " " + words[2])
                case "show", "unhide", "move", "action", "flush?", "tick", "update", "announce":
                    seen.insert(words[0])
                    if words[0] == "show" && words.count > 5 { seen.insert("show in lane " + words[6]) }
                case "react": seen.insert("react on " + words[3])
                case "trigger": seen.insert("trigger")
                case "skip": seen.insert("skip " + words[2])
                case "control": seen.insert("control")
                default:
                    // Each alert's "LABEL:STATE:REASON" after the call (docs/rules.md §18).
                    for word in words where word.hasPrefix("L") {
                        let parts = word.split(separator: ":")
                        if parts.count == 3 { seen.insert("why " + parts[2]) }
                    }
                    if line.hasPrefix("#"), let result = words.dropFirst().first { seen.insert("result " + result) }
                    if line.hasPrefix("#"), words.count > 2, words[1] == "ok", let n = Int(words[2]), n > 0 {
                        seen.insert("cancel_tagged ended some")
                    }
                }
            }
        }
        let events: Set<String> = [
            "show", "unhide", "move", "action", "flush?", "hide page", "hide covered",
            "remove dismissed", "remove cancelled", "remove destroyed",
            "finish dismissed", "finish cancelled", "finish destroyed",
            "remove timeout", "finish timeout", "finish expired", "tick", "cancel_tagged ended some", "update", "finish dropped", "finish duplicate", "remove replaced", "finish replaced",
            "show in lane toast", "show in lane alerts", "finish capped", "announce", "finish outside_window",
            "remove evicted", "finish evicted", "remove displaced", "finish displaced",
            "react on show", "react on hide", "react on finish",
            "trigger", "skip audience", "skip no_page", "finish ineligible", "control", "finish control",
            "result ok", "result state", "result duplicate", "result cycle", "result owner", "result invalidArgument",
        ]
        // Every reason an alert can have.
        let expected = events.union(WhyCode.allCases.map { "why \($0)" })
        #expect(expected.subtracting(seen).isEmpty, "never reached: \(expected.subtracting(seen).sorted())")
    }
}
