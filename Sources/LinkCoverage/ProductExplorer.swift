import RichMediaKitSupport

/// Explores the product of many automata lazily, breadth first, and finds a shortest witness string for
/// every label a caller attaches to product states.
///
/// The automata come in **components** (a file's rules, an app's routes, ...), each explored together with the
/// universe (the URLs compared): a component's state is the set of its automata's states reachable on the input
/// read so far, built when first reached, and its successors on every byte class are computed once and
/// remembered. A product state is one state per component, so the cost of a product state does not grow with the
/// number of rules or routes. At each product state the caller sees, per component, which leaves are still alive
/// and which accept, and returns a label (for example "AASA rule 3 matches and no route does") and whether
/// exploring further can still matter. Because the search is breadth first, the first product state carrying a
/// label gives a shortest string with that label.
///
/// A **first-match** component (AASA rules, intent filters, dynamic rules: only the first leaf that accepts
/// matters) keeps only what can still decide, which is what keeps files of unanchored rules such as
/// `*/products/*` polynomial:
/// - each leaf is determinized and minimised on its own (when that stays small), and the states of all its
///   leaves are numbered by their *residual language* (the strings still accepted from there), shared across
///   leaves;
/// - a leaf whose state has the same residual as an earlier leaf's is dropped: it accepts exactly when the
///   earlier one does, so it is never first;
/// - once a leaf's state accepts every string the universe can still produce, every later leaf is dropped.
/// So a component state holds, per distinct residual, only the first leaf in that state, and nothing after the
/// first leaf that has decided: without this, `n` rules like `*/section/*` make `2^n` states (which of them have
/// seen their section), with it at most `n + 1` for each position in the patterns (see `Docs/Coverage.md`).
///
/// Transitions are computed per byte class (see `ByteClasses`), so a step costs the number of classes, not 256.
struct ProductExplorer: Sendable {
    /// A group of automata tracked together.
    struct Component {
        /// The number of leaves.
        var leafCount: Int
        /// Whether only the first accepting leaf matters (see the type's discussion); the caller then never sees a
        /// leaf that cannot be first.
        var firstMatch: Bool
        /// Makes leaf `i` (called once per leaf, in order, so that only one leaf's automaton is alive at once
        /// besides the explorer's compact tables).
        var leaf: (Int) -> NFA
        /// In a first-match component: whether leaf `i` is worth determinizing. A leaf that is not is tracked as it is
        /// and never merged with another; anchored patterns (`/products/item-7`) lose nothing by it, and a file of
        /// thousands of them is spared the construction.
        var determinize: (Int) -> Bool

        /// A component of the given leaves.
        init(leaves: [NFA], firstMatch: Bool, determinize: @escaping (Int) -> Bool = { _ in true }) {
            self.init(leafCount: leaves.count, firstMatch: firstMatch, determinize: determinize) { leaves[$0] }
        }

        /// A component of `leafCount` leaves made by `leaf`.
        init(
            leafCount: Int, firstMatch: Bool, determinize: @escaping (Int) -> Bool = { _ in true },
            leaf: @escaping (Int) -> NFA
        ) {
            self.leafCount = leafCount
            self.firstMatch = firstMatch
            self.determinize = determinize
            self.leaf = leaf
        }
    }

    /// What the caller decides about one product state.
    struct Visit<Label: Hashable> {
        var label: Label?
        /// Further labels of the same state (a URL may carry several: one per platform that does not open it).
        var more: [Label] = []
        /// Whether no successor can carry a label worth finding.
        var prune: Bool
    }

    /// The outcome of an exploration.
    struct Exploration<Label: Hashable> {
        /// A shortest input (as bytes) for every label found.
        var witnesses: [Label: [UInt8]]
        /// Product states built.
        var statesExplored: Int
        /// States built per component.
        var componentStates: [Int]
        /// False when the state, size or work budget ran out before the search finished.
        var complete: Bool
        /// The work done: automaton states and edges visited while building component states, plus the
        /// components of every product state expanded.
        var work: Int
        /// When the search did not finish: per component, whether each leaf was alive in some product state
        /// left unexplored (what the search could not finish comparing); empty when it finished.
        var unfinished: [[Bool]]
    }

