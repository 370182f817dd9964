import TestSupport
import Testing

@testable import AppSiteAssociation

/// Seeded random inputs: mutated files and random URLs never crash, and matching agrees with a
/// naive reference on random patterns.
@Suite struct AASARandomInputTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func mutatedFilesAlwaysLintWithoutCrashing(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let original = try AASAFixtures.read(AASAFixtures.path("worked-example.json"))
        let alphabet = Array(#"{}[]",:\$()*?/#-. atfnrue0123456789"#.utf8) + [0x00, 0xC3, 0xFF, 0x0A]
        for _ in 0..<120 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = alphabet.randomElement(using: &generator)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &generator)!, at: index)
                }
            }
            let report = AASALinter.lint(bytes, passes: [])
            if report.file == nil { #expect(report.errorCount == 1) }
            if let file = report.file {
                _ = AASAMatcher(file).explain(
                    "https://example.com/buy/1", domain: "example.com", appID: "ABCDE12345.com.example.app")
            }
        }
    }

    /// A backtracking reference for `*`/`?`/literal patterns (only for short inputs).
    static func reference(_ pattern: [UInt8], _ input: [UInt8]) -> Bool {
        guard let first = pattern.first else { return input.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            return (0...input.count).contains { reference(Array(pattern.dropFirst()), Array(input.dropFirst($0))) }
        case UInt8(ascii: "?"):
            return !input.isEmpty && reference(Array(pattern.dropFirst()), Array(input.dropFirst()))
        default:
            return input.first == first && reference(Array(pattern.dropFirst()), Array(input.dropFirst()))
        }
    }

    @Test(arguments: [7, 8] as [UInt64])
    func automatonAgreesWithABacktrackingReference(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let patternAlphabet = Array("ab*?/".utf8)
        let inputAlphabet = Array("ab/".utf8)
        for _ in 0..<2_000 {
            let pattern = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                patternAlphabet.randomElement(using: &generator)!
            }
            let input = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                inputAlphabet.randomElement(using: &generator)!
            }
            let compiled = try AASAPatternCompiler.compile(
                String(decoding: pattern, as: UTF8.self), isPath: false, caseSensitive: true, percentEncoded: true,
                variables: [:]
            ).get()
            let actual = input.withUnsafeBufferPointer { compiled.matches($0) }
            #expect(
                actual == Self.reference(pattern, input),
                "pattern \(String(decoding: pattern, as: UTF8.self)) input \(String(decoding: input, as: UTF8.self))")
        }
    }

    @Test func randomURLsNeverCrashTheMatcher() throws {
        var generator = SeededGenerator(seed: 42)
        let matcher = try AASAMatcher(parsing: try AASAFixtures.read(AASAFixtures.path("worked-example.json")))
        let pieces = [
            "https://", "example.com", "/", "?", "#", "&", "=", "%", "%2F", "%C3%A9", "é", "@", ":", "[", "a", "buy",
        ]
        for _ in 0..<2_000 {
            let url = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            let result = matcher.explain(url, domain: "example.com", appID: "ABCDE12345.com.example.app")
            #expect(!result.reason.description.isEmpty)
        }
    }
}
