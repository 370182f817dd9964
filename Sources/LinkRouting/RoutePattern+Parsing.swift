import RichMediaKitSupport

extension RoutePattern {
    /// The most path segments a pattern may have (keeps matching recursion shallow).
    static let maximumSegments = 64

    /// Parses pattern text such as `/promotion/:id`, `shop://promotion?id=:id` or
    /// `https://example.com/product/:sku<int>`.
    ///
    /// Checks syntax only; whether a scheme is owned or a host is associated is checked by the table.
    /// - Parameter text: The pattern text.
    /// - Returns: The parsed pattern.
    /// - Throws: A message saying what is wrong.
    static func parse(_ text: String) throws(PatternSyntaxError) -> RoutePattern {
        guard !text.isEmpty else { throw PatternSyntaxError("the pattern is empty") }
        if text.utf8.contains(UInt8(ascii: "#")) {
            throw PatternSyntaxError("a pattern cannot contain a fragment (`#`)")
        }
        for byte in text.utf8 where byte < 0x21 || byte == 0x7F {
            throw PatternSyntaxError("a pattern cannot contain spaces or control characters")
        }
        var binding = Binding.any
        var rest: Substring
        var dropLeadingSlash = true
        if text.hasPrefix("/") {
            rest = Substring(text)
        } else if let separator = schemeSeparator(in: text) {
            let scheme = RouteBytes.asciiLowercased(text[..<separator.lowerBound])
            guard isSchemeName(scheme) else {
                throw PatternSyntaxError("`\(text[..<separator.lowerBound])` is not a valid URL scheme")
            }
            rest = text[separator.upperBound...]
            switch scheme {
            case "http":
                throw PatternSyntaxError("plain http links always open in the browser; use https")
            case "https":
                let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
                let host = RouteBytes.asciiLowercased(rest[..<authorityEnd])
                guard !host.isEmpty else { throw PatternSyntaxError("the https pattern has no host") }
                if host.contains(where: { $0 == "@" || $0 == ":" || $0 == "*" || $0 == "%" || $0 == "[" }) {
                    throw PatternSyntaxError(
                        "the host `\(host)` must be a plain host name (no userinfo, port, wildcard or escapes)")
                }
                binding = .host(host)
                rest = rest[authorityEnd...]
            default:
                binding = .scheme(scheme)
                dropLeadingSlash = false
            }
        } else {
            throw PatternSyntaxError("a pattern starts with `/`, `scheme://` or `https://host`")
        }

        var queryText: Substring?
        if let questionMark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: questionMark)...]
            rest = rest[..<questionMark]
        }
        if dropLeadingSlash, rest.hasPrefix("/") { rest = rest.dropFirst() }
        let segments = try parseSegments(rest)
        let query = try queryText.map { text throws(PatternSyntaxError) in try parseQuery(text) } ?? []
        let pattern = RoutePattern(binding: binding, segments: segments, query: query)
        var seen = Set<String>()
        for name in pattern.parameterNames where !seen.insert(name).inserted {
            throw PatternSyntaxError("the parameter name `\(name)` is used twice")
        }
        return pattern
    }

    /// The range of the first `://` in `text`.
    private static func schemeSeparator(in text: String) -> Range<String.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("://") {
                return index..<text.index(index, offsetBy: 3)
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static func isSchemeName(_ scheme: String) -> Bool { URLSchemes.isSchemeName(scheme) }

    private static func parseSegments(_ path: Substring) throws(PatternSyntaxError) -> [Segment] {
        guard !path.isEmpty else { return [] }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        guard parts.count <= maximumSegments else {
            throw PatternSyntaxError("a pattern may have at most \(maximumSegments) segments")
        }
        var segments: [Segment] = []
        for (index, part) in parts.enumerated() {
            if part.isEmpty { throw PatternSyntaxError("empty path segment (`//`)") }
            if part == "**" {
                guard index == parts.count - 1 else { throw PatternSyntaxError("`**` must be the last segment") }
                segments.append(.catchAll)
            } else if part == "*" {
                segments.append(.wildcard)
            } else if part.hasPrefix(":") {
                let (name, type) = try parseParameter(part.dropFirst())
                segments.append(.parameter(name: name, type: type))
            } else if part.contains("*") {
                throw PatternSyntaxError("`*` must be a whole segment (in `\(part)`)")
            } else {
                segments.append(.literal(try decodeLiteral(part, what: "segment")))
            }
        }
        return segments
    }

    private static func parseParameter(_ text: Substring) throws(PatternSyntaxError) -> (String, ParameterType) {
        var name = text
        var type = ParameterType.string
        if let open = text.firstIndex(of: "<") {
            guard text.hasSuffix(">") else { throw PatternSyntaxError("unterminated type in `:\(text)`") }
            name = text[..<open]
            let typeName = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard let parsed = ParameterType(rawValue: String(typeName)) else {
                throw PatternSyntaxError(
                    "unknown parameter type `\(typeName)` in `:\(text)` (known: string, int, uuid)")
            }
            type = parsed
        }
        guard let first = name.utf8.first, RouteBytes.isAlpha(first) || first == UInt8(ascii: "_"),
            name.utf8.allSatisfy({ RouteBytes.isAlpha($0) || RouteBytes.isDigit($0) || $0 == UInt8(ascii: "_") })
        else {
            throw PatternSyntaxError("`:\(text)` needs a parameter name of letters, digits and `_`")
        }
        return (String(name), type)
    }

    private static func parseQuery(_ text: Substring) throws(PatternSyntaxError) -> [QueryConstraint] {
        var constraints: [QueryConstraint] = []
        var items = Set<String>()
        for part in text.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = part.firstIndex(of: "=") else {
                throw PatternSyntaxError("query constraint `\(part)` must be `item=:name` or `item=value`")
            }
            let item = try decodeLiteral(part[..<equals], what: "query item name")
            let value = part[part.index(after: equals)...]
            guard items.insert(item).inserted else {
                throw PatternSyntaxError("the query item `\(item)` is constrained twice")
            }
            if value.hasPrefix(":") {
                let (name, type) = try parseParameter(value.dropFirst())
                constraints.append(.capture(item: item, name: name, type: type))
            } else {
                let decoded = value.isEmpty ? "" : try decodeLiteral(value, what: "query value")
                constraints.append(.equals(item: item, value: decoded))
            }
        }
        return constraints
    }

    /// Percent-decodes literal pattern text, refusing bad escapes, control characters and dot segments.
    private static func decodeLiteral(_ text: Substring, what: String) throws(PatternSyntaxError) -> String {
        guard !text.isEmpty else { throw PatternSyntaxError("empty \(what)") }
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, RouteBytes.hexValue(bytes[index + 1]) != nil,
                    RouteBytes.hexValue(bytes[index + 2]) != nil
                else { throw PatternSyntaxError("bad percent escape in \(what) `\(text)`") }
                index += 3
            } else {
                index += 1
            }
        }
        let result: String? = bytes.withUnsafeBufferPointer { buffer in
            guard RouteBytes.isCleanText(buffer, 0, buffer.count) else { return nil }
            return RouteBytes.decodedString(buffer, 0, buffer.count)
        }
        guard let decoded = result else {
            throw PatternSyntaxError("\(what) `\(text)` is not valid UTF-8 text without control characters")
        }
        if what == "segment", decoded == "." || decoded == ".." {
            throw PatternSyntaxError("dot segments (`.`, `..`) never match")
        }
        return decoded
    }
}

/// Why pattern text could not be parsed (internal; the table wraps it with the route name and location).
struct PatternSyntaxError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
