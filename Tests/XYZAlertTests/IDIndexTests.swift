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

    /// The digest reads every byte: ids of every length from 1 to 40 bytes
    /// (one word, two halves, several words with an overlapping last one)
    /// that differ in one byte, anywhere, or only in length, all get
    /// different digests; and the low bits the tables use spread evenly.
    @Test func theDigestDependsOnEveryByteAndSpreadsItsLowBits() {
        var digests: [Int: String] = [:]
        func record(_ id: String) {
            let digest = IDIndex.digest(ExactString(id))
            #expect(digests[digest] == nil || digests[digest] == id, "'\(id)' and '\(digests[digest] ?? "")' share a digest")
            digests[digest] = id
        }
        for length in 1...40 {
            let base = String(repeating: "a", count: length)
            record(base)
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                record(String(decoding: bytes, as: UTF8.self))
            }
        }
        // The same bytes in a string that is not stored inline (longer
        // than 15 bytes, then cut) digest alike.
        let long = String(repeating: "x", count: 40) + "top"
        #expect(IDIndex.digest(ExactString(String(long.suffix(3)))) == IDIndex.digest(ExactString("top")))
        // 16,384 ids of the form the engine sees most ("q0", "q1", ...)
        // over 1,024 buckets of their low bits: 16 per bucket on average;
        // a bucket with more than 48 would mean the low bits are not mixed.
        var buckets = [Int](repeating: 0, count: 1024)
        for i in 0..<16_384 {
            buckets[IDIndex.digest(ExactString("q\(i)")) & 1023] += 1
        }
        #expect(buckets.max()! <= 48, "fullest bucket: \(buckets.max()!)")
        #expect(buckets.min()! >= 1, "an empty bucket")
    }
}
