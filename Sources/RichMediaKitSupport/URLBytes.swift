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
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
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
