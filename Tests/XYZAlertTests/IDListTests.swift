import Testing
@testable import XYZAlert

/// `IDList` (an alert's id dependencies) against an array and a `Set` doing
/// the same operations.
@Suite("The id dependency list")
struct IDListTests {
    @Test func randomAppendsAgreeWithAnArrayAndASet() {
        let seed: UInt64 = 20_261_202
        var random = SeededRandom(seed: seed)
        var list = IDList()
        var order: [ExactString] = []
        var members = Set<ExactString>()
        // Ids drawn from a pool larger than the list grows in one test, so
        // that most are new (the table grows many times) and some repeat.
        for step in 0..<5_000 {
            let key = ExactString("id\(Int.random(in: 0..<8_000, using: &random))")
            let digest = IDIndex.digest(key)
            #expect(list.contains(key, digest: digest) == members.contains(key), "seed \(seed), step \(step): contains \(key)")
            if members.insert(key).inserted {
                list.append(key, digest: digest)
                order.append(key)
            }
        }
        #expect(list.ids == order, "seed \(seed): the ids in the order they were added")
        for key in order {
            #expect(list.contains(key, digest: IDIndex.digest(key)), "seed \(seed): finds \(key)")
        }
    }

    @Test func idsWhoseDigestBitsCollideAreStillDifferent() {
        // Every id stored under the same digest: each probe meets the same
        // stored digest bits and must compare the bytes.
        var list = IDList()
        let keys = (0..<100).map { ExactString("k\($0)") }
        for key in keys {
            #expect(!list.contains(key, digest: 7))
            list.append(key, digest: 7)
        }
        #expect(list.ids == keys)
        #expect(keys.allSatisfy { list.contains($0, digest: 7) })
        #expect(!list.contains(ExactString("k100"), digest: 7))
        // Digests that differ only above the stored 32 bits are the same bits.
        #expect(list.contains(keys[3], digest: 7 | (1 << 40)))
    }

    @Test func idsThatDifferOnlyInTheirBytesAreDifferentIds() {
        var list = IDList()
        let composed = ExactString("\u{E9}"), decomposed = ExactString("e\u{301}")
        list.append(composed, digest: IDIndex.digest(composed))
        #expect(!list.contains(decomposed, digest: IDIndex.digest(decomposed)))
        #expect(!list.contains(decomposed, digest: IDIndex.digest(composed)))
    }
}
