import RichMediaKitSupport

/// A complete deterministic finite automaton over byte classes.
///
/// Built eagerly from a small `NFA` by subset construction: a pattern piece, for complements ("a query item name
/// other than `id`", "a value the pattern does not match") and minimised so nested complements stay small; and each
/// rule of a first-match component of `ProductExplorer`, within a budget. Whole-file products never go through here.
struct DFA: Sendable {
    let classes: ByteClasses
    /// `table[state * classes.count + class]` is the successor state.
    private(set) var table: [Int32]
    private(set) var accepting: [Bool]
    let start: Int

    var stateCount: Int { accepting.count }

    init(_ nfa: NFA) {
        self.init(nfa, stateLimit: .max)!
    }

    /// The subset construction of `nfa`, or nil when it needs more than `stateLimit` states or more than
    /// `workLimit` steps (NFA states visited and edges followed): a `*` followed by many one-character steps
    /// (`*a????????`) makes the construction exponential, and many `*` (`*a*a*a...`) make it quadratic.
    init?(_ nfa: NFA, stateLimit: Int, workLimit: Int = .max) {
        let free = nfa.withoutEpsilons()
        let classes = ByteClasses(respecting: free.edges.joined().map(\.bytes))
        let classCount = classes.count
        // Class-indexed edges.
        let classEdges = free.edges.map { edges in edges.map { (classes.classes(in: $0.bytes), $0.target) } }
        switch Self.singletons(free, classEdges: classEdges, classCount: classCount, stateLimit, workLimit) {
        case .built(let table, let accepting):
            self.init(classes: classes, table: table, accepting: accepting, start: 0)
            return
        case .overLimit: return nil
        case .nondeterministic: break
        }
        var subsets = SubsetStore()
        subsets.insert([Int32(free.start)][...])
        var table: [Int32] = []
        var accepting: [Bool] = []
        var head = 0
        var work = 0
        var buckets = [[Int32]](repeating: [], count: classCount)
        var stamp = [Int](repeating: -1, count: free.stateCount)
        var stampValue = 0
        var subset: [Int32] = []
        var next: [Int32] = []
        while head < subsets.count {
            if subsets.count > stateLimit || work > workLimit { return nil }
            subset.removeAll(keepingCapacity: true)
            subset.append(contentsOf: subsets.pool[subsets.range(of: head)])
            head += 1
            accepting.append(subset.contains { free.accepting[Int($0)] })
            for bucket in buckets.indices { buckets[bucket].removeAll(keepingCapacity: true) }
            for state in subset {
                for (mask, target) in classEdges[Int(state)] {
                    let target = Int32(target)
                    mask.forEachMember { buckets[Int($0)].append(target) }
                }
            }
            for symbol in 0..<classCount {
                stampValue += 1
                next.removeAll(keepingCapacity: true)
                work += buckets[symbol].count + 1
                for target in buckets[symbol] where stamp[Int(target)] != stampValue {
                    stamp[Int(target)] = stampValue
                    next.append(target)
                }
                next.sort()
                table.append(subsets.insert(next[...]).index)
            }
        }
        self.init(classes: classes, table: table, accepting: accepting, start: 0)
    }

    /// What ``singletons(_:classEdges:classCount:_:_:)`` found.
    private enum Singletons {
        case built(table: [Int32], accepting: [Bool])
        case overLimit
        case nondeterministic
    }

    /// The subset construction of an ε-free automaton none of whose states has two edges on one class (the
    /// pattern pieces lifted to `%HH`, and the rules built from them, are such automata): every subset is then one
    /// state or none, so the states are numbered without storing subsets, in the order the general construction
    /// finds them, with its work count and limits. The table is the general construction's, entry for entry.
    private static func singletons(
        _ free: NFA, classEdges: [[(ByteSet, Int)]], classCount: Int, _ stateLimit: Int, _ workLimit: Int
    ) -> Singletons {
        // Each state's successor on every class (-1: none), and how many (class, target) pairs its edges give.
        var row = [Int32](repeating: -1, count: free.stateCount * classCount)
        var fanout = [Int](repeating: 0, count: free.stateCount)
        for state in 0..<free.stateCount {
            var taken = ByteSet.empty
            for (mask, target) in classEdges[state] {
                guard mask.intersection(taken).isEmpty else { return .nondeterministic }
                taken = taken.union(mask)
                mask.forEachMember { row[state * classCount + Int($0)] = Int32(target) }
            }
            fanout[state] = taken.count
        }
        // The general construction's subsets in the order it finds them: a state, or -1 for the empty subset.
        var number = [Int32](repeating: -1, count: free.stateCount)
        var empty: Int32 = -1
        var order: [Int] = [free.start]
        number[free.start] = 0
        var table: [Int32] = []
        var accepting: [Bool] = []
        var head = 0
        var work = 0
        while head < order.count {
            if order.count > stateLimit || work > workLimit { return .overLimit }
            let state = order[head]
            head += 1
            // As the general construction counts: one per class, plus one per target gathered.
            work += classCount + (state < 0 ? 0 : fanout[state])
            accepting.append(state >= 0 && free.accepting[state])
            for symbol in 0..<classCount {
                let target = state < 0 ? -1 : Int(row[state * classCount + symbol])
                if target < 0 {
                    if empty < 0 {
                        empty = Int32(order.count)
                        order.append(-1)
                    }
                    table.append(empty)
                } else {
                    if number[target] < 0 {
                        number[target] = Int32(order.count)
                        order.append(target)
                    }
                    table.append(number[target])
                }
            }
        }
        return .built(table: table, accepting: accepting)
    }

