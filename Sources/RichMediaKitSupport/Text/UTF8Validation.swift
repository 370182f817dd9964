/// The one UTF-8 validator of the package's readers (JSON, XML, property lists, URLs), package access: well-formed
/// UTF-8 as Unicode defines it (no overlong forms, no surrogates, nothing above U+10FFFF; Table 3-7 of the
/// Unicode Standard).
@usableFromInline
package enum UTF8Validation {
    /// The UTF-8 byte-order mark, `EF BB BF`.
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether `bytes` starts with a UTF-8 byte-order mark.
    package static func startsWithByteOrderMark<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Bool
    where Bytes.Element == UInt8, Bytes.Index == Int {
        bytes.count >= 3 && bytes[bytes.startIndex] == 0xEF && bytes[bytes.startIndex + 1] == 0xBB
            && bytes[bytes.startIndex + 2] == 0xBF
    }

    /// The length of the well-formed UTF-8 sequence starting at `position` (1 for an ASCII byte), or nil when the
    /// bytes there are not one.
    ///
    /// - Complexity: O(1).
    @inlinable
    package static func sequenceLength<Bytes: RandomAccessCollection>(at position: Int, in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let lead = bytes[position]
        if lead < 0x80 { return 1 }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return nil
        }
        guard position + length <= bytes.endIndex else { return nil }
        guard (low...high).contains(bytes[position + 1]) else { return nil }
        for offset in 2..<max(2, length) where bytes[position + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or nil when all of `bytes` is.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    package static func firstInvalid<Bytes: RandomAccessCollection>(in bytes: Bytes) -> Int?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard let length = sequenceLength(at: index, in: bytes) else { return index }
            index += length
        }
        return nil
    }
}
