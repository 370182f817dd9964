import RichMediaKitSupport

/// A Thompson NFA for an ``AASAPattern``, simulated with a bitset of live states.
///
/// Each state either consumes one byte from a set and moves to `next`, or is an epsilon split
/// to several states, or accepts. Matching keeps the set of live states and advances it byte by
/// byte, so the work is linear in the input for every pattern: there is no backtracking, and a
/// pattern like `*a*a*a*a*a*a*a*a*b` against 10,000 `a`s costs 10,000 steps of a dozen states.
/// The state sets live in stack-allocated temporary buffers: matching does not allocate on the
/// heap for patterns of up to a few thousand states.
struct AASAAutomaton: Sendable {
    struct State: Sendable {
        /// Index into `sets` for a consuming state; -1 for a split; -2 for the accepting state.
        var set: Int32
        /// The state after consuming a byte.
        var next: Int32
        /// The range of a split's targets in `epsilonTargets`.
        var epsilonStart: Int32
        var epsilonCount: Int32
    }

    private(set) var states: [State] = []
    private(set) var epsilonTargets: [Int32] = []
    private(set) var sets: [ByteSet] = []
    private(set) var start: Int32 = 0

    /// The number of states, a measure of the matching cost per input byte.
    var stateCount: Int { states.count }

    /// The number of states that consume a byte (the positions of the epsilon-free form).
    var consumingStateCount: Int { states.lazy.filter { $0.set >= 0 }.count }

    init(_ elements: [AASAPattern.Element]) {
        var builder = Builder()
        let accept = builder.addState(State(set: -2, next: -1, epsilonStart: 0, epsilonCount: 0))
        start = builder.compile(elements, next: accept)
        states = builder.states
        sets = builder.sets
        // Flatten the splits' target lists.
        for (index, targets) in builder.splitTargets {
            states[Int(index)].epsilonStart = Int32(epsilonTargets.count)
            states[Int(index)].epsilonCount = Int32(targets.count)
            epsilonTargets.append(contentsOf: targets)
        }
    }

    private struct Builder {
        var states: [State] = []
        var sets: [ByteSet] = []
        var setIndex: [ByteSet: Int32] = [:]
        var splitTargets: [(Int32, [Int32])] = []

        mutating func addState(_ state: State) -> Int32 {
            states.append(state)
            return Int32(states.count - 1)
        }

        mutating func consume(_ set: ByteSet, next: Int32) -> Int32 {
            let index: Int32
            if let known = setIndex[set] {
                index = known
            } else {
                index = Int32(sets.count)
                sets.append(set)
                setIndex[set] = index
            }
            return addState(State(set: index, next: next, epsilonStart: 0, epsilonCount: 0))
        }

        mutating func split(_ targets: [Int32]) -> Int32 {
            let id = addState(State(set: -1, next: -1, epsilonStart: 0, epsilonCount: 0))
            splitTargets.append((id, targets))
            return id
        }

        mutating func compile(_ elements: [AASAPattern.Element], next: Int32) -> Int32 {
            var current = next
            for element in elements.reversed() {
                current = compile(element, next: current)
            }
            return current
        }

        mutating func compile(_ element: AASAPattern.Element, next: Int32) -> Int32 {
            switch element {
            case .byte(let byte):
                var set = ByteSet()
                set.insert(byte)
                return consume(set, next: next)
            case .byteClass(let set):
                return consume(set, next: next)
            case .anyCharacter:
                let continuation = ByteSet(0x80...0xBF)
                let one = consume(continuation, next: next)
                let two = consume(continuation, next: one)
                let three = consume(continuation, next: two)
                return split([
                    consume(ByteSet(0x00...0x7F), next: next),
                    consume(ByteSet(0xC2...0xDF), next: one),
                    consume(ByteSet(0xE0...0xEF), next: two),
                    consume(ByteSet(0xF0...0xF4), next: three),
                ])
            case .anyRun:
                let loop = split([])
                let any = consume(.all, next: loop)
                splitTargets[splitTargets.count - 1].1 = [any, next]
                return loop
            case .alternation(let branches):
                return alternation(branches[...].map { $0[...] }, next: next, depth: 0)
            }
        }

