import RichMediaKitSupport

/// Explores the product of many automata lazily, breadth first, and finds a shortest witness string for
/// every label a caller attaches to product states.
///
/// The leaves (one automaton per AASA rule, per route, plus the URL universe) are renumbered into one
/// disjoint ε-free automaton. A product state is the set of leaf states reachable on the input read so
/// far, which is exactly the tuple of every leaf's subset-construction state; it is only ever built when
/// reached. At each product state the caller sees which leaves are still alive and which accept, and
/// returns a label (for example "AASA rule 3 matches and no route does") and whether exploring further
/// can still matter. Because the search is breadth first, the first product state carrying a label gives a
/// shortest string with that label.
///
/// Transitions are computed per byte class (see `ByteClasses`), so a step costs the number of classes, not
/// 256.
struct ProductExplorer: Sendable {
    let classes: ByteClasses
    let leafCount: Int
    /// The leaf each global state belongs to.
    private let leafOf: [Int32]
    private let isAccepting: [Bool]
    /// Edges of global state `s` are `edgeStart[s]..<edgeStart[s+1]`: each has a class set
    /// (`edgeMasks[edgeMask[e]]`, the few distinct sets stored once) and a target.
    private let edgeStart: [Int32]
    private let edgeMasks: [ByteSet]
    private let edgeMask: [Int32]
    private let edgeTargets: [Int32]
    private let startStates: [Int32]

    /// What the caller decides about one product state.
    struct Visit<Label: Hashable> {
        var label: Label?
        /// Whether no successor can carry a label worth finding.
        var prune: Bool
    }

    /// The outcome of an exploration.
    struct Exploration<Label: Hashable> {
        /// A shortest input (as bytes) for every label found.
        var witnesses: [Label: [UInt8]]
        /// Product states built.
        var statesExplored: Int
        /// False when the state, size or work budget ran out before the search finished.
        var complete: Bool
        /// The work done: automaton states visited in product states plus edges followed.
        var work: Int
    }

    /// Builds the explorer from its leaves.
    ///
    /// - Parameter leaves: the automata, in leaf order.
    init(leaves: [NFA]) {
        self.init(leafCount: leaves.count) { leaves[$0] }
    }

    /// Builds the explorer from leaves made one at a time, so that only one leaf's automaton is alive at
    /// once besides the explorer's compact tables (a file's thousands of rule automata never all exist
    /// together).
    ///
    /// - Parameters:
    ///   - leafCount: the number of leaves.
    ///   - leaf: makes leaf `i`.
    init(leafCount: Int, leaf: (Int) -> NFA) {
        var leafOf: [Int32] = []
        var isAccepting: [Bool] = []
        var edgeStart: [Int32] = [0]
        var edgeSets: [Int32] = []
        var edgeTargets: [Int32] = []
        var startStates: [Int32] = []
        var distinct: [ByteSet: Int32] = [:]
        var byteSets: [ByteSet] = []
        var offset = 0
        for index in 0..<leafCount {
            let nfa = leaf(index).withoutEpsilons()
            startStates.append(Int32(offset + nfa.start))
            for state in 0..<nfa.stateCount {
                leafOf.append(Int32(index))
                isAccepting.append(nfa.accepting[state])
                for edge in nfa.edges[state] {
                    let set: Int32
                    if let known = distinct[edge.bytes] {
                        set = known
                    } else {
                        set = Int32(byteSets.count)
                        distinct[edge.bytes] = set
                        byteSets.append(edge.bytes)
                    }
                    edgeSets.append(set)
                    edgeTargets.append(Int32(offset + edge.target))
                }
                edgeStart.append(Int32(edgeSets.count))
            }
            offset += nfa.stateCount
        }
        let classes = ByteClasses(respecting: byteSets)
        self.classes = classes
        self.leafCount = leafCount
        self.leafOf = leafOf
        self.isAccepting = isAccepting
        self.edgeStart = edgeStart
        self.edgeMasks = byteSets.map { classes.classes(in: $0) }
        self.edgeMask = edgeSets
        self.edgeTargets = edgeTargets
        self.startStates = startStates.sorted()
    }

