/// Where something is in a file: a JSON pointer to a value, a 1-based line and column, or both.
///
/// Every error and finding of the link modules that names a place in a file says it with this type
/// (`fileLocation`): routes-file and push-payload errors, AASA errors and lint diagnostics, baseline errors,
/// `aasa fetch` findings. A JSON syntax error has a line and column and no pointer (the value it would point at
/// does not parse); a problem with a value has a pointer, and a line and column when the reader kept them.
///
/// Its ``description`` is what commands print after the file name: `3:17` for a line and column, `/routes/1` for a
/// pointer (`/` for the whole document).
public struct FileLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The JSON pointer of the value, if the place is a value.
    public var pointer: JSONPointer?
    /// The 1-based line, if known.
    public var line: Int?
    /// The 1-based column (in Unicode scalars), if known.
    public var column: Int?

    /// A place given by a pointer, a line and column, or both.
    ///
    /// - Parameters:
    ///   - pointer: The JSON pointer of the value.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    public init(pointer: JSONPointer? = nil, line: Int? = nil, column: Int? = nil) {
        self.pointer = pointer
        self.line = line
        self.column = column
    }

    /// The place of a value.
    ///
    /// - Parameter pointer: The JSON pointer of the value.
    /// - Returns: The location.
    public static func pointer(_ pointer: JSONPointer) -> FileLocation {
        FileLocation(pointer: pointer)
    }

    /// A place in the text, such as a JSON syntax error.
    ///
    /// - Parameters:
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    /// - Returns: The location.
    public static func text(line: Int, column: Int) -> FileLocation {
        FileLocation(line: line, column: column)
    }

    /// `line:column` when both are known, else the pointer's text (`/` for the whole document), else `""`.
    ///
    /// Commands write a place after the file name: `file:line:column: ...` or `file: /pointer: ...` (see
    /// ``isTextPosition``).
    public var description: String {
        if let line, let column { return "\(line):\(column)" }
        guard let pointer else { return "" }
        return pointer.text.isEmpty ? "/" : pointer.text
    }

    /// The place written after a file's name, as the commands write it: `file:3:17` for a line and column,
    /// `file: /routes/1` for a pointer (`file: /` for the whole document), the name alone when there is no place.
    ///
    /// - Parameter file: The file's name as the user gave it.
    /// - Returns: The file and the place, without a trailing colon.
    public func written(after file: String) -> String {
        if isTextPosition { return file + ":" + description }
        return pointer == nil ? file : file + ": " + description
    }

    /// Whether the place has a line and column, so that it is written after the file name with a colon
    /// (`file:3:17`) rather than as a separate field (`file: /routes/1`).
    public var isTextPosition: Bool { line != nil && column != nil }
}
