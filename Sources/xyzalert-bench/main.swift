// Benchmarks. Run with `make bench` (release build); the targets are printed
// with each figure. Nothing here runs in the test suite.
try benchmarkScheduling()
print()
try benchmarkLoading()
print()
try benchmarkPathological()
