/// Why ``JSONParser`` rejected a document, and where.
package struct JSONSyntaxError: Error, Sendable, Equatable {
    /// What kind of problem stopped the parser.
    package enum Kind: Sendable, Equatable {
        /// The text is not valid JSON.
        case syntax
        /// The bytes are not valid UTF-8.
        case invalidUTF8
        /// Arrays and objects nest deeper than the parser's limit.
        case tooDeep
    }

    /// What kind of problem stopped the parser.
    package var kind: Kind
    /// The 1-based line of the offending byte.
    package var line: Int
    /// The 1-based column (in Unicode scalars) of the offending byte.
    package var column: Int
    /// The byte offset of the offending byte.
    package var offset: Int
    /// A short description, such as `expected ':' after an object key`.
    package var message: String
    /// For a mistake people commonly make (a comment, a trailing comma, a typographic quote), how to fix
    /// it in one line.
    package var hint: String? = nil
}
