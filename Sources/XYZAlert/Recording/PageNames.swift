/// Pages in a recording: the names the file gives them, declared parents first,
/// with the steps that bring each to its state.
extension Recording {
    /// Declares pages not seen yet (parents first), and appends the steps
    /// that bring each to its state: appearing, suspensions. Their page
    /// objects give parents among them, active children and capacities.
    func declare(_ dispatches: [Dispatch]) {
        let unseen = dispatches.filter { pageIndex[ObjectIdentifier($0)] == nil }
        for dispatch in unseen {
            var name = dispatch.name.isEmpty ? "page" : dispatch.name
            if usedPageNames.contains(name) {
                var n = 2
                while usedPageNames.contains("\(name)#\(n)") { n += 1 }
                name = "\(name)#\(n)"
            }
            usedPageNames.insert(name)
            pageIndex[ObjectIdentifier(dispatch)] = pages.count
            let parent = dispatch.parent.flatMap { pageIndex[ObjectIdentifier($0)] }
            pages.append(Page(name: name, parent: parent, active: nil, capacity: dispatch.capacityLimit))
            members.append(dispatch)
            dispatch.recording = self
            if dispatch.activeChildProvider != nil {
                fail("\(dispatch.quotedName) has an active-child provider, which a file cannot hold")
            }
            if dispatch.parent != nil {
                pages[pages.count - 1].durationScale = dispatch.storedDurationScale
                pages[pages.count - 1].gaps = dispatch.gaps.sorted { $0.key.precedesByBytes($1.key) }
                    .map { ($0.key.string, $0.value) }
                pages[pages.count - 1].laneLimits = dispatch.laneLimits.sorted { $0.key.precedesByBytes($1.key) }
                    .map { ($0.key.string, $0.value) }
                if dispatch.storedTimerHolds > 0 {
                    fail("\(dispatch.quotedName) holds timers of its own while it is a child, which a file cannot hold")
                }
            }
            // Any page may become a root, whose host's mode then rules.
            if (dispatch.host != nil && dispatch.hostDefersPasses) != deferred {
                fail("\(dispatch.quotedName) has a host in the other pass mode (immediate or deferred), and a file has one mode")
            }
        }
        for dispatch in unseen {
            let i = pageIndex[ObjectIdentifier(dispatch)]!
            if let child = dispatch.explicitActiveChild {
                pages[i].active = pageIndex[ObjectIdentifier(child)]
            }
            if dispatch.isPageVisible {
                append(.page(.appear, page(dispatch)))
            }
            for _ in 0..<dispatch.suspensions {
                append(.page(.suspend, page(dispatch)))
            }
            // docs/rules.md §17: what the page sets as a root.
            if dispatch.parent == nil && dispatch.storedDurationScale != 1 {
                append(.durationScale(page: page(dispatch), scale: dispatch.storedDurationScale))
            }
            for (lane, seconds) in dispatch.gaps.sorted(by: { $0.key.precedesByBytes($1.key) }) where dispatch.parent == nil {
                append(.gap(page: page(dispatch), lane: lane.string, seconds: seconds))
            }
            // docs/rules.md §19: its lanes' limits (as a root) and its order.
            for (lane, limit) in dispatch.laneLimits.sorted(by: { $0.key.precedesByBytes($1.key) }) where dispatch.parent == nil {
                append(.laneLimit(page: page(dispatch), lane: lane.string, visible: limit.visible, onFull: limit.onFull))
            }
            if dispatch.storedOrder != .fifo {
                append(.order(page: page(dispatch), order: dispatch.storedOrder))
            }
            for _ in 0..<(dispatch.parent == nil ? dispatch.storedTimerHolds : 0) {
                append(.page(.holdTimers, page(dispatch)))
            }
        }
    }

    /// The page's name in the file; nil (breaking the recording) for a
    /// page it has not seen.
    func page(_ dispatch: Dispatch) -> String? {
        guard let i = pageIndex[ObjectIdentifier(dispatch)] else {
            fail("a call named \(dispatch.quotedName), which the recording has not seen")
            return nil
        }
        return pages[i].name
    }

    /// `dispatch` gets `newParent` (nil: detached). Pages of the domain it
    /// joins that were not recorded are declared first; they must have no
    /// live alert.
    func beginParent(_ dispatch: Dispatch, _ newParent: Dispatch?) {
        if let newParent {
            let unseen = newParent.domain.dispatches.filter { pageIndex[ObjectIdentifier($0)] == nil }
                + dispatch.domain.dispatches.filter { pageIndex[ObjectIdentifier($0)] == nil }
            if let other = unseen.lazy.compactMap({ $0.recording }).first(where: { $0 !== self }) {
                other.fail("a recorded page joined the domain of another recording")
                fail("a page recorded by another recording joined this one")
            }
            for page in unseen where !page.alerts.isEmpty {
                fail("\(page.quotedName) joined the recorded domain with alerts added before the recording saw it")
            }
            // Each side's unseen pages, as the trees they form now, with
            // what their domain brings: its keyboard, its history.
            for root in [newParent.root, dispatch.root] where unseen.contains(where: { $0 === root }) {
                declare(root.subtree)
                if root.domain.keyboard.frame != .zero {
                    append(.keyboard(page: page(root), frame: root.domain.keyboard.frame, duration: 0))
                }
                if let history = root.domain.history, startingHistory == nil {
                    historyAttached(history, from: root.domain)
                }
            }
            declare(unseen)
        }
        begin(.parent(page: page(dispatch), parent: newParent.flatMap(page)))
    }
}