    /// One product state, as the caller's `visit` sees it.
    struct State {
        fileprivate let infos: [StateInfo]
        fileprivate let tuple: ArraySlice<Int32>

        /// Whether the universe accepts the input read so far (only then is it a whole URL).
        var universeAccepts: Bool { infos[0].universeAccepts[Int(tuple[tuple.startIndex])] }

        /// The leaves of component `component` still alive, ascending (leaf indices within the component). In a
        /// first-match component, leaves that can no longer be first are left out.
        func live(_ component: Int) -> ArraySlice<Int32> {
            infos[component].live(Int(tuple[tuple.startIndex + component]))
        }

        /// The leaves of component `component` that accept the input read so far, ascending.
        func accepting(_ component: Int) -> ArraySlice<Int32> {
            infos[component].accepting(Int(tuple[tuple.startIndex + component]))
        }

        /// The fewest bytes after which the universe accepts (0 when it accepts now).
        var universeDistance: Int { Int(infos[0].universeDistance[Int(tuple[tuple.startIndex])]) }

        /// For each leaf of ``live(_:)``, in the same order: the fewest bytes after which it accepts on its own
        /// (`Int32.max`: never), a lower bound on the distance to any URL it accepts.
        func distances(_ component: Int) -> ArraySlice<Int32> {
            infos[component].distances(Int(tuple[tuple.startIndex + component]))
        }

        /// Each leaf of ``live(_:)`` with its distance (``distances(_:)``), never less than ``universeDistance``.
        func liveLeaves(_ component: Int) -> some Sequence<(leaf: Int, distance: Int)> {
            let universe = universeDistance
            return zip(live(component), distances(component)).lazy.map { (Int($0), max(universe, Int($1))) }
        }

        /// In a first-match component: whether its last live leaf accepts every continuation the universe allows
        /// (so one of the live leaves decides every URL from here).
        func isDecided(_ component: Int) -> Bool {
            infos[component].decided[Int(tuple[tuple.startIndex + component])]
        }
    }

    /// What `visit` may ask about a component's states (a class, so that the caller's view of it never makes the
    /// growing tables copy themselves).
    final class StateInfo {
        fileprivate(set) var universeAccepts: [Bool] = []
        fileprivate(set) var universeDistance: [Int32] = []
        fileprivate(set) var decided: [Bool] = []
        private var liveStart: [Int32] = [0]
        private var liveLeaves: [Int32] = []
        private var liveDistances: [Int32] = []
        private var acceptingStart: [Int32] = [0]
        private var acceptingLeaves: [Int32] = []

        func live(_ state: Int) -> ArraySlice<Int32> {
            liveLeaves[Int(liveStart[state])..<Int(liveStart[state + 1])]
        }

        func accepting(_ state: Int) -> ArraySlice<Int32> {
            acceptingLeaves[Int(acceptingStart[state])..<Int(acceptingStart[state + 1])]
        }

        func distances(_ state: Int) -> ArraySlice<Int32> {
            liveDistances[Int(liveStart[state])..<Int(liveStart[state + 1])]
        }

        /// Records the leaves of a new state.
        fileprivate func append(_ subset: [Int32], part: Part, decided: Bool) {
            var universeAccepts = false
            var universeDistance = Int32.max
            let liveFrom = liveLeaves.count
            let acceptingFrom = acceptingLeaves.count
            for state in subset {
                let distance = part.distance[Int(state)]
                if state < part.universeCount {
                    universeAccepts = universeAccepts || part.isAccepting[Int(state)]
                    universeDistance = min(universeDistance, distance)
                    continue
                }
                let leaf = part.leafOf[Int(state)]
                if liveLeaves.count == liveFrom || liveLeaves.last != leaf {
                    liveLeaves.append(leaf)
                    liveDistances.append(distance)
                } else {
                    liveDistances[liveDistances.count - 1] = min(liveDistances[liveDistances.count - 1], distance)
                }
                if part.isAccepting[Int(state)], acceptingLeaves.count == acceptingFrom || acceptingLeaves.last != leaf
                {
                    acceptingLeaves.append(leaf)
                }
            }
            self.universeAccepts.append(universeAccepts)
            self.universeDistance.append(universeDistance)
            self.decided.append(decided)
            liveStart.append(Int32(liveLeaves.count))
            acceptingStart.append(Int32(acceptingLeaves.count))
        }
    }

