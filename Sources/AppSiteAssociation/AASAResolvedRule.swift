import FileLocations
import RichMediaKitSupport

/// One rule of a compiled file, after both levels of `defaults` have been applied: a component,
/// or one string of a legacy `paths` array. This is what the matcher runs and what coverage or
/// diff engines consume.
///
/// Precedence for every key: component > entry `defaults` > `applinks.defaults` > built-in
/// default (`exclude: false`, `caseSensitive: true`, `percentEncoded: true`, patterns absent).
/// An absent pattern (`nil`) matches anything, like `*`. All patterns of a rule share its
/// `caseSensitive` and `percentEncoded` (already folded into the patterns).
package struct AASAResolvedRule: Sendable {
    /// Where the rule comes from.
    enum Origin: Sendable, Equatable {
        /// An element of `components`.
        case component
        /// A string of a legacy `paths` array (path only; query and fragment are ignored).
        case legacyPath
    }

    /// The `?` part of a rule.
    package enum Query: Sendable {
        /// No `?` pattern: any query matches.
        case any
        /// Matched against the whole query string after `?` (empty when absent).
        case string(AASAPattern)
        /// Every named item must match; absent or value-less items count as the empty string;
        /// a repeated name must match at every occurrence. Names compare byte for byte
        /// (percent-decoded first when `percentEncoded` is false).
        case items([(name: [UInt8], pattern: AASAPattern)])
    }

    /// The JSON pointer of the component or `paths` string, e.g. `/applinks/details/0/components/1`.
    package var pointer: String
    /// Component or legacy path.
    var origin: Origin
    /// The `/` pattern, canonicalised (see ``AASAPattern``); nil matches any path.
    package var path: AASAPattern?
    /// The `?` pattern.
    package var query: Query
    /// The `#` pattern; nil matches any fragment.
    package var fragment: AASAPattern?
    /// Whether a match excludes the URL.
    package var exclude: Bool
    /// The resolved `caseSensitive`.
    package var caseSensitive: Bool
    /// The resolved `percentEncoded`.
    package var percentEncoded: Bool
    /// When a pattern could not be compiled (undefined or malformed variable): the part and the
    /// problem. Such a rule never matches.
    package var invalid: (part: AASARuleTrial.Part, issue: AASAPatternIssue)?

    /// Whether the rule matches every URL (no pattern restricts anything).
    var matchesEverything: Bool {
        guard invalid == nil else { return false }
        if let path, !path.matchesEveryPath { return false }
        if let fragment, !fragment.matchesEverything { return false }
        switch query {
        case .any: return true
        case .string(let pattern): return pattern.matchesEverything
        case .items(let items): return items.allSatisfy { $0.pattern.matchesEverything }
        }
    }
}

/// A `details` entry, compiled: the apps it lists and its rules in order.
package struct AASACompiledEntry: Sendable {
    /// The entry's JSON pointer.
    package var pointer: String
    /// The union of `appID` and `appIDs`.
    package var appIDs: [String]
    /// The rules in order: the components, or (without `components`) the legacy paths.
    package var rules: [AASAResolvedRule]
}

extension AASAResolvedRule {
    /// Compiles an entry's rules.
    static func rules(
        for entry: AASAFile.Entry, appLinksDefaults: AASAFile.Component?, variables: [String: [String]]
    ) -> [AASAResolvedRule] {
        let layers = [entry.defaults, appLinksDefaults].compactMap { $0 }
        if let components = entry.components {
            return components.map { resolve($0, layers: layers, variables: variables) }
        }
        guard let paths = entry.paths else { return [] }
        let caseSensitive = layers.lazy.compactMap(\.caseSensitive).first ?? true
        let percentEncoded = layers.lazy.compactMap(\.percentEncoded).first ?? true
        return paths.enumerated().map { index, text in
            let exclude = text.hasPrefix("NOT ")
            let source = exclude ? String(text.dropFirst(4)) : text
            var rule = AASAResolvedRule(
                pointer: JSONPointer(written: entry.pointer).appending("paths").appending(index)
                    .description,
                origin: .legacyPath,
                path: nil, query: .any, fragment: nil, exclude: exclude, caseSensitive: caseSensitive,
                percentEncoded: percentEncoded, invalid: nil)
            switch AASAPatternCompiler.compile(
                source, isPath: true, caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: nil)
            {
            case .success(let pattern): rule.path = pattern
            case .failure(let issue): rule.invalid = (.path, issue)
            }
            return rule
        }
    }

    /// Applies the defaults layers to a component and compiles its patterns.
    static func resolve(_ component: AASAFile.Component, layers: [AASAFile.Component], variables: [String: [String]])
        -> AASAResolvedRule
    {
        let all = [component] + layers
        let caseSensitive = all.lazy.compactMap(\.caseSensitive).first ?? true
        let percentEncoded = all.lazy.compactMap(\.percentEncoded).first ?? true
        var rule = AASAResolvedRule(
            pointer: component.pointer, origin: .component, path: nil, query: .any, fragment: nil,
            exclude: all.lazy.compactMap(\.exclude).first ?? false, caseSensitive: caseSensitive,
            percentEncoded: percentEncoded, invalid: nil)
        func compile(_ text: String, isPath: Bool, part: AASARuleTrial.Part) -> AASAPattern? {
            switch AASAPatternCompiler.compile(
                text, isPath: isPath, caseSensitive: caseSensitive, percentEncoded: percentEncoded,
                variables: variables)
            {
            case .success(let pattern): return pattern
            case .failure(let issue):
                if rule.invalid == nil { rule.invalid = (part, issue) }
                return nil
            }
        }
        if let path = all.lazy.compactMap(\.path).first {
            rule.path = compile(path, isPath: true, part: .path)
        }
        if let fragment = all.lazy.compactMap(\.fragment).first {
            rule.fragment = compile(fragment, isPath: false, part: .fragment)
        }
        switch all.lazy.compactMap(\.query).first {
        case .none:
            rule.query = .any
        case .string(let text):
            rule.query = compile(text, isPath: false, part: .query).map { .string($0) } ?? .any
        case .items(let items):
            var compiled: [(name: [UInt8], pattern: AASAPattern)] = []
            for item in items {
                if let pattern = compile(item.pattern, isPath: false, part: .query) {
                    compiled.append((Array(item.name.utf8), pattern))
                }
            }
            rule.query = .items(compiled)
        }
        return rule
    }
}
