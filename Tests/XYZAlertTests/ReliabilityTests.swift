import Testing
@_spi(Testing) import XYZAlert

/// Regressions from the adversarial run, at the Swift level (the C suite's
/// test_reliability.c has the C-ABI side).
@Suite("Reliability")
struct ReliabilityTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func exactStringsCompareBytesNotCanonicalEquivalence() {
        #expect(Self.composed == Self.decomposed) // what Swift's String does
        #expect(ExactString(Self.composed) != ExactString(Self.decomposed))
        #expect(ExactString(Self.composed) == ExactString("caf" + "\u{E9}"))
        let set: Set<ExactString> = [ExactString(Self.composed), ExactString(Self.decomposed)]
        #expect(set.count == 2)
        #expect(ExactString("") == ExactString(""))
        let long = String(repeating: "x", count: 100)
        #expect(ExactString(long) == ExactString(String(repeating: "x", count: 100)))
        #expect(ExactString(long).hashValue == ExactString(String(repeating: "x", count: 100)).hashValue)
    }

    @Test func idsThatLookAlikeAreDifferentIDs() throws {
        let r = Recorder()
        let home = page("home", r)
        let a = alert(Self.composed), b = alert(Self.decomposed)
        try home.add([a, b])
        #expect(home.find(Self.composed) === a)
        #expect(home.find(Self.decomposed) === b)
        home.checkInvariants()
        try home.destroy()
    }

    /// A host must know where an ending alert was: `endingDispatch` during its
    /// action, remove and finish events (even from a destroy), nil after.
    @Test func anEndingAlertNamesItsDispatchDuringItsLastEvents() throws {
        let r = Recorder()
        let home = page("home", r)
        var seen: [String] = []
        r.react = { line, alert in
            guard let alert, alert.state == .finished else { return }
            seen.append("\(line.split(separator: " ")[0]) \(alert.endingDispatch === home) \(alert.dispatch == nil)")
        }
        let a = alert("a"), b = alert("b")
        try a.setContent(AlertContent(actions: [AlertAction(id: "ok", title: "OK")]))
        try home.add([a, b])
        try a.triggerAction(0)
        #expect(a.endingDispatch == nil)
        try home.destroy()
        #expect(seen == ["action true true", "remove true true", "finish true true",
                         "remove true true", "finish true true"])
        #expect(b.endingDispatch == nil)
    }

    @Test func passesThatDoNotSettleStopWithAnErrorThatTookEffect() throws {
        let r = Recorder()
        let tab = page("tab", r, visible: false)
        let one = page("one", r), two = page("two", r)
        try one.setParent(tab)
        try two.setParent(tab)
        try one.add([alert("in-one")])
        try two.add([alert("in-two")])
        var flip = false
        try tab.setActiveChildProvider { _ in
            flip.toggle()
            return flip ? one : two
        }
        var thrown: AlertError?
        do {
            try tab.pageDidAppear()
        } catch {
            thrown = error
        }
        #expect(thrown?.code == .state)
        #expect(thrown?.tookEffect == true)
        #expect(thrown?.message.contains("did not settle after 73 passes") == true)
        tab.checkInvariants()
        try tab.setActiveChild(two)
        #expect(two.find("in-two")?.state == .showing)
        try tab.destroy()
    }

    @Test func aSnapshotFromADestroyCallbackShowsThePageAlone() throws {
        let r = Recorder()
        let parent = page("P", r), child = page("C", r)
        try child.setParent(parent)
        try child.add([alert("x")])
        try parent.add([alert("y")])
        var snapshots: [DomainSnapshot] = []
        r.react = { line, _ in
            if line.hasPrefix("finish") { snapshots.append(parent.snapshot()) }
        }
        try parent.destroy()
        #expect(snapshots.count == 1)
        #expect(snapshots.first?.pages.map(\.name) == ["P"])
        #expect(snapshots.first?.stack.isEmpty == true)
        try child.destroy()
    }

    @Test func offsetsStayFinite() {
        let frame = Rect(x: 0, y: 100, width: 10, height: 1e308)
        let keyboard = Rect(x: 0, y: -1e308, width: 10, height: 10)
        #expect(keyboardOffset(frame: frame, keyboard: keyboard, adjust: -1.7e308) == -Double.greatestFiniteMagnitude)
        #expect(keyboardOffset(frame: frame, keyboard: Rect(x: 0, y: 50, width: 10, height: -5), adjust: 0) == 0)
    }
}
