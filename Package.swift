// swift-tools-version:6.0
// XYZAlert: a headless alert scheduling engine.
import PackageDescription

let package = Package(
    name: "XYZAlert",
    products: [
        .library(name: "XYZAlert", targets: ["XYZAlert"]),
        // libxyzalert.so: the C ABI of include/xyzalert.h.
        .library(name: "xyzalert", type: .dynamic, targets: ["XYZAlertABI"]),
        .executable(name: "xyzalert-demo", targets: ["xyzalert-demo"]),
        .executable(name: "xyzalert-bench", targets: ["xyzalert-bench"]),
    ],
    targets: [
        // The engine: Swift standard library only (no Foundation).
        .target(name: "XYZAlert"),
        // The public header, as a module the Swift implementation imports.
        .systemLibrary(name: "CXYZAlert", path: "include"),
        // The thin layer that implements every header function.
        .target(
            name: "XYZAlertABI",
            dependencies: ["XYZAlert", "CXYZAlert"],
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags([
                    "-use-ld=lld",
                    "-Xlinker", "-soname=libxyzalert.so.0",
                    // Export xyz_* only.
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/XYZAlertABI/exports.map",
                ]),
            ]),
        .executableTarget(name: "xyzalert-demo", dependencies: ["XYZAlert"]),
        .executableTarget(name: "xyzalert-bench", dependencies: ["XYZAlert"]),
        .testTarget(name: "XYZAlertTests", dependencies: ["XYZAlert"]),
    ],
    swiftLanguageModes: [.v6]
)