    private init(classes: ByteClasses, table: [Int32], accepting: [Bool], start: Int) {
        self.classes = classes
        self.table = table
        self.accepting = accepting
        self.start = start
    }

    /// The successor of `state` on the class numbered `symbol`.
    func successor(_ state: Int, _ symbol: Int) -> Int {
        Int(table[state * classes.count + symbol])
    }

    func next(_ state: Int, _ byte: UInt8) -> Int {
        Int(table[state * classes.count + Int(classes.classOf[Int(byte)])])
    }

    func accepts(_ input: some Sequence<UInt8>) -> Bool {
        var state = start
        for byte in input { state = next(state, byte) }
        return accepting[state]
    }

    /// The automaton for every byte string this one rejects.
    var complemented: DFA {
        DFA(classes: classes, table: table, accepting: accepting.map { !$0 }, start: start)
    }

    /// The equivalent automaton with the fewest states (Hopcroft's partition refinement).
    var minimized: DFA {
        let classCount = classes.count
        let (block, blockCount) = Hopcroft.blocks(count: stateCount, classCount: classCount, successors: table) {
            accepting[$0]
        }
        var newTable = [Int32](repeating: 0, count: blockCount * classCount)
        var newAccepting = [Bool](repeating: false, count: blockCount)
        for state in 0..<stateCount {
            let target = Int(block[state])
            newAccepting[target] = accepting[state]
            for symbol in 0..<classCount {
                newTable[target * classCount + symbol] = block[Int(table[state * classCount + symbol])]
            }
        }
        return DFA(classes: classes, table: newTable, accepting: newAccepting, start: Int(block[start]))
    }

    /// The same language as an `NFA` (dead states dropped).
    var nfa: NFA {
        var result = NFA()
        for state in 0..<stateCount { result.addState(accepting: accepting[state]) }
        // Each state's edges merged by target, in target order, without a dictionary per state.
        var merged = [ByteSet](repeating: .empty, count: stateCount)
        var targets: [Int] = []
        for state in 0..<stateCount {
            targets.removeAll(keepingCapacity: true)
            for symbol in 0..<classes.count {
                let target = Int(table[state * classes.count + symbol])
                if merged[target].isEmpty { targets.append(target) }
                merged[target] = merged[target].union(classes.members[symbol])
            }
            targets.sort()
            for target in targets {
                result.addEdge(from: state, bytes: merged[target], to: target)
                merged[target] = .empty
            }
        }
        result.start = start
        return result.withoutEpsilons()
    }
}

extension NFA {
    /// The strings over all bytes that `self` rejects.
    var complemented: NFA { DFA(self).complemented.minimized.nfa }

    /// The minimal deterministic equivalent, as an `NFA`.
    var minimized: NFA { DFA(self).minimized.nfa }

    /// The strings both automata accept.
    func intersection(_ other: NFA) -> NFA {
        let lhs = withoutEpsilons()
        let rhs = other.withoutEpsilons()
        var result = NFA()
        var index: [Int: Int] = [:]
        let width = rhs.stateCount
        func state(_ a: Int, _ b: Int) -> (Int, Bool) {
            let key = a * width + b
            if let existing = index[key] { return (existing, false) }
            let id = result.addState(accepting: lhs.accepting[a] && rhs.accepting[b])
            index[key] = id
            return (id, true)
        }
        result.start = state(lhs.start, rhs.start).0
        var queue = [(lhs.start, rhs.start)]
        var head = 0
        while head < queue.count {
            let (a, b) = queue[head]
            head += 1
            let source = index[a * width + b]!
            for left in lhs.edges[a] {
                for right in rhs.edges[b] {
                    let bytes = left.bytes.intersection(right.bytes)
                    if bytes.isEmpty { continue }
                    let (target, isNew) = state(left.target, right.target)
                    if isNew { queue.append((left.target, right.target)) }
                    result.addEdge(from: source, bytes: bytes, to: target)
                }
            }
        }
        return result.withoutEpsilons()
    }

    /// The strings `self` accepts and `other` rejects.
    func subtracting(_ other: NFA) -> NFA { intersection(other.complemented) }

    /// Whether the language is empty.
    var isEmptyLanguage: Bool { withoutEpsilons().acceptingStates.isEmpty }
}
