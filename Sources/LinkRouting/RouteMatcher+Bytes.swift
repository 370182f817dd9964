import RichMediaKitSupport

/// Byte comparisons the matcher uses; none allocates.
extension RouteMatcher {
    /// The raw value range of the first query item named `name` (decoded comparison), or `nil`.
    static func firstQueryValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ stored: UnsafeBufferPointer<UInt8>,
        _ nameStart: Int, _ nameLength: Int
    ) -> Range<Int>? {
        var found: Range<Int>?
        forEachQueryItem(bytes, start, end) { name, value in
            guard decodedEquals(bytes, name.lowerBound, name.upperBound, stored, nameStart, nameLength) else {
                return true
            }
            found = value
            return false
        }
        return found
    }

    /// Calls `body` with the raw name and value ranges of each `&`-separated item of the query
    /// `bytes[start..<end]`, in order, until `body` returns `false`. Every item counts, even an empty one; an
    /// item without `=` has the empty value at its end.
    @inline(__always)
    static func forEachQueryItem(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
        _ body: (_ name: Range<Int>, _ value: Range<Int>) -> Bool
    ) {
        var itemStart = start
        while itemStart <= end {
            var itemEnd = itemStart
            while itemEnd < end, bytes[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
            var nameEnd = itemStart
            while nameEnd < itemEnd, bytes[nameEnd] != UInt8(ascii: "=") { nameEnd += 1 }
            guard body(itemStart..<nameEnd, min(nameEnd + 1, itemEnd)..<itemEnd) else { return }
            itemStart = itemEnd + 1
        }
    }

    /// Whether the percent-decoded `bytes[start..<end]` equal `stored[storedStart..<storedStart + length]`.
    @inline(__always)
    static func decodedEquals(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ stored: UnsafeBufferPointer<UInt8>,
        _ storedStart: Int, _ length: Int
    ) -> Bool {
        var cursor = PercentDecodingCursor(bytes: bytes, index: start, end: end)
        var offset = 0
        while let byte = cursor.next() {
            guard offset < length, stored[storedStart + offset] == byte else { return false }
            offset += 1
        }
        return offset == length
    }

    /// `.` or `..`, raw or with `%2E`/`%2e`.
    static func isDotSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start <= 6, bytes[start] == UInt8(ascii: ".") || bytes[start] == UInt8(ascii: "%") else {
            return false
        }
        var cursor = PercentDecodingCursor(bytes: bytes, index: start, end: end)
        var dots = 0
        while let byte = cursor.next() {
            guard byte == UInt8(ascii: ".") else { return false }
            dots += 1
        }
        return dots == 1 || dots == 2
    }

    /// Whether `bytes[start..<end]`, ASCII-lowercased, equal the (lowercase) `lowered`.
    @inline(__always)
    static func equalsLowercased(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ lowered: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard end - start == lowered.count else { return false }
        for offset in 0..<lowered.count where RouteBytes.asciiLower(bytes[start + offset]) != lowered[offset] {
            return false
        }
        return true
    }

    @inline(__always)
    static func equalsLowercased(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ lowered: StaticString
    ) -> Bool {
        lowered.withUTF8Buffer { equalsLowercased(bytes, start, end, $0) }
    }

    /// Schemes that are never opened, even if someone lists them.
    static let forbiddenSchemes = FlatStrings(URLSchemes.forbidden)

    /// Bytes allowed in a URL that need no further look: ``isAllowed(_:)`` except `#`, `%` and `?`.
    /// Branch-free, so the common case costs a few instructions per byte.
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        let value = UInt64(byte)
        let mask: UInt64 = value < 64 ? 0x2fff_ffd2_0000_0000 : (value < 128 ? 0x47ff_fffe_afff_ffff : ~0)
        return (mask >> (value & 63)) & 1 != 0
    }

    /// Whether `bytes[index..<index + 8]` are all ``isPlain(_:)`` (the caller guarantees they exist).
    @inline(__always)
    static func arePlain(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        var all = true
        for offset in 0..<8 { all = all && isPlain(bytes[index + offset]) }
        return all
    }

    /// ASCII bytes allowed anywhere in a URL: printable characters except space and `"<>\^`{|}`.
    /// Bytes of 0x80 and above (UTF-8 of non-ASCII text) are allowed too.
    @inline(__always)
    static func isAllowed(_ byte: UInt8) -> Bool {
        if byte < 64 { return (0xafff_fffa_0000_0000 as UInt64) >> UInt64(byte) & 1 != 0 }
        if byte < 128 { return (0x47ff_fffe_afff_ffff as UInt64) >> UInt64(byte &- 64) & 1 != 0 }
        return true
    }
}
