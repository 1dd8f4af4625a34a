/// Recording (docs/rules.md §15): everything done to a domain, written down as a
/// scenario that `xyzalert simulate` replays to the same events in the same
/// order.
///
/// A recording is started on a dispatch whose domain has no live alert (what
/// was shown before cannot be replayed) and no active-child provider (host
/// code a file cannot hold). Every page of the domain then points to it
/// (`Dispatch.recording`), and so does every page that joins later; a page
/// keeps it when it leaves, so a subtree that splits off and comes back is
/// followed. Each public call on a recorded page or on an alert of one
/// (`begin` ... `end`, made once the call's checks have passed, so a failed
/// call leaves nothing) appends one step; an add also writes each alert's
/// configuration down as a definition. Calls made from inside an event
/// callback are nested: their step says after how many events of the call
/// around them they were made (`"during"`), so the replay makes them from
/// the same callback. While a call runs, each clock (a root page's host's)
/// reads one time, its first reading in the call: the call's first reading
/// is written on the outermost step (`"at"`), other clocks that read another
/// time beside it (`"clocks"`), and so is a history's wall clock that moved
/// apart (`"wall"`).
///
/// What the file cannot hold (a provider set later, a page joining with
/// alerts added before it was seen, a dependency on an alert never added)
/// breaks the recording: it goes on, and `scenarioJSON` reports the first
/// such problem instead of writing a file that replays differently.
///
/// Memory: a page per page seen, a definition per add at most (an instance
/// whose definition is unchanged and whose previous instance has finished
/// reuses it), a step per call, and an entry per unfinished recorded alert.
/// Off, it costs one nil check per call and per event.
public final class Recording {
    /// The campaigns of the recorded root as the recording started: the
    /// set (written as the file's `campaigns`, its alerts as definitions
    /// without a page, named as the set names them) and the attributes.
    struct StartingCampaigns {
        let root: ObjectIdentifier
        let campaigns: CampaignSet?
        var json: String? { campaigns?.json }
        let attributes: JSONObject
        /// Definition index by the name a campaign's `alert` gives.
        var definitions: [String: Int] = [:]
    }

    /// A page as the scenario declares it.
    struct Page {
        var name: String
        var parent: Int?
        var active: Int?
        var capacity: Int
        /// A page met as a child: its own root settings (docs/rules.md
        /// §17.6), in force once it splits off, which the file gives as
        /// page fields (a child cannot be given them by a step).
        var durationScale: Double = 1
        var gaps: [(lane: String, seconds: Double)] = []
        var laneLimits: [(lane: String, limit: LaneLimit)] = []
    }

    /// One alert definition: an added alert as it was configured.
    struct Definition: Equatable {
        var name: String
        var id: String?
        var page: Int
        var priority: Int32
        var exclusive: Exclusive
        var after: [String]
        /// Names of definitions whose latest instance it depends on (handle dependencies).
        var afterAlerts: [String]
        var ready: Bool
        var target: String
        var content: AlertContent
        var avoidKeyboard: Bool
        var keyboardAdjust: Double
        var frame: Rect?
        var tags: [String]
        var properties: AlertProperties
        var values: PropertyValues
        var lane: String
        var caps: CapRules
        /// Windows, excludes and on_outside (docs/rules.md §22).
        var windows: WindowRules
        /// Holds on its countdown made while idle (docs/rules.md §17).
        var holds: Int
    }

    /// The history the recorded domain started from (docs/rules.md §16).
    struct StartingHistory {
        /// Its persistence format, as it was.
        var json: String
        /// Wall-clock time at the domain's clock time 0.
        var wallClock: Double
        /// The caps set on it, by key in byte order.
        var caps: [(String, CapRules)]
        /// Whether it had begun its session (a loaded one has; a file's
        /// history loads as begun), whether it held no counts at session
        /// 1, and the app version it had seen (docs/rules.md §21).
        var begun = true
        var blank = false
        var appVersion: JSONData?
    }

    /// One step: its call, when the clock was read in it, after how many
    /// events of the enclosing call it was made (nested calls only).
    struct Step {
        var call: RecordedStep
        var at: Double?
        var during: Int?
        /// The pages (by index) whose host's clock read another time than
        /// `at` in the call, and those times (see `clockRead`).
        var clocks: [(page: Int, time: Double)] = []
        /// The history's wall clock, when it read another time than the
        /// file's `wall_clock` + `at` (see `wallRead`).
        var wall: Double?
    }

    let deferred: Bool
    /// Whether calls are still being recorded.
    public var isActive = true
    /// The first reason the file could not replay what happened, if any.
    public var problem: String?

