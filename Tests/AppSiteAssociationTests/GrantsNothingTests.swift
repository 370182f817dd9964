import Testing

@testable import AppSiteAssociation

/// A file that grants nothing to any app is an error with the fix; a repository path the server would not serve
/// at `/.well-known/apple-app-site-association` is a warning with the path it must have.
@Suite struct GrantsNothingTests {
    static func lint(_ text: String) -> [AASADiagnostic] {
        AASALinter.lint(Array(text.utf8), passes: []).diagnostics
    }

    @Test(arguments: [
        ("{}", "", "write the app's section"),
        (
            #"{"appLinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}"#,
            "/appLinks", "rename 'appLinks' to 'applinks'"
        ),
        (#"{"applink": {"details": []}}"#, "/applink", "rename 'applink' to 'applinks'"),
    ])
    func aFileThatGrantsNothingIsAnError(_ text: String, _ pointer: String, _ fix: String) throws {
        let diagnostics = Self.lint(text)
        let nothing = try #require(diagnostics.first { $0.code == .grantsNothing })
        #expect(nothing.severity == .error)
        #expect(nothing.pointer == pointer)
        #expect(nothing.fix.hasPrefix(fix))
        #expect(try AASAFile(parsing: Array(text.utf8)).grantsNothing)
    }

    /// A file with a section iOS reads has that section's own diagnostics; one with another error says why on its
    /// own.
    @Test func filesWithASectionOrAnotherErrorAreNotGrantsNothing() throws {
        #expect(Self.lint(#"{"applinks": {}}"#).map(\.code) == [.applinksWithoutDetails])
        #expect(
            !Self.lint(#"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#).contains {
                $0.code == .grantsNothing
            })
        #expect(
            !Self.lint(#"{"details": [{"appIDs": ["ABCDE12345.com.example.app"]}]}"#).contains {
                $0.code == .grantsNothing
            })
        #expect(Self.lint(#"{"details": []}"#).map(\.code) == [.wrongNesting])
    }

    @Test(arguments: [
        ("public/apple-app-site-association.json", "public/.well-known/apple-app-site-association"),
        ("public/apple-app-site-association", "public/.well-known/apple-app-site-association"),
        ("site/.well_known/apple-app-site-association", "site/.well-known/apple-app-site-association"),
        ("web/.well-known/apple-app-site-association.json", "web/.well-known/apple-app-site-association"),
    ])
    func aPathTheServerWouldNotServeIsAWarning(_ path: String, _ expected: String) throws {
        let diagnostic = try #require(AASALinter.fileLocation(path))
        #expect(diagnostic.code == .fileLocation)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.fix == "move the file to \(expected) (no .json extension)")
    }

    @Test func pathsThatSayNothingAboutTheServerAreQuiet() {
        for path in [
            "Docs/Examples/apple-app-site-association", "public/.well-known/apple-app-site-association", "-",
            "ios/App/App.entitlements",
        ] {
            #expect(AASALinter.fileLocation(path) == nil)
        }
    }
}
