/// The one line-and-column counter of the package's text formats (JSON, XML and property lists), package access.
///
/// Lines are counted by `\n` (a `\r\n` line ending is one line break; the `\r` is the last column of its line),
/// columns in Unicode scalars (every byte that is not a UTF-8 continuation byte starts one), both 1-based. A UTF-8
/// byte-order mark at the start of the file is not part of the text: it takes no column, so an error on line 1 is
/// placed where an editor shows it.
///
/// The counter moves forward only, so placing positions in increasing order costs O(*n*) in all; asking for an
/// earlier offset starts again from the beginning.
package struct TextPositionCounter: Sendable {
    /// The offset counted up to.
    package private(set) var offset = 0
    /// The 1-based line at ``offset``.
    package private(set) var line = 1
    /// The 1-based column at ``offset``.
    package private(set) var column = 1
    /// The bytes counted in all, restarts from the beginning included: the work the positions cost. A reader that
    /// asks in increasing order keeps it at most the file's size (tests check it: a reader that asked for an element's
    /// start after its attributes' restarted on every element, quadratic in the file's size).
    package private(set) var countedBytes = 0

    /// A counter at the start of a file.
    package init() {}

    /// The line and column of the byte at `target` in `bytes` (the end of the text past its last byte).
    ///
    /// - Parameters:
    ///   - target: A 0-based byte offset.
    ///   - bytes: The whole file, indexed from 0.
    /// - Returns: The 1-based line and column.
    /// - Complexity: O(*d*), *d* the distance from the last offset asked for (from the start when `target` is
    ///   before it).
    package mutating func position<Bytes: RandomAccessCollection>(
        of target: Int, in bytes: Bytes
    ) -> (line: Int, column: Int) where Bytes.Element == UInt8, Bytes.Index == Int {
        if target < offset {
            offset = 0
            line = 1
            column = 1
        }
        let end = min(target, bytes.count)
        if offset == 0, UTF8Validation.startsWithByteOrderMark(bytes) { offset = min(3, max(end, 0)) }
        countedBytes += max(0, end - offset)
        while offset < end {
            let byte = bytes[offset]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += 1
        }
        return (line, column)
    }
}