    var pages: [Page] = []
    var pageIndex: [ObjectIdentifier: Int] = [:]
    /// The recorded dispatches, held while recording so that `stop` can
    /// unhook them (they point to the recording).
    var members: [Dispatch] = []
    var usedPageNames: Set<String> = []
    var definitions: [Definition] = []
    /// The definitions no unfinished instance uses (reusable), by
    /// `reuseKey`: a reuse looks only at those equal in the key's fields,
    /// so n adds cost O(n), however many definitions share an id.
    var reusable: [Int: [Int]] = [:]
    var usedAlertNames: Set<String> = []
    var anonymousCount = 0
    /// Per id, the suffix after which "id#N" names are all taken.
    var lastSuffix: [String: Int] = [:]
    /// Unfinished recorded alerts and their definitions; a definition with
    /// one is `busy` and is not reused (steps name the latest instance).
    var instances: [ObjectIdentifier: (alert: Alert, definition: Int)] = [:]
    var busy: Set<Int> = []
    /// Idle alerts that an added alert depends on by handle, and the names
    /// kept for them: the replay creates them early, and their own add
    /// later uses that name (held here until then, or until `stop`).
    var reserved: [ObjectIdentifier: (alert: Alert, name: String)] = [:]
    var steps: [Step] = []
    var startingHistory: StartingHistory?
    /// docs/rules.md §21: what the recorded root had when the recording
    /// started (see CampaignRecording.swift).
    var startingCampaigns: StartingCampaigns?
    /// The history object the recorded domain uses, told of this recording
    /// (which it lists unowned: `deinit` takes this recording off its list).
    var watchedHistory: History? {
        didSet {
            if oldValue !== watchedHistory {
                oldValue?.unwatch(ObjectIdentifier(self))
                watchedHistory?.watch(self)
            }
        }
    }

    /// Recorded calls in progress (more than one: nested from callbacks),
    /// by step index.
    var calls: [Int] = []
    var depth: Int { calls.count }
    var outerStep = 0
    /// An alert whose finish is being delivered: still named until the
    /// next event or the end of the call.
    var finishing: Alert?
    var eventsInCall = 0
    /// The clocks read during the call running now: each root page whose
    /// host's clock a domain read, with its first reading, which every
    /// later reading of that clock in the call returns.
    var frozen: [(root: ObjectIdentifier, time: Double)] = []
    /// Whether the running call has read the history's wall clock.
    var wallReadInCall = false
    /// The UTC offsets the recorded root's host gave, by the wall-clock
    /// time they were asked for (the replay asks for the same times).
    var utcOffsets: [Double: Double] = [:]

    /// Set while the host of a page that split off during the running call
    /// is asked for a flush: a call it makes from there cannot be replayed
    /// (the file can only place it inside the event before, when the page
    /// had not split off yet).
    var inSplitFlushRequest = false
    /// Numbers the outermost recorded calls.
    var callSerial = 0
    /// Set when the recorded root is destroyed from inside a recorded call
    /// (a callback of an add, say): the recording stops when that call
    /// returns, so that the rest of its events, on pages that split off,
    /// are recorded as the replay will deliver them.
    var stopsWhenCallEnds = false

    /// Every path of the API stops a recording (which unwatches) before it
    /// dies: `destroy()`, a new `startRecording()`. This keeps the history's
    /// unowned list true should one ever die watching.
    deinit {
        watchedHistory?.unwatch(ObjectIdentifier(self))
    }

    init(_ domain: Domain) {
        deferred = domain.isDeferred
        let dispatches = domain.dispatches
        if let history = domain.history {
            startingHistory = Recording.starting(history, domain)
            watchedHistory = history
            history.watch(self)  // (observers do not run in an initializer)
            readStartingOffset(domain)
        }
        declare(dispatches)
        if let root = domain.root {
            startingCampaigns = captureCampaigns(root)
        }
        if domain.keyboard.frame != .zero, let root = dispatches.first {
            append(.keyboard(page: page(root), frame: domain.keyboard.frame, duration: 0))
        }
    }

    /// Unhooks every recorded page; what was recorded stays readable.
    func stop() {
        watchedHistory = nil
        definitions += unaddedDependencies()
        isActive = false
        for dispatch in members where dispatch.recording === self {
            dispatch.recording = nil
        }
        members = []
        instances = [:]
        reserved = [:]
        finishing = nil
    }

    /// The history as a recording starts from it: its state and caps, and
    /// the wall-clock time at the domain's time 0.
    static func starting(_ history: History, _ domain: Domain) -> StartingHistory {
        let wall = history.now()
        let time = domain.now()
        let state = history.save()
        return StartingHistory(json: history.json(), wallClock: wall - time,
                               caps: history.cappedKeys.map { ($0, history.caps($0)) }, begun: history.hasBegunSession,
                               blank: state.session == 1 && state.records.isEmpty && state.campaigns.isEmpty,
                               appVersion: state.appVersion)
    }

