import TestSupport
import Testing

@testable import AndroidAppLinks

/// The patterns as automata (what the Android coverage check is built on) against Android's matchers, on the
/// spec's quirks and on generated patterns and inputs.
@Suite struct AndroidPatternMachineTests {
    static func units(_ text: String) -> [UInt16] { Array(text.utf16) }

    @Test(arguments: [
        // The spec's §3 quirks, with the matcher's answers.
        ("/p/.*/details", "/p/a/details", true),
        ("/p/.*/details", "/p/a/b/details", false),
        ("/a\\.b", "/axb", true),
        ("/a*", "/", false),
        ("/ab*", "/a", false),
        ("/a*b", "/b", true),
        ("/shop.*", "/shop", true),
        (".*", "", true),
        ("", "", true),
        ("", "/", false),
        ("/x\\", "/x", false),
    ])
    func globQuirks(pattern: String, input: String, expected: Bool) throws {
        let machine = try AndroidPattern(.glob, pattern).machine()
        #expect(AndroidPattern.matchGlob(Self.units(pattern), Self.units(input)) == expected)
        #expect(machine.matches(Self.units(input)) == expected)
    }

    @Test func globMachinesAgreeWithTheMatcher() throws {
        var generator = SeededGenerator(seed: 0x61_0B_3A)
        // A non-ASCII character and an astral one (two units) besides the pattern's own characters; inputs are any
        // units, lone surrogates included.
        let alphabet = Array("ab/.*\\é😀")
        let inputAlphabet = Self.units("ab/.*é\\😀")
        for _ in 0..<1_500 {
            let pattern = Self.units(
                String(
                    (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
                    }))
            let machine = try AndroidPattern(.glob, String(decoding: pattern, as: UTF16.self)).machine()
            for _ in 0..<8 {
                let input = (0..<Int.random(in: 0...9, using: &generator)).map { _ in
                    inputAlphabet.randomElement(using: &generator)!
                }
                let expected = AndroidPattern.matchGlob(pattern, input)
                #expect(
                    machine.matches(input) == expected,
                    "\(String(decoding: pattern, as: UTF16.self)) ~ \(String(decoding: input, as: UTF16.self))")
                if machine.matches(input) != expected { return }
            }
        }
    }

    @Test func advancedMachinesAgreeWithTheMatcher() throws {
        var generator = SeededGenerator(seed: 0xADA_3A)
        let inputAlphabet = Self.units("ab/.*[")
        for _ in 0..<1_500 {
            let (text, _) = AndroidPatternRandomTests.generateAdvanced(&generator)
            let pattern = try AndroidPattern(.advanced, text)
            let machine = try pattern.machine()
            for _ in 0..<8 {
                let input = (0..<Int.random(in: 0...9, using: &generator)).map { _ in
                    inputAlphabet.randomElement(using: &generator)!
                }
                let expected = pattern.matches(String(decoding: input, as: UTF16.self))
                #expect(machine.matches(input) == expected, "\(text) ~ \(String(decoding: input, as: UTF16.self))")
                if machine.matches(input) != expected { return }
            }
        }
    }

    @Test func oddAdvancedPatternsAgreeWithTheMatcher() throws {
        // Whatever the parser accepts (negative and empty ranges, sets like [z-a], escapes), the machine follows.
        var generator = SeededGenerator(seed: 0x0DD)
        let alphabet = Self.units("ab.[]^-{},0123*+\\")
        let inputAlphabet = Self.units("ab-{0")
        var parsedCount = 0
        for _ in 0..<3_000 {
            let text = String(
                decoding: (0..<Int.random(in: 0...9, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }, as: UTF16.self)
            guard let pattern = try? AndroidPattern(.advanced, text) else { continue }
            parsedCount += 1
            let machine = try pattern.machine()
            for _ in 0..<6 {
                let input = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                    inputAlphabet.randomElement(using: &generator)!
                }
                let expected = pattern.matches(String(decoding: input, as: UTF16.self))
                #expect(machine.matches(input) == expected, "\(text) ~ \(String(decoding: input, as: UTF16.self))")
                if machine.matches(input) != expected { return }
            }
        }
        #expect(parsedCount > 250)
    }

    @Test(arguments: [AndroidPattern.Kind.literal, .prefix, .suffix])
    func plainKindsAgreeWithTheMatcher(kind: AndroidPattern.Kind) throws {
        var generator = SeededGenerator(seed: 0x9A7 &+ UInt64(kind.rawValue.count))
        let alphabet = Self.units("aab/")
        for _ in 0..<800 {
            let text = String(
                decoding: (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }, as: UTF16.self)
            let pattern = try AndroidPattern(kind, text)
            let machine = try pattern.machine()
            for _ in 0..<8 {
                let input = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }
                let expected = pattern.matches(String(decoding: input, as: UTF16.self))
                #expect(
                    machine.matches(input) == expected, "\(kind) \(text) ~ \(String(decoding: input, as: UTF16.self))")
                if machine.matches(input) != expected { return }
            }
        }
    }

    @Test func classesAreTheIntervalsThePatternTellsApart() throws {
        let machine = try AndroidPattern(.advanced, "[a-c]x").machine()
        #expect(machine.classCount == 5)
        #expect(machine.units(ofClass: machine.classIndex(of: UInt16(UInt8(ascii: "b")))) == 0x61...0x63)
        #expect(machine.units(ofClass: machine.classCount - 1) == 0x79...0xFFFF)
    }

    @Test func aHugeBoundedRepetitionIsRefusedNotBuilt() throws {
        let pattern = try AndroidPattern(.advanced, "a{0,50000}b")
        #expect(throws: AndroidPatternMachine.TooComplex(pattern: pattern)) { try pattern.machine() }
        // An unbounded one needs a state per count only up to its minimum.
        #expect(try AndroidPattern(.advanced, "a{3,}b").machine().stateCount < 10)
    }
}
