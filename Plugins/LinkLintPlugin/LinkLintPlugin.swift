import Foundation
import PackagePlugin

/// A build-tool plugin that lints an app target's entitlements and `Info.plist` with `link-router app lint` whenever
/// either changes, showing the findings as build diagnostics and failing the build on an error.
///
/// Attach it to a target (`plugins: [.plugin(name: "LinkLintPlugin", package: "RichMediaKit")]`, or in Xcode under
/// the target's Build Phases, "Run Build Tool Plug-ins"). It looks in the target's folder for one `*.entitlements`
/// file and an `Info.plist` (files a target excludes count too: SwiftPM and Xcode do not compile them) and, when it
/// finds entitlements, adds one build command: `link-router app lint --entitlements E [--info-plist P] --format xcode
/// --stamp S`. The command's inputs are the two files and its output is the stamp, which `app lint` writes only after
/// a run without errors, so the build system lints again only when a file changed or the last lint failed. Its
/// `FILE:LINE:COLUMN: error: ...` lines are what Xcode and SwiftPM show as diagnostics (Docs/AppConfiguration.md).
///
/// Build settings such as `$(PRODUCT_BUNDLE_IDENTIFIER)` are not visible to a plugin: `app lint` assumes them and
/// says so in an info line; the Run Script build phase of `Scripts/xcode-build-phase.sh` passes the real settings.
@main
struct LinkLintPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        // `Target.directoryURL` needs tools version 6.1 and the package stays at 6.0 (Docs/Testing.md), where every
        // member of `Path` is deprecated; its description through the generic `String(describing:)` is the path.
        let folder = URL(fileURLWithPath: String(describing: module.directory))
        return try AppFiles(in: folder).commands(
            tool: context.tool(named: "link-router").url, target: target.name,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}

/// The app files the plugin lints, found in one folder.
struct AppFiles {
    /// The target's `*.entitlements` file, when it has exactly one.
    var entitlements: URL?
    /// The target's `Info.plist`, if any.
    var infoPlist: URL?

    /// Finds the files in `folder` and its subfolders (not in hidden folders or bundles such as `*.xcassets`).
    init(in folder: URL) {
        var entitlements: [URL] = []
        var infoPlists: [URL] = []
        let keys: [URLResourceKey] = [.isDirectoryKey]
        let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles, .skipsPackageDescendants])
        while let file = walker?.nextObject() as? URL {
            if file.pathExtension == "entitlements" {
                entitlements.append(file)
            } else if file.lastPathComponent == "Info.plist" {
                infoPlists.append(file)
            }
        }
        func sorted(_ files: [URL]) -> [URL] { files.sorted { $0.path < $1.path } }
        self.entitlements = entitlements.count == 1 ? entitlements[0] : nil
        self.infoPlist = sorted(infoPlists).first
        if entitlements.count > 1 {
            Diagnostics.warning(
                "LinkLintPlugin: \(folder.path) holds \(entitlements.count) .entitlements files "
                    + "(\(sorted(entitlements).map(\.lastPathComponent).joined(separator: ", "))); lint them with "
                    + "`link-router app lint` in a build phase instead")
        }
    }

    /// The build command that lints the files, or none when there are no entitlements.
    func commands(tool: URL, target: String, workDirectory: URL) -> [Command] {
        guard let entitlements else { return [] }
        let stamp = workDirectory.appendingPathComponent("\(target)-app-lint.stamp")
        var arguments = ["app", "lint", "--entitlements", entitlements.path]
        var inputs = [entitlements]
        if let infoPlist {
            arguments += ["--info-plist", infoPlist.path]
            inputs.append(infoPlist)
        }
        arguments += ["--format", "xcode", "--stamp", stamp.path]
        return [
            .buildCommand(
                displayName: "Linting the links of \(target) (\(entitlements.lastPathComponent))",
                executable: tool, arguments: arguments, inputFiles: inputs, outputFiles: [stamp])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension LinkLintPlugin: XcodeBuildToolPlugin {
        /// In an Xcode project the entitlements and `Info.plist` are in no build phase, so the plugin looks for them
        /// in the target's folder as Xcode's templates lay it out: `<project folder>/<target name>/`.
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let folder = context.xcodeProject.directoryURL.appendingPathComponent(target.displayName)
            return try AppFiles(in: folder).commands(
                tool: context.tool(named: "link-router").url, target: target.displayName,
                workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif
