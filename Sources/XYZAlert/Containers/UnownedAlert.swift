/// A reference to a live alert that does not keep it alive, for the
/// engine's indexes: the candidate, drop and timer heaps (`AlertHeap`) and,
/// in the same form, the id index (`IDIndex`).
///
/// Why it is safe: those structures hold live alerts only (Invariants.swift
/// checks it), and a live alert is owned by its dispatch's `alerts`, which
/// it leaves only in `Domain.end`; `end` takes it out of every index before
/// it returns, and its caller holds the alert meanwhile. Owning it once
/// instead of in every structure saves an atomic retain and release per
/// structure it enters and leaves: two pairs per add -> show -> dismiss
/// cycle. (`Domain.stack` keeps strong references:
/// its sweeps read every alert on it, and through this type each read
/// would retain and release it.)
///
/// It is an `Unmanaged` reference, not an `unowned(unsafe)` one: the
/// compiler retains an `unowned(unsafe)` optional even to compare it with
/// nil, and this one is a plain pointer until `alert` is read.
///
/// Builds with `-D XYZALERT_CHECK_INVARIANTS` check the argument: each
/// reference also keeps a weak one, and reading an alert that has been
/// freed stops the process with a message instead of reading freed memory.
struct UnownedAlert {
    private let reference: Unmanaged<Alert>
    #if XYZALERT_CHECK_INVARIANTS
    private weak var checked: Alert?
    #endif

    init(_ alert: Alert) {
        reference = Unmanaged.passUnretained(alert)
        #if XYZALERT_CHECK_INVARIANTS
        checked = alert
        #endif
    }

    var alert: Alert {
        checkAlive()
        return reference.takeUnretainedValue()
    }

    /// `body` on the alert, which it must not keep: no retain at all (a
    /// reference read through `alert` and passed on is retained).
    @inline(__always)
    func read<R>(_ body: (Alert) -> R) -> R {
        checkAlive()
        return reference._withUnsafeGuaranteedRef(body)
    }

    /// Stops the process if the alert was freed (checked builds only).
    @inline(__always)
    func checkAlive() {
        #if XYZALERT_CHECK_INVARIANTS
        precondition(checked != nil, "XYZAlert invariant broken: an index holds an alert that was freed")
        #endif
    }
}
