import RichMediaKitSupport

extension AASAAutomaton {
    /// The automaton without epsilon moves (its Glushkov form): one position per consuming state.
    ///
    /// Position 0 is a virtual start; positions 1... are the consuming states in pattern order
    /// (the builder creates states from the end of the pattern backwards, so descending state
    /// index is pattern order). Position p > 0 accepts byte c when c is in `sets[p]`; after it,
    /// the positions `follow[p]` may consume the next byte, and the input may end when
    /// `accepting[p]`.
    struct Positions {
        /// The byte set of each position (index 0, the start, consumes nothing: empty).
        var sets: [ByteSet]
        /// The positions that may consume the byte after each position.
        var follow: [[Int]]
        /// Whether the input may end after each position.
        var accepting: [Bool]
    }

    /// The epsilon-free form of the automaton.
    ///
    /// - Complexity: O(m²) for m states; done once per pattern.
    func positions() -> Positions {
        var order: [Int] = []
        for index in states.indices.reversed() where states[index].set >= 0 { order.append(index) }
        var position = [Int](repeating: -1, count: states.count)
        for (offset, state) in order.enumerated() { position[state] = offset + 1 }

        var seen = [Bool](repeating: false, count: states.count)
        /// The positions in the epsilon closure of `state`, ascending, and whether it accepts.
        func closure(_ state: Int) -> (positions: [Int], accepting: Bool) {
            for index in seen.indices { seen[index] = false }
            var stack = [state]
            seen[state] = true
            var found: [Int] = []
            var accepting = false
            while let current = stack.popLast() {
                let value = states[current]
                switch value.set {
                case -2:
                    accepting = true
                case -1:
                    let start = Int(value.epsilonStart)
                    for target in epsilonTargets[start..<(start + Int(value.epsilonCount))] where !seen[Int(target)] {
                        seen[Int(target)] = true
                        stack.append(Int(target))
                    }
                default:
                    found.append(position[current])
                }
            }
            return (found.sorted(), accepting)
        }

        var result = Positions(sets: [ByteSet()], follow: [], accepting: [])
        let first = closure(Int(start))
        result.follow.append(first.positions)
        result.accepting.append(first.accepting)
        for state in order {
            let value = states[state]
            result.sets.append(sets[Int(value.set)])
            let next = closure(Int(value.next))
            result.follow.append(next.positions)
            result.accepting.append(next.accepting)
        }
        return result
    }
}
