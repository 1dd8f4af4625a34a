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

@Suite("The id digest against chosen ids")
struct IDDigestAttackTests {
    /// Two 16-byte ids that differ in bit 6 of byte 7 (the first word's bit
    /// 62) and of bytes 11 and 15 (the second word's bits 30 and 62): a
    /// difference that a multiplication by a constant passes on unchanged
    /// whatever the key, and that the next word then cancels, for about
    /// half the keys. Every byte stays ASCII, so both are valid ids. The
    /// digest must not let such twins collide (seed fixed: the bytes come
    /// from a fixed generator; the key is the process's).
    @Test func craftedTwinIdsDoNotCollide() {
        var state: UInt64 = 0x5EED_1D5
        func letter() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(ascii: "A") + UInt8(truncatingIfNeeded: state >> 33) % 26
        }
        var collisions = 0
        for _ in 0..<1_000 {
            let bytes = (0..<16).map { _ in letter() }
            var twin = bytes
            for i in [7, 11, 15] {
                twin[i] ^= 0x40
            }
            let a = IDIndex.digest(ExactString(String(decoding: bytes, as: UTF8.self)))
            let b = IDIndex.digest(ExactString(String(decoding: twin, as: UTF8.self)))
            collisions += a == b ? 1 : 0
        }
        #expect(collisions == 0, "\(collisions) of 1,000 crafted twins share a digest")
    }

    /// A flood of 4,096 ids that differ only in bit 6 of twelve of their
    /// bytes (the bits a constant multiplier keeps in place) spreads over
    /// the index's slots like any ids: looking one up stays O(1).
    @Test func aFloodOfIdsThatDifferInTheSameBitsSpreads() {
        let base = Array("ABCDEFGHIJKLMNOPQRSTUVWX".utf8)
        let positions = [3, 7, 11, 15, 19, 23, 2, 6, 10, 14, 18, 22]
        var buckets = [Int](repeating: 0, count: 1024)
        var digests = Set<Int>()
        for pattern in 0..<4_096 {
            var bytes = base
            for (bit, position) in positions.enumerated() where pattern & (1 << bit) != 0 {
                bytes[position] ^= 0x40
            }
            let digest = IDIndex.digest(ExactString(String(decoding: bytes, as: UTF8.self)))
            digests.insert(digest)
            buckets[digest & 1023] += 1
        }
        #expect(digests.count == 4_096, "\(4_096 - digests.count) ids share a digest")
        #expect(buckets.max()! <= 20, "fullest of 1,024 buckets for 4,096 ids: \(buckets.max()!)")
    }
}
