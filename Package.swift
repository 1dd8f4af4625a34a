// swift-tools-version:6.0
// XYZAlert: a headless alert scheduling engine.
import PackageDescription

let package = Package(
    name: "XYZAlert",
    products: [
        .library(name: "XYZAlert", targets: ["XYZAlert"]),
        // libxyzalert.so: the C ABI of include/xyzalert.h.
        .library(name: "xyzalert", type: .dynamic, targets: ["XYZAlertABI"]),
        .executable(name: "xyzalert-cli", targets: ["xyzalert-cli"]),
        .executable(name: "xyzalert-bench", targets: ["xyzalert-bench"]),
    ],
    targets: [
        // The engine: Swift standard library only (no Foundation).
        // One folder per job, each with a README (Sources/XYZAlert/README.md).
        // The C library's clock (and, for the loader, files), as one module
        // that the normal and the Embedded build both import.
        .systemLibrary(name: "CSystem"),
        .target(name: "XYZAlert", dependencies: ["CSystem"], exclude: ["README.md"] + [
            "Values", "Containers", "Model", "Pages", "Scheduling", "Policies", "Explain", "Recording", "Rules",
            "Campaigns", "Calendars",
        ].map { "\($0)/README.md" },
        // (Double's rounding calls libm, which Glibc's overlay linked before.)
        linkerSettings: [.linkedLibrary("m")]),
        // Jansson (Debian: libjansson-dev), and the JSON loading built on it.
        .systemLibrary(name: "CJansson", pkgConfig: "jansson", providers: [.apt(["libjansson-dev"])]),
        .target(name: "XYZAlertJSON", dependencies: ["XYZAlert", "CJansson", "CSystem"]),
        // The public header, as a module the Swift implementation imports.
        .systemLibrary(name: "CXYZAlert", path: "include"),
        // The thin layer that implements every header function.
        .target(
            name: "XYZAlertABI",
            dependencies: ["XYZAlert", "XYZAlertJSON", "CXYZAlert", "CSystem"],
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags([
                    "-use-ld=lld",
                    "-Xlinker", "-soname=libxyzalert.so.0",
                    // Export xyz_* only.
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/XYZAlertABI/exports.map",
                ]),
            ]),
        // The scenario runner: C, against the public headers only; the
        // tool, the C suite and the fuzzers link it.
        .target(name: "xyzalert-runner", dependencies: ["XYZAlertABI"],
                cSettings: [.headerSearchPath("../../include"), .define("_POSIX_C_SOURCE", to: "200809L")]),
        // The xyzalert tool (make links it as `xyzalert`; SwiftPM product
        // names must differ from the library's).
        .executableTarget(name: "xyzalert-cli", dependencies: ["xyzalert-runner"],
                          // (The allocator only where make links the tool: allocator.c says why.)
                          exclude: ["allocator.c"],
                          cSettings: [.headerSearchPath("../../include"), .headerSearchPath("../xyzalert-runner/include"),
                                      .define("_POSIX_C_SOURCE", to: "200809L")],
                          // zlib reads a backtest's gzip-compressed corpus.
                          linkerSettings: [.linkedLibrary("z"), .linkedLibrary("jansson")]),
        .executableTarget(name: "xyzalert-bench", dependencies: ["XYZAlert", "XYZAlertJSON", "CJansson"]),
        .testTarget(name: "XYZAlertTests", dependencies: ["XYZAlert"]),
        .testTarget(name: "XYZAlertJSONTests", dependencies: ["XYZAlertJSON"]),
    ],
    swiftLanguageModes: [.v6]
)
