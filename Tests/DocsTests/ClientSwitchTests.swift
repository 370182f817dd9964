import Foundation
import TestSupport
import Testing

/// A growing enum cannot break a user's `switch` (issue 26): code in another package must write `@unknown default`,
/// and with it keeps compiling when a case is added.
///
/// Inside this package every switch may stay exhaustive (SE-0487 treats the package's own modules as one), so the
/// proof has to come from outside: the client below is type-checked by the toolchain's `swiftc` against the modules
/// this test run built, without the package's name, as a user's package would see them.
@Suite struct ClientSwitchTests {
    /// A user's code that switches over two growing enums, with (`unknownDefault`) or without the `@unknown default`.
    static func client(unknownDefault: Bool) -> String {
        let fallback = unknownDefault ? "    @unknown default: \"unknown\"\n" : ""
        return """
            import LinkRouter
            import RichMediaQueue

            func describe(_ kind: LinkDecision.Kind) -> String {
                switch kind {
                case .route: "route"
                case .browser: "browser"
                case .unhandled: "unhandled"
                case .external: "external"
                case .reject: "reject"
            \(fallback)    }
            }

            func describe(_ outcome: PresentationOutcome) -> String {
                switch outcome {
                case .closed: "closed"
                case .failed: "failed"
                case .expired: "expired"
                case .dropped: "dropped"
                case .cancelled: "cancelled"
            \(fallback)    }
            }

            """
    }

    /// The folder of the built modules: `Modules` beside the built `link-router`.
    static var modules: URL {
        get throws {
            let executable = try #require(ProcessRunner("link-router").executable, "link-router was not built")
            let modules = executable.deletingLastPathComponent().appendingPathComponent("Modules")
            try #require(
                FileManager.default.fileExists(atPath: modules.appendingPathComponent("LinkRouter.swiftmodule").path))
            return modules
        }
    }

    /// Type-checks `source` as a file of another package; returns the exit status and what `swiftc` printed.
    static func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("client-switch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Client.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", try modules.path, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }

    @Test func aSwitchWithUnknownDefaultCompiles() throws {
        let result = try Self.typecheck(Self.client(unknownDefault: true))
        #expect(result.status == 0, "\(result.output)")
    }

    /// Without `@unknown default` a client's switch does not compile today, so adding a case cannot break it later.
    @Test func aSwitchWithoutUnknownDefaultIsRefused() throws {
        let result = try Self.typecheck(Self.client(unknownDefault: false))
        #expect(result.status != 0)
        let refusals = result.output.components(separatedBy: "may have additional unknown values").count - 1
        #expect(refusals >= 2, "\(result.output)")
    }
}
