import LinkRouter
import Testing

/// A report of the user's own conforms to `BaselineReport` and goes through the one `Baseline` as the package's
/// reports do: written, read back, compared, its findings known by content. This target imports only `LinkRouter`,
/// as a package depending on this one would.
@Suite struct OwnBaselineReportTests {
    /// A misspelled word in a routes file's route names.
    struct Misspelling: Sendable, Hashable {
        var word: String
        var route: String
        var pointer: JSONPointer
    }

    /// What identifies a misspelling: the word and its route, never its position.
    struct Entry: Sendable, Hashable, Codable, CustomStringConvertible {
        var word: String
        var route: String
        var description: String { "`\(word)` in route `\(route)`" }
    }

    struct SpellingReport: BaselineReport {
        var misspelled: [Misspelling]

        static var baselineScopeFields: [BaselineScope.Field] { [.appID] }
        static var baselineNoun: String { "misspelling" }
        var baselineScope: BaselineScope { BaselineScope(appID: "ABCDE12345.com.example.app") }

        var locatedFindings: [LocatedFinding] {
            misspelled.map { word in
                LocatedFinding(
                    code: "misspelled", severity: .error, message: "`\(word.word)` is not a word.",
                    fix: "Correct the spelling.", in: .routes, at: .pointer(word.pointer))
            }
        }

        func renderedText(files: [ReportFile: String]) -> String {
            locatedFindings.map(\.message).joined(separator: "\n")
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(misspelled.map(\.word))
        }

        func baselineSplit(_ accepts: (Entry, Entry) -> Bool) -> (new: Self, accepted: Self) {
            var new = Self(misspelled: [])
            var accepted = Self(misspelled: [])
            for word in misspelled {
                let entry = Entry(word: word.word, route: word.route)
                if accepts(entry, entry) {
                    accepted.misspelled.append(word)
                } else {
                    new.misspelled.append(word)
                }
            }
            return (new, accepted)
        }
    }

    static func word(_ word: String, _ route: String, at index: Int) throws -> Misspelling {
        Misspelling(word: word, route: route, pointer: try #require(JSONPointer("/routes/\(index)/name")))
    }

    @Test func aBaselineOfAnOwnReportIsWrittenReadBackAndKeepsItsFindingsAcrossEdits() throws {
        let today = SpellingReport(misspelled: [
            try Self.word("prodcut", "product", at: 0), try Self.word("promtion", "promotion", at: 3),
        ])
        let written = Baseline(report: today)
        #expect(
            written.entries.map(\.description) == ["`prodcut` in route `product`", "`promtion` in route `promotion`"])

        // The file holds each entry as its Codable encoding, and reads back equal.
        let text = written.json
        #expect(text.contains(#""word": "prodcut""#) || text.contains(#""word":"prodcut""#), "\(text)")
        #expect(text.contains(#""misspelling""#) == false)
        let read = try Baseline<SpellingReport>(json: Array(text.utf8))
        #expect(read == written)
        #expect(read.scope.appID == "ABCDE12345.com.example.app")

        // Routes reordered and a new misspelling: the accepted ones stay accepted, nothing is stale.
        let edited = SpellingReport(misspelled: [
            try Self.word("serch", "search", at: 0), try Self.word("promtion", "promotion", at: 1),
            try Self.word("prodcut", "product", at: 5),
        ])
        let comparison = read.compare(edited)
        #expect(comparison.new.misspelled.map(\.word) == ["serch"])
        #expect(comparison.accepted.misspelled.map(\.word) == ["promtion", "prodcut"])
        #expect(comparison.stale.isEmpty)
        #expect(!comparison.new.isClean)

        // A fixed misspelling leaves its entry stale.
        let fixed = read.compare(SpellingReport(misspelled: [try Self.word("promtion", "promotion", at: 1)]))
        #expect(fixed.new.misspelled.isEmpty)
        #expect(fixed.stale.map(\.word) == ["prodcut"])
        #expect(fixed.new.isClean)
    }

    /// A report whose entries are `FindingIdentity` itself: it gets baselines (accept, compare, stale, write, read)
    /// with no codec of its own.
    struct BrokenLinkReport: BaselineReport {
        var broken: [(route: String, target: String)]

        static var baselineScopeFields: [BaselineScope.Field] { [.domain] }
        var baselineScope: BaselineScope { BaselineScope(domain: "example.com") }

        var locatedFindings: [LocatedFinding] {
            broken.map { link in
                LocatedFinding(
                    code: "broken-link", severity: .error, message: "`\(link.route)` links to `\(link.target)`.",
                    fix: nil, in: .routes, at: .pointer(.root))
            }
        }

        func renderedText(files: [ReportFile: String]) -> String { "" }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(broken.map(\.target))
        }

        static func identity(_ link: (route: String, target: String)) -> FindingIdentity {
            FindingIdentity(
                code: "broken-link",
                facts: [
                    .init("route", .string(link.route), shown: .bare),
                    .init("target", .subject(#"{"url": "\#(link.target)"}"#)),
                ])
        }

        func baselineSplit(_ accepts: (FindingIdentity, FindingIdentity) -> Bool) -> (new: Self, accepted: Self) {
            var split = (new: Self(broken: []), accepted: Self(broken: []))
            for link in broken {
                let identity = Self.identity(link)
                if accepts(identity, identity) {
                    split.accepted.broken.append(link)
                } else {
                    split.new.broken.append(link)
                }
            }
            return split
        }
    }

    @Test func aReportWhoseEntriesAreFindingIdentitiesGetsBaselinesWithNoCodecOfItsOwn() throws {
        let today = BrokenLinkReport(broken: [("help", "/old-help"), ("search", "/find")])
        let written = Baseline(report: today)
        #expect(
            written.entries.map(\.description) == [
                #"broken-link help target={"url": "/old-help"}"#, #"broken-link search target={"url": "/find"}"#,
            ])
        #expect(
            written.json == """
                {
                  "version": 2,
                  "domain": "example.com",
                  "gaps": [
                    {"code": "broken-link", "route": "help", "target": {"url": "/old-help"}},
                    {"code": "broken-link", "route": "search", "target": {"url": "/find"}}
                  ]
                }

                """)
        let read = try Baseline<BrokenLinkReport>(json: Array(written.json.utf8))
        #expect(read == written)

        let comparison = read.compare(BrokenLinkReport(broken: [("about", "/gone"), ("search", "/find")]))
        #expect(comparison.new.broken.map(\.route) == ["about"])
        #expect(comparison.accepted.broken.map(\.route) == ["search"])
        // An identity read back alone shows each fact named (how a fact is shown is not in the file).
        #expect(comparison.stale.map(\.description) == [#"broken-link route=help target={"url": "/old-help"}"#])
    }
}
