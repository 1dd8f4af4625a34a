#if canImport(Glibc)
import Glibc
#endif
import Testing
@_spi(Testing) import XYZAlert

/// The randomized round trip of recordings (docs/rules.md §15): the model-based test's
/// sequences, played with page 0's domain recorded from the start. Each
/// recording becomes a scenario whose "expect" list is what the recorded
/// pages' hosts saw (with the step of the recording each event belongs to);
/// `make test` then runs `xyzalert test` on every file, which replays them
/// through the tool and compares. Here: that enough sequences record
/// completely, and that what breaks a recording is only what the file
/// cannot hold.
///
/// XYZALERT_RECORDINGS=<dir> writes the files there. Sequences are the
/// model test's (same seeds), without the active-child provider operations
/// (host code a recording refuses), each played twice: as they are (pages
/// 1 to 3 start as domains of their own, which join page 0's or not), and
/// with pages 1 to 3 attached to page 0 before the recording starts, so
/// that every page's events are recorded from the start; and both again
/// with hosts whose clocks differ (page i's reads 100·i seconds more), so
/// that the times of joins and splits are carried from clock to clock and
/// each page's clock replays its own readings (a step's "clocks", and
/// "wall" when the history's clock, page 0's, differs from the step's).
@Suite("Recording round trip over the model's sequences")
struct RecordingRoundTripTests {
    static let sequences = 1_500
    /// Of the 6,000 plays.
    static let requiredComplete = 4_000

    @Test func recordingsOfRandomSequencesReplay() throws {
        let directory = environment("XYZALERT_RECORDINGS")
        var complete = 0
        var problems: [String: (count: Int, seed: UInt64)] = [:]
        for i in 0..<Self.sequences {
            let seed = ModelBasedTests.firstSeed &+ UInt64(i)
            var generator = SequenceGenerator(seed: seed)
            var sequence = generator.sequence()
            sequence.ops.removeAll { if case .setProvider = $0 { true } else { false } }
            for (joined, ownClocks) in [(false, false), (true, false), (false, true), (true, true)] {
            let (scenario, problem) = EngineHarness.playRecorded(sequence, joined: joined, ownClocks: ownClocks)
            guard let scenario else {
                // The reason without the names in it, e.g. "page 'p2'".
                let reason = (problem ?? "?").split(separator: ": ", maxSplits: 1).last.map(String.init) ?? "?"
                problems[reason.split(separator: " ").filter { !$0.hasPrefix("'") }.joined(separator: " "), default: (0, seed)].count += 1
                continue
            }
            complete += 1
            if let directory {
                let path = "\(directory)/seed-\(seed)\(joined ? "-joined" : "")\(ownClocks ? "-clocks" : "").json"
                guard let file = fopen(path, "w") else {
                    Issue.record("cannot write \(path)")
                    return
                }
                fputs(scenario, file)
                fclose(file)
            }
            }
        }
        #expect(complete >= Self.requiredComplete,
                "only \(complete) of \(4 * Self.sequences) plays recorded completely; broken by: \(problems)")
        // Only what a file cannot hold breaks a recording.
        let allowed = ["alerts added before the recording saw it", "a file has one mode", "active-child provider",
                       "added where the recording does not see", "shares its history with",
                       "flush request of a page that split off", "campaigns acted under"]
        for (problem, (count, seed)) in problems {
            #expect(allowed.contains { problem.contains($0) }, "unexpected (\(count) times, first seed \(seed)): \(problem)")
        }
    }
}

extension EngineHarness {
    /// Plays `sequence` with page 0's domain recorded from the start: the
    /// recording as a scenario with the recorded events as its "expect"
    /// list, or nil and why it could not be written.
    static func playRecorded(_ sequence: OpSequence, joined: Bool, ownClocks: Bool) -> (String?, String?) {
        let harness = EngineHarness(modes: sequence.modes, caps: sequence.caps, ownClocks: ownClocks)
        let root = harness.page(0)
        if joined {
            for i in 1..<sequence.modes.count {
                try! harness.page(i).setParent(root)
            }
        }
        try! root.startRecording()
        harness.recording = root.startedRecording
        for op in sequence.ops {
            _ = harness.perform(op)
        }
        let recording = root.startedRecording!
        defer {
            for page in sequence.modes.indices {
                _ = harness.perform(.destroy(page: page))
            }
        }
        do {
            var json = try recording.scenarioJSON()
            let expect = harness.recorded.map(JSONText.string).joined(separator: ",\n    ")
            json.removeLast("\n  ]\n}\n".count)
            json += "\n  ],\n  \"expect\": [\n    " + expect + "\n  ]\n}\n"
            return (json, nil)
        } catch {
            return (nil, error.message)
        }
    }
}

/// A double as the tool prints it: 15 significant digits, or 17 when 15 do
/// not read back as the same value.
func formatNumber(_ value: Double) -> String {
    for precision in [15, 17] {
        var buffer = [CChar](repeating: 0, count: 40)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.\(precision)g", $0) }
        let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if precision == 17 || strtod(text, nil) == value {
            return text
        }
    }
    return ""
}
