import Foundation

/// Places in the package, found from this file's own place (`Tests/TestSupport/`), so a test at any folder depth
/// names the same directories.
package enum PackagePaths {
    /// The package's root directory.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The absolute path of `relative` (such as `Docs/Examples/routes.json`) in the package.
    package static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }
}
