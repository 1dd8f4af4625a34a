// Inputs found to be super-linear (by an adversarial run, and many alerts
// waiting for one id by a review of `Domain.end`): each is measured at
// a small and a 5x or 10x larger size, side by side, and the time per unit
// of input is compared. Near-linear means a per-unit ratio near 1 (target:
// at most 2, as allocation and cache effects grow with size).
import XYZAlert
import XYZAlertJSON

/// Measures `work(size)` at `small` and `large` and prints the per-unit
/// ratio. The two sizes run alternately, five times each, and the best time
/// of each counts, so that a burst of noise on this shared machine lands on
/// both sizes or on neither (three runs of one size, then of the other, let
/// one burst decide a ratio).
func scaling(_ what: String, unit: String, small: Int, large: Int, target: Double = 2,
             _ work: (Int) throws -> Void) rethrows {
    let clock = ContinuousClock()
    var a = Double.infinity, b = Double.infinity
    for _ in 0..<5 {
        a = min(a, try seconds(clock.measure { try work(small) }) / Double(small))
        b = min(b, try seconds(clock.measure { try work(large) }) / Double(large))
    }
    let ratio = b / a
    let rounded = Double(Int(ratio * 100 + 0.5)) / 100
    print("  \(what): \(Int(a * 1e9)) ns/\(unit) at \(small), \(Int(b * 1e9)) ns/\(unit) at \(large); "
          + "ratio \(rounded) (\(ratio <= target ? "ok, near linear" : "TOO SLOW, target is at most \(target)"))")
}

private func load(_ text: String) throws -> Document {
    try Loader.load(bytes: Array(text.utf8), source: "bench")
}

private func expectFailure(_ text: String) {
    do {
        _ = try load(text)
        preconditionFailure("expected a load error")
    } catch {}
}

func benchmarkPathological() throws {
    print("pathological inputs (best of 5 each, the two sizes alternately)")
    try scaling("page parent chain", unit: "page", small: 2_000, large: 20_000) { n in
        var text = "{\"pages\": {\"p0\": {}"
        for i in 1..<n {
            text += ", \"p\(i)\": {\"parent\": \"p\(i - 1)\"}"
        }
        _ = try load(text + "}, \"alerts\": [], \"steps\": []}")
    }
    try scaling("join a page chain (set_parent), destroy it leaf first", unit: "page", small: 2_000, large: 20_000) { n in
        var pages: [Dispatch] = []
        for i in 0..<n {
            let page = Dispatch(host: nil, name: "p\(i)")
            if let parent = pages.last {
                try page.setParent(parent)
            }
            try page.pageDidAppear()
            pages.append(page)
        }
        for page in pages.reversed() {
            try page.destroy()
        }
    }
    scaling("unknown key (did you mean)", unit: "kB", small: 500, large: 5_000) { kilobytes in
        expectFailure("{\"alerts\": [{\"id\": \"a\", \"" + String(repeating: "k", count: kilobytes * 1000) + "\": 1}]}")
    }
    try scaling("actions of one alert", unit: "action", small: 10_000, large: 100_000) { n in
        var text = "{\"alerts\": [{\"id\": \"a\", \"actions\": ["
        for i in 0..<n {
            text += (i > 0 ? "," : "") + "{\"id\": \"x\(i)\", \"title\": \"t\"}"
        }
        _ = try load(text + "]}]}")
    }
    try scaling("after ids of one alert (xyz_alert_add_dependency_id)", unit: "id", small: 10_000, large: 100_000) { n in
        let alert = Alert(id: "a")
        for i in 0..<n {
            try alert.addDependency(id: "d\(i)")
        }
    }
    try scaling("alerts waiting for one id, cancelled one by one", unit: "alert", small: 10_000, large: 100_000) { n in
        let page = Dispatch(host: nil, name: "home")
        try page.pageDidAppear()
        try page.add(Alert(id: "gate"))
        let waiters = (0..<n).map { Alert(id: "w\($0)") }
        for waiter in waiters {
            try waiter.addDependency(id: "gate")
        }
        try page.add(waiters)
        for waiter in waiters {
            try waiter.cancel()
        }
        try page.destroy()
    }
    try scaling("add and dismiss alerts one by one", unit: "alert", small: 10_000, large: 100_000) { n in
        let page = Dispatch(host: nil, name: "home")
        try page.pageDidAppear()
        var alerts: [Alert] = []
        for i in 0..<n {
            let alert = Alert(id: "a\(i)")
            try page.add([alert])
            alerts.append(alert)
        }
        for alert in alerts {
            try alert.dismiss()
        }
        try page.destroy()
    }
}
