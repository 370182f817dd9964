// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RichMediaKit",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "LinkRouter", targets: ["LinkRouter"])
    ],
    targets: [
        .target(name: "LinkRouter"),
        .testTarget(name: "LinkRouterTests", dependencies: ["LinkRouter"]),
    ],
    swiftLanguageModes: [.v6]
)
