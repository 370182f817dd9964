extension DynamicAppLinkRule {
    /// A dynamic-rule pattern as Android's reference verifier compiles it: without `*` or `?` a literal, with a
    /// single final `*` a prefix, anything else a `pathPattern` glob (`*` becomes `.*`, `?` becomes `.`), so the
    /// glob's behaviour (``AndroidPattern``) applies.
    ///
    /// - Parameter pattern: A pattern of `/`, `?` or `#`.
    /// - Returns: The compiled pattern.
    public static func compile(_ pattern: String) -> AndroidPattern {
        let wildcards = pattern.filter { $0 == "*" || $0 == "?" }
        // Literal, prefix and glob patterns never throw.
        if wildcards.isEmpty { return try! AndroidPattern(.literal, pattern) }
        if wildcards == "*", pattern.hasSuffix("*") { return try! AndroidPattern(.prefix, String(pattern.dropLast())) }
        var glob = ""
        for character in pattern {
            switch character {
            case "*": glob += ".*"
            case "?": glob += "."
            case ".": glob += "\\."
            case "\\": glob += "\\\\"
            default: glob.append(character)
            }
        }
        return try! AndroidPattern(.glob, glob)
    }

    /// Whether this rule matches `uri`: each part it names matches (`/` the decoded path, every `?` parameter some
    /// parameter of the URL with that name, `#` the decoded fragment).
    ///
    /// - Parameter uri: The URL.
    /// - Returns: Whether the rule matches.
    public func matches(_ uri: AndroidURI) -> Bool {
        if let path, !Self.compile(path).matches(uri.path) { return false }
        if let fragment, !Self.compile(fragment).matches(uri.fragment ?? "") { return false }
        let items = uri.queryItems
        for parameter in query {
            let pattern = Self.compile(parameter.pattern)
            guard items.contains(where: { $0.name == parameter.name && pattern.matches($0.value) }) else {
                return false
            }
        }
        return true
    }

    /// The rule that decides `uri` (the first that matches), and whether the URL is excluded: excluded when that
    /// rule excludes, and when no rule matches.
    ///
    /// - Parameters:
    ///   - rules: The rules, in file order.
    ///   - uri: The URL.
    /// - Returns: The index of the deciding rule (nil when none matches) and whether the URL is excluded.
    public static func decide(_ rules: [DynamicAppLinkRule], for uri: AndroidURI) -> (rule: Int?, excluded: Bool) {
        for (index, rule) in rules.enumerated() where rule.matches(uri) {
            return (index, rule.exclude)
        }
        return (nil, true)
    }
}
