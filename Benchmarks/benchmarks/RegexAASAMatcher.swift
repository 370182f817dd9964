import Foundation

/// The baseline for `aasa.match`: every AASA pattern translated to an `NSRegularExpression`, URLs split
/// with `URLComponents`. It understands the subset of the format that the benchmark's file uses
/// (`/`, `?` as a string or dictionary, `#`, `exclude`, `caseSensitive`, custom variables).
struct RegexAASAMatcher {
    enum Decision: Equatable {
        case match
        case exclude
        case noMatch
    }

    struct Rule {
        var path: NSRegularExpression?
        var queryString: NSRegularExpression?
        var queryItems: [(String, NSRegularExpression)]
        var fragment: NSRegularExpression?
        var exclude: Bool
    }

    var domain: String
    var rules: [Rule] = []

    init(file: Data, appID: String, domain: String) throws {
        self.domain = domain.lowercased()
        let root = try JSONSerialization.jsonObject(with: file) as? [String: Any] ?? [:]
        let applinks = root["applinks"] as? [String: Any] ?? [:]
        let variables = applinks["substitutionVariables"] as? [String: [String]] ?? [:]
        for case let entry as [String: Any] in applinks["details"] as? [Any] ?? [] {
            let ids = (entry["appIDs"] as? [String] ?? []) + [entry["appID"] as? String].compactMap { $0 }
            guard ids.contains(appID) else { continue }
            for case let component as [String: Any] in entry["components"] as? [Any] ?? [] {
                let caseSensitive = component["caseSensitive"] as? Bool ?? true
                func regex(_ pattern: String?, path: Bool = false) throws -> NSRegularExpression? {
                    guard var pattern else { return nil }
                    // Trailing slashes are insignificant, so `/buy/*` also matches `/buy`.
                    var suffix = ""
                    if path, pattern.hasSuffix("/*") {
                        pattern.removeLast(2)
                        suffix = "(?:/.*)?"
                    }
                    return try Self.regex(pattern, variables: variables, caseSensitive: caseSensitive, suffix: suffix)
                }
                var rule = Rule(
                    path: try regex((component["/"] as? String).map(Self.trimmedPath), path: true),
                    queryString: try regex(component["?"] as? String),
                    queryItems: [],
                    fragment: try regex(component["#"] as? String),
                    exclude: component["exclude"] as? Bool ?? false
                )
                if let items = component["?"] as? [String: String] {
                    rule.queryItems = try items.map { ($0.key, try regex($0.value)!) }
                }
                rules.append(rule)
            }
        }
    }

    private static func trimmedPath(_ path: String) -> String {
        var path = Substring(path)
        while path.hasSuffix("/") { path = path.dropLast() }
        while path.hasPrefix("/") { path = path.dropFirst() }
        return "/" + path
    }

    private static func regex(
        _ pattern: String,
        variables: [String: [String]],
        caseSensitive: Bool,
        suffix: String
    ) throws -> NSRegularExpression {
        var out = "^"
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let character = pattern[index]
            if character == "$", pattern[index...].hasPrefix("$("), let close = pattern[index...].firstIndex(of: ")") {
                let name = String(pattern[pattern.index(index, offsetBy: 2)..<close])
                let values = variables[name] ?? []
                out += "(?:" + values.map { translate($0) }.joined(separator: "|") + ")"
                index = pattern.index(after: close)
                continue
            }
            out += translate(String(character))
            index = pattern.index(after: index)
        }
        out += suffix + "$"
        return try NSRegularExpression(pattern: out, options: caseSensitive ? [] : [.caseInsensitive])
    }

    private static func translate(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "*": out += ".*"
            case "?": out += "."
            default: out += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        return out
    }

    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func decide(_ string: String) -> Decision {
        guard let components = URLComponents(string: string), components.scheme == "https",
            components.host?.lowercased() == domain
        else { return .noMatch }
        var path = Substring(components.percentEncodedPath)
        while path.hasSuffix("/") { path = path.dropLast() }
        while path.hasPrefix("/") { path = path.dropFirst() }
        let normalizedPath = "/" + path
        let query = components.percentEncodedQuery ?? ""
        let items = components.percentEncodedQueryItems ?? []
        let fragment = components.percentEncodedFragment ?? ""
        for rule in rules {
            if let regex = rule.path, !Self.matches(regex, normalizedPath) { continue }
            if let regex = rule.queryString, !Self.matches(regex, query) { continue }
            var itemsMatch = true
            for (name, regex) in rule.queryItems {
                let values = items.filter { $0.name == name }.map { $0.value ?? "" }
                if !(values.isEmpty ? [""] : values).allSatisfy({ Self.matches(regex, $0) }) {
                    itemsMatch = false
                    break
                }
            }
            if !itemsMatch { continue }
            if let regex = rule.fragment, !Self.matches(regex, fragment) { continue }
            return rule.exclude ? .exclude : .match
        }
        return .noMatch
    }
}
