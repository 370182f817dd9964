extension NFA {
    /// `{ w : b·w ∈ L }`: the strings that follow a leading `byte` in the language.
    func leftQuotient(_ byte: UInt8) -> NFA {
        var result = withoutEpsilons()
        let targets = result.edges[result.start].filter { $0.bytes.contains(byte) }.map(\.target)
        let start = result.addState()
        for target in targets { result.addEpsilon(from: start, to: target) }
        result.start = start
        return result.withoutEpsilons()
    }

    /// `{ w : w·b ∈ L }`: the strings that a trailing `byte` completes to a member.
    func rightQuotient(_ byte: UInt8) -> NFA {
        let free = withoutEpsilons()
        var result = free
        for state in 0..<free.stateCount {
            let completes = free.edges[state].contains { $0.bytes.contains(byte) && free.accepting[$0.target] }
            result.setAccepting(state, completes)
        }
        return result.withoutEpsilons()
    }
}
