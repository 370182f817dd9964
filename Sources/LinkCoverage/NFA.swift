import RichMediaKitSupport

/// A nondeterministic finite automaton over bytes, with ε-transitions.
///
/// The coverage engine compiles every AASA rule and every route pattern into one of these. The combinators
/// build Thompson-style automata; the eager operations (`determinized`, `complemented`, `intersection`) are
/// only used on the small pieces inside one pattern or on one rule, never on whole files: whole-file questions go
/// through `ProductExplorer`, which explores products lazily.
struct NFA: Sendable {
    /// A transition on any byte of `bytes`.
    struct Edge: Sendable, Hashable {
        var bytes: ByteSet
        var target: Int
    }

    private(set) var edges: [[Edge]] = []
    private(set) var epsilons: [[Int]] = []
    private(set) var accepting: [Bool] = []
    var start: Int = 0

    var stateCount: Int { edges.count }

    init() {}

    // MARK: Building

    @discardableResult
    mutating func addState(accepting isAccepting: Bool = false) -> Int {
        edges.append([])
        epsilons.append([])
        accepting.append(isAccepting)
        return edges.count - 1
    }

    mutating func addEdge(from source: Int, bytes: ByteSet, to target: Int) {
        guard !bytes.isEmpty else { return }
        edges[source].append(Edge(bytes: bytes, target: target))
    }

    mutating func addEpsilon(from source: Int, to target: Int) {
        epsilons[source].append(target)
    }

    mutating func setAccepting(_ state: Int, _ value: Bool) {
        accepting[state] = value
    }

    /// Copies `other`'s states into `self`, returning the offset added to its state numbers.
    mutating func embed(_ other: NFA) -> Int {
        let offset = edges.count
        for state in 0..<other.stateCount {
            edges.append(other.edges[state].map { Edge(bytes: $0.bytes, target: $0.target + offset) })
            epsilons.append(other.epsilons[state].map { $0 + offset })
            accepting.append(other.accepting[state])
        }
        return offset
    }

    var acceptingStates: [Int] { accepting.indices.filter { accepting[$0] } }

    // MARK: Combinators

    /// The empty language.
    static var nothing: NFA {
        var nfa = NFA()
        nfa.start = nfa.addState()
        return nfa
    }

    /// The language holding only the empty string.
    static var epsilon: NFA {
        var nfa = NFA()
        nfa.start = nfa.addState(accepting: true)
        return nfa
    }

    /// One byte out of `bytes`.
    static func byte(_ bytes: ByteSet) -> NFA {
        var nfa = NFA()
        nfa.start = nfa.addState()
        let end = nfa.addState(accepting: true)
        nfa.addEdge(from: nfa.start, bytes: bytes, to: end)
        return nfa
    }

    /// Any number of bytes out of `bytes`.
    static func run(_ bytes: ByteSet) -> NFA {
        var nfa = NFA()
        nfa.start = nfa.addState(accepting: true)
        nfa.addEdge(from: nfa.start, bytes: bytes, to: nfa.start)
        return nfa
    }

    /// Exactly `bytes`, optionally ignoring ASCII case.
    static func literal(_ bytes: some Sequence<UInt8>, caseInsensitive: Bool = false) -> NFA {
        var nfa = NFA()
        nfa.start = nfa.addState()
        var current = nfa.start
        for byte in bytes {
            let next = nfa.addState()
            let set = ByteSet([byte])
            nfa.addEdge(from: current, bytes: caseInsensitive ? set.caseFolded : set, to: next)
            current = next
        }
        nfa.setAccepting(current, true)
        return nfa
    }

    /// Exactly `string`'s UTF-8 bytes, optionally ignoring ASCII case.
    static func literal(_ string: String, caseInsensitive: Bool = false) -> NFA {
        literal(Array(string.utf8), caseInsensitive: caseInsensitive)
    }

    /// The concatenation of `parts` in order.
    static func concatenation(_ parts: [NFA]) -> NFA {
        guard var result = parts.first else { return .epsilon }
        // The accepting states of the result so far are those of the last part: track them instead of
        // scanning the whole result for every part (which made long patterns quadratic).
        var ends = result.acceptingStates
        for part in parts.dropFirst() {
            let offset = result.embed(part)
            for end in ends {
                result.setAccepting(end, false)
                result.addEpsilon(from: end, to: part.start + offset)
            }
            ends = part.acceptingStates.map { $0 + offset }
        }
        return result
    }

    /// The union of `alternatives`.
    static func union(_ alternatives: [NFA]) -> NFA {
        if alternatives.count == 1 { return alternatives[0] }
        var result = NFA()
        result.start = result.addState()
        for alternative in alternatives {
            let offset = result.embed(alternative)
            result.addEpsilon(from: result.start, to: alternative.start + offset)
        }
        return result
    }