    let classes: ByteClasses
    private let parts: [Part]

    /// Builds the explorer.
    ///
    /// - Parameters:
    ///   - universe: the strings compared (the URL universe); every component is explored within it.
    ///   - components: the components, in the order `visit` sees them (at least one).
    init(universe: NFA, components: [Component]) {
        var builder = Builder()
        let universeAutomaton = DFA(universe).minimized.nfa
        var parts: [Part] = []
        for component in components {
            parts.append(builder.part(universe: universeAutomaton, component))
        }
        let classes = ByteClasses(respecting: builder.byteSets)
        let masks = builder.byteSets.map { classes.classes(in: $0) }
        for index in parts.indices { parts[index].finish(masks: masks, classCount: classes.count) }
        self.classes = classes
        self.parts = parts
    }

    /// Explores the product twice, pruning with a bound: best first to find the labels, then breadth first to find
    /// the least of their shortest witnesses.
    ///
    /// `bound` gives, for a state, the smallest over the labels still worth finding below it of (a lower bound on the
    /// bytes the label still needs) minus (the label's target); `Int.max` when there is none, and the state is
    /// pruned. A lower bound is, for example, the largest distance to acceptance of the leaves the label needs (see
    /// ``State/distances(_:)``); it must never exceed the true distance and must not drop by more than one along a
    /// transition (it is then consistent, and so is the minimum over labels of the largest distance of their
    /// leaves).
    ///
    /// First every label not found yet has target 0, and states are expanded in order of their depth plus the
    /// bound (A*): every label is found with the length of its shortest witness, no state that cannot lead to a new
    /// label within the shortest witnesses still possible is built, and no other label exists when the search ends.
    /// Then `prepare` is told the labels found with their lengths, which become their targets (every other label is
    /// no longer worth finding), and the search runs breadth first over the states with depth plus bound at most 0,
    /// from which a label found can still be reached within its length: each witness is then the least of the
    /// shortest ones in class order (readable bytes first, the separators last: a shortest URL with the fewest
    /// non-empty parts), as a plain breadth-first search gives.
    ///
    /// - Parameters:
    ///   - stateLimit: the most product states to build before giving up (`complete` is then false).
    ///   - sizeLimit: the most automaton states all component states may hold together (memory), likewise.
    ///   - workLimit: the most work (see ``Exploration/work``) before giving up, likewise.
    ///   - bound: see above.
    ///   - prepare: called between the searches with the labels found and their witnesses' lengths.
    ///   - visit: called once per product state expanded, whose universe state is alive.
    /// - Returns: a shortest witness per label (from the first search alone when the second cannot finish).
    func explore<Label: Hashable>(
        stateLimit: Int = 2_000_000, sizeLimit: Int = 25_000_000, workLimit: Int = .max,
        bound: @escaping (State) -> Int, prepare: ([Label: Int]) -> Void, _ visit: (State) -> Visit<Label>
    ) -> Exploration<Label> {
        // The component states (and their successors) found by the first search serve the second: both walk the
        // same components, and the second mostly revisits what the first built.
        var indexes = parts.map { PartIndex(part: $0, classCount: classes.count) }
        let first = explore(
            &indexes, stateLimit: stateLimit, sizeLimit: sizeLimit, workLimit: workLimit, bound: bound,
            bestFirst: true, visit)
        guard first.complete, !first.witnesses.isEmpty else { return first }
        prepare(first.witnesses.mapValues(\.count))
        var second = explore(
            &indexes, stateLimit: stateLimit, sizeLimit: sizeLimit, workLimit: workLimit, bound: bound,
            bestFirst: false, visit)
        for (label, witness) in first.witnesses {
            if let known = second.witnesses[label], known.count == witness.count { continue }
            second.witnesses[label] = witness
        }
        second.complete = true
        second.statesExplored += first.statesExplored
        second.work += first.work
        return second
    }

