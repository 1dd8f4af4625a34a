// Benchmarks. Run with `make bench` (release build); the targets are printed
// with each figure. Nothing here runs in the test suite. Arguments name the
// groups to run (scheduling, loading, rules, campaigns, pathological,
// complexity, shapes);
// none: all.
let groups = Set(CommandLine.arguments.dropFirst())
func wanted(_ group: String) -> Bool { groups.isEmpty || groups.contains(group) }
if wanted("scheduling") {
    try benchmarkScheduling()
    print()
}
if wanted("loading") {
    try benchmarkLoading()
    print()
}
if wanted("rules") {
    try benchmarkRules()
    print()
    try benchmarkRuleConversions()
    print()
}
if wanted("campaigns") {
    try benchmarkCampaigns()
    print()
    try benchmarkAttributes()
    print()
}
if wanted("pathological") {
    try benchmarkPathological()
    print()
}
if wanted("complexity") {
    try benchmarkComplexity()
    print()
}
if wanted("shapes") {
    try benchmarkShapes()
}
