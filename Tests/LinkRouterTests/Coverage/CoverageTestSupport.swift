/// A deterministic random number generator (SplitMix64) so randomized tests are reproducible.
struct CoverageRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Every byte string over `alphabet` of length at most `maxLength`, shortest first.
func allStrings(over alphabet: [UInt8], maxLength: Int) -> [[UInt8]] {
    var result: [[UInt8]] = [[]]
    var layer: [[UInt8]] = [[]]
    for _ in 0..<maxLength {
        var next: [[UInt8]] = []
        for prefix in layer {
            for byte in alphabet { next.append(prefix + [byte]) }
        }
        result += next
        layer = next
    }
    return result
}
