/// Byte-level URL primitives shared by the router and the AASA matcher: ASCII classes and case folding,
/// hexadecimal digits, percent decoding and encoding, and UTF-8 validity.
///
/// Not API: this module is not a product. The hot-path members are `public @inlinable` rather than
/// `package` because the compiler (Swift 6.3) does not inline `package @inlinable` code across modules,
/// and route dispatch and AASA matching call them for every byte (measured: AASA matching ran about
/// 10 times slower with `package`).
///
/// Everything works on UTF-8 bytes. The small classifiers are `@inlinable` because route dispatch and AASA
/// matching call them for every byte they read; the functions that build arrays are only used off the hot
/// paths (reverse routing, pattern compilation, URLs with unsafe bytes).
public enum URLBytes {
    /// The value of an ASCII hexadecimal digit (either case), or `nil`.
    @inlinable @inline(__always)
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// The upper-case ASCII hexadecimal digit of a nibble (0...15), as URL encoders write it.
    @inlinable @inline(__always)
    public static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }

    /// Lowercases an ASCII letter and leaves every other byte alone (no Unicode rules).
    @inlinable @inline(__always)
    public static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// `text` with its ASCII letters lowercased and every other character left alone: the package's one case
    /// folding rule for URL schemes and hosts (entitlement entries, route patterns, serving domains, URLs).
    ///
    /// No Unicode rules and no IDNA (Docs/LinkRouter.md: "Hosts compare as ASCII-lowercased bytes"): `BÜCHER.de`
    /// becomes `bÜcher.de`, and the Kelvin sign `\u{212A}` stays itself rather than becoming `k`, so a host only
    /// equals another when their bytes are equal after ``asciiLower(_:)``, exactly as the matchers compare URLs.
    package static func asciiLowercased(_ text: some StringProtocol) -> String {
        guard text.utf8.contains(where: { $0 &- UInt8(ascii: "A") < 26 }) else { return String(text) }
        return String(decoding: text.utf8.map(asciiLower), as: UTF8.self)
    }

    /// Whether the byte is an ASCII digit.
    @inlinable @inline(__always)
    public static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Whether the byte is an ASCII letter.
    @inlinable @inline(__always)
    public static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// RFC 3986 unreserved characters: letters, digits, `-`, `.`, `_`, `~`.
    @inlinable @inline(__always)
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// Appends `byte` as `%XX` with upper-case hexadecimal digits.
    @inlinable
    public static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigit(byte >> 4))
        output.append(hexDigit(byte & 0x0F))
    }

    /// `bytes` with every byte for which `needsEncoding` holds written as `%XX` (upper-case hex).
    package static func percentEncoded(_ bytes: some Sequence<UInt8>, where needsEncoding: (UInt8) -> Bool)
        -> [UInt8]
    {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.underestimatedCount * 3)
        for byte in bytes {
            if needsEncoding(byte) { appendEscape(byte, to: &result) } else { result.append(byte) }
        }
        return result
    }

    /// Whether `bytes` is well-formed UTF-8.
    @inlinable
    public static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        UTF8Validation.firstInvalid(in: bytes) == nil
    }

    /// Strictly decodes the `%XX` escapes of `source` into `destination`, which must be at least as long.
    ///
    /// - Returns: The number of bytes written, or nil when an escape is malformed or the result is not
    ///   valid UTF-8 (as Foundation's `removingPercentEncoding` returns nil then).
    @inlinable
    public static func percentDecode(
        _ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>
    ) -> Int? {
        var read = 0
        var written = 0
        var needsValidation = false
        while read < source.count {
            var byte = source[read]
            if byte == UInt8(ascii: "%") {
                guard read + 2 < source.count, let high = hexValue(source[read + 1]),
                    let low = hexValue(source[read + 2])
                else { return nil }
                byte = high << 4 | low
                read += 3
            } else {
                read += 1
            }
            if byte >= 0x80 { needsValidation = true }
            destination[written] = byte
            written += 1
        }
        if needsValidation, !isValidUTF8(UnsafeBufferPointer(rebasing: destination[0..<written])) { return nil }
        return written
    }
}

// MARK: - Eight bytes at a time (the router's hot path)

