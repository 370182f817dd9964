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
        for state in 0..<free.stateCount {
            // One state after `%` and one per high digit after it, shared by the state's edges: the preimage of a
            // deterministic automaton stays deterministic (an escape per edge made it as wide as the state's
            // edges, and the subset construction after it slow).
            var afterPercent: Int?
            var afterHigh = [Int](repeating: -1, count: 16)
            for edge in free.edges[state] {
                var literal = edge.bytes.intersection(rawBytes)
                literal.remove(percent)
                result.addEdge(from: state, bytes: literal, to: edge.target)
                let escaped = edge.bytes.intersection(escapable)
                if escaped.isEmpty { continue }
                let percentState = afterPercent ?? result.addState()
                if afterPercent == nil {
                    afterPercent = percentState
                    result.addEdge(from: state, bytes: ByteSet([percent]), to: percentState)
                }
                var lowByHigh = [ByteSet](repeating: .empty, count: 16)
                escaped.forEachMember { lowByHigh[Int($0 >> 4)].insert($0 & 0xF) }
                for high in 0..<16 where !lowByHigh[high].isEmpty {
                    if afterHigh[high] < 0 {
                        afterHigh[high] = result.addState()
                        result.addEdge(
                            from: percentState, bytes: Self.hexDigits(for: [UInt8(high)], upperOnly: upperHexOnly),
                            to: afterHigh[high])
                    }
                    result.addEdge(
                        from: afterHigh[high],
                        bytes: Self.hexDigits(for: lowByHigh[high].members, upperOnly: upperHexOnly),
                        to: edge.target)
                }
            }
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
