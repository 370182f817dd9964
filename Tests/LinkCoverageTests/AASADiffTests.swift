import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

@Suite struct AASADiffTests {
    typealias Exactness = CoverageExactnessTests

    struct Change: Hashable, CustomStringConvertible {
        var gained: Bool
        var old: String?
        var new: String?
        var description: String { "\(gained ? "gained" : "lost") old=\(old ?? "-") new=\(new ?? "-")" }
    }

    @Test(arguments: 0..<30)
    func diffFindsExactlyWhatBruteForceFinds(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let oldText = Exactness.randomAASA(using: &generator)
        let newText = Exactness.randomAASA(using: &generator)
        let old = try AASAMatcher(parsing: Array(oldText.utf8))
        let new = try AASAMatcher(parsing: Array(newText.utf8))
        let report = try CoverageChecker.diff(
            old: old, new: new, domain: Exactness.domain, appID: Exactness.appID, universe: Exactness.universe)
        var engine: [Change: String] = [:]
        for change in report.gained { engine[Change(gained: true, old: change.old, new: change.new)] = change.example }
        for change in report.lost { engine[Change(gained: false, old: change.old, new: change.new)] = change.example }
        var brute: [Change: String] = [:]
        for url in Exactness.enumerated {
            let before = old.match(url, domain: Exactness.domain, appID: Exactness.appID)
            let after = new.match(url, domain: Exactness.domain, appID: Exactness.appID)
            guard (before.decision == .match) != (after.decision == .match) else { continue }
            let change = Change(gained: after.decision == .match, old: before.rule, new: after.rule)
            if let known = brute[change], known.utf8.count <= url.utf8.count { continue }
            brute[change] = url
        }
        let context = "OLD \(oldText)\nNEW \(newText)"
        for (change, url) in brute {
            let example = try #require(engine[change], "missed \(change), e.g. \(url)\n\(context)")
            #expect(example.utf8.count <= url.utf8.count, "\(change): \(example) longer than \(url)\n\(context)")
        }
        let enumerated = Set(Exactness.enumerated)
        for (change, example) in engine where enumerated.contains(example) {
            #expect(brute[change] != nil, "false change \(change) \(example)\n\(context)")
        }
    }

    static func matcher(_ components: String) throws -> AASAMatcher {
        try AASAMatcher(
            parsing: Array(
                #"{"applinks": {"details": [{"appIDs": ["\#(Exactness.appID)"], "components": [\#(components)]}]}}"#
                    .utf8))
    }

    @Test func identicalFilesHaveNoDiff() throws {
        let file = try Self.matcher(#"{"/": "/a/*"}, {"/": "/b", "?": {"x": "?*"}}"#)
        let report = try CoverageChecker.diff(old: file, new: file, domain: "example.com", appID: Exactness.appID)
        #expect(report.isUnchanged)
    }

    @Test func reorderingWithoutEffectHasNoDiff() throws {
        let old = try Self.matcher(#"{"/": "/a/*"}, {"/": "/b/*"}"#)
        let new = try Self.matcher(#"{"/": "/b/*"}, {"/": "/a/*"}"#)
        let report = try CoverageChecker.diff(old: old, new: new, domain: "example.com", appID: Exactness.appID)
        #expect(report.isUnchanged)
    }

    @Test func anExclusionMovedBehindItsClaimIsAGain() throws {
        let old = try Self.matcher(#"{"/": "/help/internal/*", "exclude": true}, {"/": "/help/*"}"#)
        let new = try Self.matcher(#"{"/": "/help/*"}, {"/": "/help/internal/*", "exclude": true}"#)
        let report = try CoverageChecker.diff(old: old, new: new, domain: "example.com", appID: Exactness.appID)
        #expect(report.lost.isEmpty)
        let change = try #require(report.gained.first)
        #expect(report.gained.count == 1)
        #expect(change.example == "https://example.com/help/internal")
        #expect(change.old == "/applinks/details/0/components/0")
        #expect(change.new == "/applinks/details/0/components/0")
    }

    @Test func narrowingAPatternLosesExactlyTheDifference() throws {
        let old = try Self.matcher(#"{"/": "/buy/*"}"#)
        let new = try Self.matcher(#"{"/": "/buy/?*"}"#)
        let report = try CoverageChecker.diff(old: old, new: new, domain: "example.com", appID: Exactness.appID)
        #expect(report.gained.isEmpty)
        #expect(report.lost.map(\.example) == ["https://example.com/buy"])
        #expect(report.lost.first?.new == nil)
    }
}