        /// Compiles branches as a trie: branches starting with the same byte or class share one
        /// state, so `$(lang)` after a `*` keeps about 26 live states instead of 615. Merging
        /// stops after a few levels so that long custom values cannot deepen the recursion.
        mutating func alternation(_ branches: [ArraySlice<AASAPattern.Element>], next: Int32, depth: Int) -> Int32 {
            var targets: [Int32] = []
            var groups: [(head: AASAPattern.Element, tails: [ArraySlice<AASAPattern.Element>])] = []
            var groupIndex: [AASAPattern.Element: Int] = [:]
            for branch in branches {
                guard depth < 8, let head = branch.first, head.isSingleByteStep else {
                    targets.append(compile(Array(branch), next: next))
                    continue
                }
                if let index = groupIndex[head] {
                    groups[index].tails.append(branch.dropFirst())
                } else {
                    groupIndex[head] = groups.count
                    groups.append((head, [branch.dropFirst()]))
                }
            }
            for group in groups {
                let rest = alternation(group.tails, next: next, depth: depth + 1)
                targets.append(compile(group.head, next: rest))
            }
            if targets.count == 1 { return targets[0] }
            var seen = Set<Int32>()
            return split(targets.filter { seen.insert($0).inserted })
        }
    }

    /// Whether `prefix`, then `body`, then `suffix` (each optional) is accepted.
    ///
    /// - Complexity: O(n × m) for n input bytes and m states.
    func matches(prefix: UInt8?, body: UnsafeBufferPointer<UInt8>, suffix: UInt8?) -> Bool {
        let wordCount = (states.count + 63) / 64
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: wordCount * 2) { words in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: states.count) { stack in
                var current = UnsafeMutableBufferPointer(rebasing: words[0..<wordCount])
                var next = UnsafeMutableBufferPointer(rebasing: words[wordCount..<(wordCount * 2)])
                current.update(repeating: 0)
                addClosure(start, to: current, stack: stack)
                if let prefix {
                    guard step(prefix, from: current, to: next, stack: stack) else { return false }
                    swap(&current, &next)
                }
                for byte in body {
                    guard step(byte, from: current, to: next, stack: stack) else { return false }
                    swap(&current, &next)
                }
                if let suffix {
                    guard step(suffix, from: current, to: next, stack: stack) else { return false }
                    swap(&current, &next)
                }
                return current[0] & 1 != 0  // state 0 accepts
            }
        }
    }

    /// Advances `current` by one byte into `next`; false when no state survives.
    private func step(
        _ byte: UInt8, from current: UnsafeMutableBufferPointer<UInt64>, to next: UnsafeMutableBufferPointer<UInt64>,
        stack: UnsafeMutableBufferPointer<Int32>
    ) -> Bool {
        next.update(repeating: 0)
        var alive = false
        for wordIndex in 0..<current.count {
            var word = current[wordIndex]
            while word != 0 {
                let bit = word.trailingZeroBitCount
                word &= word - 1
                let state = states[wordIndex * 64 + bit]
                if state.set >= 0, sets[Int(state.set)].contains(byte) {
                    addClosure(state.next, to: next, stack: stack)
                    alive = true
                }
            }
        }
        return alive
    }

    /// Adds `state` and everything reachable from it through splits.
    private func addClosure(
        _ state: Int32, to set: UnsafeMutableBufferPointer<UInt64>, stack: UnsafeMutableBufferPointer<Int32>
    ) {
        var top = 0
        func push(_ candidate: Int32) {
            let word = Int(candidate) >> 6
            let bit = UInt64(1) << UInt64(Int(candidate) & 63)
            if set[word] & bit == 0 {
                set[word] |= bit
                stack[top] = candidate
                top += 1
            }
        }
        push(state)
        while top > 0 {
            top -= 1
            let current = states[Int(stack[top])]
            if current.set == -1 {
                let start = Int(current.epsilonStart)
                for index in start..<(start + Int(current.epsilonCount)) {
                    push(epsilonTargets[index])
                }
            }
        }
    }
}

extension AASAPattern.Element {
    /// Whether the element consumes exactly one byte from a fixed set (a literal or a class).
    fileprivate var isSingleByteStep: Bool {
        switch self {
        case .byte, .byteClass: return true
        default: return false
        }
    }
}
