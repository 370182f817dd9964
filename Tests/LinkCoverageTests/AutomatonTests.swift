import RichMediaKitSupport
import TestSupport
import Testing

@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

/// A tiny regular-expression tree used as the reference for the automata: its language is enumerated
/// directly (all strings up to a length), with no automaton involved.
private indirect enum Regex: CustomStringConvertible {
    case bytes([UInt8])
    case concat(Regex, Regex)
    case union(Regex, Regex)
    case star(Regex)
    case epsilon

    var description: String {
        switch self {
        case .bytes(let set): return "[" + String(decoding: set, as: UTF8.self) + "]"
        case .concat(let a, let b): return "(\(a)\(b))"
        case .union(let a, let b): return "(\(a)|\(b))"
        case .star(let a): return "(\(a))*"
        case .epsilon: return "ε"
        }
    }

    var nfa: NFA {
        switch self {
        case .bytes(let set): return .byte(ByteSet(set))
        case .concat(let a, let b): return .concatenation([a.nfa, b.nfa])
        case .union(let a, let b): return .union([a.nfa, b.nfa])
        case .star(let a): return a.nfa.star
        case .epsilon: return .epsilon
        }
    }

    func language(maxLength: Int) -> Set<[UInt8]> {
        switch self {
        case .bytes(let set): return maxLength >= 1 ? Set(set.map { [$0] }) : []
        case .epsilon: return [[]]
        case .union(let a, let b): return a.language(maxLength: maxLength).union(b.language(maxLength: maxLength))
        case .concat(let a, let b):
            let left = a.language(maxLength: maxLength)
            let right = b.language(maxLength: maxLength)
            var result = Set<[UInt8]>()
            for x in left {
                for y in right where x.count + y.count <= maxLength { result.insert(x + y) }
            }
            return result
        case .star(let a):
            let base = a.language(maxLength: maxLength)
            var result: Set<[UInt8]> = [[]]
            var frontier: Set<[UInt8]> = [[]]
            while !frontier.isEmpty {
                var next = Set<[UInt8]>()
                for x in frontier {
                    for y in base where !y.isEmpty && x.count + y.count <= maxLength {
                        let joined = x + y
                        if result.insert(joined).inserted { next.insert(joined) }
                    }
                }
                frontier = next
            }
            return result
        }
    }

    static func random(depth: Int, alphabet: [UInt8], using generator: inout SeededGenerator) -> Regex {
        if depth == 0 || Int.random(in: 0..<4, using: &generator) == 0 {
            if Int.random(in: 0..<8, using: &generator) == 0 { return .epsilon }
            let count = Int.random(in: 1...alphabet.count, using: &generator)
            return .bytes(Array(alphabet.shuffled(using: &generator).prefix(count)))
        }
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            return .concat(
                random(depth: depth - 1, alphabet: alphabet, using: &generator),
                random(depth: depth - 1, alphabet: alphabet, using: &generator))
        case 1:
            return .union(
                random(depth: depth - 1, alphabet: alphabet, using: &generator),
                random(depth: depth - 1, alphabet: alphabet, using: &generator))
        default:
            return .star(random(depth: depth - 1, alphabet: alphabet, using: &generator))
        }
    }
}

@Suite struct AutomatonTests {
    private let alphabet: [UInt8] = Array("ab/".utf8)
    private let maxLength = 5

    @Test(arguments: 0..<60)
    func automataAcceptExactlyTheReferenceLanguage(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let regex = Regex.random(depth: 4, alphabet: alphabet, using: &generator)
        let expected = regex.language(maxLength: maxLength)
        let nfa = regex.nfa
        let free = nfa.withoutEpsilons()
        let dfa = DFA(nfa)
        let minimal = dfa.minimized
        let complement = nfa.complemented
        for input in allStrings(over: alphabet, maxLength: maxLength) {
            let member = expected.contains(input)
            #expect(nfa.accepts(input) == member, "\(regex) on \(input)")
            #expect(free.accepts(input) == member, "ε-free \(regex) on \(input)")
            #expect(dfa.accepts(input) == member, "DFA \(regex) on \(input)")
            #expect(minimal.accepts(input) == member, "minimal \(regex) on \(input)")
            #expect(complement.accepts(input) == !member, "complement \(regex) on \(input)")
        }
        #expect(minimal.stateCount <= dfa.stateCount)
    }

