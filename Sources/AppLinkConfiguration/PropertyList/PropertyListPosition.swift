/// Where a value starts in a property-list file: a line and column in an XML property list, a byte offset in a
/// binary one.
///
/// Every entry and setting of an ``AppLinkConfiguration`` carries its position, so a lint finding or a read error
/// points into the file the user edits.
public struct PropertyListPosition: Sendable, Hashable, CustomStringConvertible {
    /// The 0-based byte offset in the file.
    public let byteOffset: Int
    /// The 1-based line, in an XML property list (nil in a binary one).
    public let line: Int?
    /// The 1-based column, in Unicode scalars, in an XML property list (nil in a binary one).
    public let column: Int?

    /// A position in an XML property list.
    ///
    /// - Parameters:
    ///   - line: The 1-based line.
    ///   - column: The 1-based column, in Unicode scalars.
    ///   - byteOffset: The 0-based byte offset.
    public init(line: Int, column: Int, byteOffset: Int) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }

    /// A position in a binary property list.
    ///
    /// - Parameter byteOffset: The 0-based byte offset.
    public init(byteOffset: Int) {
        self.byteOffset = byteOffset
        self.line = nil
        self.column = nil
    }

    /// `line:column` in an XML property list, `byte N` in a binary one.
    public var description: String {
        if let line, let column { return "\(line):\(column)" }
        return "byte \(byteOffset)"
    }
}
