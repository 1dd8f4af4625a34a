/// A page's candidate queues and alert list: which alerts are queued to
/// show, kept in step with their state, and the named targets they show in.
extension Dispatch {
    /// Puts `alert` in or takes it out of its candidate queue so that it is
    /// queued iff ready with all dependencies met. O(log n).
    func updateQueue(_ alert: Alert) {
        let wanted = alert.state == .ready && alert.unmet == 0 && alert.extras?.parked == nil
        if wanted && alert.queueIndex < 0 {
            domain.passes.scheduleChanges &+= 1
            if let lane = alert.laneKey {
                if otherLanes[lane] == nil {
                    domain.laneState(lane).addPage(self)
                }
                if alert.exclusive == .wait {
                    otherLanes[lane, default: LaneQueues()].wait.insert(alert)
                } else {
                    otherLanes[lane, default: LaneQueues()].cover.insert(alert)
                }
            } else if alert.exclusive == .wait { waitQueue.insert(alert) } else { coverQueue.insert(alert) }
            domain.markLaneDirty(alert.laneKey)
        } else if !wanted && alert.queueIndex >= 0 {
            removeCandidate(alert)
        }
    }

    /// Takes `alert` out of its candidate queue (it is in one). O(log n).
    func removeCandidate(_ alert: Alert) {
        if let lane = alert.laneKey {
            if alert.exclusive == .wait { otherLanes[lane]!.wait.remove(alert) } else { otherLanes[lane]!.cover.remove(alert) }
            if otherLanes[lane]!.isEmpty {
                otherLanes[lane] = nil
                domain.lanes.byName[lane]?.removePage(self)
            }
        } else if alert.exclusive == .wait { waitQueue.remove(alert) } else { coverQueue.remove(alert) }
    }

    func list(_ alert: Alert) {
        alert.listIndex = alerts.count
        alerts.append(alert)
    }

    /// Takes a live alert off `alerts`: the last one takes its place.
    @inline(__always) // (on the path of every add and end)
    func unlist(_ alert: Alert) {
        let i = alert.listIndex
        let last = alerts.removeLast()
        if last !== alert {
            alerts[i] = last
            last.listIndex = i
        }
        alert.listIndex = -1
    }

    /// The view a target name resolves to: "page" is the page view; any other
    /// name is looked up here, then in each ancestor.
    func resolveTarget(_ name: String) -> ViewHandle? {
        if name == "page" {
            return pageView
        }
        let key = ExactString(name)
        var dispatch: Dispatch? = self
        while let d = dispatch {
            if let view = d.targets[key] {
                return view
            }
            dispatch = d.parent
        }
        return nil
    }
}
