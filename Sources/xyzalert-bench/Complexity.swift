// The complexity attacks of the second adversarial run: inputs that once
// cost quadratic or cubic time, each measured at two sizes side by side as
// in Pathological.swift (per-unit ratio; target at most 2).
import XYZAlert

// Still to come (docs/performance.md, "Known super-linear shapes"): the
// shapes whose cost is in the pass's per-lane sweeps (alerts each in a lane
// of their own, adds to one lane while many others show, a cover over many
// on-screen alerts, hiding and unhiding many).

/// A visible page with no host.
private func visiblePage(_ name: String) throws -> Dispatch {
    let page = Dispatch(host: nil, name: name)
    try page.pageDidAppear()
    return page
}

func benchmarkComplexity() throws {
    print("complexity attacks (best of 5 each, the two sizes alternately)")
    try scaling("tags of one alert (add_tag)", unit: "tag", small: 10_000, large: 100_000) { n in
        let a = Alert(id: "a")
        for i in 0..<n {
            try a.addTag("t\(i)")
        }
    }
    try scaling("actions of one alert on screen (add_action)", unit: "action", small: 10_000, large: 100_000) { n in
        let page = try visiblePage("home")
        let a = Alert(id: "a")
        try page.add([a])
        for i in 0..<n {
            try a.addAction(AlertAction(id: "x\(i)", title: "X"))
        }
        try page.destroy()
    }
}
