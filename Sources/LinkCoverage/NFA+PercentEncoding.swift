import RichMediaKitSupport

extension NFA {
    /// The raw (percent-encoded) strings whose percent-decoding lies in `self`'s language.
    ///
    /// `self` describes decoded bytes. In the result every decoded byte `b` may appear as itself, when `b`
    /// is in `rawBytes` and is not `%`, or as an escape `%HH` whose hex digits spell `b` in any case (or only
    /// in upper case when `upperHexOnly` is set). A `%` in the raw string always starts an escape, which is
    /// how the URL universe of the engine is defined (a `%` not followed by two hex digits is not in it).
    ///
    /// - Parameters:
    ///   - rawBytes: the bytes that may stand for themselves in the raw string.
    ///   - escapable: the decoded bytes that may appear as an escape.
    ///   - upperHexOnly: whether escapes use upper-case hex digits only.
    /// - Returns: the preimage under percent-decoding.
    func percentDecodingPreimage(
        rawBytes: ByteSet = .all, escapable: ByteSet = .all, upperHexOnly: Bool = false
    ) -> NFA {
        let free = withoutEpsilons()
        var result = NFA()
        for state in 0..<free.stateCount { result.addState(accepting: free.accepting[state]) }
        result.start = free.start
        let percent = UInt8(ascii: "%")
        // The states inside an escape, shared by every state whose escapes go the same way: the state after a high
        // digit by its (low digits, target) edges, and the state after `%` by the state each high digit leads to. A
        // deterministic automaton's preimage stays deterministic, and small: "any character" escapes alike from
        // every state of a pattern, and one state per escape and source state made the preimage ten times larger
        // than its minimal automaton.
        var afterHighDigit: [[Int]: Int] = [:]
        var afterPercent: [[Int]: Int] = [:]
        for state in 0..<free.stateCount {
            // Per high digit: each edge's low digits (a mask of nibbles) and its target.
            var lowsByHigh = [[Int]](repeating: [], count: 16)
            for edge in free.edges[state] {
                var literal = edge.bytes.intersection(rawBytes)
                literal.remove(percent)
                result.addEdge(from: state, bytes: literal, to: edge.target)
                var lows = [Int](repeating: 0, count: 16)
                edge.bytes.intersection(escapable).forEachMember { lows[Int($0 >> 4)] |= 1 << Int($0 & 0xF) }
                for high in 0..<16 where lows[high] != 0 { lowsByHigh[high] += [lows[high], edge.target] }
            }
            var highTargets = [Int](repeating: -1, count: 16)
            for high in 0..<16 where !lowsByHigh[high].isEmpty {
                let key = lowsByHigh[high]
                if let known = afterHighDigit[key] {
                    highTargets[high] = known
                    continue
                }
                let new = result.addState()
                afterHighDigit[key] = new
                highTargets[high] = new
                for pair in stride(from: 0, to: key.count, by: 2) {
                    let nibbles = (0..<16).filter { key[pair] & (1 << $0) != 0 }.map(UInt8.init)
                    result.addEdge(
                        from: new, bytes: Self.hexDigits(for: nibbles, upperOnly: upperHexOnly), to: key[pair + 1])
                }
            }
            guard highTargets.contains(where: { $0 >= 0 }) else { continue }
            let percentState: Int
            if let known = afterPercent[highTargets] {
                percentState = known
            } else {
                percentState = result.addState()
                afterPercent[highTargets] = percentState
                for high in 0..<16 where highTargets[high] >= 0 {
                    result.addEdge(
                        from: percentState, bytes: Self.hexDigits(for: [UInt8(high)], upperOnly: upperHexOnly),
                        to: highTargets[high])
                }
            }
            result.addEdge(from: state, bytes: ByteSet([percent]), to: percentState)
        }
        return result
    }

    /// The ASCII hex digits that spell the given nibbles.
    static func hexDigits(for nibbles: [UInt8], upperOnly: Bool) -> ByteSet {
        var result = ByteSet.empty
        for nibble in nibbles {
            if nibble < 10 {
                result.insert(0x30 + nibble)
            } else {
                result.insert(0x41 + nibble - 10)
                if !upperOnly { result.insert(0x61 + nibble - 10) }
            }
        }
        return result
    }
}
