import RichMediaKitSupport
import TestSupport
import Testing

@testable import AndroidAppLinks
@testable import LinkCoverage

/// Android's patterns as languages over the UTF-8 bytes of decoded paths (what the Android coverage check
/// intersects with the routes) against Android's matchers, which compare UTF-16 code units.
@Suite struct AndroidPatternLanguageTests {
    /// Characters of one, two, three and four UTF-8 bytes (the last is two UTF-16 units).
    static let characters = Array("ab/.*\\é中😀")

    static func random(_ count: ClosedRange<Int>, from characters: [Character], _ generator: inout SeededGenerator)
        -> String
    {
        String((0..<Int.random(in: count, using: &generator)).map { _ in characters.randomElement(using: &generator)! })
    }

    @Test(arguments: [AndroidPattern.Kind.glob, .advanced, .literal, .prefix, .suffix])
    func languagesAgreeWithTheMatchers(kind: AndroidPattern.Kind) throws {
        var generator = SeededGenerator(seed: 0x1A_96 &+ UInt64(kind.rawValue.utf8.count))
        var checked = 0
        for _ in 0..<300 {
            // Patterns without astral characters: one in a pattern splits the surrogate ranges, which costs a few
            // thousand states (exact, but slow for a table of random tests); the test below covers it.
            let text = Self.random(0...6, from: Array("ab/.*\\é中[]-+"), &generator)
            guard let pattern = try? AndroidPattern(kind, text) else { continue }
            let language = try pattern.machine().decodedLanguage()
            for _ in 0..<10 {
                let input = Self.random(0...7, from: Self.characters, &generator)
                let expected = pattern.matches(input)
                #expect(language.accepts(Array(input.utf8)) == expected, "\(pattern) ~ \(input)")
                if language.accepts(Array(input.utf8)) != expected { return }
                checked += 1
            }
        }
        #expect(checked > 500)
    }

    /// `AndroidCoverage.raw(_:over:)` does not minimise after lifting to `%HH`: its automaton must be the minimal
    /// one already (deterministic, no more states than minimising gives) and have the language minimising twice gave.
    @Test(arguments: [AndroidPattern.Kind.glob, .advanced, .literal, .prefix, .suffix])
    func aLiftedPatternIsAlreadyMinimal(kind: AndroidPattern.Kind) throws {
        var generator = SeededGenerator(seed: 0x5E_11 &+ UInt64(kind.rawValue.utf8.count))
        var checked = 0
        for _ in 0..<40 {
            let text = "/" + Self.random(0...5, from: Array("ab/.*\\é中[]-+%"), &generator)
            guard let pattern = try? AndroidPattern(kind, text) else { continue }
            for rawBytes in [ByteSet("ab/é"), AASALanguageParts.partBytes] {
                let lifted = try AndroidCoverage.raw(pattern, over: rawBytes)
                let minimal = lifted.minimized
                #expect(lifted.stateCount == minimal.stateCount, "\(pattern)")
                for state in 0..<lifted.stateCount {
                    var seen = ByteSet.empty
                    for edge in lifted.edges[state] {
                        #expect(edge.bytes.intersection(seen).isEmpty, "\(pattern): two edges share a byte")
                        seen = seen.union(edge.bytes)
                    }
                }
                let twice = try pattern.machine().decodedLanguage().minimized.percentDecodingPreimage(
                    rawBytes: rawBytes.subtracting(ByteSet("%"))
                ).minimized
                #expect(lifted.subtracting(twice).isEmptyLanguage && twice.subtracting(lifted).isEmptyLanguage)
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    @Test func anAstralCharacterIsTwoUnitsForADot() throws {
        // `..` takes the two units of U+1F600; `.` alone takes only half of it, so `/.` does not match.
        let two = try AndroidPattern(.glob, "/..").machine().decodedLanguage()
        let one = try AndroidPattern(.glob, "/.").machine().decodedLanguage()
        #expect(two.accepts(Array("/😀".utf8)))
        #expect(!one.accepts(Array("/😀".utf8)))
        #expect(one.accepts(Array("/中".utf8)))
    }

    @Test func anAstralCharacterInAPatternIsItsTwoUnits() throws {
        let glob = try AndroidPattern(.glob, "/😀.*").machine().decodedLanguage()
        #expect(glob.accepts(Array("/😀x".utf8)))
        #expect(!glob.accepts(Array("/😁x".utf8)))
        // A set of the two units matches either unit alone, so never the character itself.
        let set = try AndroidPattern(.advanced, "/[😀]").machine().decodedLanguage()
        #expect(!set.accepts(Array("/😀".utf8)))
        let pair = try AndroidPattern(.advanced, "/[😀]+").machine().decodedLanguage()
        #expect(pair.accepts(Array("/😀".utf8)))
        // U+1F640 shares only its high unit with U+1F600.
        #expect(!pair.accepts(Array("/🙀".utf8)))
        #expect(try !AndroidPattern(.advanced, "/[😀]+").matches("/🙀"))
    }

    @Test func bytesThatAreNotUTF8AreInNoLanguage() throws {
        let everything = try AndroidPattern(.glob, ".*").machine().decodedLanguage()
        #expect(everything.accepts(Array("/é".utf8)))
        for bytes: [UInt8] in [[0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
            #expect(!everything.accepts(bytes))
        }
    }

    @Test func utf8SequencesSpellEveryScalarOfARangeAndNoOther() {
        for range: ClosedRange<UInt32> in [0x0...0x7F, 0x41...0x7FF, 0x7FF...0x800, 0x900...0xD7FF, 0xE000...0x10FFFF] {
            let sequences = AndroidPatternMachine.utf8Sequences(range)
            func spelled(_ bytes: [UInt8]) -> Bool {
                sequences.contains { $0.count == bytes.count && zip($0, bytes).allSatisfy { $0.contains($1) } }
            }
            func encoded(_ value: Unicode.Scalar) -> [UInt8] {
                var bytes: [UInt8] = []
                UTF8.encode(value) { bytes.append($0) }
                return bytes
            }
            let inside =
                [range.lowerBound, range.upperBound] + stride(from: range.lowerBound, to: range.upperBound, by: 1_009)
            for scalar in inside {
                guard let value = Unicode.Scalar(scalar) else { continue }
                #expect(spelled(encoded(value)))
            }
            for outside in [Int(range.lowerBound) - 1, Int(range.upperBound) + 1] {
                guard let value = Unicode.Scalar(UInt32(max(outside, 0))), !range.contains(value.value) else {
                    continue
                }
                #expect(!spelled(encoded(value)))
            }
        }
    }
}
