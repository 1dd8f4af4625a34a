/// Calls in a recording: which step is running, calls nested from callbacks,
/// the clocks frozen during a call and the events delivered in it.
extension Recording {
    /// A call with this step begins.
    func begin(_ call: RecordedStep) {
        if inSplitFlushRequest {
            fail("a call was made from inside the flush request of a page that split off during the same call")
        }
        append(call)
        if depth == 0 {
            callSerial &+= 1
            outerStep = steps.count - 1
            eventsInCall = 0
            frozen.removeAll()
            wallReadInCall = false
        }
        calls.append(steps.count - 1)
    }

    /// The call begun last has returned.
    func end() {
        calls.removeLast()
        if depth == 0 {
            forgetFinishing()
            frozen.removeAll()
            wallReadInCall = false
            if stopsWhenCallEnds {
                stopsWhenCallEnds = false
                stop()
            }
        }
    }

    /// The index of the step whose call is running (the innermost), to
    /// which a replay attributes the events delivered now; nil between calls.
    public var currentStep: Int? { calls.last }

    func append(_ call: RecordedStep) {
        steps.append(Step(call: call, at: nil, during: depth > 0 && eventsInCall > 0 ? eventsInCall : nil))
    }

    /// Whether a recorded call is running (on any page of the recording,
    /// nested calls included).
    var isInCall: Bool { depth > 0 }

    /// The time the clock of `root`'s host reads during the running call,
    /// once a domain rooted there has read it.
    func frozenTime(of root: Dispatch) -> Double? {
        let key = ObjectIdentifier(root)
        return frozen.first { $0.root == key }?.time
    }

    /// A recorded domain rooted at `root` read its host's clock during the
    /// call, for the first time in the call: every reading of that clock
    /// until the call returns is this one (whichever domain reads it, the
    /// call's own, one it joined or split off, or one reached from a
    /// callback). The call's first reading is the step's `at`; a root
    /// whose clock reads another time (pages whose hosts keep clocks of
    /// their own, met in a join or a split) is written beside it, so that
    /// the replay gives that page's clock that time.
    func clockRead(_ time: Double, root: Dispatch) {
        frozen.append((ObjectIdentifier(root), time))
        guard let at = steps[outerStep].at else {
            steps[outerStep].at = time
            return
        }
        if time != at, let page = pageIndex[ObjectIdentifier(root)] {
            steps[outerStep].clocks.append((page, time))
        }
    }

    /// Whether the running call is yet to note the history's wall clock.
    var needsWallReading: Bool { !wallReadInCall && startingHistory != nil }

    /// The history's wall clock read `wall` during the call (after a domain
    /// clock gave the step its `at`): the replay's wall clock reads the
    /// file's `wall_clock` + `at`, so a reading that differs (a wall clock
    /// that moved apart from the pages' clocks: set by the user, or read
    /// beside a page's clock of its own) is written on the step.
    func wallRead(_ wall: Double) {
        wallReadInCall = true
        guard let history = startingHistory, let at = steps[outerStep].at, history.wallClock + at != wall else { return }
        steps[outerStep].wall = wall
    }

    /// The root's UTC offset at wall-clock time `wall` was read (docs/rules.md
    /// §22): the file holds every offset read, by the time asked for (one
    /// `utc_offset`, or `utc_offsets` where they change), so that the
    /// replay's reads at those times get the same answers. A host that gave
    /// two answers for one time cannot be replayed.
    func utcOffsetRead(_ offset: Double, at wall: Double) {
        guard isActive else { return }
        if let seen = utcOffsets[wall], seen != offset {
            fail("the UTC offset at wall clock \(JSONText.number(wall)) was read as \(JSONText.number(seen)), then as \(JSONText.number(offset)) seconds, which a file cannot hold")
            return
        }
        utcOffsets[wall] = offset
    }

    /// An event is being delivered to the host of a recorded page.
    func delivered(_ alert: Alert, finished: Bool) {
        delivered()
        if finished {
            finishing = alert
        }
    }

    /// An event of no alert's (a campaign's) is being delivered.
    func delivered() {
        if depth == 0 {
            fail("an event came from a call the recording did not see")
        }
        eventsInCall += 1
        forgetFinishing()
    }

    func forgetFinishing() {
        if let alert = finishing, let entry = instances.removeValue(forKey: ObjectIdentifier(alert)) {
            busy.remove(entry.definition)
            reusable[Recording.reuseKey(definitions[entry.definition]), default: []].append(entry.definition)
        }
        finishing = nil
    }
}

extension Domain {
    /// A recorded call is about to read the history's wall clock: the
    /// domain's clock is read too, so that the step carries its time and
    /// the replay's wall clock (wall_clock + that time) reads the same; a
    /// wall clock that reads otherwise (it does not move with this root's
    /// clock) is written down (`Recording.wallRead`).
    func stampRecordedCall() {
        guard let recording = root?.recording, recording.isInCall else { return }
        _ = now()
        if let history, recording.needsWallReading {
            let outer = hostCalls.readOnlyCallback
            hostCalls.readOnlyCallback = "the history's clock"
            let wall = history.now()
            hostCalls.readOnlyCallback = outer
            recording.wallRead(wall)
        }
    }
}
