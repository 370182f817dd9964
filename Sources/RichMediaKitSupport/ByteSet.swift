/// A set of bytes (0...255) stored as a 256-bit bitmap: the package's one byte set.
///
/// The AASA matcher's automata label positions with byte sets (pattern classes such as `$(alpha)`); the
/// coverage engine labels automaton transitions with them and also uses them as sets of alphabet class
/// indices, which are always below 256. `contains` and `insert` are `public @inlinable` (the module is not
/// a product, so this is not API) because the AASA matcher calls `contains` for every byte it reads and
/// the compiler does not inline `package @inlinable` code across modules.
@frozen
public struct ByteSet: Hashable, Sendable {
    @usableFromInline var w0: UInt64 = 0
    @usableFromInline var w1: UInt64 = 0
    @usableFromInline var w2: UInt64 = 0
    @usableFromInline var w3: UInt64 = 0

    /// The empty set.
    package static let empty = ByteSet()

    /// Every byte.
    package static let all = ByteSet(w0: ~0, w1: ~0, w2: ~0, w3: ~0)

    private init(w0: UInt64, w1: UInt64, w2: UInt64, w3: UInt64) {
        self.w0 = w0
        self.w1 = w1
        self.w2 = w2
        self.w3 = w3
    }

    /// The empty set.
    @inlinable
    public init() {}

    package init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { insert(byte) }
    }

    package init(_ string: String) {
        self.init(Array(string.utf8))
    }

    /// The bytes of `range`, set a word at a time (the coverage engine builds thousands of these per pattern).
    package init(_ range: ClosedRange<UInt8>) {
        let (low, high) = (Int(range.lowerBound), Int(range.upperBound))
        func word(_ index: Int) -> UInt64 {
            let first = max(low, index * 64) - index * 64
            let last = min(high, index * 64 + 63) - index * 64
            guard first <= last else { return 0 }
            let width = last - first + 1
            return (width == 64 ? ~0 : (UInt64(1) << UInt64(width)) - 1) << UInt64(first)
        }
        self.init(w0: word(0), w1: word(1), w2: word(2), w3: word(3))
    }

    /// Whether the set has no member.
    @inlinable
    public var isEmpty: Bool { (w0 | w1 | w2 | w3) == 0 }

    package var count: Int { w0.nonzeroBitCount + w1.nonzeroBitCount + w2.nonzeroBitCount + w3.nonzeroBitCount }

    /// Whether the set holds `byte`.
    @inlinable
    public func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return w0 & bit != 0
        case 1: return w1 & bit != 0
        case 2: return w2 & bit != 0
        default: return w3 & bit != 0
        }
    }

    /// Adds `byte`.
    @inlinable
    public mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: w0 |= bit
        case 1: w1 |= bit
        case 2: w2 |= bit
        default: w3 |= bit
        }
    }

    package mutating func remove(_ byte: UInt8) {
        let bit = ~(UInt64(1) << UInt64(byte & 63))
        switch byte >> 6 {
        case 0: w0 &= bit
        case 1: w1 &= bit
        case 2: w2 &= bit
        default: w3 &= bit
        }
    }

    package func union(_ other: ByteSet) -> ByteSet {
        ByteSet(w0: w0 | other.w0, w1: w1 | other.w1, w2: w2 | other.w2, w3: w3 | other.w3)
    }

    package func intersection(_ other: ByteSet) -> ByteSet {
        ByteSet(w0: w0 & other.w0, w1: w1 & other.w1, w2: w2 & other.w2, w3: w3 & other.w3)
    }

    package func subtracting(_ other: ByteSet) -> ByteSet {
        ByteSet(w0: w0 & ~other.w0, w1: w1 & ~other.w1, w2: w2 & ~other.w2, w3: w3 & ~other.w3)
    }

    package var complement: ByteSet { ByteSet(w0: ~w0, w1: ~w1, w2: ~w2, w3: ~w3) }

    /// The smallest member, if any.
    package var first: UInt8? {
        if w0 != 0 { return UInt8(w0.trailingZeroBitCount) }
        if w1 != 0 { return UInt8(64 + w1.trailingZeroBitCount) }
        if w2 != 0 { return UInt8(128 + w2.trailingZeroBitCount) }
        if w3 != 0 { return UInt8(192 + w3.trailingZeroBitCount) }
        return nil
    }

    /// Calls `body` with every member in increasing order.
    @inline(__always)
    package func forEachMember(_ body: (UInt8) -> Void) {
        Self.forEachBit(of: w0, offset: 0, body)
        Self.forEachBit(of: w1, offset: 64, body)
        Self.forEachBit(of: w2, offset: 128, body)
        Self.forEachBit(of: w3, offset: 192, body)
    }

    @inline(__always)
    private static func forEachBit(of word: UInt64, offset: Int, _ body: (UInt8) -> Void) {
        var bits = word
        while bits != 0 {
            body(UInt8(offset + bits.trailingZeroBitCount))
            bits &= bits - 1
        }
    }

    /// The members in increasing order.
    package var members: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        forEachMember { result.append($0) }
        return result
    }

    /// The set with both ASCII cases of every letter it contains.
    package var caseFolded: ByteSet {
        var result = self
        forEachMember { byte in
            if byte >= 0x41 && byte <= 0x5A { result.insert(byte + 0x20) }
            if byte >= 0x61 && byte <= 0x7A { result.insert(byte - 0x20) }
        }
        return result
    }
}

extension ByteSet {
    /// ASCII letters and digits.
    package static let alphanumerics = ByteSet(0x30...0x39).union(ByteSet(0x41...0x5A)).union(ByteSet(0x61...0x7A))
    /// RFC 3986 unreserved characters: letters, digits, `-`, `.`, `_`, `~`.
    package static let unreserved = alphanumerics.union(ByteSet("-._~"))
    /// RFC 3986 sub-delimiters.
    package static let subDelimiters = ByteSet("!$&'()*+,;=")
    /// Hexadecimal digits in either case.
    package static let hexDigits = ByteSet(0x30...0x39).union(ByteSet(0x41...0x46)).union(ByteSet(0x61...0x66))
}
