/// A set of bytes (0...255) stored as a 256-bit mask.
package struct AASAByteSet: Sendable, Hashable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The empty set.
    init() {}

    /// A set holding the bytes of `ranges`.
    init(_ ranges: ClosedRange<UInt8>...) {
        for range in ranges {
            for byte in range { insert(byte) }
        }
    }

    /// Every byte.
    static let all = AASAByteSet(0...255)

    /// Adds a byte.
    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Whether the set holds `byte`.
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// The bytes in the set, ascending.
    package var bytes: [UInt8] {
        (0...255).compactMap { contains(UInt8($0)) ? UInt8($0) : nil }
    }

    /// This set with every ASCII letter's other case added.
    func caseFolded() -> AASAByteSet {
        var result = self
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") where contains(byte) { result.insert(byte | 0x20) }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") where contains(byte) { result.insert(byte & ~0x20) }
        return result
    }

    package static func == (lhs: AASAByteSet, rhs: AASAByteSet) -> Bool {
        lhs.words == rhs.words
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
