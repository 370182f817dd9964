#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The binary property-list (`bplist00`) reader behind ``PropertyListReader``.
///
/// The trailer's sizes, the offset table and every object's count are checked against the file before they are
/// used, so no offset points outside the file and no count allocates more than the file could hold. An object
/// that refers to itself through its children is an error (a cycle), and shared objects may expand to at most
/// as many values as the file has bytes, and to at most ``expandedByteLimit(fileSize:)`` bytes of data and strings:
/// reading is linear in the file size, in time and in memory.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var offsetTable = 0
    /// Objects being read (their ancestors on the current path), to refuse cycles.
    private var active: [Bool] = []
    /// How many more values may be produced.
    private var budget = 0
    /// How many more bytes of data and strings may be produced.
    private var byteBudget = 0
    /// The limit `byteBudget` started from.
    private var byteLimit = 0

    /// The most bytes of data and strings a binary property list of `fileSize` bytes may expand to: twice its size
    /// and 1 MiB (a file stores each object once, so only a file that refers to one object very many times comes
    /// near it; a 1 MiB data object referred to 2,000 times would otherwise expand to 2 GB).
    static func expandedByteLimit(fileSize: Int) -> Int {
        2 * fileSize + (1 << 20)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func failure(_ message: String, at offset: Int) -> PropertyListSyntaxError {
        PropertyListSyntaxError(message, at: PropertyListPosition(byteOffset: offset))
    }

    /// A big-endian unsigned integer of `size` bytes (1 to 8) at `offset`, known to be inside the file.
    private func unsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[offset..<(offset + size)] { value = value << 8 | UInt64(byte) }
        return value
    }

    mutating func read() throws(PropertyListSyntaxError) -> PropertyListValue {
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw failure("unsupported binary property list version (only bplist00)", at: 0)
        }
        let trailerSize = 32
        guard bytes.count >= 8 + 1 + trailerSize else {
            throw failure("the binary property list is too short to hold a trailer", at: bytes.count)
        }
        let trailer = bytes.count - trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize) else {
            throw failure("the trailer's offset size \(offsetSize) is not 1 to 8", at: trailer + 6)
        }
        guard (1...8).contains(referenceSize) else {
            throw failure("the trailer's object reference size \(referenceSize) is not 1 to 8", at: trailer + 7)
        }
        let count = unsigned(at: trailer + 8, size: 8)
        let top = unsigned(at: trailer + 16, size: 8)
        let table = unsigned(at: trailer + 24, size: 8)
        guard count >= 1, count <= UInt64(bytes.count) else {
            throw failure("the trailer's object count \(count) does not fit the file", at: trailer + 8)
        }
        guard top < count else {
            throw failure("the trailer's top object \(top) is not one of the \(count) objects", at: trailer + 16)
        }
        guard table >= 8, table <= UInt64(trailer), (UInt64(trailer) - table) / UInt64(offsetSize) >= count else {
            throw failure(
                "the trailer's offset table (at \(table), \(count) entries) does not fit the file", at: trailer + 24)
        }
        objectCount = Int(count)
        offsetTable = Int(table)
        active = Array(repeating: false, count: objectCount)
        budget = bytes.count
        byteLimit = Self.expandedByteLimit(fileSize: bytes.count)
        byteBudget = byteLimit
        return try object(Int(top), depth: 0, referencedAt: trailer + 16)
    }

    /// The file offset of object `number`, checked to lie between the header and the offset table.
    private func offset(of number: Int, referencedAt reference: Int) throws(PropertyListSyntaxError) -> Int {
        guard number < objectCount else {
            throw failure("object reference \(number) is not one of the \(objectCount) objects", at: reference)
        }
        let entry = offsetTable + number * offsetSize
        let offset = unsigned(at: entry, size: offsetSize)
        guard offset >= 8, offset < UInt64(offsetTable) else {
            throw failure("object \(number)'s offset \(offset) is outside the object area", at: entry)
        }
        return Int(offset)
    }

    /// The count of the container or string with `marker` at `offset`, and where its content starts.
    private func count(marker: UInt8, at offset: Int) throws(PropertyListSyntaxError) -> (count: Int, start: Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        guard offset + 1 < offsetTable, bytes[offset + 1] & 0xF0 == 0x10 else {
            throw failure("a count marked as following the object is not an integer", at: offset + 1)
        }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8, offset + 2 + size <= offsetTable else {
            throw failure("a count's integer is malformed or runs past the object area", at: offset + 1)
        }
        let value = unsigned(at: offset + 2, size: size)
        guard value <= UInt64(offsetTable) else {
            throw failure("the count \(value) is larger than the file", at: offset + 1)
        }
        return (Int(value), offset + 2 + size)
    }

    /// Takes `count` bytes of data or string from the expansion budget, before they are copied.
    private mutating func expand(_ count: Int, at offset: Int) throws(PropertyListSyntaxError) {
        guard count <= byteBudget else {
            throw failure(
                "shared objects expand to more than \(byteLimit) bytes of data and strings (twice the file's size "
                    + "and 1 MiB): the file refers to the same objects too many times", at: offset)
        }
        byteBudget -= count
    }

    /// Checks that `length` bytes from `start` lie in the object area.
    private func require(_ start: Int, _ length: Int, at offset: Int, _ what: String) throws(PropertyListSyntaxError) {
        guard length >= 0, length <= offsetTable, start <= offsetTable - length else {
            throw failure("the \(what) runs past the object area", at: offset)
        }
    }

    private mutating func object(
        _ number: Int, depth: Int, referencedAt reference: Int
    ) throws(PropertyListSyntaxError) -> PropertyListValue {
        let offset = try offset(of: number, referencedAt: reference)
        let position = PropertyListPosition(byteOffset: offset)
        guard budget > 0 else {
            throw failure("shared objects expand to more values than the file has bytes", at: offset)
        }
        budget -= 1
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return PropertyListValue(.bool(false), at: position)
            case 0x09: return PropertyListValue(.bool(true), at: position)
            default:
                throw failure("object marker 0x\(String(marker, radix: 16)) is not a property-list value", at: offset)
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            try require(offset + 1, size, at: offset, "integer")
            switch size {
            case 1, 2, 4: return PropertyListValue(.integer(Int64(unsigned(at: offset + 1, size: size))), at: position)
            case 8:
                return PropertyListValue(
                    .integer(Int64(bitPattern: unsigned(at: offset + 1, size: 8))), at: position)
            case 16:
                let high = unsigned(at: offset + 1, size: 8)
                let low = unsigned(at: offset + 9, size: 8)
                guard high == 0, low <= UInt64(Int64.max) else {
                    throw failure("the 128-bit integer does not fit in 64 bits", at: offset)
                }
                return PropertyListValue(.integer(Int64(low)), at: position)
            default: throw failure("an integer of \(size) bytes", at: offset)
            }
        case 0x2, 0x3:
            let size = marker >> 4 == 0x3 ? 8 : 1 << Int(marker & 0x0F)
            guard size == 4 || size == 8, marker >> 4 == 0x2 || marker == 0x33 else {
                throw failure("object marker 0x\(String(marker, radix: 16)) is not a real or date", at: offset)
            }
            try require(offset + 1, size, at: offset, "real")
            let bits = unsigned(at: offset + 1, size: size)
            let value = size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
            if marker >> 4 == 0x3 {
                return PropertyListValue(.date(Date(timeIntervalSinceReferenceDate: value)), at: position)
            }
            return PropertyListValue(.real(value), at: position)
        case 0x4:
            let (length, start) = try count(marker: marker, at: offset)
            try require(start, length, at: offset, "data")
            try expand(length, at: offset)
            return PropertyListValue(.data(Array(bytes[start..<(start + length)])), at: position)
        case 0x5:
            let (length, start) = try count(marker: marker, at: offset)
            try require(start, length, at: offset, "string")
            try expand(length, at: offset)
            let text = bytes[start..<(start + length)]
            guard text.allSatisfy({ $0 < 0x80 }) else {
                throw failure("an ASCII string holds a non-ASCII byte", at: offset)
            }
            return PropertyListValue(.string(String(decoding: text, as: UTF8.self)), at: position)
        case 0x6:
            let (length, start) = try count(marker: marker, at: offset)
            guard length <= offsetTable / 2 else { throw failure("the string runs past the object area", at: offset) }
            try require(start, length * 2, at: offset, "string")
            // At most three UTF-8 bytes for each UTF-16 unit.
            try expand(length * 3, at: offset)
            var units: [UInt16] = []
            units.reserveCapacity(length)
            for index in 0..<length { units.append(UInt16(unsigned(at: start + 2 * index, size: 2))) }
            var text = ""
            var iterator = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
                case .emptyInput: break loop
                case .error: throw failure("a UTF-16 string holds an unpaired surrogate", at: offset)
                }
            }
            return PropertyListValue(.string(text), at: position)
        case 0xA, 0xD:
            let isDictionary = marker >> 4 == 0xD
            let (length, start) = try count(marker: marker, at: offset)
            let references = isDictionary ? 2 : 1
            guard length <= offsetTable / (referenceSize * references) else {
                throw failure("the \(isDictionary ? "dictionary" : "array") runs past the object area", at: offset)
            }
            try require(start, length * references * referenceSize, at: offset, isDictionary ? "dictionary" : "array")
            guard depth < PropertyListReader.maximumDepth else {
                throw failure(
                    "dictionaries and arrays nest deeper than \(PropertyListReader.maximumDepth) levels", at: offset)
            }
            guard !active[number] else {
                throw failure("object \(number) contains itself (a reference cycle)", at: offset)
            }
            active[number] = true
            defer { active[number] = false }
            func reference(_ index: Int) -> (number: Int, at: Int) {
                let at = start + index * referenceSize
                let value = unsigned(at: at, size: referenceSize)
                return (value > UInt64(Int.max) ? Int.max : Int(value), at)
            }
            if !isDictionary {
                var elements: [PropertyListValue] = []
                elements.reserveCapacity(length)
                for index in 0..<length {
                    let (child, at) = reference(index)
                    elements.append(try object(child, depth: depth + 1, referencedAt: at))
                }
                return PropertyListValue(.array(elements), at: position)
            }
            var members: [PropertyListValue.Member] = []
            members.reserveCapacity(length)
            for index in 0..<length {
                let (keyNumber, keyAt) = reference(index)
                let key = try object(keyNumber, depth: depth + 1, referencedAt: keyAt)
                guard let text = key.string else {
                    throw failure("a dictionary key is a \(key.typeName), not a string", at: key.position.byteOffset)
                }
                let (valueNumber, valueAt) = reference(length + index)
                let value = try object(valueNumber, depth: depth + 1, referencedAt: valueAt)
                members.append(.init(key: text, keyPosition: key.position, value: value))
            }
            return PropertyListValue(.dictionary(members), at: position)
        default:
            throw failure(
                "object marker 0x\(String(marker, radix: 16)) (UID, set or unknown) is not a property-list value",
                at: offset)
        }
    }
}
