/// Diagnostics (docs/rules.md §16, "Diagnostics"): what a host set up that
/// works other than it likely meant, noted once per domain, never printed:
/// the host reads them (`Dispatch.diagnostics`) when it wants to.
extension Domain {
    /// Notes an alert of `batch` whose caps or windows need the history
    /// this domain lacks (its adds without a history call this: O(batch),
    /// one load per alert without extras).
    func noteRulesWithoutHistory<Batch: Collection<Alert>>(_ batch: Batch) {
        for alert in batch {
            guard let extras = alert.extras, alert.selectionFlags & SelectionFlags.test == 0 else { continue }
            if !extras.rules.isEmpty { note(.capsWithoutHistory) }
            if alert.selectionFlags & SelectionFlags.windows != 0 { note(.windowsWithoutHistory) }
        }
    }

    func note(_ diagnostic: Diagnostic) {
        diagnostics |= 1 << UInt32(diagnostic.rawValue)
    }
}

extension Dispatch {
    /// What the domain of this page has noted so far, each once, in the
    /// enum's order (docs/rules.md §16): an alert with a limit or
    /// cool-down, or with windows, added while it had no history. Never
    /// cleared; calls no host code.
    public var diagnostics: [Diagnostic] {
        let noted = domain.diagnostics
        return Diagnostic.allCases.filter { noted & (1 << UInt32($0.rawValue)) != 0 }
    }

    /// `diagnostics` as a mask: bit `1 << d.rawValue` for each (the C API's).
    public var diagnosticMask: UInt32 { domain.diagnostics }
}
