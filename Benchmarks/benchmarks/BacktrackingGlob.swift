/// The baseline for `aasa.pathological`: the recursive backtracking glob most people write first
/// (`*` tries every split, `?` takes one byte). It is exponential on patterns like `*a*a*a*b`, so it
/// gives up after a deadline and reports that it did.
struct BacktrackingGlob {
    let pattern: [UInt8]
    let deadline: ContinuousClock.Instant
    private(set) var steps = 0

    init(_ pattern: String, deadline: ContinuousClock.Instant) {
        self.pattern = Array(pattern.utf8)
        self.deadline = deadline
    }

    struct TimedOut: Error {}

    /// Whether the whole `text` matches; throws `TimedOut` once the deadline has passed.
    mutating func matches(_ text: [UInt8]) throws -> Bool {
        try match(0, text, 0)
    }

    private mutating func match(_ p: Int, _ text: [UInt8], _ t: Int) throws -> Bool {
        steps += 1
        if steps & 0xFFFF == 0, ContinuousClock.now >= deadline { throw TimedOut() }
        if p == pattern.count { return t == text.count }
        switch pattern[p] {
        case UInt8(ascii: "*"):
            var split = t
            while split <= text.count {
                if try match(p + 1, text, split) { return true }
                split += 1
            }
            return false
        case UInt8(ascii: "?"):
            guard t < text.count else { return false }
            return try match(p + 1, text, t + 1)
        default:
            guard t < text.count, text[t] == pattern[p] else { return false }
            return try match(p + 1, text, t + 1)
        }
    }
}
