import CommandLineToolkit
import Foundation
import LinkRouter
import RichMediaKitSupport

/// `link-router init`: writes the project file (`.link-router.json`) for an app's repository from what
/// ``LinkProjectDiscovery`` finds in it, and prints what it found, assumed and could not find.
enum InitCommand {
    static let directory = Option<String>(
        "directory", value: "DIR", help: "The app's repository (default: the working directory).")
    static let force = Flag("force", help: "Replace an existing project file.")
    static let format = Options.valueFormat(
        #"Text (default) or {"path", "layout", "found": [{"key", "text"}], "assumed": [...],"#
            + "\n" + #""missing": [...]} (layout null when none is recognised)."#)

    /// The most files looked at, and the deepest folder: a repository's app files are near its root.
    static let fileLimit = 200_000
    static let depthLimit = 8

    static let spec = CommandSpec(
        discussion: """
            Looks at the app's repository (DIR, default the working directory) for the files of the common
            layouts: a plain Xcode project (App/App.entitlements, App/Info.plist), Expo and React Native
            (ios/App/..., android/app/src/main/AndroidManifest.xml), Flutter (ios/Runner/...), Capacitor
            (ios/App/App/...), Kotlin Multiplatform (iosApp/iosApp/..., composeApp/src/androidMain/ or
            androidApp/src/main/AndroidManifest.xml); site files under .well-known/ of a web folder (public/,
            web/, static/, site/, www/, dist/, docs/); a routes.json. Reads the identities it can: the
            entitlements' application-identifier and applinks domains, the Gradle applicationId (else the
            manifest's package); with --certificate FILE (repeatable), the SHA-256 fingerprints of the app's
            signing certificates, as android.fingerprints. Writes DIR/.link-router.json (see
            Docs/ProjectFile.md) and prints what it found, what it assumed and what is still missing, each
            with the key or option that supplies it. Skips node_modules, Pods, build folders and version
            control.
            """,
        options: [
            .optional(directory), .repeatable(AndroidAppOption.certificate), .optional(force), .optional(format),
        ],
        exitStatus: ExitStatusText(
            success: "the project file was written (whatever is missing)",
            failure: "the project file exists (give --force), or DIR cannot be read"),
        epilogue: """
            EXAMPLE:
              link-router init --directory Docs/Examples/FlutterApp
            """)

    static let command = Command(
        "init", summary: "write the project file (.link-router.json) from the app's repository", spec: spec,
        run: run)

    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .usage("unexpected argument `\(extra)`") }
        let root = arguments[directory] ?? "."
        let target =
            root == "." ? LinkProject.fileName : (root as NSString).appendingPathComponent(LinkProject.fileName)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .input("\(root): not a directory")
        }
        if FileManager.default.fileExists(atPath: target), !arguments[force] {
            throw .input("\(target) exists: give --force to replace it")
        }
        let certificates = arguments.all(AndroidAppOption.certificate)
        let fingerprints = try AndroidAppOption.certificateFingerprints(certificates)
        var discovery = LinkProjectDiscovery(files: files(in: root)) { path in
            try? InputFile.read((root as NSString).appendingPathComponent(path), limit: AppFilesOption.readLimit)
        }
        let certificateFiles = certificates.map { InputFile.displayName($0) }
        guard certificates.isEmpty || discovery.addFingerprints(Array(zip(fingerprints, certificateFiles))) else {
            throw .usage(
                "`--certificate` gives the Android app's fingerprints, and \(root) has no AndroidManifest.xml of "
                    + "the layouts init knows")
        }
        let contents: String
        do {
            contents = try discovery.project.json()
        } catch {
            // Discovery keeps only what the file format allows; should a value slip through, name it.
            let key = error.fileLocation.pointer.map { " (\($0.text))" } ?? ""
            throw .input("\(target): the project found cannot be written\(key): \(error.message)")
        }
        do {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
        } catch {
            throw .input("\(target): cannot write: \(error.localizedDescription)")
        }
        switch arguments[format] ?? .text {
        case .json: Console.out(json(discovery, target: target).compact)
        case .text: Console.out(text(discovery, target: target))
        }
        return .success
    }

    /// The account printed after writing: the layout, then what was found, assumed and is missing.
    static func text(_ discovery: LinkProjectDiscovery, target: String) -> String {
        var lines = ["wrote \(target)" + (discovery.layout.map { " (\($0) layout)" } ?? "")]
        let width = (discovery.found + discovery.assumed + discovery.missing).map(\.key.count).max() ?? 0
        for (title, notes) in [
            ("found", discovery.found), ("assumed", discovery.assumed), ("missing", discovery.missing),
        ] where !notes.isEmpty {
            lines += ["", "\(title):"]
            lines += notes.map { "  " + $0.key.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.text }
        }
        return lines.joined(separator: "\n")
    }

    /// The account as JSON: the file written, the layout, and each list of notes.
    static func json(_ discovery: LinkProjectDiscovery, target: String) -> OrderedJSON {
        func notes(_ notes: [LinkProjectDiscovery.Note]) -> OrderedJSON {
            .array(notes.map { .object([.init("key", .string($0.key)), .init("text", .string($0.text))]) })
        }
        return .object([
            .init("path", .string(target)), .init("layout", .optional(discovery.layout)),
            .init("found", notes(discovery.found)), .init("assumed", notes(discovery.assumed)),
            .init("missing", notes(discovery.missing)),
        ])
    }

    /// The repository's files, relative to `root`, without the skipped folders.
    static func files(in root: String) -> [String] {
        var result: [String] = []
        // Breadth first, so the app's folders near the root are read before deep ones; links to folders are not
        // followed (Flutter's ios/.symlinks points into the package cache, and a link to .. would loop).
        var pending: [(path: String, depth: Int)] = [("", 0)]
        var next = 0
        while next < pending.count, result.count < fileLimit {
            let (relative, depth) = pending[next]
            next += 1
            let absolute = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names.sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                guard
                    FileManager.default.fileExists(
                        atPath: (absolute as NSString).appendingPathComponent(name),
                        isDirectory: &isDirectory)
                else { continue }
                if isDirectory.boolValue {
                    let type =
                        try? FileManager.default.attributesOfItem(
                            atPath: (absolute as NSString).appendingPathComponent(name))[.type] as? FileAttributeType
                    if type != .typeSymbolicLink, depth < depthLimit,
                        !LinkProjectDiscovery.skippedDirectories.contains(name),
                        !name.hasSuffix(".xcodeproj"), !name.hasSuffix(".xcworkspace")
                    {
                        pending.append((path, depth + 1))
                    }
                } else {
                    result.append(path)
                }
            }
        }
        return result
    }
}
