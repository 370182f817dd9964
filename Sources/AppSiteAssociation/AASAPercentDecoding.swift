/// Byte-level percent-encoding helpers (FoundationEssentials has no `removingPercentEncoding`).
enum AASAPercentDecoding {
    /// Decodes `%XX` escapes of `source` into `destination`, which must be at least as long.
    ///
    /// - Returns: The number of bytes written, or nil when an escape is malformed or the result is
    ///   not valid UTF-8 (as `removingPercentEncoding` returns nil then).
    static func decode(_ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>)
        -> Int?
    {
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

    /// Whether `bytes` is well-formed UTF-8.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

    /// `text` with every byte that cannot appear raw in a URL (non-ASCII, space, control
    /// characters) percent-encoded as `%XX` with upper-case hex, as URL parsers do; nil when
    /// there is no such byte.
    static func encodingUnsafeBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard bytes.contains(where: needsEncoding) else { return nil }
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if needsEncoding(byte) {
                result.append(UInt8(ascii: "%"))
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0x0F)])
            } else {
                result.append(byte)
            }
        }
        return result
    }

    private static func needsEncoding(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
