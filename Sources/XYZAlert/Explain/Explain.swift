/// Diagnostics (docs/rules.md §6, §18): one sentence on why an alert is in
/// its state, worded from `Alert.why()`'s data, so that the sentence and
/// the code never disagree. Explanations use the active-child providers'
/// answers from the last pass and read no clock: they never call host code.
extension Alert {
    /// One sentence on why the alert is in its state; an alert outside the
    /// "main" lane names its lane at the end ("... (lane 'toast')").
    public func explain() -> String {
        let sentence = Alert.sentence(cause(), of: self)
        return state.isLive ? sentence + laneSuffix : sentence
    }

    /// The sentence for `why`, the reason of `alert`. Every code has one
    /// (a test checks that each code's sentence names its cause).
    static func sentence(_ why: AlertWhy, of alert: Alert) -> String {
        let name = alert.quotedName
        switch why.code {
        case .idle:
            return "\(name) has not been added to a dispatch" + (alert.startsWaiting ? "; it will be added waiting" : "")
        case .notReady:
            return "\(name) is waiting: the host has not marked it ready"
        case .finished:
            let reason = alert.endReason!
            let detail: String = switch reason {
            case .timeout: " (its duration was spent)"
            case .expired: " (its ttl ran out before it was shown)"
            case .duplicate: " (an alert with its id was live when it was added)"
            case .replaced: " (a newer alert with its id took its place)"
            case .dropped: " (its page held more queued alerts than its capacity)"
            case .capped: " (a frequency cap or cool-down forbade its display)"
            case .evicted: " (its lane was full and a newer alert took its room)"
            case .displaced: " (it would have been hidden covered, and it drops then)"
            case .outsideWindow: " (it would have shown outside its windows, and it drops then)"
            default: ""
            }
            if let key = why.key, let rule = why.rule {  // (the cap, windows or audience that ended it)
                switch reason {
                case .capped: return "\(name) finished: capped: \(rule) (\(key))"
                case .ineligible: return "\(name) finished: ineligible: its campaign's audience stopped admitting it: \(rule)"
                default: return "\(name) finished: \(reason): it would have shown outside its windows (\(rule))"
                }
            }
            return "\(name) finished: \(reason)" + detail
        case .showing:
            return "\(name) is showing on \(alert.dispatch!.quotedName) (target '\(alert.target)')"
        case .held:
            let holder = (alert.extras?.holds ?? 0) > 0 ? "it is held" : "the timers of \(alert.dispatch!.root.quotedName) are held"
            return "\(name) is showing on \(alert.dispatch!.quotedName) (target '\(alert.target)'); its countdown "
                + "waits while \(holder)"
        case .hiddenPage:
            return "\(name) is hidden: " + Alert.absenceSentence(why.page!)
        case .pageNotVisible, .notActiveChild:
            return "\(name) is ready but " + Alert.absenceSentence(why.page!)
        case .hiddenCovered:
            let cover = why.alert!
            if cover.exclusive != .hideOthers, let limit = alert.dispatch?.root.laneLimit(lane: alert.lane) {
                return "\(name) is hidden: lane '\(alert.lane)' shows \(limit.visible) at most, "
                    + "and \(cover.quotedName), the lowest-ranked of them, ranks above it"
            }
            return "\(name) is hidden: covered by \(cover.quotedName) (\(Exclusive.hideOthers))"
        case .dependency:
            return "\(name) is waiting for dependency \(why.alert!.quotedName) (\(why.alert!.state))"
        case .idDependency:
            return "\(name) is waiting for dependency '\(why.id!)' (\(why.alert!.state))"
        case .suspended:
            return "\(name) is held: \(why.page!.quotedName) is suspended"
        case .behind:
            let top = why.alert!
            if !top.coverable && alert.exclusive != .wait {
                return "\(name) is blocked by \(top.quotedName): it is not coverable"
            }
            if let domain = alert.dispatch?.domain, domain.lanes.stacksInUse,
               let room = domain.currentScreenFacts().lane(alert.laneKey).room, !room.hasHideOthers {
                let shown = room.visible.map { $0.quotedName }.joined(separator: ", ")
                return "\(name) is queued: lane '\(alert.lane)' is full (\(room.visible.count) of \(room.limit.visible) visible: \(shown))"
                    + (top.coverable ? "" : ", and \(top.quotedName) is not coverable")
            }
            if alert.exclusive == .wait {
                return "\(name) is blocked by \(top.quotedName): it is 'wait' and never shows over another alert"
            }
            if top.priority == alert.priority && alert.preempt == .equal {
                return "\(name) is blocked by \(top.quotedName) (priority \(top.priority), added after it)"
            }
            return "\(name) is blocked by \(top.quotedName) (priority \(top.priority) >= \(alert.priority))"
        case .lowerPriority:
            let first = why.alert!
            return "\(name) is ready but \(first.quotedName) shows first (priority \(first.priority), "
                + (first.priority > alert.priority ? "above \(alert.priority))" : "added earlier)")
        case .deferred:
            if alert.state == .hidden {
                return "\(name) is hidden and will be restored at the next pass"
            }
            return "\(name) is ready and will show at the next pass"
                + (alert.dispatch!.domain.passes.flushRequested ? " (a flush is requested)" : "")
        case .showAfter:
            return "\(name) is waiting: its show_after delay (\(CapPeriod.words(alert.showAfter))) has not passed"
        case .triggerDelay:
            return "\(name) is waiting: campaign '\(alert.campaign!)' delays it \(CapPeriod.words(alert.showAfter)) after its trigger"
        case .laneGap:
            return "\(name) is ready but its lane's gap after the last alert left has not passed"
        case .capped:
            return "\(name) is capped: \(why.rule!) (\(why.key!))"
        case .coolingDown:
            return "\(name) is cooling down: \(why.rule!) (\(why.key!))"
        case .outsideWindow:
            return "\(name) is ready but outside its windows (\(why.rule!))"
        case .minVisible:
            let verb = alert.extras?.pendingEnd == .cancelled ? "cancelled" : "dismissed"
            return "\(name) was \(verb) and stays until its minimum visible time (\(CapPeriod.words(alert.minVisible))) has passed"
        }
    }

    /// Why `page` keeps its alerts from participating, as a clause.
    private static func absenceSentence(_ page: Dispatch) -> String {
        if page.isDestroyed {
            return "\(page.quotedName) was destroyed"
        }
        if !page.isPageVisible {
            return "\(page.quotedName) is not visible"
        }
        return "\(page.quotedName) is not the active child of \(page.parent!.quotedName)"
    }
}
