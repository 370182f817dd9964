// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0 (see LICENSE)
import PackageDescription

let package = Package(
    name: "RichMediaKit",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RichMediaQueue", targets: ["RichMediaQueue"]),
        .library(name: "RichMediaQueueTesting", targets: ["RichMediaQueueTesting"]),
        // The umbrella: re-exports FileLocations, LinkRouting, AppSiteAssociation, LinkCoverage,
        // AppLinkConfiguration, LinkDeployment, AppCoverage, LinkDiagnosis and AndroidAppLinks.
        .library(name: "LinkRouter", targets: ["LinkRouter"]),
        .library(name: "LinkRouting", targets: ["LinkRouting"]),
        .library(name: "AppSiteAssociation", targets: ["AppSiteAssociation"]),
        .library(name: "LinkCoverage", targets: ["LinkCoverage"]),
        .library(name: "AppLinkConfiguration", targets: ["AppLinkConfiguration"]),
        .library(name: "LinkDeployment", targets: ["LinkDeployment"]),
        .library(name: "AppCoverage", targets: ["AppCoverage"]),
        .library(name: "LinkDiagnosis", targets: ["LinkDiagnosis"]),
        .library(name: "AndroidAppLinks", targets: ["AndroidAppLinks"]),
        .executable(name: "mediaqueue", targets: ["mediaqueue"]),
        .executable(name: "link-router", targets: ["link-router"]),
        // `swift package check-links ...`: `link-router check` on a package that depends on this one.
        .plugin(name: "CheckLinksPlugin", targets: ["CheckLinksPlugin"]),
        // Lints an app target's entitlements and Info.plist on every build that changes them (SwiftPM and Xcode).
        .plugin(name: "LinkLintPlugin", targets: ["LinkLintPlugin"]),
    ],
    targets: [
        // Where something is in a file (`FileLocation`, `JSONPointer`): the one public vocabulary for places, used by
        // every link module and re-exported by each whose API says where, and by the umbrella.
        .target(name: "FileLocations"),
        // Not a product: primitives shared by the package's modules and commands (package access only).
        .target(name: "RichMediaKitSupport", dependencies: ["FileLocations"]),
        .target(name: "RichMediaQueue"),
        // Not a product: the scenario parser and simulator behind `mediaqueue`, shared with tests and fuzzers.
        .target(name: "MediaQueueSimulation", dependencies: ["RichMediaQueue", "RichMediaKitSupport"]),
        // Helpers for apps' own ordering tests: scripted presenter, event recorder, scenario runner.
        .target(name: "RichMediaQueueTesting", dependencies: ["RichMediaQueue", "MediaQueueSimulation"]),
        // Not a product: the command-line toolkit both executables share (options, help, messages, input, output).
        .target(name: "CommandLineToolkit", dependencies: ["FileLocations", "RichMediaKitSupport"]),
        .executableTarget(
            name: "mediaqueue", dependencies: ["MediaQueueSimulation", "RichMediaQueue", "CommandLineToolkit"]
        ),
        // The link modules; dependencies are one-way: Support <- LinkRouting, AppSiteAssociation, AndroidAppLinks <- LinkCoverage
        // <- LinkDeployment <- AppCoverage <- LinkDiagnosis, and LinkRouting <- AppLinkConfiguration <- AppCoverage.
        .target(name: "LinkRouting", dependencies: ["FileLocations", "RichMediaKitSupport"]),
        .target(name: "AppSiteAssociation", dependencies: ["FileLocations", "RichMediaKitSupport"]),
        .target(
            name: "LinkCoverage",
            dependencies: [
                "FileLocations", "LinkRouting", "AppSiteAssociation", "AndroidAppLinks", "RichMediaKitSupport",
            ]
        ),
        // The app's side: entitlements and Info.plist (XML property lists read with the one XML scanner), and their
        // lint; its Associated Domains entries are LinkRouting's one entry type, `AssociatedDomain`.
        .target(name: "AppLinkConfiguration", dependencies: ["FileLocations", "LinkRouting", "RichMediaKitSupport"]),
        // Android's side: assetlinks.json, the manifest's intent filters, Android's matchers and verification.
        .target(name: "AndroidAppLinks", dependencies: ["FileLocations", "RichMediaKitSupport"]),
        // The deployed files: verifying what a server really serves (`aasa fetch`, `assetlinks fetch`), with the lint
        // and coverage checks of the served body; it needs neither the app's configuration nor the checks above it.
        .target(
            name: "LinkDeployment",
            dependencies: [
                "FileLocations", "LinkRouting", "AppSiteAssociation", "LinkCoverage", "AndroidAppLinks",
                "RichMediaKitSupport",
            ]
        ),
        // The whole-app check (`check --entitlements`): the app's configuration, its routes and every claimed
        // domain's file (local or deployed) against each other.
        .target(
            name: "AppCoverage",
            dependencies: [
                "FileLocations", "LinkRouting", "AppSiteAssociation", "LinkCoverage", "AppLinkConfiguration",
                "LinkDeployment", "AndroidAppLinks", "RichMediaKitSupport",
            ]
        ),
        // One URL end to end (`doctor`): the chain iOS walks, on the whole-app check's reading of the app.
        .target(
            name: "LinkDiagnosis",
            dependencies: [
                "FileLocations", "LinkRouting", "AppSiteAssociation", "LinkCoverage", "AppLinkConfiguration",
                "LinkDeployment", "AppCoverage", "RichMediaKitSupport", "AndroidAppLinks",
            ]
        ),
        .target(
            name: "LinkRouter",
            dependencies: [
                "FileLocations", "LinkRouting", "AppSiteAssociation", "LinkCoverage", "AppLinkConfiguration",
                "LinkDeployment", "AppCoverage", "LinkDiagnosis", "AndroidAppLinks",
            ]
        ),
        .executableTarget(
            name: "link-router", dependencies: ["LinkRouter", "CommandLineToolkit", "RichMediaKitSupport"]
        ),
        .plugin(
            name: "CheckLinksPlugin",
            capability: .command(
                intent: .custom(verb: "check-links", description: "Runs link-router check on the package's app links")
            ),
            dependencies: ["link-router"]
        ),
        .plugin(name: "LinkLintPlugin", capability: .buildTool(), dependencies: ["link-router"]),
        // Not a product: `swift run -c release benchmarks` (see Docs/Performance.md); its seeded generator is the
        // tests' one (TestSupport).
        .executableTarget(
            name: "benchmarks",
            dependencies: ["LinkRouter", "RichMediaQueue", "TestSupport", "RichMediaKitSupport", "FileLocations"],
            path: "Benchmarks/benchmarks"
        ),
        .testTarget(
            name: "RichMediaQueueTests",
            dependencies: [
                "RichMediaQueue", "RichMediaQueueTesting", "MediaQueueSimulation", "mediaqueue", "RichMediaKitSupport",
                "TestSupport",
            ]
        ),
        // Tests may import Foundation: the property-list reader is checked against PropertyListSerialization.
        .testTarget(
            name: "AppLinkConfigurationTests",
            dependencies: [
                "AppLinkConfiguration", "FileLocations", "LinkRouting", "RichMediaKitSupport", "TestSupport",
            ]
        ),
        .testTarget(name: "CommandLineToolkitTests", dependencies: ["CommandLineToolkit", "RichMediaKitSupport"]),
        // Not a product: the one test-support place shared by the test targets (and the benchmarks' seeded
        // generator): the process runner of the end-to-end tests, the seeded generator, the loopback HTTP server,
        // package paths, a markup outline. Helpers that assert stay in each test target's TestSupport/ folder.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // One test target per link module, depending on that module and what it may import (and the shared test
        // support), so the compiler holds the tests to the layering too.
        .testTarget(name: "FileLocationsTests", dependencies: ["FileLocations", "TestSupport"]),
        .testTarget(
            name: "RichMediaKitSupportTests", dependencies: ["FileLocations", "RichMediaKitSupport", "TestSupport"]
        ),
        .testTarget(
            name: "LinkRoutingTests", dependencies: ["LinkRouting", "RichMediaKitSupport", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "AppSiteAssociationTests", dependencies: ["AppSiteAssociation", "RichMediaKitSupport", "TestSupport"]
        ),
        .testTarget(
            name: "LinkCoverageTests",
            dependencies: [
                "LinkCoverage", "LinkRouting", "AppSiteAssociation", "AndroidAppLinks", "RichMediaKitSupport",
                "TestSupport",
            ]
        ),
        .testTarget(
            name: "LinkDeploymentTests",
            dependencies: ["LinkDeployment", "LinkCoverage", "LinkRouting", "AppSiteAssociation", "AndroidAppLinks"]
        ),
        .testTarget(
            name: "AndroidAppLinksTests", dependencies: ["AndroidAppLinks", "RichMediaKitSupport", "TestSupport"]
        ),
        .testTarget(
            name: "AppCoverageTests",
            dependencies: [
                "AppCoverage", "LinkDeployment", "LinkCoverage", "LinkRouting", "AppSiteAssociation",
                "AppLinkConfiguration", "TestSupport",
            ]
        ),
        .testTarget(
            name: "LinkDiagnosisTests",
            dependencies: [
                "LinkDiagnosis", "AppCoverage", "LinkDeployment", "LinkRouting", "AppLinkConfiguration", "TestSupport",
                "AndroidAppLinks", "FileLocations",
            ]
        ),
        // The `link-router` command end to end, and the fixtures the commands, the guides and the snippets use.
        .testTarget(
            name: "LinkRouterTests",
            dependencies: ["link-router", "LinkRouter", "LinkDeployment", "RichMediaKitSupport", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        // Depends on the umbrella alone: code written with `import LinkRouter` keeps compiling.
        .testTarget(name: "LinkRouterAPITests", dependencies: ["LinkRouter"]),
        // Documentation that stays true: snippets shown verbatim and run, transcripts run (see CONTRIBUTING.md).
        .testTarget(name: "DocsTests", dependencies: ["TestSupport", "link-router", "mediaqueue"]),
    ],
    swiftLanguageModes: [.v6]
)
