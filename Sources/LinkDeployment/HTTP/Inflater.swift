import RichMediaKitSupport

/// Undoes a body's `Content-Encoding` (`gzip`, `deflate`) with a bound on what it produces (package access).
///
/// A DEFLATE decoder (RFC 1951) with the gzip (RFC 1952) and zlib (RFC 1950) wrappers, written for hostile input:
/// it produces at most `limit` + 1 bytes and stops there (``Result/truncated``), so a body that expands a thousand
/// times (a "gzip bomb") costs the limit, never what it would expand to; every length, distance and code is checked
/// before it is used, and a malformed stream is a ``Failure`` saying what is wrong.
///
/// - Complexity: O(*c* + *o*) for *c* compressed bytes read and *o* ≤ `limit` + 1 bytes produced.
package enum Inflater {
    /// The wrapper around the DEFLATE data.
    package enum Format: Sendable {
        /// `Content-Encoding: gzip` (or `x-gzip`): a gzip member.
        case gzip
        /// `Content-Encoding: deflate`: a zlib stream, or raw DEFLATE data as some servers send it.
        case deflate
    }

    /// What was produced.
    package struct Result: Sendable, Equatable {
        /// The bytes produced: all of them, or the first `limit` + 1.
        package var output: [UInt8]
        /// Whether production stopped one byte past the limit.
        package var truncated: Bool
        /// How many bytes of the input were read: the work done, which stops with the output.
        package var consumed: Int
    }

    /// Why the data could not be decompressed.
    package struct Failure: Error, Sendable, Equatable {
        /// What is wrong, in a few words (`an invalid distance`).
        package var message: String

        init(_ message: String) {
            self.message = message
        }
    }

    /// The encoding's format for a `Content-Encoding` value, or nil for `identity` or none.
    ///
    /// - Parameter contentEncoding: The header's value.
    /// - Returns: The format, nil for no encoding.
    /// - Throws: ``Failure`` for an encoding this decoder does not undo (`br`, `compress`, several).
    package static func format(contentEncoding: String?) throws(Failure) -> Format? {
        guard let contentEncoding else { return nil }
        let value = URLBytes.asciiLowercased(String(contentEncoding.filter { $0 != " " && $0 != "\t" }))
        switch value {
        case "", "identity": return nil
        case "gzip", "x-gzip": return .gzip
        case "deflate": return .deflate
        default: throw Failure("the Content-Encoding \(value) is not one the request accepted (gzip, deflate)")
        }
    }

    /// Decompresses `input`, producing at most `limit` + 1 bytes.
    ///
    /// - Parameters:
    ///   - input: The whole compressed body, or as much of it as was read (a body cut short fails, unless the limit
    ///     was passed first).
    ///   - format: The wrapper.
    ///   - limit: The most bytes wanted; production stops one byte past it.
    /// - Returns: The bytes and whether they were cut at the limit.
    /// - Throws: ``Failure`` for malformed data.
    package static func inflate(_ input: [UInt8], format: Format, limit: Int) throws(Failure) -> Result {
        var reader = BitReader(input)
        switch format {
        case .gzip:
            try reader.skipGzipHeader()
        case .deflate:
            // zlib: CMF (method 8, window up to 32 KiB), FLG with the check bits, no preset dictionary.
            if input.count >= 2, input[0] & 0x0F == 8, input[0] >> 4 <= 7,
                (Int(input[0]) << 8 | Int(input[1])) % 31 == 0
            {
                guard input[1] & 0x20 == 0 else { throw Failure("a zlib stream with a preset dictionary") }
                reader.index = 2
            }
        }
        var decoder = Decoder(reader: reader, limit: limit)
        try decoder.run()
        return Result(output: decoder.output, truncated: decoder.truncated, consumed: decoder.reader.index)
    }
}

/// Bits of a byte array, least significant first (DEFLATE's order).
private struct BitReader {
    let bytes: [UInt8]
    var index = 0
    private var buffer: UInt32 = 0
    private var count = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next `need` bits (0 to 16) as a number.
    mutating func bits(_ need: Int) throws(Inflater.Failure) -> Int {
        while count < need {
            guard index < bytes.count else { throw Inflater.Failure("the compressed data ends too soon") }
            buffer |= UInt32(bytes[index]) << UInt32(count)
            index += 1
            count += 8
        }
        let value = Int(buffer & ((1 << UInt32(need)) - 1))
        buffer >>= UInt32(need)
        count -= need
        return value
    }

    /// Drops the bits left of the current byte (before a stored block).
    mutating func alignToByte() {
        buffer = 0
        count = 0
    }

    /// The next whole byte (after ``alignToByte()``).
    mutating func byte() throws(Inflater.Failure) -> UInt8 {
        guard index < bytes.count else { throw Inflater.Failure("the compressed data ends too soon") }
        defer { index += 1 }
        return bytes[index]
    }

