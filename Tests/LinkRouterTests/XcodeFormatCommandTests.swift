import Foundation
import TestSupport
import Testing

/// `--format xcode` end to end: every command that writes SARIF and GitHub annotations writes Xcode's issue lines
/// from the same findings, with the same exit status.
@Suite struct XcodeFormatCommandTests {
    static let aasa = "Docs/Examples/apple-app-site-association"
    static let next = "Docs/Examples/apple-app-site-association-next"
    static let routes = "Docs/Examples/routes.json"
    static let app = "ABCDE12345.com.example.app"

    /// Each line is `path:line:column: severity: message [code]` or `severity: message [code]`.
    static func isIssueLine(_ line: Substring) -> Bool {
        guard line.hasSuffix("]"), line.contains(" [") else { return false }
        return ["error: ", "warning: ", "note: "].contains { line.contains($0) }
    }

    @Test(arguments: [
        ["aasa", "lint", "Tests/LinkRouterTests/Fixtures/AASA/mistakes.json"],
        ["aasa", "diff", aasa, next, "--domain", "example.com", "--app-id", app],
        ["check", "--aasa", aasa, "--routes", routes, "--domain", "example.com", "--app-id", app],
        [
            "check", "--entitlements", "Docs/Examples/App.entitlements", "--info-plist", "Docs/Examples/Info.plist",
            "--routes", routes, "--aasa", "example.com=" + aasa,
        ],
        ["app", "lint", "--entitlements", "Tests/LinkRouterTests/Fixtures/App/mistakes.entitlements"],
    ])
    func xcodeLinesMatchTheGitHubAnnotations(_ command: [String]) throws {
        let xcode = try CommandRunner.run(command + ["--format", "xcode"])
        let github = try CommandRunner.run(command + ["--format", "github"])
        #expect(xcode.status == github.status)
        #expect(xcode.status == 1)
        let lines = xcode.stdout.split(separator: "\n")
        let annotations = github.stdout.split(separator: "\n")
        #expect(lines.count == annotations.count)
        #expect(!lines.isEmpty)
        for line in lines { #expect(Self.isIssueLine(line), "\(line)") }
        for (line, annotation) in zip(lines, annotations) {
            // `::error file=F,line=L,col=C,title=CODE::...` names the same place and code as `F:L:C: error: ... [CODE]`.
            let properties = annotation.split(separator: "::")[0]
            let title = try #require(properties.split(separator: ",").last).dropFirst("title=".count)
            #expect(line.hasSuffix("[\(title)]"))
            if let file = properties.split(separator: ",").first, file.contains(" file=") {
                let path = file.split(separator: "=", maxSplits: 1)[1]
                #expect(line.hasPrefix(path + ":"), "\(line)")
            }
        }
    }

    @Test func theExampleCheckNamesTheRuleAndTheRoute() throws {
        let result = try CommandRunner.run([
            "check", "--aasa", Self.aasa, "--routes", Self.routes, "--domain", "example.com", "--app-id", Self.app,
            "--format", "xcode",
        ])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Docs/Examples/apple-app-site-association:9:11: error: The AASA rule ") == true)
        #expect(lines.last?.hasPrefix("Docs/Examples/routes.json:18:5: error: Route `help` handles ") == true)
    }

    @Test func aCleanReportWritesNothing() throws {
        let result = try CommandRunner.run([
            "aasa", "diff", Self.aasa, Self.aasa, "--domain", "example.com", "--app-id", Self.app, "--format", "xcode",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
    }

    @Test func commandsWithoutAnnotationsRefuseIt() throws {
        let result = try CommandRunner.run([
            "route", "--routes", Self.routes, "--format", "xcode", "shop://promotion/7",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("must be `text` or `json`, not `xcode`"))
    }
}
