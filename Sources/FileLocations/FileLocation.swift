/// Where something is in a file: a JSON pointer to a value, a 1-based line and column, or both; in a property list,
/// the value's key path and its byte offset.
///
/// Every error and finding of the link modules that names a place in a file says it with this type
/// (`fileLocation`): routes-file and push-payload errors, AASA errors and lint diagnostics, baseline errors,
/// `aasa fetch` findings. A JSON syntax error has a line and column and no pointer (the value it would point at
/// does not parse); a problem with a value has a pointer, and a line and column when the reader kept them. A value
/// of a property list (the app's entitlements and `Info.plist`) has its ``keyPath`` and ``byteOffset``, and a line
/// and column in an XML one; a binary one has only the byte offset.
///
/// Its ``description`` is what commands print after the file name: `3:17` for a line and column, `/routes/1` for a
/// pointer (`/` for the whole document), `byte 390` for a byte offset alone.
public struct FileLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The JSON pointer of the value, if the place is a value.
    public var pointer: JSONPointer?
    /// The 1-based line, if known.
    public var line: Int?
    /// The 1-based column (in Unicode scalars), if known.
    public var column: Int?
    /// The property-list key path of the value, such as `com.apple.developer.associated-domains[1]`, if the place is
    /// in a property list.
    public var keyPath: String?
    /// The 0-based byte offset of the value in the file, if known (the one position a binary property list has).
    public var byteOffset: Int?

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

    /// A place in a property list: the value's key path, its line and column (XML) and its byte offset.
    ///
    /// - Parameters:
    ///   - keyPath: The key path, such as `com.apple.developer.associated-domains[1]`.
    ///   - line: The 1-based line, in an XML property list.
    ///   - column: The 1-based column, in an XML property list.
    ///   - byteOffset: The 0-based byte offset.
    /// - Returns: The location.
    public static func propertyList(
        keyPath: String?, line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil
    ) -> FileLocation {
        var location = FileLocation(line: line, column: column)
        location.keyPath = keyPath
        location.byteOffset = byteOffset
        return location
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

    /// `line:column` when both are known, else the pointer's text (`/` for the whole document), else `byte N` for a
    /// byte offset, else `""` (a key path is not written: it is a separate field of the commands' JSON).
    ///
    /// Commands write a place after the file name: `file:line:column: ...` or `file: /pointer: ...` (see
    /// ``isTextPosition``).
    public var description: String {
        if let line, let column { return "\(line):\(column)" }
        guard let pointer else { return byteOffset.map { "byte \($0)" } ?? "" }
        return pointer.text.isEmpty ? "/" : pointer.text
    }

    /// The place written after a file's name, as the commands write it: `file:3:17` for a line and column,
    /// `file: /routes/1` for a pointer (`file: /` for the whole document), `file: byte 390` for a byte offset, the
    /// name alone when there is no place.
    ///
    /// - Parameter file: The file's name as the user gave it.
    /// - Returns: The file and the place, without a trailing colon.
    public func written(after file: String) -> String {
        if isTextPosition { return file + ":" + description }
        return pointer == nil && byteOffset == nil ? file : file + ": " + description
    }

    /// Whether the place has a line and column, so that it is written after the file name with a colon
    /// (`file:3:17`) rather than as a separate field (`file: /routes/1`).
    public var isTextPosition: Bool { line != nil && column != nil }
}