    /// Explores the product breadth first.
    ///
    /// - Parameters:
    ///   - stateLimit: the most product states to build before giving up (`complete` is then false).
    ///   - sizeLimit: the most automaton states all component states may hold together (memory), likewise.
    ///   - workLimit: the most work (see ``Exploration/work``) before giving up, likewise.
    ///   - visit: called once per product state expanded, whose universe state is alive.
    /// - Returns: a shortest witness per label.
    func explore<Label: Hashable>(
        stateLimit: Int = 2_000_000, sizeLimit: Int = 25_000_000, workLimit: Int = .max,
        _ visit: (State) -> Visit<Label>
    ) -> Exploration<Label> {
        var indexes = parts.map { PartIndex(part: $0, classCount: classes.count) }
        return explore(
            &indexes, stateLimit: stateLimit, sizeLimit: sizeLimit, workLimit: workLimit, bound: nil, bestFirst: false,
            visit)
    }

    /// One search: best first by depth plus `bound`, or breadth first pruning the states whose depth plus `bound`
    /// exceeds 0.
    ///
    /// - Parameter indexes: the component states found so far, one index per part (new ones are added; the size
    ///   limit counts every component state they hold, the work limit this search's work).
    /// - Complexity: O(Σ s·k·C + S·n·C) for s states of a component holding k automaton states each, C byte classes,
    ///   S product states expanded and n components; `Docs/Coverage.md` bounds S and s.
    private func explore<Label: Hashable>(
        _ indexes: inout [PartIndex], stateLimit: Int, sizeLimit: Int, workLimit: Int, bound: ((State) -> Int)?,
        bestFirst: Bool, _ visit: (State) -> Visit<Label>
    ) -> Exploration<Label> {
        let classCount = classes.count
        let width = parts.count
        var product = SubsetStore()
        var tuple: [Int32] = []
        var work = 0
        for index in indexes.indices {
            tuple.append(indexes[index].start())
            work += indexes[index].takeWork()
        }
        let infos = indexes.map(\.info)
        product.insert(tuple[...])
        var depth: [Int32] = [0]
        var parent: [Int32] = [-1]
        var parentClass: [UInt8] = [0]
        /// Visited (and expanded unless pruned).
        var closed: [Bool] = [false]
        // States by priority (depth, plus the bound once known), first in first out within a priority.
        var buckets: [[Int32]] = [[0]]
        var bucketHeads: [Int] = [0]
        var current = 0
        func push(_ state: Int32, _ priority: Int) {
            while buckets.count <= priority {
                buckets.append([])
                bucketHeads.append(0)
            }
            buckets[priority].append(state)
        }
        var found: [Label: Int32] = [:]
        var complete = true
        var next = [Int32](repeating: 0, count: width)
        var previous = [Int32](repeating: -1, count: width)
        // The successor rows of the state being expanded, one per component (read per class without going through
        // `indexes` again; each released before its component expands another state).
        var rowsOf = [ArraySlice<Int32>](repeating: [], count: width)
        search: while true {
            while current < buckets.count && bucketHeads[current] == buckets[current].count {
                buckets[current] = []
                current += 1
            }
            guard current < buckets.count else { break }
            let state = buckets[current][bucketHeads[current]]
            bucketHeads[current] += 1
            if closed[Int(state)] { continue }
            let range = product.range(of: Int(state))
            let stateDepth = Int(depth[Int(state)])
            if let bound {
                let estimate = bound(State(infos: infos, tuple: product.pool[range]))
                if estimate == .max || (!bestFirst && stateDepth + estimate > 0) {
                    closed[Int(state)] = true
                    continue
                }
                if bestFirst && stateDepth + estimate > current {
                    push(state, stateDepth + estimate)
                    continue
                }
            }
            let decision = visit(State(infos: infos, tuple: product.pool[range]))
            if let label = decision.label, found[label] == nil { found[label] = state }
            for label in decision.more where found[label] == nil { found[label] = state }
            closed[Int(state)] = true
            if decision.prune { continue }
            var size = 0
            for component in 0..<width {
                let member = Int(product.pool[range.lowerBound + component])
                // Let go of the previous state's row first: holding it would make the expansion copy the table.
                rowsOf[component] = []
                indexes[component].expand(member)
                work += indexes[component].takeWork()
                size += indexes[component].size
                rowsOf[component] = indexes[component].successors(of: member)
            }
            work += width * classCount
            if work > workLimit || size > sizeLimit {
                complete = false
                closed[Int(state)] = false
                break
            }
            for index in 0..<width { previous[index] = -1 }
            let childDepth = Int32(stateDepth + 1)
            for symbol in 0..<classCount {
                var dead = false
                for component in 0..<width {
                    let successor = rowsOf[component][rowsOf[component].startIndex + symbol]
                    if successor < 0 {
                        dead = true
                        break
                    }
                    next[component] = successor
                }
                if dead || next == previous { continue }
                swap(&next, &previous)
                let known: Int32
                if product.count >= stateLimit {
                    guard let stored = product.find(previous[...]) else {
                        complete = false
                        closed[Int(state)] = false
                        break search
                    }
                    known = stored
                } else {
                    let (child, isNew) = product.insert(previous[...])
                    if isNew {
                        depth.append(childDepth)
                        parent.append(state)
                        parentClass.append(UInt8(symbol))
                        closed.append(false)
                        push(child, max(current, Int(childDepth)))
                        continue
                    }
                    known = child
                }
                // A shorter way to a state not expanded yet (only possible when the order is best first).
                if !closed[Int(known)] && depth[Int(known)] > childDepth {
                    depth[Int(known)] = childDepth
                    parent[Int(known)] = state
                    parentClass[Int(known)] = UInt8(symbol)
                    push(known, max(current, Int(childDepth)))
                }
            }
        }
        var unfinished: [[Bool]] = []
        if !complete {
            unfinished = parts.map { [Bool](repeating: false, count: $0.leafCount) }
            for state in 0..<product.count where !closed[state] {
                let range = product.range(of: state)
                for component in 0..<width {
                    for leaf in infos[component].live(Int(product.pool[range.lowerBound + component])) {
                        unfinished[component][Int(leaf)] = true
                    }
                }
            }
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
        return Exploration(
            witnesses: witnesses, statesExplored: product.count, componentStates: indexes.map(\.count),
            complete: complete, work: work, unfinished: unfinished)
    }
}

// MARK: Components

extension ProductExplorer {
    /// The tables of one component: the universe's states (numbered first), then each leaf's, as one ε-free
    /// automaton over byte classes.
    struct Part: Sendable {
        var firstMatch: Bool
        var leafCount: Int
        /// States below this number are the universe's.
        var universeCount: Int32
        /// The leaf of every state (-1: the universe).
        var leafOf: [Int32] = []
        var isAccepting: [Bool] = []
        /// Edges of state `s` are `edgeStart[s]..<edgeStart[s+1]`: a byte set (by index) and a target.
        var edgeStart: [Int32] = [0]
        var edgeSet: [Int32] = []
        var edgeTargets: [Int32] = []
        /// The class set of every edge (after ``finish(masks:classCount:)``).
        var edgeMasks: [ByteSet] = []
        /// The start states, ascending.
        var start: [Int32] = []
        /// The fewest bytes from each state to an accepting state of its leaf (or of the universe), `Int32.max` when
        /// there is none.
        var distance: [Int32] = []
        /// Whether each leaf was determinized (then it is in one state at a time).
        var deterministic: [Bool] = []
        /// First-match components: the number of the residual language of every state of a deterministic leaf
        /// (-1: the universe's states and those of leaves kept nondeterministic).
        var residual: [Int32] = []
        /// The number of distinct residual languages.
        var residualCount = 0
        /// The successor of every state of the universe and of deterministic leaves on every class (-1: none),
        /// `classCount` entries per state.
        var dense: [Int32] = []

