// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RichMediaKit",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RichMediaQueue", targets: ["RichMediaQueue"]),
        .executable(name: "mediaqueue", targets: ["mediaqueue"]),
    ],
    targets: [
        .target(name: "RichMediaQueue"),
        // Not a product: the scenario parser and simulator behind `mediaqueue`, shared with tests and fuzzers.
        .target(name: "MediaQueueSimulation", dependencies: ["RichMediaQueue"]),
        .executableTarget(name: "mediaqueue", dependencies: ["MediaQueueSimulation"]),
        .testTarget(
            name: "RichMediaQueueTests",
            dependencies: ["RichMediaQueue", "MediaQueueSimulation", "mediaqueue"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