extension URLBytes {
    /// `0x0101_0101_0101_0101`: one in every byte of a word.
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }

    /// The bytes `bytes[start..<min(start + 8, end)]` as a little-endian word, zero in the bytes past `end`.
    ///
    /// Invariant (the caller's): `0 <= start <= end <= bytes.count`. The unsafe reads here load eight bytes at
    /// `start` when `start + 8 <= bytes.count`, else the buffer's last eight bytes (shifted), so they never leave the
    /// buffer; only a buffer shorter than eight bytes is read byte by byte through its subscript.
    @inlinable @inline(__always)
    public static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        let length = end &- start
        let count = bytes.count
        guard count >= 8, let base = UnsafeRawPointer(bytes.baseAddress) else {
            var word: UInt64 = 0
            var index = start
            while index < end, index < start + 8 {
                word |= UInt64(bytes[index]) << UInt64((index &- start) &* 8)
                index += 1
            }
            return word
        }
        var word: UInt64
        if start &+ 8 <= count {
            word = UInt64(littleEndian: (base + start).loadUnaligned(as: UInt64.self))
        } else {
            // The last eight bytes, shifted so that `bytes[start]` is the low byte.
            let last = UInt64(littleEndian: (base + (count &- 8)).loadUnaligned(as: UInt64.self))
            word = last >> UInt64((start &- (count &- 8)) &* 8)
        }
        return length >= 8 ? word : word & ((1 << UInt64(length &* 8)) &- 1)
    }

    /// Whether `bytes[start..<end]` are all printable ASCII other than `%` (0x21 to 0x7E): clean text that needs no
    /// decoding, checked eight bytes at a time.
    ///
    /// Invariant (the caller's): `0 <= start <= end <= bytes.count`. Words are read with ``word(_:_:_:)``.
    @inlinable @inline(__always)
    public static func isPlainPrintable(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let length = min(end &- index, 8)
            // Bytes past the end read as `!` (0x21), which passes every test.
            let pad = length == 8 ? 0 : (0x21 &* ones) & ~((1 << UInt64(length &* 8)) &- 1)
            let word = word(bytes, index, end) | pad
            let high = 0x80 &* ones
            let belowBang = (word &- 0x21 &* ones) & ~word & high  // a byte < 0x21 (exact for the lowest)
            if (word & high) | belowBang | lowestMatch(word, 0x7F) | lowestMatch(word, UInt8(ascii: "%")) != 0 {
                return false
            }
            index &+= 8
        }
        return true
    }

    /// The eight bytes of `word` with ASCII letters lowercased (bytes of 0x80 and above are left alone), as
    /// ``asciiLower(_:)`` does to each.
    @inlinable @inline(__always)
    public static func asciiLower(word: UInt64) -> UInt64 {
        let low = word & (0x7F &* ones)
        let atLeastA = low &+ (0x3F &* ones)  // high bit set where byte >= 0x41
        let aboveZ = low &+ (0x25 &* ones)  // high bit set where byte >= 0x5B
        let upper = atLeastA & ~aboveZ & ~word & (0x80 &* ones)
        return word | (upper >> 2)
    }

    /// The high bit of every byte of `word` equal to `byte`, exact for the lowest such byte (a byte above it may be
    /// reported falsely, so use only the lowest set bit).
    @inlinable @inline(__always)
    static func lowestMatch(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (UInt64(byte) &* ones)
        return (x &- ones) & ~x & (0x80 &* ones)
    }

    /// Where the path segment starting at `start` ends (the first `/` in `bytes[start..<end]`, or `end`), and
    /// whether a `%` comes before that: one pass, eight bytes at a time.
    ///
    /// Invariant (the caller's): `0 <= start <= end <= bytes.count`. Words are read with ``word(_:_:_:)``.
    @inlinable @inline(__always)
    public static func segmentEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (
        end: Int, escaped: Bool
    ) {
        var index = start
        while index < end {
            // Bytes past `end` read as 0: neither `/` nor `%`.
            let word = word(bytes, index, end)
            let slash = lowestMatch(word, UInt8(ascii: "/"))
            let percent = lowestMatch(word, UInt8(ascii: "%"))
            if slash != 0 {
                let offset = slash.trailingZeroBitCount >> 3
                // A `%` below the lowest `/` is exact; bits at or above it do not matter.
                let below = percent & ((1 << UInt64(offset &* 8)) &- 1)
                return (min(index + offset, end), below != 0)
            }
            if percent != 0 {
                // A `%` in this word before any `/`: finish byte by byte.
                var scan = index
                while scan < end, bytes[scan] != UInt8(ascii: "/") { scan += 1 }
                return (scan, true)
            }
            index += 8
        }
        return (end, false)
    }

    /// Whether `text[start..<end]` equals `other[otherStart..<otherStart + (end - start)]`, eight bytes at a time;
    /// with `lowercasing`, `text` is ASCII-lowercased first and `other` must already be lowercase.
    ///
    /// Invariant (the caller's): both ranges lie in their buffers. Words are read with ``word(_:_:_:)``.
    @inlinable @inline(__always)
    public static func equals(
        _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ other: UnsafeBufferPointer<UInt8>,
        _ otherStart: Int, lowercasing: Bool = false
    ) -> Bool {
        var offset = 0
        let length = end - start
        while offset < length {
            let word = word(text, start + offset, end)
            if (lowercasing ? asciiLower(word: word) : word)
                != URLBytes.word(other, otherStart + offset, otherStart + length)
            {
                return false
            }
            offset += 8
        }
        return true
    }
}

/// Walks the percent-decoded bytes of a byte range without allocating (the lenient decoder).
///
/// `%XX` yields one byte; every other byte (including `+`) yields itself. A `%` not followed by two hex digits
/// yields itself (the router's scanner rejects such URLs before matching, so this only matters for pattern
/// text). ``URLBytes/percentDecode(_:into:)`` is the strict decoder.
@frozen
public struct PercentDecodingCursor {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var index: Int
    @usableFromInline let end: Int

    /// A cursor over `bytes[index..<end]`.
    @inlinable
    public init(bytes: UnsafeBufferPointer<UInt8>, index: Int, end: Int) {
        self.bytes = bytes
        self.index = index
        self.end = end
    }

    /// The next decoded byte, or nil at the end.
    @inlinable @inline(__always)
    public mutating func next() -> UInt8? {
        guard index < end else { return nil }
        let byte = bytes[index]
        if byte == UInt8(ascii: "%"), index + 2 < end,
            let high = URLBytes.hexValue(bytes[index + 1]), let low = URLBytes.hexValue(bytes[index + 2])
        {
            index += 3
            return high << 4 | low
        }
        index += 1
        return byte
    }
}
