/// A 1-based line and column in a JSON file (package access: not public API).
package struct JSONSourcePosition: Sendable, Hashable {
    /// The 1-based line.
    package var line: Int
    /// The 1-based column, in Unicode scalars.
    package var column: Int

    /// Creates a position.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Where the values that JSON pointers designate start in a file, for annotations (SARIF regions, GitHub
/// workflow commands) (package access: not public API).
///
/// Uses the package's ``JSONParser``, so positions count exactly as its syntax errors do: lines from 1, columns
/// in Unicode scalars from 1, a leading byte order mark skipped.
package enum JSONSourcePositions {
    /// The position of each pointer's value in `bytes`.
    ///
    /// A pointer that designates no value (the document changed, or is invalid before it) gets the position of its
    /// nearest ancestor that does, and the document's first value (or line 1, column 1) when none does; so every
    /// pointer asked for gets a position.
    ///
    /// - Parameters:
    ///   - pointers: RFC 6901 pointers such as `/applinks/details/0/components/1` (`""` is the whole document).
    ///   - bytes: The file's bytes.
    /// - Returns: A position for every pointer.
    /// - Complexity: O(*n* · *d*) for a file of *n* bytes nested *d* deep.
    package static func positions(
        of pointers: some Sequence<String>, in bytes: some Collection<UInt8>
    ) -> [String: JSONSourcePosition] {
        let requested = Set(pointers)
        var wanted = requested
        for pointer in requested {
            var prefix = Substring(pointer)
            while let slash = prefix.lastIndex(of: "/") {
                prefix = prefix[..<slash]
                wanted.insert(String(prefix))
            }
        }
        let array = Array(bytes)
        let offsets = JSONParser.valueOffsets(of: wanted, in: array)
        let found = lineAndColumn(of: Set(offsets.values), in: array)
        var result: [String: JSONSourcePosition] = [:]
        for pointer in requested {
            var prefix = Substring(pointer)
            var offset = offsets[pointer]
            while offset == nil, let slash = prefix.lastIndex(of: "/") {
                prefix = prefix[..<slash]
                offset = offsets[String(prefix)]
            }
            result[pointer] = offset.flatMap { found[$0] } ?? JSONSourcePosition(line: 1, column: 1)
        }
        return result
    }

    /// The position of each byte offset, in one pass over the bytes.
    private static func lineAndColumn(of offsets: Set<Int>, in bytes: [UInt8]) -> [Int: JSONSourcePosition] {
        var result: [Int: JSONSourcePosition] = [:]
        var counter = TextPositionCounter()
        for offset in offsets.sorted() {
            let position = counter.position(of: offset, in: bytes)
            result[offset] = JSONSourcePosition(line: position.line, column: position.column)
        }
        return result
    }
}
