import AndroidAppLinks
import RichMediaKitSupport

extension AndroidPatternMachine {
    /// The machine's language over the UTF-8 bytes of decoded text: the valid UTF-8 strings whose UTF-16 code
    /// units the machine accepts, which are the decoded paths (or query parameters, or fragments) Android's matcher
    /// accepts.
    ///
    /// Android compares UTF-16 code units, so a scalar above U+FFFF is two units (a surrogate pair): its four
    /// bytes go through two of the machine's transitions. Bytes that are not valid UTF-8 are in no language here;
    /// the URL universe the coverage engine quantifies over decodes to valid text.
    ///
    /// The automaton is kept small, which is what makes the subset construction after it cheap: transitions into a
    /// state from which the machine can no longer accept are left out (they change no language, and their "any
    /// character" runs were most of a pattern's UTF-8 spelling), and the states inside a multi-byte sequence are
    /// shared by every sequence that ends the same way into the same state (as RE2 shares UTF-8 suffixes).
    ///
    /// - Complexity: O(*s* · *c*) states and edges for *s* states and *c* classes, times the few byte sequences
    ///   that spell a class of scalars in UTF-8.
    func decodedLanguage() -> NFA {
        var nfa = NFA()
        for state in 0..<stateCount { nfa.addState(accepting: accepting[state]) }
        nfa.start = start
        let high: ClosedRange<UInt16> = 0xD800...0xDBFF
        let low: ClosedRange<UInt16> = 0xDC00...0xDFFF
        let highClasses = (0..<classCount).compactMap { index in units(ofClass: index).overlap(with: high) }
        let lowClasses = (0..<classCount).compactMap { index in units(ofClass: index).overlap(with: low) }
        let live = liveStates()
        // The state that reads the rest of a sequence (its remaining byte ranges) into a target.
        var inside: [SequenceTail: Int] = [:]
        for state in 0..<stateCount where live[state] {
            var scalarsByTarget: [Int: [ClosedRange<UInt32>]] = [:]
            for index in 0..<classCount {
                let target = next(state, onClass: index)
                guard live[target] else { continue }
                let classUnits = units(ofClass: index)
                for plane: ClosedRange<UInt16> in [0...0xD7FF, 0xE000...0xFFFF] {
                    guard let part = classUnits.overlap(with: plane) else { continue }
                    scalarsByTarget[target, default: []].append(UInt32(part.lowerBound)...UInt32(part.upperBound))
                }
            }
            for highUnits in highClasses {
                let middle = next(state, highUnits.lowerBound)
                for lowUnits in lowClasses {
                    let target = next(middle, lowUnits.lowerBound)
                    guard live[target] else { continue }
                    scalarsByTarget[target, default: []] += Self.scalars(high: highUnits, low: lowUnits)
                }
            }
            for (target, ranges) in scalarsByTarget.sorted(by: { $0.key < $1.key }) {
                for sequence in Self.merged(ranges).flatMap(Self.utf8Sequences) {
                    var from = state
                    for (offset, bytes) in sequence.enumerated() {
                        guard offset < sequence.count - 1 else {
                            nfa.addEdge(from: from, bytes: ByteSet(bytes), to: target)
                            break
                        }
                        let tail = SequenceTail(target: target, ranges: Array(sequence[(offset + 1)...]))
                        if let known = inside[tail] {
                            // The rest of the sequence is built already.
                            nfa.addEdge(from: from, bytes: ByteSet(bytes), to: known)
                            break
                        }
                        let to = nfa.addState()
                        inside[tail] = to
                        nfa.addEdge(from: from, bytes: ByteSet(bytes), to: to)
                        from = to
                    }
                }
            }
        }
        return nfa
    }

    /// The rest of a UTF-8 sequence: its remaining byte ranges, and the state it leads to.
    private struct SequenceTail: Hashable {
        var target: Int
        var ranges: [ClosedRange<UInt8>]
    }

