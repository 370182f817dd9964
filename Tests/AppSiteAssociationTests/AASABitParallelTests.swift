import RichMediaKitSupport
import TestSupport
import Testing

@testable import AppSiteAssociation

/// The bit-parallel fast path decides exactly what the general automaton decides.
@Suite struct AASABitParallelTests {
    /// A random element: mostly literals, some `*`, `?`, classes and small alternations.
    static func randomElement(
        _ generator: inout SeededGenerator, alternations: Bool
    ) -> AASAPattern.Element {
        let literals = Array("ab/é".utf8)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0, 1: return .anyRun
        case 2: return .anyCharacter
        case 3:
            var set = ByteSet()
            for _ in 0...Int.random(in: 0...2, using: &generator) {
                set.insert(literals.randomElement(using: &generator)!)
            }
            return .byteClass(set)
        case 4 where alternations:
            let branches = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    randomElement(&generator, alternations: false)
                }
            }
            return .alternation(branches)
        default: return .byte(literals.randomElement(using: &generator)!)
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func fastPathAgreesWithTheGeneralAutomaton(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let inputAlphabet: [[UInt8]] = [[0x61], [0x62], [0x2F], [0xC3, 0xA9], [0xC3], [0xA9], [0x7F]]
        var decidedByFastPath = 0
        for _ in 0..<1_500 {
            let elements = (0..<Int.random(in: 0...7, using: &generator)).map { _ in
                Self.randomElement(&generator, alternations: true)
            }
            let pattern = AASAPattern(source: "", elements: elements, caseSensitive: true, percentEncoded: true)
            let fastPath = try #require(pattern.fastPath, "\(elements)")
            for _ in 0..<8 {
                let input = (0..<Int.random(in: 0...8, using: &generator)).flatMap { _ in
                    inputAlphabet.randomElement(using: &generator)!
                }
                let prefix: UInt8? = Bool.random(using: &generator) ? UInt8(ascii: "/") : nil
                let suffix: UInt8? = Bool.random(using: &generator) ? UInt8(ascii: "/") : nil
                input.withUnsafeBufferPointer { body in
                    let expected = pattern.automaton.matches(prefix: prefix, body: body, suffix: suffix)
                    if let fast = fastPath.matches(prefix: prefix, body: body, suffix: suffix) {
                        decidedByFastPath += 1
                        #expect(fast == expected, "\(elements) vs \(input)")
                    }
                    #expect(pattern.matches(prefix: prefix, body: body, suffix: suffix) == expected)
                }
            }
        }
        #expect(decidedByFastPath > 8_000)
    }

    @Test(arguments: [
        ("*a*a*a*a*a*a*a*a*a*a*b", String(repeating: "a", count: 2_000), false),
        ("*a*a*a*a*a*a*a*a*a*a*b", String(repeating: "a", count: 2_000) + "b", true),
        ("*?*?*?*?*?*?*?*?*?*?b", String(repeating: "é", count: 30) + "b", true),
        ("*ab*ab*ab*ab*ab*ab*ab*abc", String(repeating: "ab", count: 9) + "c", true),
        ("*ab*ab*ab*ab*ab*ab*ab*abc", String(repeating: "ab", count: 7) + "c", false),
    ])
    func pathologicalShapesDecideCorrectlyOnTheFastPath(pattern: String, input: String, expected: Bool) throws {
        let compiled = try AASAPatternCompiler.compile(
            pattern, isPath: false, caseSensitive: true, percentEncoded: true, variables: [:]
        ).get()
        #expect(compiled.fastPath != nil)
        #expect(compiled.matches(input) == expected)
        let general = Array(input.utf8).withUnsafeBufferPointer {
            compiled.automaton.matches(prefix: nil, body: $0, suffix: nil)
        }
        #expect(general == expected)
    }

    @Test func largeAlternationsFallBackToTheGeneralAutomaton() throws {
        let compiled = try AASAPatternCompiler.compile(
            "/$(lang)/*", isPath: true, caseSensitive: true, percentEncoded: true, variables: [:]
        ).get()
        #expect(compiled.fastPath == nil)
        #expect(compiled.matches("/de/x"))
        #expect(!compiled.matches("/zz9/x"))
    }
}
