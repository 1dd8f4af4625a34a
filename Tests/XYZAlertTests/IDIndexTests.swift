import Testing
@testable import XYZAlert

/// `IDIndex` (the domain's table of live alerts by id) against a `Dictionary`
/// doing the same operations.
@Suite("The id index")
struct IDIndexTests {
    @Test func randomInsertsAndRemovesAgreeWithADictionary() {
        let seed: UInt64 = 20_261_201
        var random = SeededRandom(seed: seed)
        var index = IDIndex()
        var model: [ExactString: Alert] = [:]
        // A small pool of ids, so that the same id comes and goes, runs of
        // neighbouring slots form and removals shift them back.
        let pool = (0..<300).map { "id\($0)" }
        for step in 0..<20_000 {
            let id = pool[Int.random(in: 0..<pool.count, using: &random)]
            let key = ExactString(id)
            if let stored = model[key] {
                let removed = index.remove(stored), again = index.remove(stored)
                #expect(removed && !again, "seed \(seed), step \(step): remove '\(id)' once")
                model[key] = nil
            } else {
                let alert = Alert(id: id)
                let removedNew = index.remove(alert)
                #expect(!removedNew, "seed \(seed), step \(step): removed an alert never stored")
                index.insert(alert)
                model[key] = alert
            }
            #expect(index.count == model.count, "seed \(seed), step \(step): count")
            if step % 97 == 0 {
                for other in pool {
                    let otherKey = ExactString(other)
                    #expect(index[otherKey] === model[otherKey], "seed \(seed), step \(step): find '\(other)'")
                }
            }
        }
        #expect(Set(index.alerts.map(ObjectIdentifier.init)) == Set(model.values.map(ObjectIdentifier.init)))
    }

    @Test func anAlertWithTheSameIdIsNotTheStoredOne() {
        var index = IDIndex()
        let first = Alert(id: "a"), second = Alert(id: "a")
        index.insert(first)
        let removedSecond = index.remove(second)
        #expect(!removedSecond)
        #expect(index[ExactString("a")] === first)
        #expect(index.find(ExactString("a"), digest: second.keyDigest) === first)
        let removedFirst = index.remove(first)
        #expect(removedFirst && index.count == 0 && index[ExactString("a")] == nil)
    }

    @Test func idsThatDifferOnlyInTheirBytesAreDifferentKeys() {
        var index = IDIndex()
        let composed = Alert(id: "\u{E9}"), decomposed = Alert(id: "e\u{301}")
        index.insert(composed)
        index.insert(decomposed)
        #expect(index[ExactString("\u{E9}")] === composed && index[ExactString("e\u{301}")] === decomposed)
    }
}