        init(firstMatch: Bool, leafCount: Int, universeCount: Int32) {
            self.firstMatch = firstMatch
            self.leafCount = leafCount
            self.universeCount = universeCount
        }

        /// Computes the class masks, the distances, the dense successors, and for a first-match component the
        /// residual numbers. There, states of one deterministic leaf with the same residual are merged (edges lead to
        /// the first of them), so each leaf is in effect its minimal automaton.
        mutating func finish(masks: [ByteSet], classCount: Int) {
            edgeMasks = edgeSet.map { masks[Int($0)] }
            distance = distancesToAcceptance()
            let count = leafOf.count
            if firstMatch {
                (residual, residualCount) = residualLanguages(classCount: classCount)
                var representative: [Int: Int32] = [:]
                var canonical = (0..<Int32(count)).map { $0 }
                for state in 0..<count where residual[state] >= 0 {
                    let key = Int(leafOf[state]) * residualCount + Int(residual[state])
                    if let known = representative[key] {
                        canonical[state] = known
                    } else {
                        representative[key] = Int32(state)
                    }
                }
                edgeTargets = edgeTargets.map { canonical[Int($0)] }
                start = start.map { canonical[Int($0)] }.sorted()
            }
            dense = [Int32](repeating: -1, count: count * classCount)
            for state in 0..<count where leafOf[state] < 0 || deterministic[Int(leafOf[state])] {
                for edge in Int(edgeStart[state])..<Int(edgeStart[state + 1]) {
                    let target = edgeTargets[edge]
                    edgeMasks[edge].forEachMember { dense[state * classCount + Int($0)] = target }
                }
            }
        }
    }

