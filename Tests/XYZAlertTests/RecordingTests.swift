import Testing
import XYZAlert

/// Recording through the Swift API (docs/rules.md §15): which pages it follows, the
/// one clock reading per call, what stops it, and that it holds nothing
/// once stopped. Replays are tested in C (Tests/c/test_recording.c), in the
/// CLI suite and over the model's sequences (RecordingRoundTripTests).
@Suite("Recording")
struct RecordingTests {
    /// A host whose clock moves on every reading.
    final class RunningClock: AlertHost {
        var readings = 0
        func now() -> Double? {
            readings += 1
            return Double(readings)
        }
    }

    @Test func theClockReadsOneTimePerRecordedCall() throws {
        let host = RunningClock()
        let home = Dispatch(host: host, name: "home")
        try home.pageDidAppear()
        try home.startRecording()
        let toast = Alert(id: "toast")
        try toast.setDuration(5)
        try toast.setTTL(9)
        try home.add(toast) // the ttl starts and the duration runs: two readings unrecorded
        #expect(host.readings == 1)
        let json = try home.startedRecording!.scenarioJSON()
        #expect(json.contains(#"{"add": "toast", "at": 1.0}"#))
        try home.destroy()
    }

    /// The recorded root destroyed from inside an add's callback: its child
    /// splits off, and the rest of the add's events on the child are still
    /// recorded (a replay delivers them: they belong to the running call);
    /// the recording stops when that call returns.
    @Test func aRootDestroyedInsideARecordedAddRecordsTheRestOfIt() throws {
        let r = Recorder()
        let root = Dispatch(host: r, name: "root")
        let child = Dispatch(host: r, name: "child")
        try child.setParent(root)
        try root.startRecording()
        try root.pageDidAppear()
        try child.pageDidAppear()
        try child.add([Alert(id: "e"), Alert(id: "a")])
        let again = [Alert(id: "e"), Alert(id: "a")]
        for alert in again {
            try alert.setOnDuplicate(.ignore)
        }
        var seenRecorded: (Bool, Int?)?
        r.react = { line, _ in
            if line == "finish e duplicate" {
                try? root.destroy()
            } else if line == "finish a duplicate" {
                // (What a recording's "expect" list takes: the event of a
                // recorded page, in the step of the running call.)
                seenRecorded = (child.isRecorded, root.startedRecording?.currentStep)
            }
        }
        try child.add(again)
        #expect(r.log.suffix(2) == ["finish e duplicate", "finish a duplicate"])
        #expect(seenRecorded.map { $0.0 == true && $0.1 == 3 } == true)
        let json = try root.startedRecording!.scenarioJSON()
        #expect(json.contains(#"{"destroy": "root", "during": 1}"#))
        // Stopped once the add returned: the child's later calls are its own.
        #expect(!child.isRecorded)
        try child.add(Alert(id: "later"))
        #expect(try root.startedRecording!.scenarioJSON() == json)
        try child.destroy()
    }

    @Test func pagesThatJoinAreFollowedAndStoppingUnhooksThem() throws {
        let root = Dispatch(host: nil, name: "root")
        let child = Dispatch(host: nil, name: "child")
        try root.startRecording()
        #expect(root.isRecorded && !child.isRecorded)
        try child.setParent(root)
        #expect(child.isRecorded)
        try child.setParent(nil) // a page that leaves is still followed
        #expect(child.isRecorded)
        let alert = Alert()
        try child.add(alert)
        #expect(root.startedRecording!.name(of: alert) == "#1")
        #expect(root.startedRecording!.currentStep == nil)
        try root.stopRecording()
        #expect(!root.isRecorded && !child.isRecorded && root.startedRecording?.isActive == false)
        #expect(try root.startedRecording!.scenarioJSON().contains(#"{"parent": {"page": "child", "parent": null}}"#))
        try child.destroy()
        try root.destroy()
    }

    @Test func destroyingItsDispatchStopsARecordingAndFreesIt() throws {
        weak var recording: Recording?
        do {
            let root = Dispatch(host: nil, name: "root")
            let child = Dispatch(host: nil, name: "child")
            try child.setParent(root)
            try root.startRecording()
            recording = root.startedRecording
            try root.destroy()
            #expect(!child.isRecorded)
            try child.destroy()
        }
        #expect(recording == nil)
    }

    @Test func theStepInProgressIsTheInnermostCall() throws {
        final class Reacting: AlertHost {
            var steps: [Int?] = []
            weak var page: Dispatch?
            func show(_ alert: Alert, target: String, view: ViewHandle?) {
                steps.append(page?.startedRecording?.currentStep)
                try? alert.dismiss() // nested: its own step
            }
            func finish(_ alert: Alert, reason: EndReason) {
                steps.append(page?.startedRecording?.currentStep)
            }
        }
        let host = Reacting()
        let home = Dispatch(host: host, name: "home")
        host.page = home
        try home.startRecording()
        try home.pageDidAppear()
        try home.add(Alert(id: "a"))
        #expect(host.steps == [1, 2])
        #expect(try home.startedRecording!.scenarioJSON().contains(#"{"dismiss": "a", "during": 1}"#))
        try home.destroy()
    }
}
