import AppSiteAssociation
import LinkCoverage
import Testing

/// Helpers shared by the coverage suites.
enum CoverageTestSupport {
    /// Lints a file's text with every pass (the unreachable-rule pass is this module's).
    static func lint(_ json: String) -> AASALintReport {
        AASALinter.lint(Array(json.utf8), passes: [.unreachableRules])
    }
}

/// Every byte string over `alphabet` of length at most `maxLength`, shortest first.
func allStrings(over alphabet: [UInt8], maxLength: Int) -> [[UInt8]] {
    var result: [[UInt8]] = [[]]
    var layer: [[UInt8]] = [[]]
    for _ in 0..<maxLength {
        var next: [[UInt8]] = []
        for prefix in layer {
            for byte in alphabet { next.append(prefix + [byte]) }
        }
        result += next
        layer = next
    }
    return result
}

/// The brute-force side of an exactness test: for each finding, the shortest URL that shows it, in the order the
/// URLs are enumerated.
struct BruteForceFindings<Finding: Hashable> {
    /// Each finding's shortest URL.
    private(set) var shortest: [Finding: String] = [:]

    /// Records that `url` shows `finding`, keeping the shortest URL (the first of equal length).
    mutating func record(_ finding: Finding, _ url: String) {
        if let known = shortest[finding], known.utf8.count <= url.utf8.count { return }
        shortest[finding] = url
    }

    /// Expects the engine to agree: every finding brute force knows is found, with an example no longer than the
    /// shortest brute-force one, and no finding the engine reports is unknown to brute force where its example
    /// lies in the enumerated set (`enumerated(example)`).
    func expectAgreement(
        with engine: [Finding: String], enumerated: (String) -> Bool, context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (finding, url) in shortest {
            let example = try #require(
                engine[finding], "missed \(finding), e.g. \(url)\n\(context)", sourceLocation: sourceLocation)
            #expect(
                example.utf8.count <= url.utf8.count, "\(finding): \(example) longer than \(url)\n\(context)",
                sourceLocation: sourceLocation)
        }
        for (finding, example) in engine where shortest[finding] == nil && enumerated(example) {
            Issue.record("false finding \(finding) \(example)\n\(context)", sourceLocation: sourceLocation)
        }
    }
}