    @Test(arguments: 0..<40)
    func intersectionAndDifferenceMatchTheReference(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(1000 + seed))
        let lhs = Regex.random(depth: 3, alphabet: alphabet, using: &generator)
        let rhs = Regex.random(depth: 3, alphabet: alphabet, using: &generator)
        let left = lhs.language(maxLength: maxLength)
        let right = rhs.language(maxLength: maxLength)
        let both = lhs.nfa.intersection(rhs.nfa)
        let difference = lhs.nfa.subtracting(rhs.nfa)
        for input in allStrings(over: alphabet, maxLength: maxLength) {
            #expect(both.accepts(input) == (left.contains(input) && right.contains(input)))
            #expect(difference.accepts(input) == (left.contains(input) && !right.contains(input)))
        }
    }

    @Test(arguments: 0..<30)
    func percentDecodingPreimageMatchesDecodingEveryRawString(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(2000 + seed))
        // Decoded alphabet: a, b, /, and the byte 0xE9; raw alphabet adds % and hex digits.
        let decodedAlphabet: [UInt8] = [0x61, 0x62, 0x2F, 0xE9]
        let regex = Regex.random(depth: 3, alphabet: decodedAlphabet, using: &generator)
        let decoded = regex.nfa
        let upperOnly = seed % 2 == 0
        let preimage = decoded.percentDecodingPreimage(rawBytes: ByteSet("ab/"), upperHexOnly: upperOnly)
        let raw: [UInt8] = Array("ab/%2Ff9Ee61".utf8)
        for input in allStrings(over: raw, maxLength: 4) {
            guard let plain = Self.percentDecode(input, upperOnly: upperOnly) else {
                #expect(!preimage.accepts(input), "\(regex) accepted malformed \(input)")
                continue
            }
            #expect(preimage.accepts(input) == decoded.accepts(plain), "\(regex) on \(input)")
        }
    }

    /// Decodes `%HH`; nil when a byte outside a, b, / stands for itself or an escape is malformed.
    private static func percentDecode(_ raw: [UInt8], upperOnly: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        var index = 0
        let hex = upperOnly ? Array("0123456789ABCDEF".utf8) : Array("0123456789ABCDEFabcdef".utf8)
        func value(_ byte: UInt8) -> UInt8? {
            guard hex.contains(byte) else { return nil }
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            default: return byte - 0x61 + 10
            }
        }
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = value(raw[index + 1]), let low = value(raw[index + 2]) else {
                    return nil
                }
                output.append(high << 4 | low)
                index += 3
            } else {
                guard Array("ab/".utf8).contains(raw[index]) else { return nil }
                output.append(raw[index])
                index += 1
            }
        }
        return output
    }

    @Test(arguments: 0..<40)
    func productExplorationFindsEveryLabelWithAShortestWitness(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(3000 + seed))
        let leafCount = Int.random(in: 1...4, using: &generator)
        let regexes = (0..<leafCount).map { _ in Regex.random(depth: 3, alphabet: alphabet, using: &generator) }
        let leaves = regexes.map(\.nfa)
        // The universe: strings over the test alphabet; other bytes are pruned.
        let explorer = ProductExplorer(
            universe: .run(ByteSet(alphabet)), components: [.init(leaves: leaves, firstMatch: false)])
        // Label: the set of accepting leaves, encoded as a bitmask.
        let result = explorer.explore { state -> ProductExplorer.Visit<Int> in
            .init(label: state.accepting(0).reduce(0) { $0 | 1 << Int($1) }, prune: false)
        }
        #expect(result.complete)
        var shortest: [Int: Int] = [:]
        for input in allStrings(over: alphabet, maxLength: maxLength) {
            let label = leaves.indices.reduce(0) { leaves[$1].accepts(input) ? $0 | 1 << $1 : $0 }
            if shortest[label] == nil { shortest[label] = input.count }
        }
        for (label, length) in shortest {
            let witness = result.witnesses[label]
            #expect(witness?.count == length, "label \(label) of \(regexes)")
        }
        for (label, witness) in result.witnesses {
            let actual = leaves.indices.reduce(0) { leaves[$1].accepts(witness) ? $0 | 1 << $1 : $0 }
            #expect(actual == label, "witness \(witness) of \(regexes)")
            if witness.count <= maxLength { #expect(shortest[label] == witness.count) }
        }
    }
}
