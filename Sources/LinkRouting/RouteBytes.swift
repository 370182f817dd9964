import RichMediaKitSupport

/// The router's byte helpers: the package's shared URL primitives (``URLBytes``: ASCII classes, case
/// folding, hex digits, percent decoding and encoding) plus the routing-only ones below, used by the URL
/// scanner, the matcher, pattern parsing and reverse routing.
///
/// Everything here works on UTF-8 bytes and never allocates, except the functions that return a `String`
/// or an array (which are only used when building a decision, parsing patterns or reverse routing).
typealias RouteBytes = URLBytes

extension URLBytes {
    /// FNV-1a offset basis (64-bit).
    static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a prime (64-bit).
    static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3

    /// Whether `bytes[start..<end]` are all ASCII digits (and there is at least one).
    static func isIntSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        var index = start
        while index < end {
            if !isDigit(bytes[index]) { return false }
            index += 1
        }
        return true
    }

    /// Whether `bytes[start..<end]` is the textual form of a UUID: 8-4-4-4-12 hexadecimal digits, any case.
    static func isUUIDSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start == 36 else { return false }
        for offset in 0..<36 {
            let byte = bytes[start + offset]
            switch offset {
            case 8, 13, 18, 23:
                if byte != UInt8(ascii: "-") { return false }
            default:
                if hexValue(byte) == nil { return false }
            }
        }
        return true
    }

    /// Whether the percent-decoded bytes of `bytes[start..<end]` are valid UTF-8 free of control characters.
    ///
    /// Control characters are the Unicode category Cc: U+0000–U+001F, U+007F and U+0080–U+009F.
    /// The caller guarantees every `%` is followed by two hex digits (the scanner checks this for the whole URL).
    static func isCleanText(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        // Fast path: printable ASCII without escapes.
        if isPlainPrintable(bytes, start, end) { return true }
        var decoder = PercentDecodingCursor(bytes: bytes, index: start, end: end)
        var pending = 0  // continuation bytes still expected
        var scalar: UInt32 = 0
        var minimum: UInt32 = 0
        while let byte = decoder.next() {
            if pending == 0 {
                switch byte {
                case 0x00...0x1F, 0x7F: return false
                case 0x20...0x7E: continue
                case 0xC2...0xDF:
                    pending = 1
                    scalar = UInt32(byte & 0x1F)
                    minimum = 0x80
                case 0xE0...0xEF:
                    pending = 2
                    scalar = UInt32(byte & 0x0F)
                    minimum = 0x800
                case 0xF0...0xF4:
                    pending = 3
                    scalar = UInt32(byte & 0x07)
                    minimum = 0x10000
                default: return false
                }
            } else {
                guard byte & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
                pending -= 1
                if pending == 0 {
                    if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return false }
                    if (0x80...0x9F).contains(scalar) { return false }
                }
            }
        }
        return pending == 0
    }

    /// Decodes `bytes[start..<end]` (percent escapes resolved, `+` kept) into a `String`.
    ///
    /// Only call this on text that passed ``isCleanText(_:_:_:)``.
    static func decodedString(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var escaped = false
        for index in start..<end where bytes[index] == UInt8(ascii: "%") {
            escaped = true
            break
        }
        guard escaped else {
            // Short values become small strings without any allocation.
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end - start) { buffer in
            var decoder = PercentDecodingCursor(bytes: bytes, index: start, end: end)
            var count = 0
            while let byte = decoder.next() {
                buffer[count] = byte
                count += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
        }
    }

    /// Appends `text` percent-encoded: every byte but the RFC 3986 unreserved ones becomes `%XX`.
    static func appendPercentEncoded(_ text: String, to output: inout String) {
        output += String(decoding: percentEncoded(text.utf8) { !isUnreserved($0) }, as: UTF8.self)
    }
}