    /// Skips a gzip member's header (RFC 1952 §2.3).
    mutating func skipGzipHeader() throws(Inflater.Failure) {
        guard bytes.count >= 10, bytes[0] == 0x1F, bytes[1] == 0x8B else {
            throw Inflater.Failure("the body is not gzip data (no gzip header)")
        }
        guard bytes[2] == 8 else { throw Inflater.Failure("a gzip member with a method other than DEFLATE") }
        let flags = bytes[3]
        index = 10
        if flags & 0x04 != 0 {
            let length = Int(try byte()) | Int(try byte()) << 8
            guard length <= bytes.count - index else { throw Inflater.Failure("the compressed data ends too soon") }
            index += length
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
            while try byte() != 0 {}
        }
        if flags & 0x02 != 0 { index += 2 }
        guard index <= bytes.count else { throw Inflater.Failure("the compressed data ends too soon") }
    }
}

/// A canonical Huffman code: how many codes each length has, and the symbols in code order (RFC 1951 §3.2.2).
private struct Huffman {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []

    /// The code for `lengths` (0: the symbol is not used; each at most 15), checked.
    static func checked(_ lengths: ArraySlice<Int>) throws(Inflater.Failure) -> Huffman {
        let code = Huffman(lengths: lengths)
        var left = 1
        for length in 1..<16 {
            left = left << 1 - code.counts[length]
            guard left >= 0 else { throw Inflater.Failure("an oversubscribed Huffman code") }
        }
        return code
    }

    /// The code for `lengths`, unchecked (the fixed codes, which are complete).
    init(lengths: ArraySlice<Int>) {
        for length in lengths { counts[length] += 1 }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in zip(0..., lengths) where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    /// The next symbol, read one bit at a time (an incomplete code's unused codes are errors).
    func decode(_ reader: inout BitReader) throws(Inflater.Failure) -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1..<16 {
            code |= try reader.bits(1)
            let count = counts[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw Inflater.Failure("a code that the block's Huffman table does not have")
    }
}

/// The DEFLATE decoder proper: blocks until the last, output capped at the limit and one byte.
private struct Decoder {
    var reader: BitReader
    let limit: Int
    var output: [UInt8] = []
    var truncated = false

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    init(reader: BitReader, limit: Int) {
        self.reader = reader
        self.limit = limit
    }

    /// Whether the output passed the limit (production stops).
    private var full: Bool { output.count > limit }

    mutating func run() throws(Inflater.Failure) {
        var last = false
        while !last, !full {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try stored()
            case 1: try codes(Self.fixedLengths, Self.fixedDistances)
            case 2:
                let (lengths, distances) = try dynamicTables()
                try codes(lengths, distances)
            default: throw Inflater.Failure("a block of the reserved type 3")
            }
        }
        if full {
            truncated = true
            output.removeSubrange((limit + 1)...)
        }
    }

    private mutating func stored() throws(Inflater.Failure) {
        reader.alignToByte()
        let length = Int(try reader.byte()) | Int(try reader.byte()) << 8
        let complement = Int(try reader.byte()) | Int(try reader.byte()) << 8
        guard length == ~complement & 0xFFFF else { throw Inflater.Failure("a stored block whose length is damaged") }
        for _ in 0..<length {
            guard !full else { return }
            output.append(try reader.byte())
        }
    }

    private static let fixedLengths: Huffman = {
        var lengths = [Int](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        return Huffman(lengths: lengths[...])
    }()

    private static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 30)[...])

    private mutating func dynamicTables() throws(Inflater.Failure) -> (Huffman, Huffman) {
        let lengthCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard lengthCount <= 286, distanceCount <= 30 else { throw Inflater.Failure("too many codes in a block") }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[Self.codeLengthOrder[index]] = try reader.bits(3) }
        let codeLengthCode = try Huffman.checked(codeLengths[...])
        var lengths: [Int] = []
        lengths.reserveCapacity(lengthCount + distanceCount)
        while lengths.count < lengthCount + distanceCount {
            let symbol = try codeLengthCode.decode(&reader)
            switch symbol {
            case 0..<16:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Inflater.Failure("a repeat with no length before it") }
                lengths += repeatElement(previous, count: 3 + (try reader.bits(2)))
            case 17:
                lengths += repeatElement(0, count: 3 + (try reader.bits(3)))
            default:
                lengths += repeatElement(0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == lengthCount + distanceCount else {
            throw Inflater.Failure("code lengths that run past the block's codes")
        }
        guard lengths[256] != 0 else { throw Inflater.Failure("a block without an end-of-block code") }
        return (try Huffman.checked(lengths[0..<lengthCount]), try Huffman.checked(lengths[lengthCount...]))
    }

    private mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws(Inflater.Failure) {
        while !full {
            let symbol = try lengths.decode(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < Self.lengthBase.count else { throw Inflater.Failure("an invalid length code") }
            let length = Self.lengthBase[lengthIndex] + (try reader.bits(Self.lengthExtra[lengthIndex]))
            let distanceIndex = try distances.decode(&reader)
            guard distanceIndex < Self.distanceBase.count else { throw Inflater.Failure("an invalid distance code") }
            let distance = Self.distanceBase[distanceIndex] + (try reader.bits(Self.distanceExtra[distanceIndex]))
            guard distance <= output.count else { throw Inflater.Failure("a distance before the start of the data") }
            let start = output.count - distance
            for offset in 0..<length {
                guard !full else { return }
                output.append(output[start + offset])
            }
        }
    }
}
