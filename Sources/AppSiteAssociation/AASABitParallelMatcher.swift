import RichMediaKitSupport

/// A bit-parallel (Shift-And over Glushkov positions) matcher for patterns of up to 63 positions.
///
/// The live positions are the bits of one `UInt64` (bit 0 is the start). Per input byte:
///
///     follow = (live & shift) << 1 | (live & loop) | (live & skip) << 2 | exceptions
///     live = follow & masks[byte]
///
/// where `shift` marks positions followed by the next one, `loop` the `*` positions (which follow
/// themselves), `skip` positions followed by the one after next (a literal before a `*` may skip
/// it), and the few remaining edges (into and out of alternation branches) are exceptions: "if any
/// of these bits is live, add those". That is a handful of instructions per byte, with no
/// allocation and no backtracking: `*a*a*a*a*a*a*a*a*a*a*b` against 10,000 `a`s is 10,000 steps.
///
/// `?` (one UTF-8 scalar) is compiled as one ASCII byte: exact for ASCII input, which is all the
/// percent-encoded URL parts ever are. For a non-ASCII byte the matcher answers nil when the
/// pattern has a `?`, and the caller falls back to the general ``AASAAutomaton``.
struct AASABitParallelMatcher: Sendable {
    /// Per byte value, the positions that accept it; when every non-ASCII byte has the same mask
    /// (patterns without non-ASCII literals), only 129 entries are kept, the last for all of them.
    private let masks: [UInt64]
    /// The largest index into `masks` (255, or 128 for the short table).
    private let lastMask: UInt8
    private let shift: UInt64
    private let loop: UInt64
    private let skip: UInt64
    /// Irregular edges: when `live & source != 0`, the positions `target` follow.
    private let exceptions: [(source: UInt64, target: UInt64)]
    /// The positions after which the input may end.
    private let accepting: UInt64
    /// Whether a non-ASCII byte must be handed to the general automaton.
    private let asciiOnly: Bool
    /// The most positions (bit 0 is the start).
    static let capacity = 63
    /// The most irregular edge groups before the general automaton is cheaper.
    static let maximumExceptions = 8

    /// Builds the matcher; nil when the pattern has too many positions or irregular edges.
    init?(_ elements: [AASAPattern.Element]) {
        let hasAnyCharacter = elements.contains { $0.containsAnyCharacter }
        let automaton = AASAAutomaton(hasAnyCharacter ? elements.map(\.asciiOnly) : elements)
        guard automaton.consumingStateCount <= Self.capacity else { return nil }
        let graph = automaton.positions()
        var masks = [UInt64](repeating: 0, count: 256)
        for (position, set) in graph.sets.enumerated() where position > 0 {
            for byte in set.members { masks[Int(byte)] |= 1 << UInt64(position) }
        }
        var shift: UInt64 = 0
        var loop: UInt64 = 0
        var skip: UInt64 = 0
        var accepting: UInt64 = 0
        var residual: [UInt64: UInt64] = [:]  // target set -> sources
        var residualOrder: [UInt64] = []
        for (position, follow) in graph.follow.enumerated() {
            let bit = UInt64(1) << UInt64(position)
            if graph.accepting[position] { accepting |= bit }
            var rest: UInt64 = 0
            for next in follow {
                switch next - position {
                case 0: loop |= bit
                case 1: shift |= bit
                case 2: skip |= bit
                default: rest |= 1 << UInt64(next)
                }
            }
            guard rest != 0 else { continue }
            if residual[rest] == nil { residualOrder.append(rest) }
            residual[rest, default: 0] |= bit
        }
        guard residualOrder.count <= Self.maximumExceptions else { return nil }
        let high = masks[0x80]
        if masks[0x80...].allSatisfy({ $0 == high }) {
            self.masks = Array(masks[...0x80])
            self.lastMask = 0x80
        } else {
            self.masks = masks
            self.lastMask = 0xFF
        }
        self.shift = shift
        self.loop = loop
        self.skip = skip
        self.exceptions = residualOrder.map { (residual[$0] ?? 0, $0) }
        self.accepting = accepting
        self.asciiOnly = hasAnyCharacter
    }

    @inline(__always)
    private static func follow(
        _ live: UInt64, shift: UInt64, loop: UInt64, skip: UInt64, exceptions: [(source: UInt64, target: UInt64)]
    ) -> UInt64 {
        var next = (live & shift) << 1 | (live & loop) | (live & skip) << 2
        for exception in exceptions where live & exception.source != 0 { next |= exception.target }
        return next
    }

    /// Whether `prefix`, then `body`, then `suffix` (each optional) is accepted; nil when the
    /// input has a non-ASCII byte and the pattern a `?` (ask the general automaton then).
    ///
    /// - Complexity: O(n) for n input bytes.
    func matches(prefix: UInt8?, body: UnsafeBufferPointer<UInt8>, suffix: UInt8?) -> Bool? {
        masks.withUnsafeBufferPointer { masks in
            var live: UInt64 = 1
            let shift = self.shift
            let loop = self.loop
            let skip = self.skip
            let exceptions = self.exceptions
            let asciiOnly = self.asciiOnly
            let lastMask = self.lastMask
            var nonASCII = false
            @inline(__always)
            func step(_ byte: UInt8) -> Bool {
                if asciiOnly, byte >= 0x80 {
                    nonASCII = true
                    return false
                }
                live =
                    Self.follow(live, shift: shift, loop: loop, skip: skip, exceptions: exceptions)
                    & masks[Int(min(byte, lastMask))]
                return live != 0
            }
            if let prefix, !step(prefix) { return nonASCII ? nil : false }
            for byte in body where !step(byte) { return nonASCII ? nil : false }
            if let suffix, !step(suffix) { return nonASCII ? nil : false }
            return live & accepting != 0
        }
    }

    /// For each of the first `levels` bytes after `prefix`, the bytes that may appear there in
    /// an accepted input, assuming the bytes before it are ASCII (a superset; exact for patterns
    /// without `?`). Non-ASCII bytes are always admitted when the pattern has a `?`.
    ///
    /// The live set is simulated for all inputs at once (the union of the live sets of every
    /// prefix), which the bit-parallel step allows because it distributes over union.
    func possibleBytes(after prefix: UInt8, levels: Int) -> [ByteSet] {
        var live =
            Self.follow(1, shift: shift, loop: loop, skip: skip, exceptions: exceptions)
            & masks[Int(min(prefix, lastMask))]
        var result: [ByteSet] = []
        for _ in 0..<levels {
            let reachable = Self.follow(live, shift: shift, loop: loop, skip: skip, exceptions: exceptions)
            var set = ByteSet()
            var next: UInt64 = 0
            for byte in 0..<256 {
                let survivors = reachable & masks[min(byte, Int(lastMask))]
                if survivors != 0 || (asciiOnly && byte >= 0x80) { set.insert(UInt8(byte)) }
                next |= survivors
            }
            result.append(set)
            live = next
        }
        return result
    }
}

extension AASAPattern.Element {
    /// Whether the element is, or its branches contain, a `?`.
    fileprivate var containsAnyCharacter: Bool {
        switch self {
        case .anyCharacter: return true
        case .alternation(let branches): return branches.contains { $0.contains { $0.containsAnyCharacter } }
        default: return false
        }
    }

    /// The element with `?` narrowed to one ASCII byte.
    fileprivate var asciiOnly: AASAPattern.Element {
        switch self {
        case .anyCharacter: return .byteClass(ByteSet(0x00...0x7F))
        case .alternation(let branches): return .alternation(branches.map { $0.map(\.asciiOnly) })
        default: return self
        }
    }
}