    /// Gathers the byte sets of all components so that one class partition serves them all.
    struct Builder {
        private(set) var byteSets: [ByteSet] = []
        private var index: [ByteSet: Int32] = [:]

        /// The most states a leaf's deterministic automaton may have before the leaf is kept nondeterministic.
        static func determinizationLimit(_ nfa: NFA) -> Int { min(20_000, 256 + 16 * nfa.stateCount) }

        /// The most work determinizing a leaf may take: linear in its size, so that rules with many `*` (whose
        /// subset construction is quadratic) stay nondeterministic instead.
        static func workLimit(_ nfa: NFA) -> Int { 16_384 + 64 * nfa.stateCount }

        private mutating func set(_ bytes: ByteSet) -> Int32 {
            if let known = index[bytes] { return known }
            let id = Int32(byteSets.count)
            index[bytes] = id
            byteSets.append(bytes)
            return id
        }

        mutating func part(universe: NFA, _ component: Component) -> Part {
            var part = Part(
                firstMatch: component.firstMatch, leafCount: component.leafCount,
                universeCount: Int32(universe.stateCount))
            var starts: [Int32] = []
            func add(_ nfa: NFA, leaf: Int32) {
                let offset = Int32(part.leafOf.count)
                starts.append(offset + Int32(nfa.start))
                for state in 0..<nfa.stateCount {
                    part.leafOf.append(leaf)
                    part.isAccepting.append(nfa.accepting[state])
                    for edge in nfa.edges[state] {
                        part.edgeSet.append(set(edge.bytes))
                        part.edgeTargets.append(offset + Int32(edge.target))
                    }
                    part.edgeStart.append(Int32(part.edgeSet.count))
                }
            }
            // A deterministic leaf straight from its table: the states that can still accept (and the start), each
            // with one edge per successor.
            func add(_ dfa: DFA, leaf: Int32) {
                let classCount = dfa.classes.count
                var alive = dfa.accepting
                var changed = true
                while changed {
                    changed = false
                    for state in 0..<dfa.stateCount where !alive[state] {
                        for symbol in 0..<classCount where alive[dfa.successor(state, symbol)] {
                            alive[state] = true
                            changed = true
                            break
                        }
                    }
                }
                alive[dfa.start] = true
                let offset = Int32(part.leafOf.count)
                var index = [Int32](repeating: -1, count: dfa.stateCount)
                var order = [dfa.start]
                index[dfa.start] = 0
                var head = 0
                while head < order.count {
                    let state = order[head]
                    head += 1
                    for symbol in 0..<classCount {
                        let target = dfa.successor(state, symbol)
                        if alive[target] && index[target] < 0 {
                            index[target] = Int32(order.count)
                            order.append(target)
                        }
                    }
                }
                starts.append(offset)
                var targets: [(target: Int32, bytes: ByteSet)] = []
                for state in order {
                    part.leafOf.append(leaf)
                    part.isAccepting.append(dfa.accepting[state])
                    targets.removeAll(keepingCapacity: true)
                    for symbol in 0..<classCount {
                        let target = index[dfa.successor(state, symbol)]
                        guard target >= 0 else { continue }
                        if let position = targets.firstIndex(where: { $0.target == target }) {
                            targets[position].bytes = targets[position].bytes.union(dfa.classes.members[symbol])
                        } else {
                            targets.append((target, dfa.classes.members[symbol]))
                        }
                    }
                    for (target, bytes) in targets {
                        part.edgeSet.append(set(bytes))
                        part.edgeTargets.append(offset + target)
                    }
                    part.edgeStart.append(Int32(part.edgeSet.count))
                }
            }
            add(universe, leaf: -1)
            for leaf in 0..<component.leafCount {
                let nfa = component.leaf(leaf)
                if component.firstMatch, component.determinize(leaf),
                    let dfa = DFA(nfa, stateLimit: Self.determinizationLimit(nfa), workLimit: Self.workLimit(nfa))
                {
                    part.deterministic.append(true)
                    // Not minimised here: `finish` merges equivalent states of all the component's leaves at once.
                    add(dfa, leaf: Int32(leaf))
                } else {
                    part.deterministic.append(false)
                    add(nfa.withoutEpsilons(), leaf: Int32(leaf))
                }
            }
            part.start = starts.sorted()
            return part
        }
    }

