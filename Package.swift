// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RichMediaKit",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RichMediaQueue", targets: ["RichMediaQueue"]),
        .executable(name: "mediaqueue", targets: ["mediaqueue"]),
        .library(name: "LinkRouter", targets: ["LinkRouter"]),
    ],
    targets: [
        .target(name: "RichMediaQueue"),
        .executableTarget(name: "mediaqueue", dependencies: ["RichMediaQueue"]),
        .testTarget(name: "RichMediaQueueTests", dependencies: ["RichMediaQueue"]),
        .target(name: "LinkRouter"),
        .testTarget(name: "LinkRouterTests", dependencies: ["LinkRouter"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
