// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RichMediaKit",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RichMediaQueue", targets: ["RichMediaQueue"]),
        .library(name: "RichMediaQueueTesting", targets: ["RichMediaQueueTesting"]),
        .library(name: "LinkRouter", targets: ["LinkRouter"]),
        .executable(name: "mediaqueue", targets: ["mediaqueue"]),
        .executable(name: "linkrouter", targets: ["linkrouter"]),
    ],
    targets: [
        // Not a product: primitives shared by the package's modules and commands (package access only).
        .target(name: "RichMediaKitSupport"),
        .target(name: "RichMediaQueue", dependencies: ["RichMediaKitSupport"]),
        // Not a product: the scenario parser and simulator behind `mediaqueue`, shared with tests and fuzzers.
        .target(name: "MediaQueueSimulation", dependencies: ["RichMediaQueue", "RichMediaKitSupport"]),
        .executableTarget(name: "mediaqueue", dependencies: ["MediaQueueSimulation"]),
        // Helpers for apps' own ordering tests: scripted presenter, event recorder, scenario runner.
        .target(name: "RichMediaQueueTesting", dependencies: ["RichMediaQueue", "MediaQueueSimulation"]),
        .target(name: "LinkRouter", dependencies: ["RichMediaKitSupport"]),
        .executableTarget(name: "linkrouter", dependencies: ["LinkRouter", "RichMediaKitSupport"]),
        // Not a product: `swift run -c release benchmarks` (see Docs/Performance.md).
        .executableTarget(
            name: "benchmarks",
            dependencies: ["LinkRouter", "RichMediaQueue"],
            path: "Benchmarks/benchmarks"
        ),
        .testTarget(
            name: "RichMediaQueueTests",
            dependencies: ["RichMediaQueue", "RichMediaQueueTesting", "MediaQueueSimulation", "mediaqueue"]
        ),
        .testTarget(
            name: "LinkRouterTests",
            dependencies: ["LinkRouter", "linkrouter"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