    /// Zero or more repetitions.
    var star: NFA {
        var result = NFA()
        result.start = result.addState(accepting: true)
        let offset = result.embed(self)
        result.addEpsilon(from: result.start, to: start + offset)
        for end in acceptingStates {
            result.addEpsilon(from: end + offset, to: result.start)
        }
        return result
    }

    /// One or more repetitions.
    var plus: NFA { .concatenation([self, star]) }

    /// Zero or one occurrence.
    var optional: NFA { .union([self, .epsilon]) }

    /// `self` followed by `other`.
    func then(_ other: NFA) -> NFA { .concatenation([self, other]) }

    // MARK: ε-closure

    func epsilonClosure(of states: [Int]) -> [Int] {
        var seen = [Bool](repeating: false, count: stateCount)
        var stack = states
        var result: [Int] = []
        while let state = stack.popLast() {
            if seen[state] { continue }
            seen[state] = true
            result.append(state)
            stack.append(contentsOf: epsilons[state])
        }
        return result.sorted()
    }

    /// An equivalent automaton without ε-transitions, holding only states that are reachable and can still
    /// reach an accepting state (the start state is always kept).
    func withoutEpsilons() -> NFA {
        // Closures, computed lazily (only for reached states) with one shared stamp array.
        var closures = [[Int]?](repeating: nil, count: stateCount)
        var stamp = [Int](repeating: -1, count: stateCount)
        var stack: [Int] = []
        func closure(_ state: Int) -> [Int] {
            if let known = closures[state] { return known }
            if epsilons[state].isEmpty {
                closures[state] = [state]
                return [state]
            }
            var result: [Int] = []
            stack.append(state)
            while let current = stack.popLast() {
                if stamp[current] == state { continue }
                stamp[current] = state
                result.append(current)
                stack.append(contentsOf: epsilons[current])
            }
            result.sort()
            closures[state] = result
            return result
        }
        // Forward reachability from the start state over the closed transitions.
        var order: [Int] = []
        var index = [Int](repeating: -1, count: stateCount)
        var queue = [start]
        index[start] = 0
        order.append(start)
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for member in closure(state) {
                for edge in edges[member] where index[edge.target] < 0 {
                    index[edge.target] = order.count
                    order.append(edge.target)
                    queue.append(edge.target)
                }
            }
        }
        var result = NFA()
        for state in order {
            result.addState(accepting: closure(state).contains { accepting[$0] })
        }
        for (newState, state) in order.enumerated() {
            // Merge edges to the same target (few per state: a linear scan beats a dictionary).
            var merged: [Edge] = []
            for member in closure(state) {
                for edge in edges[member] {
                    let target = index[edge.target]
                    if let position = merged.firstIndex(where: { $0.target == target }) {
                        merged[position].bytes = merged[position].bytes.union(edge.bytes)
                    } else {
                        merged.append(Edge(bytes: edge.bytes, target: target))
                    }
                }
            }
            for edge in merged { result.addEdge(from: newState, bytes: edge.bytes, to: edge.target) }
        }
        result.start = 0
        return result.trimmed()
    }

    /// Removes states (other than the start state) that cannot reach an accepting state. Expects no ε.
    private func trimmed() -> NFA {
        var reverse = [[Int]](repeating: [], count: stateCount)
        for state in 0..<stateCount {
            for edge in edges[state] { reverse[edge.target].append(state) }
        }
        var alive = accepting
        var stack = acceptingStates
        while let state = stack.popLast() {
            for source in reverse[state] where !alive[source] {
                alive[source] = true
                stack.append(source)
            }
        }
        alive[start] = true
        var index = [Int](repeating: -1, count: stateCount)
        var result = NFA()
        for state in 0..<stateCount where alive[state] {
            index[state] = result.addState(accepting: accepting[state])
        }
        for state in 0..<stateCount where alive[state] {
            for edge in edges[state] where alive[edge.target] {
                result.addEdge(from: index[state], bytes: edge.bytes, to: index[edge.target])
            }
        }
        result.start = index[start]
        return result
    }

    // MARK: Membership (tests and diagnostics)

    /// Whether the automaton accepts `input`.
    ///
    /// - Complexity: O(n · m) for n input bytes and m states.
    func accepts(_ input: some Sequence<UInt8>) -> Bool {
        var current = epsilonClosure(of: [start])
        for byte in input {
            var next: [Int] = []
            for state in current {
                for edge in edges[state] where edge.bytes.contains(byte) { next.append(edge.target) }
            }
            if next.isEmpty { return false }
            current = epsilonClosure(of: next)
        }
        return current.contains { accepting[$0] }
    }
}
