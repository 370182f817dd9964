/// How far apart two short texts are, for naming the key or relation a misspelled one was meant to be (package
/// access: the AASA and `assetlinks.json` decoders ask it).
package enum EditDistance {
    /// The Levenshtein distance of `a` and `b` (insertions, deletions and substitutions of bytes), or `limit + 1`
    /// as soon as it is known to be over `limit`.
    ///
    /// - Parameters:
    ///   - a: One text's bytes.
    ///   - b: The other's.
    ///   - limit: The largest distance of interest.
    /// - Returns: The distance, at most `limit + 1`.
    /// - Complexity: O(*m*·*n*) in the lengths; O(1) when they differ by more than `limit`.
    package static func levenshtein(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return min(previous[b.count], limit + 1)
    }
}