    /// Whether each state can still reach an accepting one (on any units).
    private func liveStates() -> [Bool] {
        var predecessors = [[Int]](repeating: [], count: stateCount)
        for state in 0..<stateCount {
            for index in 0..<classCount { predecessors[next(state, onClass: index)].append(state) }
        }
        var live = accepting
        var stack = (0..<stateCount).filter { accepting[$0] }
        while let state = stack.popLast() {
            for source in predecessors[state] where !live[source] {
                live[source] = true
                stack.append(source)
            }
        }
        return live
    }

    /// The scalars above U+FFFF whose surrogate pair has its high unit in `high` and its low unit in `low`.
    private static func scalars(high: ClosedRange<UInt16>, low: ClosedRange<UInt16>) -> [ClosedRange<UInt32>] {
        func scalar(_ high: UInt16, _ low: UInt16) -> UInt32 {
            0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(low - 0xDC00)
        }
        if low == 0xDC00...0xDFFF {
            return [scalar(high.lowerBound, low.lowerBound)...scalar(high.upperBound, low.upperBound)]
        }
        return high.map { scalar($0, low.lowerBound)...scalar($0, low.upperBound) }
    }

    /// `ranges` sorted, with overlapping and adjacent ones joined.
    private static func merged(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The UTF-8 encodings of the scalars in `range` (which holds no surrogate), as sequences of byte ranges: a
    /// byte string is an encoding of one of them exactly when it matches one sequence, byte range by byte range.
    ///
    /// The range is split where the encoded length changes and where a continuation byte would not run over its
    /// whole span, until each piece is a product of byte ranges (the construction of RE2 and Rust's regex).
    static func utf8Sequences(_ range: ClosedRange<UInt32>) -> [[ClosedRange<UInt8>]] {
        var result: [[ClosedRange<UInt8>]] = []
        var pending = [(range.lowerBound, range.upperBound)]
        pieces: while let (start, end) = pending.popLast() {
            for limit: UInt32 in [0x7F, 0x7FF, 0xFFFF] where start <= limit && limit < end {
                pending += [(limit + 1, end), (start, limit)]
                continue pieces
            }
            if end <= 0x7F {
                result.append([UInt8(start)...UInt8(end)])
                continue
            }
            for continuations in 1..<4 {
                let mask: UInt32 = (1 << (6 * UInt32(continuations))) - 1
                guard start & ~mask != end & ~mask else { continue }
                if start & mask != 0 {
                    pending += [((start | mask) + 1, end), (start, start | mask)]
                    continue pieces
                }
                if end & mask != mask {
                    pending += [(end & ~mask, end), (start, (end & ~mask) - 1)]
                    continue pieces
                }
            }
            result.append(zip(utf8(start), utf8(end)).map { $0...$1 })
        }
        return result
    }

    /// The UTF-8 encoding of a scalar value (not a surrogate).
    private static func utf8(_ scalar: UInt32) -> [UInt8] {
        switch scalar {
        case 0...0x7F: return [UInt8(scalar)]
        case 0x80...0x7FF: return [0xC0 | UInt8(scalar >> 6), 0x80 | UInt8(scalar & 0x3F)]
        case 0x800...0xFFFF:
            return [0xE0 | UInt8(scalar >> 12), 0x80 | UInt8((scalar >> 6) & 0x3F), 0x80 | UInt8(scalar & 0x3F)]
        default:
            return [
                0xF0 | UInt8(scalar >> 18), 0x80 | UInt8((scalar >> 12) & 0x3F), 0x80 | UInt8((scalar >> 6) & 0x3F),
                0x80 | UInt8(scalar & 0x3F),
            ]
        }
    }
}

extension ClosedRange where Bound == UInt16 {
    /// The part of the range inside `limits`, or nil when they do not overlap.
    fileprivate func overlap(with limits: ClosedRange<UInt16>) -> ClosedRange<UInt16>? {
        overlaps(limits) ? clamped(to: limits) : nil
    }
}
