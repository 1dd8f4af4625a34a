import Testing
@testable import XYZAlert

/// `WaiterList` (the alerts waiting for one id) against an array doing the
/// same operations.
@Suite("The waiter list")
struct WaiterListTests {
    @Test func randomAppendsAndRemovesAgreeWithAnArray() {
        let seed: UInt64 = 20_261_203
        var random = SeededRandom(seed: seed)
        let pool = (0..<400).map { Alert(id: "w\($0)") }
        var list = WaiterList()
        var model: [Alert] = []
        // Phases that grow the list past the scan limit and shrink it to a
        // few, so that it is scanned, indexed, compacted and emptied.
        for step in 0..<20_000 {
            let growing = (step / 2_000) % 2 == 0
            let alert = pool[Int.random(in: 0..<pool.count, using: &random)]
            if let i = model.firstIndex(where: { $0 === alert }) {
                if !growing || Int.random(in: 0..<4, using: &random) == 0 {
                    list.remove(alert)
                    model.remove(at: i)
                }
            } else if growing || Int.random(in: 0..<4, using: &random) == 0 {
                list.append(alert)
                model.append(alert)
            }
            #expect(list.count == model.count && list.isEmpty == model.isEmpty, "seed \(seed), step \(step): count")
            if step % 101 == 0 || model.count < 12 {
                let inOrder = Array(list).elementsEqual(model, by: ===) // (outside #expect, which warns on it)
                #expect(inOrder, "seed \(seed), step \(step): the waiters in order")
            }
        }
    }

    @Test func waitersThatEndOneByOneLeaveTheRestInOrder() {
        let alerts = (0..<100).map { Alert(id: "a\($0)") }
        var list = WaiterList(alerts)
        for (i, alert) in alerts.enumerated() where i % 3 != 0 {
            list.remove(alert)
        }
        let rest = alerts.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        let inOrder = Array(list).elementsEqual(rest, by: ===)
        #expect(inOrder)
        #expect(list.count == rest.count)
    }
}
