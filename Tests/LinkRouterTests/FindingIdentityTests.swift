import Foundation
import LinkRouter
import RichMediaKitSupport
import TestSupport
import Testing

/// `FindingIdentity` is the one codec of every baseline's entries: each entry of every check's files (today's
/// version 2 files, written from the shipped examples, and the version 1 fixtures) decodes and encodes back to the
/// same line, is described as the commands describe a stale entry, and a malformed entry is an error at its member.
@Suite struct FindingIdentityTests {
    typealias Fixtures = BaselineIdentityTests

    /// The entries' lines of a baseline file.
    static func entryLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("{\"") }
            .map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
    }

    /// Every entry line of `text` decodes to an entry whose identity writes the same line, makes the same entry
    /// again, and read alone (facts in name order, positions as strings) makes it too; the whole file reads and writes back unchanged.
    static func expectRoundTrip<Report: BaselineReport>(
        _ text: String, of report: Report.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws where Report.BaselineEntry: FindingIdentifying {
        let lines = entryLines(text)
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        for line in lines {
            let entry = try JSONDecoder().decode(Report.BaselineEntry.self, from: Data(line.utf8))
            #expect(entry.identity.json.spacedLine == line, sourceLocation: sourceLocation)
            #expect(try Report.BaselineEntry(identity: entry.identity) == entry, sourceLocation: sourceLocation)
            let alone = try JSONDecoder().decode(FindingIdentity.self, from: Data(line.utf8))
            #expect(try Report.BaselineEntry(identity: alone) == entry, sourceLocation: sourceLocation)
        }
        #expect(try Baseline<Report>(json: Array(text.utf8)).json == text, sourceLocation: sourceLocation)
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: Fixtures.fixtures + name, encoding: .utf8)
    }

    @Test func everyEntryOfEveryCheckRoundTrips() async throws {
        let platforms = try await Fixtures.platforms(Fixtures.original)
        try Self.expectRoundTrip(Baseline(report: platforms).json, of: PlatformsCoverageReport.self)
        try Self.expectRoundTrip(Baseline(report: platforms.ios).json, of: AppCoverageReport.self)
        try Self.expectRoundTrip(Baseline(report: platforms.android).json, of: AndroidCoverageReport.self)
        try Self.expectRoundTrip(
            Baseline(report: try Fixtures.oneFile(Fixtures.original)).json, of: CoverageReport.self)
        try Self.expectRoundTrip(Baseline(report: try Fixtures.lint(Fixtures.original)).json, of: AASALintReport.self)
        try Self.expectRoundTrip(try Self.fixture("v1-platforms.json"), of: PlatformsCoverageReport.self)
        try Self.expectRoundTrip(try Self.fixture("v1-app.json"), of: AppCoverageReport.self)
        try Self.expectRoundTrip(try Self.fixture("v1-android.json"), of: AndroidCoverageReport.self)
        try Self.expectRoundTrip(try Self.fixture("v1-check.json"), of: CoverageReport.self)
        try Self.expectRoundTrip(try Self.fixture("v1-lint.json"), of: AASALintReport.self)
        let docs = AASAFixtures.packageRoot + "/Docs/Examples/"
        for name in ["coverage-baseline.json", "coverage-baseline-old.json"] {
            try Self.expectRoundTrip(
                try String(contentsOfFile: docs + name, encoding: .utf8), of: CoverageReport.self)
        }
    }

    /// Each kind of entry is described as the commands described a stale entry before there was one identity.
    @Test(arguments: [
        (#"{"kind": "unrouted", "rule": {"/": "/help/*"}}"#, #"unrouted {"/": "/help/*"}"#),
        (
            #"{"kind": "unrouted", "rule": "/applinks/details/0/components/2"}"#,
            "unrouted /applinks/details/0/components/2"
        ),
        (#"{"kind": "unclaimed", "route": "search", "rule": null}"#, "unclaimed search (no rule)"),
        (
            #"{"kind": "unclaimed", "route": "product", "rule": {"/": "/products/*", "exclude": true}}"#,
            #"unclaimed product excluded by {"/": "/products/*", "exclude": true}"#
        ),
        (
            #"{"kind": "unclaimed", "route": "help", "rule": "/applinks/details/0/components/6"}"#,
            "unclaimed help excluded by /applinks/details/0/components/6"
        ),
    ])
    func oneFileEntriesAreDescribedAsBefore(line: String, description: String) throws {
        let entry = try JSONDecoder().decode(CoverageReport.BaselineEntry.self, from: Data(line.utf8))
        #expect(entry.description == description)
        #expect(entry.identity.description == description)
    }

    @Test func appAndroidPlatformsAndLintEntriesAreDescribedAsBefore() throws {
        func described<Entry: FindingIdentifying>(_ type: Entry.Type, _ line: String) throws -> String {
            try JSONDecoder().decode(type, from: Data(line.utf8)).description
        }
        let app = AppCoverageReport.BaselineEntry.self
        #expect(
            try described(app, #"{"kind": "unclaimed", "domain": "example.com", "route": "search"}"#)
                == "unclaimed example.com route=search")
        #expect(
            try described(app, #"{"kind": "unhandled-scheme", "scheme": "fb123"}"#) == "unhandled-scheme scheme=fb123")
        #expect(
            try described(app, #"{"kind": "unrouted", "domain": "example.com", "rule": {"/": "/help/*"}}"#)
                == #"unrouted example.com rule={"/": "/help/*"}"#)
        #expect(
            try described(app, #"{"kind": "wrong-type", "keyPath": "a.b", "code": "x"}"#)
                == "wrong-type code=x keyPath=a.b")
        let android = AndroidCoverageReport.BaselineEntry.self
        #expect(
            try described(android, #"{"kind": "unrouted", "host": "example.com", "filter": "5:13"}"#)
                == "unrouted example.com filter=5:13")
        #expect(
            try described(
                android,
                #"{"kind": "unclaimed", "host": "example.com", "route": "order", "rule": "/0/x", "reason": "excluded"}"#
            )
                == "unclaimed example.com route=order rule=/0/x reason=excluded")
        #expect(
            try described(
                android, #"{"kind": "unrouted", "host": "h", "filter": {"autoVerify": true, "activity": ".A"}}"#)
                == #"unrouted h filter={"activity": ".A", "autoVerify": true}"#)
        let platforms = PlatformsCoverageReport.BaselineEntry.self
        #expect(
            try described(
                platforms,
                #"{"platform": "ios", "kind": "route-domain-not-claimed", "domain": "example.com", "route": "product"}"#
            )
                == "ios: route-domain-not-claimed example.com route=product")
        #expect(
            try described(
                platforms,
                #"{"platform": "android", "kind": "unclaimed", "host": "h", "route": "c", "reason": "no-filter"}"#)
                == "android: unclaimed h route=c reason=no-filter")
        #expect(
            try described(
                platforms,
                #"{"platform": "both", "kind": "opens-only-on-ios", "host": "h", "route": "o", "reason": "excluded", "rule": "/0/x"}"#
            )
                == "both: opens-only-on-ios h route=o reason=excluded rule=/0/x")
        let lint = AASALintReport.BaselineEntry.self
        #expect(try described(lint, #"{"code": "apps-not-empty", "pointer": ""}"#) == "apps-not-empty /")
        #expect(try described(lint, #"{"code": "unknown-key", "pointer": "/applinks/x"}"#) == "unknown-key /applinks/x")
        #expect(
            try described(lint, #"{"code": "unknown-key", "subject": ["applinks", {"b": 1, "a": 2}]}"#)
                == #"unknown-key ["applinks", {"a": 2, "b": 1}]"#)
    }

    /// A subject is its content: the same rule written with its keys in another order is the same identity.
    @Test func subjectsDoNotDependOnKeyOrder() throws {
        func entry(_ line: String) throws -> CoverageReport.BaselineEntry {
            try JSONDecoder().decode(CoverageReport.BaselineEntry.self, from: Data(line.utf8))
        }
        let sorted = try entry(#"{"kind": "unrouted", "rule": {"/": "/x/*", "exclude": true}}"#)
        let reordered = try entry(#"{"rule": {"exclude": true, "/": "/x/*"}, "kind": "unrouted"}"#)
        #expect(sorted == reordered)
        #expect(sorted == .unrouted(ruleContent: #"{"exclude": true, "/": "/x/*"}"#))
        #expect(reordered.identity.json.spacedLine == #"{"kind": "unrouted", "rule": {"/": "/x/*", "exclude": true}}"#)
        // Identities alone: the same facts in another order are the same identity.
        let one = FindingIdentity(code: "c", facts: [.init("a", .string("1")), .init("b", .subject("[]"))])
        let other = FindingIdentity(
            code: "c", facts: [.init("b", .subject("[]"), shown: .bare), .init("a", .string("1"))])
        #expect(one == other && one.hashValue == other.hashValue)
        #expect(one != FindingIdentity(code: "c", facts: [.init("a", .string("1"))]))
    }

    /// A malformed entry is a `BaselineError` at the member that is wrong, with today's message.
    @Test(arguments: [
        (#""appID": "a", "gaps": [{"kind": "unclaimed", "domain": 5}]"#, "app", "/gaps/0/domain: expected a string"),
        (
            #""appID": "a", "gaps": [{"kind": "odd"}]"#, "app",
            "/gaps/0/kind: Cannot initialize Kind from invalid String value odd"
        ),
        (#""package": "p", "gaps": [{"host": "h"}]"#, "android", "/gaps/0/kind: missing required key `kind`"),
        (
            #""appID": "a", "package": "p", "gaps": [{"platform": "mac", "kind": "unrouted"}]"#, "platforms",
            "/gaps/0/platform: the platform is ios, android or both"
        ),
        (
            #""appID": "a", "package": "p", "gaps": [{"kind": "k", "platform": "both", "host": "h", "route": "r"}]"#,
            "platforms", "/gaps/0/reason: missing required key `reason`"
        ),
        (
            #""appID": "a", "package": "p", "gaps": [{}, {"kind": "unclaimed", "platform": "android", "route": []}]"#,
            "platforms", "/gaps/0/kind: missing required key `kind`"
        ),
        (
            #""appID": "a", "package": "p", "gaps": [{"kind": "unclaimed", "platform": "android", "route": []}]"#,
            "platforms", "/gaps/0/route: expected a string"
        ),
        (#""diagnostics": [{"code": "x"}]"#, "lint", "/diagnostics/0/pointer: missing required key `pointer`"),
        (#""diagnostics": [{"code": "x", "pointer": null}]"#, "lint", "/diagnostics/0/pointer: expected a string"),
        (
            #""domain": "d", "appID": "a", "gaps": [{"kind": "unclaimed", "route": null}]"#, "check",
            "/gaps/0/route: expected a string"
        ),
    ])
    func aMalformedEntryIsAnErrorAtItsMember(members: String, check: String, expected: String) {
        let bytes = Array(#"{"version": 2, \#(members)}"#.utf8)
        do {
            switch check {
            case "app": _ = try Baseline<AppCoverageReport>(json: bytes)
            case "android": _ = try Baseline<AndroidCoverageReport>(json: bytes)
            case "platforms": _ = try Baseline<PlatformsCoverageReport>(json: bytes)
            case "lint": _ = try Baseline<AASALintReport>(json: bytes)
            default: _ = try Baseline<CoverageReport>(json: bytes)
            }
            Issue.record("\(members) was read")
        } catch {
            #expect(error.description == expected)
            #expect(error.kind == .notABaseline)
        }
    }

    /// The protocol's defaults, not `Codable`'s synthesized members, encode and decode an entry: its typed members
    /// (`ruleContent`) never reach the file.
    @Test func theDefaultsReplaceSynthesizedCodable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let entry = CoverageReport.BaselineEntry.unclaimed(route: "help", ruleContent: #"{"/": "/h/*"}"#)
        let text = String(decoding: try encoder.encode(entry), as: UTF8.self)
        #expect(text == #"{"kind":"unclaimed","route":"help","rule":{"/":"/h/*"}}"#)
        #expect(try JSONDecoder().decode(CoverageReport.BaselineEntry.self, from: Data(text.utf8)) == entry)
        let synthesized = #"{"kind": "unclaimed", "route": "help", "ruleContent": "{\"/\": \"/h/*\"}"}"#
        let read = try JSONDecoder().decode(CoverageReport.BaselineEntry.self, from: Data(synthesized.utf8))
        #expect(read.ruleContent == nil)
    }
}