    /// The states of one component found so far, their successors, and what the caller asks about them.
    struct PartIndex {
        private let part: Part
        private let classCount: Int
        private let universeCount: Int32
        // The part's tables the expansions read, held directly (reading them through `part` copies it in debug
        // builds).
        private let leafOf: [Int32]
        private let residual: [Int32]
        private let edgeStart: [Int32]
        private let edgeTargets: [Int32]
        private let edgeMasks: [ByteSet]
        private let dense: [Int32]
        /// Whether a state is the universe's or a deterministic leaf's (its successors are in `dense`).
        private let isDense: [Bool]
        private let firstMatch: Bool
        private var store = SubsetStore()
        /// `classCount` successors per state once expanded (-1: the universe died), -2 before.
        private var rows: [Int32] = []
        /// What `visit` may ask about each state.
        let info = StateInfo()
        /// Scratch space for expansions.
        private var columns: [Int32] = []
        private var columnHeight: [Int32]
        private var stamp: [Int32]
        private var stampValue: Int32 = 0
        private var residualStamp: [Int32]
        private var residualStampValue: Int32 = 0
        private var coverage: Coverage
        /// The work done since ``takeWork()`` was last called.
        private var work = 0

        /// The automaton states all states hold together.
        var size: Int { store.pool.count }

        /// The number of states.
        var count: Int { store.count }

        init(part: Part, classCount: Int) {
            self.part = part
            self.classCount = classCount
            universeCount = part.universeCount
            leafOf = part.leafOf
            residual = part.residual
            edgeStart = part.edgeStart
            edgeTargets = part.edgeTargets
            edgeMasks = part.edgeMasks
            dense = part.dense
            isDense = part.leafOf.map { $0 < 0 || part.deterministic[Int($0)] }
            firstMatch = part.firstMatch
            columnHeight = [Int32](repeating: 0, count: classCount)
            stamp = [Int32](repeating: -1, count: part.leafOf.count)
            residualStamp = [Int32](repeating: -1, count: part.residualCount)
            coverage = Coverage(part: part, classCount: classCount)
        }

        /// The work done since the last call.
        mutating func takeWork() -> Int {
            defer {
                work = 0
                coverage.work = 0
            }
            return work + coverage.work
        }

        /// The successors of an expanded state on every class, in class order (-1: the universe dies).
        func successors(of state: Int) -> ArraySlice<Int32> {
            rows[(state * classCount)..<((state + 1) * classCount)]
        }

        /// The number of the start state.
        mutating func start() -> Int32 {
            var subset = part.start
            if part.firstMatch { reduce(&subset) }
            return intern(subset)
        }

        /// The number of `subset` (reduced already), storing it and what the caller asks about it when new.
        private mutating func intern(_ subset: [Int32]) -> Int32 {
            let (index, isNew) = store.insert(subset[...])
            guard isNew else { return index }
            work += subset.count
            rows.append(contentsOf: repeatElement(-2, count: classCount))
            var decided = false
            if firstMatch, let last = subset.last, last >= universeCount, residual[Int(last)] >= 0 {
                decided = coverage.covers(last, universe: subset[0])
            }
            info.append(subset, part: part, decided: decided)
            return index
        }

