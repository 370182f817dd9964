import AppCoverage
import Foundation
import TestSupport
import Testing

/// Loading the project file from disk as the commands do: finding the nearest one from a directory upward, and
/// reading it with a size limit, its paths resolved against its own directory, its errors naming the file.
@Suite struct LinkProjectLoadingTests {
    /// A fresh directory holding `files` (path relative to it: text).
    static func tree(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("link-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static func error(_ path: String) -> LinkProjectError? {
        do {
            _ = try LinkProject(contentsOfFile: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func theNearestFileIsFoundFromANestedDirectory() throws {
        let root = try Self.tree([LinkProject.fileName: #"{"version": 1}"#, "a/b/c/.keep": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(LinkProject.nearestFile(from: root.path) == ".link-router.json")
        #expect(LinkProject.nearestFile(from: root.appendingPathComponent("a/b").path) == "../../.link-router.json")
        #expect(LinkProject.nearestFile(from: root.path + "/a/b/c/..") == "../../.link-router.json")
    }

    @Test func noFileInTheDirectoryOrAboveIsNil() throws {
        let root = try Self.tree(["a/b/.keep": ""])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(LinkProject.nearestFile(from: root.appendingPathComponent("a/b").path) == nil)
    }

    @Test func relativePathsFollowTheFilesDirectoryAndAbsoluteOnesStay() throws {
        let root = try Self.tree([
            "app/.link-router.json": """
            {"version": 1, "routes": "routes.json", "baseline": "/abs/baseline.json",
             "ios": {"entitlements": "ios/App.entitlements", "siteFiles": {"example.com": "fetch"}}}
            """
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.path + "/app/.link-router.json"
        let project = try LinkProject(contentsOfFile: path)
        #expect(project.routes == root.path + "/app/routes.json")
        #expect(project.baseline == "/abs/baseline.json")
        #expect(project.ios?.entitlements == root.path + "/app/ios/App.entitlements")
        #expect(project.ios?.siteFiles.map(\.file) == ["fetch"])
        let written = try LinkProject(json: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(project == written.resolved(in: root.path + "/app"))
    }

    @Test func theShippedExamplesPathsFollowItsFolder() throws {
        let folder = PackagePaths.path("Docs/Examples")
        let project = try LinkProject(contentsOfFile: folder + "/.link-router.json")
        #expect(project.routes == folder + "/routes.json")
        #expect(project.android?.siteFiles.map(\.file) == [folder + "/assetlinks.json"])
    }

    @Test func aMissingFileIsUnreadableAndNamed() throws {
        let root = try Self.tree([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.path + "/.link-router.json"
        let error = try #require(Self.error(path))
        #expect(error.kind == .unreadable)
        #expect(error.identifier == "unreadable")
        #expect(error.file == path)
        #expect(error.message == "cannot read: No such file or directory")
        #expect(error.description == "\(path): cannot read: No such file or directory")
    }

    @Test func aTooLargeFileIsRefusedAndNamed() throws {
        let padding = String(repeating: " ", count: LinkProject.maximumFileSize)
        let root = try Self.tree([LinkProject.fileName: #"{"version": 1}"# + padding])
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.path + "/.link-router.json"
        let error = try #require(Self.error(path))
        #expect(error.kind == .tooLarge)
        #expect(error.file == path)
        #expect(error.description == "\(path): larger than the limit of \(LinkProject.maximumFileSize) bytes")
    }

    @Test func aMalformedFileSaysTheLineAndColumn() throws {
        let root = try Self.tree([LinkProject.fileName: "{\"version\": 1,\n  \"routes\": 3}"])
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.path + "/.link-router.json"
        let error = try #require(Self.error(path))
        #expect(error.kind == .wrongType)
        #expect(error.fileLocation.line == 2)
        #expect(error.fileLocation.column == 13)
        #expect(error.description.hasPrefix("\(path):2:13: "))
        let syntax = try Self.tree([LinkProject.fileName: "{\"version\": 1,\n  \"routes\": }"])
        defer { try? FileManager.default.removeItem(at: syntax) }
        let invalid = try #require(Self.error(syntax.path + "/.link-router.json"))
        #expect(invalid.kind == .invalidJSON)
        #expect(invalid.fileLocation.line == 2)
    }
}
