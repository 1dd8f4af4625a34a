import Testing
@_spi(Testing) import XYZAlert
#if os(Linux)
/// The bytes an instance of `type` asks the allocator for (its header
/// included): the `instanceSize` of Swift's class metadata, which follows the
/// kind, the superclass, the flags and the instance address point (no
/// Objective-C interoperability here, so no cache words before them).
private func instanceSize(of type: AnyClass) -> Int {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    return Int(metadata.load(fromByteOffset: 2 * MemoryLayout<Int>.size + 8, as: UInt32.self))
}

/// A class of a known size (a header of two words, two stored words), which
/// checks where `instanceSize(of:)` reads.
private final class TwoWords {
    var first = 0
    var second = 0
}
#endif

/// The engine keeps references between dispatches, alerts and domains until
/// `destroy()`; after it, everything must be freed, host data included.
@Suite("Memory")
struct MemoryTests {
    final class Token {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    @Test func destroyingEveryDispatchFreesEverything() throws {
        var freedTokens = 0
        weak var weakTab: Dispatch?
        weak var weakHome: Dispatch?
        weak var weakHost: Recorder?
        var weakAlerts: [() -> Alert?] = []
        do {
            let r = Recorder()
            weakHost = r
            let tab = page("tab", r)
            let home = page("home", r)
            weakTab = tab
            weakHome = home
            try home.setParent(tab)
            try tab.setActiveChildProvider { _ in home }
            let alerts = (0..<6).map { i in alert("a\(i)", Int32(i % 3), [.wait, .cover, .hideOthers][i % 3]) }
            for a in alerts {
                a.hostData = Token { freedTokens += 1 }
                weak let w = a
                weakAlerts.append { w }
            }
            try alerts[1].addDependency(alerts[0])
            try alerts[2].addDependency(id: "a1")
            try alerts[5].addDependency(alerts[4])
            let idle = alert("idle")
            idle.hostData = Token { freedTokens += 1 }
            try idle.addDependency(alerts[3])
            r.react = { line, a in
                if line == "show a0 page" { try? a!.dismiss() }
            }
            try tab.add(Array(alerts[0..<3]))
            try home.add(Array(alerts[3..<6]))
            try home.keyboardChanged(Rect(x: 0, y: 500, width: 10, height: 10), duration: 0)
            try tab.destroy()
            try home.destroy()
        }
        #expect(weakTab == nil && weakHome == nil && weakHost == nil)
        #expect(weakAlerts.allSatisfy { $0() == nil })
        #expect(freedTokens == 7)
    }

    @Test func aFinishedAlertHoldsNoReferences() throws {
        weak var weakDependency: Alert?
        let home = page("home", Recorder())
        let a = alert("a")
        do {
            let dependency = alert("dep")
            weakDependency = dependency
            try a.addDependency(dependency)
            try home.add([dependency, a])
            try dependency.dismiss()
        }
        try a.dismiss()
        #expect(weakDependency == nil)
        #expect(a.dispatch == nil && a.state == .finished)
        try home.destroy()
    }

    #if os(Linux)
    @Test func aMinimalAlertTakesOneSmallAllocationThroughItsLife() throws {
        // make bench measures the resident growth per queued alert (at most
        // 250 bytes); here, what decides it: the alert's own allocation, and
        // no side allocation for what it does not use (timing and layout,
        // dependency edges, caps, content), whatever it goes through.
        // The size is the one the runtime asks the allocator for, read from
        // the class's metadata: what malloc gives back may be a size class
        // larger, depending on what the heap holds at that moment.
        #expect(instanceSize(of: TwoWords.self) == 16 + 16, "the metadata reader is off")
        let size = instanceSize(of: Alert.self)
        #expect(size <= 216, "an alert takes \(size) bytes")
        let r = Recorder()
        let home = page("home", r)
        let a = Alert()
        try home.add([a])
        #expect(a.state == .showing)
        _ = (a.duration, a.ttl, a.frame, a.offset, a.avoidsKeyboard, a.keyboardAdjust)
        try a.dismiss()
        #expect(!a.hasSideAllocations, "reading defaults or a plain show made a side allocation")
        let timed = Alert()
        try timed.setDuration(5)
        #expect(timed.hasSideAllocations)
    }
    #endif
}