    /// Explores the product breadth first.
    ///
    /// - Parameters:
    ///   - stateLimit: the most product states to build before giving up (`complete` is then false).
    ///   - sizeLimit: the most automaton states all product states may hold together (memory), likewise.
    ///   - workLimit: the most work (automaton states visited in product states, plus edges followed) before
    ///     giving up, likewise; this bounds the time, since a product state's subset may hold every leaf state.
    ///   - visit: called once per product state with the live leaves and the accepting leaves, both sorted.
    /// - Returns: a shortest witness per label.
    /// - Complexity: O(S · (k + C)) for S product states reached, k leaf states per product state and C
    ///   byte classes; S is bounded by the product of the leaves' subset-construction sizes but in practice
    ///   tracks the prefix structure of the patterns.
    func explore<Label: Hashable>(
        stateLimit: Int = 2_000_000, sizeLimit: Int = 25_000_000, workLimit: Int = .max,
        _ visit: (_ live: [Int32], _ accepting: [Int32]) -> Visit<Label>
    ) -> Exploration<Label> {
        let classCount = classes.count
        var store = SubsetStore()
        _ = store.insert(startStates[...])
        var parent: [Int32] = [-1]
        var parentClass: [UInt8] = [0]
        var found: [Label: Int32] = [:]
        var buckets = [[Int32]](repeating: [], count: classCount)
        var stamp = [Int32](repeating: -1, count: leafOf.count)
        var stampValue: Int32 = 0
        var live: [Int32] = []
        var accepting: [Int32] = []
        var next: [Int32] = []
        var previous: [Int32] = []
        var head = 0
        var complete = true
        var work = 0
        while head < store.count {
            let current = Int32(head)
            let range = store.range(of: head)
            head += 1
            work += range.count
            if work > workLimit {
                complete = false
                break
            }
            live.removeAll(keepingCapacity: true)
            accepting.removeAll(keepingCapacity: true)
            for index in range {
                let state = Int(store.pool[index])
                let leaf = leafOf[state]
                if live.last != leaf { live.append(leaf) }
                if isAccepting[state] && accepting.last != leaf { accepting.append(leaf) }
            }
            let decision = visit(live, accepting)
            if let label = decision.label, found[label] == nil { found[label] = current }
            if decision.prune { continue }
            for bucket in 0..<classCount { buckets[bucket].removeAll(keepingCapacity: true) }
            for index in range {
                let state = Int(store.pool[index])
                let edges = Int(edgeStart[state])..<Int(edgeStart[state + 1])
                work += edges.count
                for edge in edges {
                    let target = edgeTargets[edge]
                    edgeMasks[Int(edgeMask[edge])].forEachMember { buckets[Int($0)].append(target) }
                }
            }
            previous.removeAll(keepingCapacity: true)
            for symbol in 0..<classCount {
                // Neighbouring classes often lead to the same subset: skip the lookup then.
                if symbol > 0 && buckets[symbol] == buckets[symbol - 1] { continue }
                stampValue &+= 1
                next.removeAll(keepingCapacity: true)
                work += buckets[symbol].count
                for target in buckets[symbol] where stamp[Int(target)] != stampValue {
                    stamp[Int(target)] = stampValue
                    next.append(target)
                }
                next.sort()
                if symbol > 0 && next == previous { continue }
                swap(&next, &previous)
                let next = previous
                if store.count >= stateLimit || store.pool.count >= sizeLimit {
                    if store.find(next[...]) == nil {
                        complete = false
                        break
                    }
                    continue
                }
                if store.insert(next[...]) {
                    parent.append(current)
                    parentClass.append(UInt8(symbol))
                }
            }
            if !complete { break }
        }
        var witnesses: [Label: [UInt8]] = [:]
        for (label, state) in found {
            var bytes: [UInt8] = []
            var cursor = state
            while parent[Int(cursor)] >= 0 {
                bytes.append(classes.representatives[Int(parentClass[Int(cursor)])])
                cursor = parent[Int(cursor)]
            }
            witnesses[label] = bytes.reversed()
        }
        return Exploration(witnesses: witnesses, statesExplored: store.count, complete: complete, work: work)
    }
}

/// The product states found so far: sorted subsets of global automaton states, stored back to back in
/// one array and indexed by an open-addressing hash table, so looking up a successor never allocates.
private struct SubsetStore {
    private(set) var pool: [Int32] = []
    private var offsets: [Int] = [0]
    private var hashes: [UInt64] = []
    private var table = [Int32](repeating: -1, count: 1024)

    var count: Int { hashes.count }

    func range(of index: Int) -> Range<Int> { offsets[index]..<offsets[index + 1] }

    private static func hash(_ subset: ArraySlice<Int32>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for state in subset { hash = (hash ^ UInt64(UInt32(bitPattern: state))) &* 0x0000_0100_0000_01b3 }
        hash ^= hash >> 29
        return hash &* 0xBF58_476D_1CE4_E5B9
    }

    private func slot(of subset: ArraySlice<Int32>, hash: UInt64) -> (slot: Int, index: Int32?) {
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 7) & mask
        while true {
            let index = table[slot]
            if index < 0 { return (slot, nil) }
            if hashes[Int(index)] == hash {
                let stored = range(of: Int(index))
                if stored.count == subset.count && pool[stored].elementsEqual(subset) { return (slot, index) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The index of `subset`, if stored.
    func find(_ subset: ArraySlice<Int32>) -> Int32? {
        slot(of: subset, hash: Self.hash(subset)).index
    }

    /// Stores `subset` unless it is already there; returns whether it was new.
    mutating func insert(_ subset: ArraySlice<Int32>) -> Bool {
        let hash = Self.hash(subset)
        let (slot, index) = self.slot(of: subset, hash: hash)
        if index != nil { return false }
        table[slot] = Int32(hashes.count)
        hashes.append(hash)
        pool.append(contentsOf: subset)
        offsets.append(pool.count)
        if hashes.count * 2 > table.count { grow() }
        return true
    }

    private mutating func grow() {
        table = [Int32](repeating: -1, count: table.count * 2)
        let mask = table.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash >> 7) & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(index)
        }
    }
}
