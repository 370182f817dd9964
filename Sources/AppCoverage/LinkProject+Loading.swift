import FileLocations
import RichMediaKitSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension LinkProject {
    /// The project file nearest to `directory`, as the `link-router` commands find it: ``fileName`` in `directory`
    /// or in the closest directory above it, up to the filesystem root.
    ///
    /// The path is relative to `directory` (`.link-router.json`, `../../.link-router.json`), so it names the file
    /// as it is when `directory` is the working directory: `LinkProject.nearestFile(from: ".")` is the file the
    /// commands read, and ``init(contentsOfFile:)`` reads it (the example on ``LinkProject``).
    ///
    /// - Parameter directory: Where to start: a path, absolute or relative to the working directory.
    /// - Returns: The file's path relative to `directory`, or nil when neither `directory` nor any directory above
    ///   it has one.
    public static func nearestFile(from directory: String) -> String? {
        var absolute = URL(fileURLWithPath: directory).standardizedFileURL
        var levels = 0
        while true {
            if FileManager.default.fileExists(atPath: absolute.appendingPathComponent(fileName).path) {
                return String(repeating: "../", count: levels) + fileName
            }
            let parent = absolute.deletingLastPathComponent()
            guard parent.path != absolute.path else { return nil }
            absolute = parent
            levels += 1
        }
    }

    /// Reads a project file from disk, as the `link-router` commands read it: at most ``maximumFileSize`` bytes,
    /// parsed as ``init(json:)`` parses them, with every relative path made relative to where `path` is relative to
    /// (the file's own directory prefixed: ``resolved(in:)``), so that the paths open as they are.
    ///
    /// Read as `App/.link-router.json`, a file's `"routes": "routes.json"` is `App/routes.json`; read as
    /// `.link-router.json` (the nearest file, in the working directory: the example on ``LinkProject``),
    /// `routes.json`.
    ///
    /// - Parameter path: The file's path (a path only: `-` is a file named `-`, not standard input).
    /// - Throws: ``LinkProjectError`` with ``LinkProjectError/file`` set to `path`, so that its description is
    ///   `FILE:line:column: message` or `FILE: message`: ``LinkProjectError/Kind/unreadable`` for a file that cannot
    ///   be opened or read (`cannot read: No such file or directory`), ``LinkProjectError/Kind/tooLarge`` for one
    ///   larger than ``maximumFileSize`` (`larger than the limit of 1048576 bytes`), and the errors of
    ///   ``init(json:)`` at the line and column of the first problem.
    public init(contentsOfFile path: String) throws(LinkProjectError) {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, limit: Self.maximumFileSize)
        } catch {
            let kind: LinkProjectError.Kind = error == .tooLarge ? .tooLarge : .unreadable
            throw LinkProjectError(kind, error.message(limit: Self.maximumFileSize), file: path)
        }
        do {
            self = try LinkProject(json: bytes).resolved(in: Self.directory(of: path))
        } catch {
            throw LinkProjectError(error.kind, error.message, file: path, at: error.fileLocation)
        }
    }

    /// The directory part of `path`, without its trailing slashes: `""` for a name alone, `/` for the root.
    static func directory(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var directory = text[..<slash]
        while directory.hasSuffix("/") { directory = directory.dropLast() }
        return directory.isEmpty ? "/" : String(directory)
    }
}
