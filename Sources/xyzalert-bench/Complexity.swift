// The complexity attacks of the second adversarial run: inputs that once
// cost quadratic or cubic time, each measured at two sizes side by side as
// in Pathological.swift (per-unit ratio; target at most 2).
import XYZAlert

/// A visible page with no host.
func visiblePage(_ name: String) throws -> Dispatch {
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
    try benchmarkLaneShapes()
}

/// An alert in `lane` (nil: "main").
func alert(_ id: String, lane: String? = nil, priority: Int32 = 0, _ exclusive: Exclusive = .wait) throws -> Alert {
    let a = Alert(id: id)
    try a.setPriority(priority)
    try a.setExclusive(exclusive)
    if let lane {
        try a.setLane(lane)
    }
    return a
}

/// A visible page whose n alerts were added one by one, each in a lane of
/// its own ("l0", "l1", ...), so each shows.
private func pageShowingOneInEachOf(_ n: Int) throws -> Dispatch {
    let page = try visiblePage("home")
    for i in 0..<n {
        try page.add([try alert("a\(i)", lane: "l\(i)")])
    }
    return page
}

/// A visible page with a pile of n `cover` alerts of rising priority, all
/// on screen in "main".
private func pageShowingAPile(of n: Int) throws -> Dispatch {
    let page = try visiblePage("home")
    for i in 0..<n {
        try page.add([try alert("c\(i)", priority: Int32(i), .cover)])
    }
    return page
}

/// The shapes of the pass's lanes and on-screen piles.
private func benchmarkLaneShapes() throws {
    try scaling("alerts each in a lane of their own, added one by one", unit: "alert", small: 1_000, large: 10_000) { n in
        let page = try pageShowingOneInEachOf(n)
        try page.destroy()
    }
    try scaling("adds to main while n other lanes show one each", unit: "lane", small: 1_000, large: 10_000) { n in
        let page = try pageShowingOneInEachOf(n)
        for i in 0..<n {
            let a = try alert("m\(i)")
            try page.add([a])
            try a.dismiss()
        }
        try page.destroy()
    }
    try scaling("pages each with an alert in a lane of its own", unit: "page", small: 1_000, large: 10_000) { n in
        let root = try visiblePage("root")
        for i in 0..<n {
            let page = Dispatch(host: nil, name: "p\(i)")
            try page.setParent(root)
            try page.pageDidAppear()
            try page.add([try alert("a\(i)", lane: "l\(i)")])
        }
        try root.destroy()
    }
    try scaling("a pile of n cover alerts in n lanes, then a cover in each", unit: "lane", small: 1_000, large: 10_000) { n in
        let page = try pageShowingOneInEachOf(n)
        for i in 0..<n {
            try page.add([try alert("c\(i)", lane: "l\(i)", priority: 1, .cover)])
        }
        try page.destroy()
    }
    try scaling("n lanes on screen, their page disappears and appears", unit: "lane", small: 1_000, large: 10_000) { n in
        let page = try pageShowingOneInEachOf(n)
        try page.pageWillDisappear()
        try page.pageDidAppear()
        try page.destroy()
    }
    try scaling("a pile of n cover alerts in one lane, added one by one", unit: "alert", small: 1_000, large: 10_000) { n in
        let page = try pageShowingAPile(of: n)
        try page.destroy()
    }
    try scaling("a pile of n hide_others alerts in one lane, added one by one", unit: "alert", small: 1_000, large: 10_000) { n in
        let page = try visiblePage("home")
        for i in 0..<n {
            try page.add([try alert("h\(i)", priority: Int32(i), .hideOthers)])
        }
        try page.destroy()
    }
    try scaling("n on screen in one lane, their page disappears and appears", unit: "alert", small: 1_000, large: 10_000) { n in
        let page = try pageShowingAPile(of: n)
        try page.pageWillDisappear()
        try page.pageDidAppear()
        try page.destroy()
    }
    try scaling("a hide_others alert over n on screen in one lane", unit: "alert", small: 1_000, large: 10_000) { n in
        let page = try pageShowingAPile(of: n)
        try page.add([try alert("h", priority: Int32(n), .hideOthers)])
        try page.destroy()
    }
    try scaling("one lane of n visible (a limit of n), added one by one", unit: "alert", small: 1_000, large: 10_000) { n in
        let page = try visiblePage("home")
        try page.setLaneLimit(lane: "toast", visible: n)
        for i in 0..<n {
            try page.add([try alert("t\(i)", lane: "toast")])
        }
        try page.destroy()
    }
}
