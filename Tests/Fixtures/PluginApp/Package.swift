// swift-tools-version: 6.0
// The plugins' test fixture (Scripts/test-plugins.sh): an app target that attaches the build-tool plugin, and a
// package on which `swift package check-links` runs. The script copies it into a scratch folder and points the
// dependency at the repository.
import PackageDescription

let package = Package(
    name: "PluginApp",
    dependencies: [.package(name: "RichMediaKit", path: "../../..")],
    targets: [
        .executableTarget(
            name: "ShopApp",
            exclude: ["ShopApp.entitlements", "Info.plist"],
            plugins: [.plugin(name: "LinkLintPlugin", package: "RichMediaKit")]
        )
    ]
)