        /// Computes the successors of `state` on every class unless known.
        mutating func expand(_ state: Int) {
            guard rows[state * classCount] == -2 else { return }
            let members = Array(store.pool[store.range(of: state)])
            // Deterministic members keep the order of their leaves; others' targets need sorting.
            let sorted = members.allSatisfy { isDense[Int($0)] }
            // The members' successors on every class, gathered member by member (a dense row is read once, in
            // order) into one column per class, in the order a pass over the members finds them for each class.
            var height = 0
            for member in members {
                let member = Int(member)
                height += isDense[member] ? 1 : Int(edgeStart[member + 1] - edgeStart[member])
            }
            // The scratch arrays as locals while they are written (taken out of `self`, so that each write is not
            // checked again for sharing), put back at the end.
            var columns: [Int32] = []
            var columnHeight: [Int32] = []
            var stamp: [Int32] = []
            swap(&columns, &self.columns)
            swap(&columnHeight, &self.columnHeight)
            swap(&stamp, &self.stamp)
            defer {
                swap(&columns, &self.columns)
                swap(&columnHeight, &self.columnHeight)
                swap(&stamp, &self.stamp)
            }
            if columns.count < height * classCount { columns = [Int32](repeating: 0, count: height * classCount) }
            for symbol in 0..<classCount { columnHeight[symbol] = 0 }
            for member in members {
                let member = Int(member)
                if isDense[member] {
                    let row = member * classCount
                    for symbol in 0..<classCount where dense[row + symbol] >= 0 {
                        columns[symbol * height + Int(columnHeight[symbol])] = dense[row + symbol]
                        columnHeight[symbol] += 1
                    }
                    continue
                }
                for edge in Int(edgeStart[member])..<Int(edgeStart[member + 1]) {
                    let target = edgeTargets[edge]
                    let mask = edgeMasks[edge]
                    mask.forEachMember { symbol in
                        columns[Int(symbol) * height + Int(columnHeight[Int(symbol)])] = target
                        columnHeight[Int(symbol)] += 1
                    }
                }
            }
            var next: [Int32] = []
            var previous: [Int32] = []
            var previousRow: Int32 = -1
            for symbol in 0..<classCount {
                stampValue &+= 1
                next.removeAll(keepingCapacity: true)
                // Each target once (a dense member's target is never another member's: one state per
                // deterministic leaf and for the universe).
                for target in columns[(symbol * height)..<(symbol * height + Int(columnHeight[symbol]))]
                where stamp[Int(target)] != stampValue {
                    stamp[Int(target)] = stampValue
                    next.append(target)
                }
                work += members.count
                if !sorted { next.sort() }
                // Neighbouring classes often lead to the same subset: skip the lookup then.
                if symbol > 0 && next == previous {
                    rows[state * classCount + symbol] = previousRow
                    continue
                }
                // A copy into `previous`'s own storage, so that neither array is shared when it is next written.
                previous.removeAll(keepingCapacity: true)
                previous.append(contentsOf: next)
                if firstMatch { reduce(&next) }
                let row: Int32 = next.first.map { $0 < universeCount } == true ? intern(next) : -1
                rows[state * classCount + symbol] = row
                previousRow = row
            }
        }

        /// Drops, from a sorted subset of a first-match component, the states of leaves that can no longer be
        /// first: a leaf whose residual an earlier leaf already has, and every leaf after one that accepts
        /// everything the universe still allows.
        private mutating func reduce(_ subset: inout [Int32]) {
            guard let universe = subset.first, universe < universeCount else { return }
            work += subset.count
            residualStampValue &+= 1
            var kept = 1
            var index = 1
            while index < subset.count {
                let state = subset[index]
                let leaf = leafOf[Int(state)]
                var end = index + 1
                while end < subset.count && leafOf[Int(subset[end])] == leaf { end += 1 }
                let residual = self.residual[Int(state)]
                if residual >= 0 {
                    // A deterministic leaf: one state.
                    if residualStamp[Int(residual)] == residualStampValue {
                        index = end
                        continue
                    }
                    residualStamp[Int(residual)] = residualStampValue
                    subset[kept] = state
                    kept += 1
                    if coverage.covers(state, universe: universe) { break }
                } else {
                    for member in index..<end {
                        subset[kept] = subset[member]
                        kept += 1
                    }
                }
                index = end
            }
            subset.removeLast(subset.count - kept)
        }
    }
}
