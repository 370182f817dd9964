import Testing

/// The brute-force oracle of the exactness suites fails where the engine and brute force disagree.
@Suite struct BruteForceFindingsTests {
    static func brute() -> BruteForceFindings<String> {
        var brute = BruteForceFindings<String>()
        for (finding, url) in [("a", "/xyz"), ("a", "/x"), ("a", "/y"), ("b", "/b")] { brute.record(finding, url) }
        return brute
    }

    @Test func keepsTheFirstShortestURL() {
        #expect(Self.brute().shortest == ["a": "/x", "b": "/b"])
    }

    @Test func agreesWithAnEngineThatFindsTheSame() throws {
        try Self.brute().expectAgreement(with: ["a": "/y", "b": "/b"], enumerated: { _ in true }, context: "")
    }

    @Test func aMissedFindingALongerExampleAndAFalseFindingEachFail() {
        withKnownIssue { try Self.brute().expectAgreement(with: ["a": "/x"], enumerated: { _ in true }, context: "") }
        withKnownIssue {
            try Self.brute().expectAgreement(with: ["a": "/xy", "b": "/b"], enumerated: { _ in true }, context: "")
        }
        withKnownIssue {
            try Self.brute().expectAgreement(
                with: ["a": "/x", "b": "/b", "c": "/c"], enumerated: { _ in true }, context: "")
        }
        // A false finding outside the enumerated set is not one.
        #expect(throws: Never.self) {
            try Self.brute().expectAgreement(
                with: ["a": "/x", "b": "/b", "c": "/c"], enumerated: { _ in false }, context: "")
        }
    }
}
