import RichMediaKitSupport

extension ProductExplorer.Part {
    /// The fewest bytes from every state to an accepting one (a breadth-first search backwards from the accepting
    /// states), `Int32.max` when none is reachable.
    func distancesToAcceptance() -> [Int32] {
        let count = leafOf.count
        var predecessorCount = [Int32](repeating: 0, count: count + 1)
        for edge in edgeTargets.indices { predecessorCount[Int(edgeTargets[edge]) + 1] += 1 }
        for state in 0..<count { predecessorCount[state + 1] += predecessorCount[state] }
        var fill = predecessorCount
        var predecessors = [Int32](repeating: 0, count: edgeTargets.count)
        for state in 0..<count {
            for edge in Int(edgeStart[state])..<Int(edgeStart[state + 1]) {
                let target = Int(edgeTargets[edge])
                predecessors[Int(fill[target])] = Int32(state)
                fill[target] += 1
            }
        }
        var distance = [Int32](repeating: .max, count: count)
        var queue: [Int32] = []
        for state in 0..<count where isAccepting[state] {
            distance[state] = 0
            queue.append(Int32(state))
        }
        var head = 0
        while head < queue.count {
            let state = Int(queue[head])
            head += 1
            for index in Int(predecessorCount[state])..<Int(predecessorCount[state + 1]) {
                let source = Int(predecessors[index])
                if distance[source] == .max {
                    distance[source] = distance[state] + 1
                    queue.append(Int32(source))
                }
            }
        }
        return distance
    }

    /// Numbers the states of the deterministic leaves by their residual language (the strings accepted from
    /// there): two states, of the same leaf or of different ones, get the same number exactly when their residuals
    /// are equal. Hopcroft's partition refinement over all those states at once (a missing edge goes to a shared
    /// sink, the empty language).
    ///
    /// - Parameter classCount: the number of byte classes.
    /// - Returns: the number of every state (-1 for the universe's and nondeterministic leaves' states) and how
    ///   many distinct numbers there are.
    /// - Complexity: O(C · n · log n) for n states and C classes.
    func residualLanguages(classCount: Int) -> (numbers: [Int32], count: Int) {
        var numbers = [Int32](repeating: -1, count: leafOf.count)
        let states = leafOf.indices.filter { leafOf[$0] >= 0 && deterministic[Int(leafOf[$0])] }
        guard !states.isEmpty else { return (numbers, 0) }
        // Dense numbering: the states, then the sink.
        var local = [Int32](repeating: -1, count: leafOf.count)
        for (index, state) in states.enumerated() { local[state] = Int32(index) }
        let sink = Int32(states.count)
        let count = states.count + 1
        var successor = [Int32](repeating: sink, count: count * classCount)
        for (index, state) in states.enumerated() {
            for edge in Int(edgeStart[state])..<Int(edgeStart[state + 1]) {
                let target = local[Int(edgeTargets[edge])]
                edgeMasks[edge].forEachMember { successor[index * classCount + Int($0)] = target }
            }
        }
        let (blockOf, blockCount) = Hopcroft.blocks(
            count: count, classCount: classCount, successors: successor
        ) { $0 < states.count && isAccepting[states[$0]] }
        // Renumber the blocks holding states (not only the sink) densely.
        var renumbered = [Int32](repeating: -1, count: blockCount)
        var next: Int32 = 0
        for (index, state) in states.enumerated() {
            let block = Int(blockOf[index])
            if renumbered[block] < 0 {
                renumbered[block] = next
                next += 1
            }
            numbers[state] = renumbered[block]
        }
        return (numbers, Int(next))
    }
}

extension ProductExplorer {
    /// Whether a deterministic leaf's state accepts every string the universe still accepts ("covers" it), asked
    /// of a first-match component's states and remembered per residual and universe state.
    struct Coverage {
        private let classCount: Int
        private let universeCount: Int
        private let residual: [Int32]
        private let isAccepting: [Bool]
        private let dense: [Int32]
        /// Per residual number and universe state: 0 unknown, 1 covers, 2 does not.
        private var known: [UInt8]
        /// The work done since the caller last reset it.
        var work = 0

        init(part: Part, classCount: Int) {
            self.classCount = classCount
            universeCount = Int(part.universeCount)
            residual = part.residual
            isAccepting = part.isAccepting
            dense = part.dense
            known = [UInt8](repeating: 0, count: part.firstMatch ? part.residualCount * Int(part.universeCount) : 0)
        }

        private func key(_ state: Int32, _ universe: Int32) -> Int {
            Int(residual[Int(state)]) * universeCount + Int(universe)
        }

        /// Whether the residual of `state` (of a deterministic leaf) includes the universe's residual at `universe`.
        ///
        /// A breadth-first search over pairs of states for a string the universe accepts and the leaf does not.
        mutating func covers(_ state: Int32, universe: Int32) -> Bool {
            let start = key(state, universe)
            if known[start] != 0 { return known[start] == 1 }
            var seen: Set<Int> = [start]
            var queue = [(state, universe)]
            var head = 0
            while head < queue.count {
                let (leafState, universeState) = queue[head]
                head += 1
                work += classCount
                if isAccepting[Int(universeState)] && !isAccepting[Int(leafState)] {
                    known[start] = 2
                    return false
                }
                for symbol in 0..<classCount {
                    let universeNext = dense[Int(universeState) * classCount + symbol]
                    if universeNext < 0 { continue }
                    // The universe's automaton is trimmed: from any of its states some string is accepted.
                    let leafNext = dense[Int(leafState) * classCount + symbol]
                    if leafNext < 0 {
                        known[start] = 2
                        return false
                    }
                    let next = key(leafNext, universeNext)
                    if known[next] == 2 {
                        known[start] = 2
                        return false
                    }
                    if known[next] == 1 || !seen.insert(next).inserted { continue }
                    queue.append((leafNext, universeNext))
                }
            }
            // No pair reachable from here tells them apart: every one of them covers.
            for pair in seen { known[pair] = 1 }
            return true
        }
    }
}
