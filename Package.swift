// swift-tools-version:6.0
// XYZAlert: a headless alert scheduling engine.
import PackageDescription

let package = Package(
    name: "XYZAlert",
    products: [
        .library(name: "XYZAlert", targets: ["XYZAlert"]),
        .executable(name: "xyzalert-demo", targets: ["xyzalert-demo"]),
        .executable(name: "xyzalert-bench", targets: ["xyzalert-bench"]),
    ],
    targets: [
        // The engine: Swift standard library only (no Foundation).
        .target(name: "XYZAlert"),
        .executableTarget(name: "xyzalert-demo", dependencies: ["XYZAlert"]),
        .executableTarget(name: "xyzalert-bench", dependencies: ["XYZAlert"]),
        .testTarget(name: "XYZAlertTests", dependencies: ["XYZAlert"]),
    ],
    swiftLanguageModes: [.v6]
)
