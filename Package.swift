// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RichMediaKit",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RichMediaQueue", targets: ["RichMediaQueue"]),
        .executable(name: "mediaqueue", targets: ["mediaqueue"]),
        .library(name: "LinkRouter", targets: ["LinkRouter"]),
        .executable(name: "linkrouter", targets: ["linkrouter"]),
    ],
    targets: [
        .target(name: "RichMediaQueue"),
        .executableTarget(name: "mediaqueue", dependencies: ["RichMediaQueue"]),
        .testTarget(name: "RichMediaQueueTests", dependencies: ["RichMediaQueue"]),
        .target(name: "LinkRouter"),
        .executableTarget(name: "linkrouter", dependencies: ["LinkRouter"]),
        .testTarget(
            name: "LinkRouterTests",
            dependencies: ["LinkRouter", "linkrouter"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
