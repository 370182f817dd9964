/// An ``AndroidPattern`` as a deterministic finite automaton over UTF-16 code units, built from Android's own
/// algorithms so that it accepts exactly the inputs ``AndroidPattern/matches(_:)`` accepts, quirks included.
///
/// Android's matchers make one pass over the input and never backtrack. Between two input units,
/// `matchGlobPattern` is fully described by where it stands in the pattern and which of its loops it is in, and
/// `matchAdvancedPattern` by the token it is on and how many units that token has taken. Those descriptions are
/// this automaton's states, and a transition is what the matcher does with one more unit: the steps below are the
/// matcher's code, one input unit at a time. The coverage engine turns the automaton into a language over the
/// UTF-8 bytes of decoded paths; randomized tests check it against the matcher on generated patterns and inputs.
///
/// Units are grouped into *classes*: intervals of code units that the pattern cannot tell apart (every unit of a
/// class takes the same transition from every state).
///
/// - Invariant: `transitions.count == stateCount * classCount`; every entry is a state number; `classStarts` is
///   ascending and starts at 0.
package struct AndroidPatternMachine: Sendable {
    /// The most states a machine may have before building it is refused.
    ///
    /// Globs, prefixes and literals need about one state per pattern unit. An advanced pattern needs one state per
    /// count a bounded repetition can reach (`a{0,5000}` needs 5,001), which is where this limit bites.
    package static let stateLimit = 20_000

    /// The pattern needs more than ``stateLimit`` states.
    package struct TooComplex: Error, Sendable, Hashable {
        /// The pattern.
        package let pattern: AndroidPattern
    }

    /// The first unit of each class, ascending; the first is 0. Class `i` runs up to the next start (the last to
    /// 0xFFFF).
    package let classStarts: [UInt16]
    /// Whether each state accepts (the input may end there).
    package let accepting: [Bool]
    /// The start state (always 0).
    package let start = 0
    /// `transitions[state * classCount + class]`.
    private let transitions: [Int32]

    /// The number of states.
    package var stateCount: Int { accepting.count }
    /// The number of classes.
    package var classCount: Int { classStarts.count }

    /// The units of class `index`.
    package func units(ofClass index: Int) -> ClosedRange<UInt16> {
        let end = index + 1 < classStarts.count ? classStarts[index + 1] - 1 : UInt16.max
        return classStarts[index]...end
    }

    /// The class that holds `unit`.
    package func classIndex(of unit: UInt16) -> Int {
        var low = 0
        var high = classStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if classStarts[middle] <= unit { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The state after reading one unit of class `classIndex` in `state`.
    package func next(_ state: Int, onClass classIndex: Int) -> Int {
        Int(transitions[state * classStarts.count + classIndex])
    }

    /// The state after reading `unit` in `state`.
    package func next(_ state: Int, _ unit: UInt16) -> Int { next(state, onClass: classIndex(of: unit)) }

    /// Whether the machine accepts `input`: the same answer as the pattern's matcher.
    package func matches(_ input: some Sequence<UInt16>) -> Bool {
        var state = start
        for unit in input { state = next(state, unit) }
        return accepting[state]
    }

    /// Explores the states reachable from `start` breadth first, one transition per class, numbering them in the
    /// order found.
    ///
    /// - Parameters:
    ///   - boundaries: the units where a new class starts (values outside 0...0xFFFF are ignored).
    ///   - step: the matcher's step on one unit (any unit of a class stands for all of it).
    ///   - accepts: whether the input may end in a state.
    fileprivate init<State: Hashable>(
        pattern: AndroidPattern, start: State, boundaries: [Int], step: (State, UInt16) -> State,
        accepts: (State) -> Bool
    ) throws(TooComplex) {
        var starts = Set(boundaries.filter { (0...0xFFFF).contains($0) })
        starts.insert(0)
        let classStarts = starts.sorted().map { UInt16($0) }
        var numbers: [State: Int32] = [start: 0]
        var states = [start]
        var transitions: [Int32] = []
        var index = 0
        while index < states.count {
            let state = states[index]
            for unit in classStarts {
                let target = step(state, unit)
                if let number = numbers[target] {
                    transitions.append(number)
                } else {
                    guard states.count < Self.stateLimit else { throw TooComplex(pattern: pattern) }
                    let number = Int32(states.count)
                    numbers[target] = number
                    states.append(target)
                    transitions.append(number)
                }
            }
            index += 1
        }
        self.classStarts = classStarts
        self.transitions = transitions
        self.accepting = states.map(accepts)
    }
}

extension AndroidPattern {
    /// The pattern as a deterministic automaton over UTF-16 code units (see ``AndroidPatternMachine``).
    ///
    /// - Throws: ``AndroidPatternMachine/TooComplex`` when it needs more than
    ///   ``AndroidPatternMachine/stateLimit`` states.
    package func machine() throws(AndroidPatternMachine.TooComplex) -> AndroidPatternMachine {
        let units = Array(pattern.utf16)
        switch kind {
        case .literal: return try Self.literalMachine(self, units, prefix: false)
        case .prefix: return try Self.literalMachine(self, units, prefix: true)
        case .suffix: return try Self.suffixMachine(self, units)
        case .glob: return try Self.globMachine(self, units)
        case .advanced: return try Self.advancedMachine(self, units)
        }
    }

    private static func boundaries(of units: [UInt16]) -> [Int] {
        units.flatMap { [Int($0), Int($0) + 1] }
    }

    /// `path` and `pathPrefix`: the state is how many units of the pattern the input has matched, or -1 (failed).
    private static func literalMachine(
        _ pattern: AndroidPattern, _ units: [UInt16], prefix: Bool
    ) throws(AndroidPatternMachine.TooComplex) -> AndroidPatternMachine {
        try AndroidPatternMachine(
            pattern: pattern, start: 0, boundaries: boundaries(of: units),
            step: { matched, unit in
                if matched == units.count, prefix { return matched }
                return matched >= 0 && matched < units.count && units[matched] == unit ? matched + 1 : -1
            },
            accepts: { $0 == units.count })
    }

    /// `pathSuffix`: the state is the longest end of the input that begins the pattern (Knuth–Morris–Pratt).
    private static func suffixMachine(
        _ pattern: AndroidPattern, _ units: [UInt16]
    ) throws(AndroidPatternMachine.TooComplex) -> AndroidPatternMachine {
        // failure[i]: the longest proper border of units[0...i].
        var failure = [Int](repeating: 0, count: units.count)
        var border = 0
        for index in units.indices.dropFirst() {
            while border > 0, units[index] != units[border] { border = failure[border - 1] }
            if units[index] == units[border] { border += 1 }
            failure[index] = border
        }
        return try AndroidPatternMachine(
            pattern: pattern, start: 0, boundaries: boundaries(of: units),
            step: { matched, unit in
                guard !units.isEmpty else { return 0 }
                var length = matched == units.count ? failure[units.count - 1] : matched
                while length > 0, units[length] != unit { length = failure[length - 1] }
                return units[length] == unit ? length + 1 : 0
            },
            accepts: { $0 == units.count })
    }

    /// Where `matchGlobPattern` stands between two input units.
    private enum GlobState: Hashable {
        /// At the top of its loop with the pattern index at a token's first character.
        case top(Int)
        /// In the loop of `X*` (the index of the `*`; `X` is the character before it).
        case repeating(Int)
        /// In the loop of `.*`, looking for the pattern character at this index (0 past the end).
        case skipping(Int)
        /// A final `.*` was reached with input left: everything after matches.
        case all
        /// The match failed.
        case failed
    }

    /// `pathPattern`: `PatternMatcher.matchGlobPattern` (see ``AndroidPattern/matchGlob(_:_:)``), one unit at a time.
    private static func globMachine(
        _ pattern: AndroidPattern, _ units: [UInt16]
    ) throws(AndroidPatternMachine.TooComplex) -> AndroidPatternMachine {
        let count = units.count
        let dot = UInt16(UInt8(ascii: "."))
        let star = UInt16(UInt8(ascii: "*"))
        let backslash = UInt16(UInt8(ascii: "\\"))
        func at(_ index: Int) -> UInt16 { index < count ? units[index] : 0 }
        func step(_ state: GlobState, _ unit: UInt16) -> GlobState {
            switch state {
            case .all: return .all
            case .failed: return .failed
            case .skipping(let target):
                return unit == at(target) ? .top(target + 1) : .skipping(target)
            case .repeating(let starIndex):
                return unit == units[starIndex - 1] ? .repeating(starIndex) : step(.top(starIndex + 1), unit)
            case .top(var index):
                // The loop runs only while pattern is left; with input left the final checks then fail.
                guard index < count else { return .failed }
                var c = units[index]
                index += 1
                var next = at(index)
                let escaped = c == backslash
                if escaped {
                    c = next
                    index += 1
                    next = at(index)
                }
                if next == star {
                    if !escaped, c == dot {
                        if index >= count - 1 { return .all }
                        index += 1
                        if units[index] == backslash { index += 1 }
                        return step(.skipping(index), unit)
                    }
                    return step(.repeating(index), unit)
                }
                if c != dot, unit != c { return .failed }
                return .top(index)
            }
        }
        // The matcher's checks once the input has ended, for the pattern index it stopped at.
        func endsAt(_ index: Int) -> Bool {
            index >= count || (index == count - 2 && units[index] == dot && units[index + 1] == star)
        }
        return try AndroidPatternMachine(
            pattern: pattern, start: GlobState.top(0), boundaries: boundaries(of: units) + [0, 1], step: step,
            accepts: { state in
                switch state {
                case .top(let index): return endsAt(index)
                case .repeating(let starIndex): return endsAt(starIndex + 1)
                case .all: return true
                case .skipping, .failed: return false
                }
            })
    }

    /// One token of a parsed advanced pattern: which units it takes, and how many.
    private struct AdvancedToken {
        /// Ranges of units; a literal is one range of one unit, `.` is every unit.
        var ranges: [ClosedRange<Int32>]
        var inverse: Bool
        var minimum: Int64
        var maximum: Int64

        func takes(_ unit: UInt16) -> Bool {
            ranges.contains { $0.contains(Int32(unit)) } != inverse
        }
    }

    /// Where `matchAdvancedPattern` stands between two input units: the token it is on and how many units that
    /// token has taken (counted up to the token's minimum when its maximum is unbounded), or a failure.
    private struct AdvancedState: Hashable {
        var token: Int
        var taken: Int64
        static let failed = AdvancedState(token: -1, taken: 0)
    }

    /// `pathAdvancedPattern`: `PatternMatcher.matchAdvancedPattern` (see `AdvancedPatternParser.match`), one unit at
    /// a time.
    private static func advancedMachine(
        _ pattern: AndroidPattern, _ units: [UInt16]
    ) throws(AndroidPatternMachine.TooComplex) -> AndroidPatternMachine {
        // The pattern was parsed when it was created; parsing again cannot fail.
        let parsed = (try? AdvancedPatternParser.parse(units)) ?? []
        let tokens = advancedTokens(parsed)
        let unbounded = Int64(Int32.max)
        func step(_ state: AdvancedState, _ unit: UInt16) -> AdvancedState {
            guard state.token >= 0, state.token < tokens.count else { return .failed }
            let token = tokens[state.token]
            if state.taken < token.maximum, token.takes(unit) {
                let taken = token.maximum == unbounded ? min(state.taken + 1, max(token.minimum, 0)) : state.taken + 1
                return AdvancedState(token: state.token, taken: taken)
            }
            guard state.taken >= token.minimum else { return .failed }
            return step(AdvancedState(token: state.token + 1, taken: 0), unit)
        }
        var boundaries: [Int] = [0]
        for token in tokens {
            for range in token.ranges { boundaries += [Int(range.lowerBound), Int(range.upperBound) + 1] }
        }
        return try AndroidPatternMachine(
            pattern: pattern, start: AdvancedState(token: 0, taken: 0), boundaries: boundaries, step: step,
            accepts: { state in
                guard state.token >= 0 else { return false }
                guard state.token < tokens.count else { return true }
                return state.taken >= tokens[state.token].minimum
                    && tokens[(state.token + 1)...].allSatisfy { $0.minimum <= 0 }
            })
    }

    /// The tokens of Android's parsed form, read as `matchAdvancedPattern` reads them.
    private static func advancedTokens(_ parsed: [Int32]) -> [AdvancedToken] {
        typealias Parser = AdvancedPatternParser
        var tokens: [AdvancedToken] = []
        var index = 0
        while index < parsed.count {
            var token: AdvancedToken
            switch parsed[index] {
            case Parser.any:
                token = AdvancedToken(ranges: [0...0xFFFF], inverse: false, minimum: 1, maximum: 1)
                index += 1
            case Parser.setStart, Parser.inverseSetStart:
                let inverse = parsed[index] == Parser.inverseSetStart
                // As the matcher reads a set: pairs (low, high) from after the start up to the stop; a pair whose
                // low is above its high matches nothing.
                let first = index + 1
                index = first
                while index < parsed.count, parsed[index] != Parser.setStop { index += 1 }
                var ranges: [ClosedRange<Int32>] = []
                var pair = first
                while pair < index - 1 {
                    if parsed[pair] <= parsed[pair + 1] { ranges.append(parsed[pair]...parsed[pair + 1]) }
                    pair += 2
                }
                index += 1
                token = AdvancedToken(ranges: ranges, inverse: inverse, minimum: 1, maximum: 1)
            default:
                token = AdvancedToken(ranges: [parsed[index]...parsed[index]], inverse: false, minimum: 1, maximum: 1)
                index += 1
            }
            if index < parsed.count {
                switch parsed[index] {
                case Parser.zeroOrMore:
                    (token.minimum, token.maximum) = (0, Int64(Int32.max))
                    index += 1
                case Parser.oneOrMore:
                    (token.minimum, token.maximum) = (1, Int64(Int32.max))
                    index += 1
                case Parser.rangeStart:
                    (token.minimum, token.maximum) = (Int64(parsed[index + 1]), Int64(parsed[index + 2]))
                    index += 4
                default:
                    break
                }
            }
            tokens.append(token)
        }
        return tokens
    }
}