    /// The recorded domain got `history` (nil: none), set on it or brought
    /// by a domain that joined it (`from`). A file has one history from its
    /// start: only before the first add can it change.
    func historyAttached(_ history: History?, from joining: Domain? = nil) {
        guard let domain = joining ?? members.first?.domain.root?.domain else { return }
        if steps.contains(where: { if case .add = $0.call { true } else { false } }) {
            fail(joining == nil ? "the domain's history changed after alerts were added, which a file cannot hold"
                 : "a domain with a history joined the recorded one after alerts were added, which a file cannot hold "
                   + "(attach the history before the first add)")
            return
        }
        startingHistory = history.map { Recording.starting($0, domain) }
        watchedHistory = history
        readStartingOffset(domain)
    }

    /// The user's UTC offset when the file's wall clock starts, read whether
    /// or not a window asks for it (docs/rules.md §22): a backtest replays
    /// the file under alert sets whose windows the recorded one had not.
    private func readStartingOffset(_ domain: Domain) {
        guard let starting = startingHistory else { return }
        let wall = starting.wallClock + domain.now()
        let offset = domain.utcOffset(at: wall)
        if utcOffsets[wall] == nil { utcOffsets[wall] = offset }
    }

    /// The recorded domain's history changed: a session or caps begin a
    /// call (true: the caller ends it); a load, or clearing every key at
    /// once, cannot be replayed.
    func historyChanged(_ change: History.Change, _ history: History) -> Bool {
        switch change {
        case .session:
            begin(.session)
        case .limit(let key, _), .cooldown(let key, _), .clear(let key?):
            begin(.caps(key: key, history.caps(key)))
        case .clear(nil):
            fail("every cap of the history was cleared at once during the recording; clear them key by key")
            return false
        case .load:
            fail("a history was loaded during the recording, which a file cannot hold")
            return false
        }
        return true
    }

    func fail(_ why: String) {
        problem = problem ?? why
    }


    // MARK: The file

    /// The recording as a scenario (docs/formats.md, "Recordings").
    /// Throws `.state` when it cannot replay what happened.
    public func scenarioJSON() throws(AlertError) -> String {
        if let problem {
            throw AlertError(.state, "the recording cannot be replayed: \(problem)")
        }
        let definitions = self.definitions + (isActive ? unaddedDependencies() : [])
        var history = usedHistory(definitions)
        var historyJSON = history?.json
        if startingCampaigns?.campaigns != nil || !utcOffsets.isEmpty, let starting = startingHistory {
            // Campaigns read the wall clock (dates, `$xyz.now`) and number
            // sessions, and local time (windows, offsets) reads it: the
            // file keeps the wall clock, and leaves out a history the
            // replay's own fresh one equals (one whose first session had
            // not begun loads as begun).
            history = starting
            historyJSON = isFresh(starting) ? nil : starting.json
            checkSessionNumbers(historyJSON == nil ? nil : starting)
        }
        if let problem {
            throw AlertError(.state, "the recording cannot be replayed: \(problem)")
        }
        return ScenarioWriter.scenario(deferred: deferred, history: history, historyJSON: historyJSON,
                                       campaigns: startingCampaigns, utcOffsets: utcOffsets,
                                       pages: pages, definitions: definitions, steps: steps)
    }

    /// The starting history, when anything recorded can depend on it: it
    /// has counts or caps, or an alert has caps, or a step changes it. (A
    /// host that attaches an empty history and never caps gets the file it
    /// got before caps existed.)
    func usedHistory(_ definitions: [Definition]) -> StartingHistory? {
        guard let history = startingHistory else { return nil }
        let stepsUseIt = steps.contains { step in
            switch step.call {
            case .session, .caps: true
            default: false
            }
        }
        let empty = history.json.hasSuffix("\"session\": 1, \"keys\": {}}")
        if !empty || !history.caps.isEmpty || stepsUseIt
            || definitions.contains(where: { !$0.caps.isEmpty || $0.values.onCapped != .drop }) {
            return history
        }
        return nil
    }

    /// Whether the replay's fresh history is `history`: no session begun,
    /// nothing counted, and an app version the file's attributes restore.
    func isFresh(_ history: StartingHistory) -> Bool {
        !history.begun && history.blank
            && (history.appVersion == nil || history.appVersion == startingCampaigns?.attributes["app_version"])
    }

    /// A history written to the file loads as one whose session has begun:
    /// a recording that started before the first session began numbers its
    /// sessions one higher in the replay, which `session_start` would show.
    func checkSessionNumbers(_ history: StartingHistory?) {
        guard let history, !history.begun, startingCampaigns?.campaigns?.names("session_start") == true,
              steps.contains(where: { if case .session = $0.call { true } else { false } }) else { return }
        fail("the history's first session began during the recording and a campaign counts sessions, which a file "
             + "cannot number alike (begin the first session before recording)")
    }
}
