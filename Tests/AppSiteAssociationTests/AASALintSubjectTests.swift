import Testing

@testable import AppSiteAssociation

/// A lint diagnostic names its value by content (its `subject`, what a baseline records), also in a list with a
/// wrong-typed element: the checks of the decoded file point at the file's element, not at the one the decoded
/// index (which skips the wrong-typed elements) lands on (issue 38).
@Suite struct AASALintSubjectTests {
    /// One diagnostic of a lint, as the strings a test compares.
    struct Line: Hashable {
        var code: String
        var pointer: String
        var subject: String
    }

    /// The diagnostics of `json`.
    static func lines(_ json: String) -> [Line] {
        AASALinter.lint(Array(json.utf8), passes: []).diagnostics.map {
            Line(code: $0.code.rawValue, pointer: $0.pointer, subject: $0.subject ?? "")
        }
    }

    /// The subjects of `lines`, as a set.
    static func subjects(_ lines: [Line]) -> Set<String> {
        Set(lines.map(\.subject))
    }

    @Test func aLegacyPathAfterAWrongTypedOneKeepsItsSubjectWhenTheListIsReordered() {
        let before = Self.lines(#"{"applinks": {"details": [{"appID": "ABCDE12345.a.b", "paths": ["not /x", 5]}]}}"#)
        let after = Self.lines(#"{"applinks": {"details": [{"appID": "ABCDE12345.a.b", "paths": [5, "not /x"]}]}}"#)
        let notPrefix: [Line] = after.filter { $0.subject.contains(#""not /x""#) }
        #expect(!notPrefix.isEmpty)
        #expect(notPrefix.allSatisfy { $0.pointer == "/applinks/details/0/paths/1" })
        #expect(Self.subjects(before) == Self.subjects(after))
    }

    @Test func appIDsAndVariableValuesAfterAWrongTypedElementPointAtTheFilesElement() {
        let lines = Self.lines(
            #"{"applinks": {"apps": [], "details": [{"appIDs": [7, "A.b"], "components": [{"/": "/$(v)"}]}], "#
                + #""substitutionVariables": {"v": [4, "$(w)"]}}, "webcredentials": {"apps": [3, "B.c"]}}"#)
        let teamID: [Line] = lines.filter { $0.code == "team-id-length" }
        #expect(teamID.map(\.pointer) == ["/applinks/details/0/appIDs/1", "/webcredentials/apps/1"])
        #expect(teamID.allSatisfy { $0.subject.hasSuffix(#""A.b"]"#) || $0.subject.hasSuffix(#""B.c"]"#) })
        let nested: [Line] = lines.filter { $0.code == "nested-variable" }
        #expect(nested.map(\.pointer) == ["/applinks/substitutionVariables/v/1"])
    }

    @Test func theWrongTypedElementItselfIsNamedByContent() {
        let first = Self.lines(#"{"applinks": {"details": [{"appID": "ABCDE12345.a.b", "paths": ["/a", 5]}]}}"#)
        let second = Self.lines(#"{"applinks": {"details": [{"appID": "ABCDE12345.a.b", "paths": [5, "/a"]}]}}"#)
        let wrongType: [String] = first.filter { $0.code == "wrong-type" }.map(\.subject)
        #expect(wrongType == [#"["applinks", "details", {"appID": "ABCDE12345.a.b"}, "paths", 5]"#])
        #expect(second.filter { $0.code == "wrong-type" }.map(\.subject) == wrongType)
    }
}
