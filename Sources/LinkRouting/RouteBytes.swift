/// Byte-level helpers shared by the URL scanner, the matcher, pattern parsing and reverse routing.
///
/// Everything here works on UTF-8 bytes and never allocates, except the functions that return a `String`
/// or an array (which are only used when building a decision, parsing patterns or reverse routing).
enum RouteBytes {
    /// The value of an ASCII hexadecimal digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// Lowercases an ASCII letter and leaves every other byte alone.
    @inline(__always)
    static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// RFC 3986 unreserved characters: the only bytes reverse routing writes without percent-encoding.
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

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
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte < 0x21 || byte >= 0x7F || byte == UInt8(ascii: "%") { break }
            index += 1
        }
        if index == end { return true }
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
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
        }
        output += String(decoding: bytes, as: UTF8.self)
    }
}

/// Walks the percent-decoded bytes of a byte range without allocating.
///
/// `%XX` yields one byte; every other byte (including `+`) yields itself. A `%` not followed by two hex digits
/// yields itself (the scanner rejects such URLs before matching, so this only matters for pattern text).
struct PercentDecodingCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    let end: Int

    @inline(__always)
    mutating func next() -> UInt8? {
        guard index < end else { return nil }
        let byte = bytes[index]
        if byte == UInt8(ascii: "%"), index + 2 < end,
            let high = RouteBytes.hexValue(bytes[index + 1]), let low = RouteBytes.hexValue(bytes[index + 2])
        {
            index += 3
            return high << 4 | low
        }
        index += 1
        return byte
    }
}
