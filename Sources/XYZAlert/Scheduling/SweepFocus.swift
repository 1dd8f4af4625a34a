/// The part of a long stack that a sweep must look at (docs/rules.md §3 and
/// rule 6): a tab bar with a thousand tabs keeps a thousand alerts on
/// screen, hidden on the tabs that do not take part, and a tab switch
/// changes two of them.
///
/// A sweep (`Domain.sweepLane`) has an event only for an on-screen alert
/// whose page participates (it may be shown, hidden under a `hideOthers`
/// alert, dropped when displaced) or one that is showing (it may be hidden).
/// A hidden alert of a page that does not take part has none, and decides
/// nothing for the alerts below it (only participating `hideOthers` alerts
/// hide). Such an alert stays so until its page starts taking part again
/// (a show or an unhide needs a participating page), so once a sweep of
/// "main" has settled every on-screen alert, the only ones that can need an
/// event are those of the participating pages and of the pages whose
/// participation flipped since (`focus.flippedPages`). The focus is that part of
/// the stack, bottom to top: a sweep over it delivers exactly the events of
/// a sweep over the whole stack, in the same order.
///
/// Used while "main" is the only lane, for a stack of at least
/// `minimumStackForFocus` alerts, when those pages have at most a quarter as
/// many live alerts (queued ones included: a page keeps one list of them,
/// so nothing is added to a show or an end). Cost: O(P + F + a + v log v)
/// for P participating pages, F flipped ones, a live alerts on them and v
/// of those on screen, once per pass and change (a resumed sweep reuses
/// it), instead of O(stack) per sweep.
/// What a domain knows of its sweeps' focus (`Domain.focus`).
struct FocusState {
    /// The pages whose participation flipped since "main" was last seen
    /// settled, or `flipsOverflowed` when that is not known.
    var flippedPages: [Dispatch] = []
    var flipsOverflowed = false
    /// Whether `flippedPages`, `flipsOverflowed` or a focus is set: one test
    /// when "main" settles.
    var flipsToForget = false
    /// The mark of the last focus made.
    var marks = 0
}

extension Domain {
    #if DEBUG || XYZALERT_CHECK_INVARIANTS
    /// Debug and checked builds use a focus whenever one is known, so that
    /// every test runs the sweeps over it (they must deliver what sweeps
    /// over the whole stack deliver, which release builds use for short
    /// stacks).
    static let minimumStackForFocus = 1
    @inline(__always)
    static func focusPays(_ size: Int, _ stack: Int) -> Bool { true }
    #else
    /// Below this many on-screen alerts the whole stack is cheaper to
    /// sweep, and so is a focus above a quarter of the stack.
    static let minimumStackForFocus = 32
    @inline(__always)
    static func focusPays(_ size: Int, _ stack: Int) -> Bool { size * 4 <= stack }
    #endif

    /// `dispatch` started or stopped participating: kept until "main" is
    /// settled again, or, past a bound, replaced by `focus.flipsOverflowed` (every
    /// sweep looks at the whole stack until then). A stack too short for a
    /// focus keeps no list either.
    @inline(__always)
    func recordFlip(_ dispatch: Dispatch) {
        guard !focus.flipsOverflowed else { return }
        if stack.count < Domain.minimumStackForFocus {
            focus.flipsOverflowed = true
            focus.flipsToForget = true
        } else if focus.flippedPages.count >= 64 + stack.count / 4 {
            forgetFlips(overflowing: true)
        } else {
            focus.flippedPages.append(dispatch)
            focus.flipsToForget = true
        }
    }

    /// Empties `focus.flippedPages`: "main" was seen settled (`overflowing`
    /// false), or which pages flipped is no longer known (true: a split or
    /// a join; until the next settled sweep of "main", sweeps look at the
    /// whole stack). A destroyed page stays listed until then (its alerts
    /// have ended; it no longer refers to this domain).
    func forgetFlips(overflowing: Bool) {
        if !focus.flippedPages.isEmpty {
            focus.flippedPages.removeAll(keepingCapacity: !overflowing)
        }
        focus.flipsOverflowed = overflowing
        focus.flipsToForget = overflowing
        if lanes.main.focus != nil {
            lanes.main.focus = nil
        }
    }

    /// What the running sweep of "main" (the only lane) looks at: the focus
    /// when it pays, kept for the pass while nothing changes; otherwise
    /// `stack`. A new focus or a change back to the whole stack drops the
    /// sweep's cursor, which counted positions in the other list.
    @inline(never)
    func mainSweepList(_ pass: Int) -> [Alert] {
        let state = lanes.main
        let key = FocusKey(pass: pass, changes: passes.scheduleChanges, participation: participation.version,
                           count: stack.count)
        if state.focus != nil && state.focusKey == key {
            return state.focus!
        }
        var size = 0
        if !focus.flipsOverflowed {
            for page in participation.pages {
                size += page.alerts.count
            }
            for page in focus.flippedPages {
                size += page.alerts.count
            }
        }
        guard !focus.flipsOverflowed && Domain.focusPays(size, stack.count) else {
            if state.focus != nil {
                state.focus = nil
                state.cursor = nil
            }
            return stack
        }
        focus.marks &+= 1
        let mark = focus.marks
        var part: [Alert] = []
        part.reserveCapacity(size)
        for page in participation.pages where page.focusMark != mark {
            page.focusMark = mark
            part += page.alerts.lazy.filter { $0.state.isOnScreen }
        }
        for page in focus.flippedPages where page.focusMark != mark {
            page.focusMark = mark
            part += page.alerts.lazy.filter { $0.state.isOnScreen }
        }
        part.sort { $0.stackOrder < $1.stackOrder }
        state.focus = part
        state.focusKey = key
        focus.flipsToForget = true
        state.cursor = nil
        return part
    }
}

/// When a focus was made: it holds while these are unchanged.
struct FocusKey: Equatable {
    var pass: Int
    var changes: Int
    var participation: Int
    var count: Int
}
