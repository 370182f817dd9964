/// Why a property list could not be read, and where (package access).
package struct PropertyListSyntaxError: Error, Sendable, Hashable {
    /// What is wrong, such as `expected </string>`.
    package var message: String
    /// Where: line and column in an XML property list, a byte offset in a binary one.
    package var position: PropertyListPosition

    /// Creates an error.
    package init(_ message: String, at position: PropertyListPosition) {
        self.message = message
        self.position = position
    }
}

/// Reads XML (`<?xml ...?><plist>`) and binary (`bplist00`) property lists into ``PropertyListValue``s
/// (package access: Foundation's `PropertyListSerialization` is not in FoundationEssentials).
///
/// Both readers are linear in the file size and bounded on hostile input: containers nest at most
/// ``maximumDepth`` deep; an XML file's document type is skipped and never processed (no DTD, no entity
/// expansion: only the five predefined entities and character references are known); a binary file's offsets
/// and counts are checked against its size before anything is allocated, a reference cycle is an error, and
/// shared objects may not expand to more values than the file has bytes, nor to more bytes of data and strings than
/// twice the file's size and 1 MiB. Nothing crashes: every malformed input
/// is a ``PropertyListSyntaxError`` with its position.
package enum PropertyListReader {
    /// How deep dictionaries and arrays may nest (real entitlements and Info.plist files nest a few levels).
    package static let maximumDepth = 128

    /// Reads a property list, binary when it starts with `bplist`, XML otherwise.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Returns: The top-level value.
    /// - Throws: ``PropertyListSyntaxError`` saying what is wrong and where.
    /// - Complexity: O(*n*) in the file size.
    package static func read(_ bytes: [UInt8]) throws(PropertyListSyntaxError) -> PropertyListValue {
        if bytes.starts(with: Array("bplist".utf8)) {
            var reader = BinaryPropertyListReader(bytes: bytes)
            return try reader.read()
        }
        var reader = XMLPropertyListReader(bytes: bytes)
        return try reader.read()
    }
}
