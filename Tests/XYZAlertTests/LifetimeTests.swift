import Testing
@testable import XYZAlert

/// References the engine keeps without keeping their object alive, cleared
/// by the object as it goes (the Embedded build has no weak references):
/// a history's lists of the domains and the recordings that use it. A
/// destroyed page's domain dies and takes itself off (`Domain.deinit`), its
/// recording stops and does too; without the clearing, the history would
/// keep dangling pointers, which its next display or session walks
/// (Tests/c/test_lifetimes.c has the same under valgrind and ASan).
@Suite("Lifetimes")
struct LifetimeTests {
    @Test func aDestroyedPageLeavesItsHistorysLists() throws {
        let history = History(clock: { 0 })
        do {
            let gone = Dispatch(host: Recorder(), name: "gone")
            try gone.setHistory(history)
            try gone.startRecording()
            try gone.pageDidAppear()
            try gone.add(Alert(id: "a"))
            #expect(history.listedDomains == 1 && history.recordings.count == 1)
            try gone.destroy()
        }
        #expect(history.listedDomains == 0 && history.recordings.isEmpty)
        // A display in another domain walks the recordings; a session, the domains.
        let recorder = Recorder()
        let kept = Dispatch(host: recorder, name: "kept")
        try kept.setHistory(history)
        try kept.pageDidAppear()
        try kept.add(Alert(id: "b"))
        try history.beginSession()
        #expect(recorder.log == ["show b page"])
        #expect(history.listedDomains == 1)
        try kept.destroy()
    }

    @Test func aStoppedRecordingLeavesTheHistorysList() throws {
        let history = History(clock: { 0 })
        let page = Dispatch(host: Recorder(), name: "page")
        try page.setHistory(history)
        try page.startRecording()
        #expect(history.recordings.count == 1)
        try page.stopRecording()
        #expect(history.recordings.isEmpty)
        try page.destroy()
    }
}
