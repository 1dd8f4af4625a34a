#if DEBUG
/// What tests count of a domain's work to check its cost (debug builds
/// only: `Domain.counters`; read through the `Testing` SPI of Invariants.swift).
struct TestCounters {
    /// On-screen alerts the sweeps were given.
    var sweptAlerts = 0
    /// Events (and settled looks) lane rankings gave.
    var rankedStackEvents = 0
    /// Pages the participation computations visited.
    var participationVisits = 0
}
#endif
