import AppSiteAssociation
import RichMediaKitSupport

extension AASAResolvedRule {
    /// The encoded URLs (see ``URLUniverse``) this rule matches, whatever other rules say.
    ///
    /// Mirrors ``AASAMatchContext/check(_:)`` part by part:
    /// - path: the (decoded, when `percentEncoded` is false) path with leading and trailing slashes
    ///   stripped, then framed as `/` body `/`, must match the canonicalised pattern;
    /// - query string and fragment: the whole part (empty when absent) must match;
    /// - query items: every item whose name equals the item's name (raw bytes, or decoded) must have a
    ///   value that matches; absent, the empty string must match;
    /// - with `percentEncoded: false` a part that does not decode to valid UTF-8 fails the rule.
    var language: NFA {
        guard invalid == nil else { return .nothing }
        let part = AASALanguageParts(percentEncoded: percentEncoded)
        // Raw parts never hold the separators; decoded ones may hold any byte (`%01` decodes to 0x01).
        let bytes = percentEncoded ? AASALanguageParts.partBytes : ByteSet.all
        let path = self.path.map { part.path(matching: $0.language(over: bytes)) } ?? part.anyPart
        let query: NFA
        switch self.query {
        case .any: query = part.anyPart
        case .string(let pattern): query = part.text(matching: pattern.language(over: bytes))
        case .items(let items):
            var result: NFA?
            for item in items {
                let language = part.queryItems(named: item.name, matching: item.pattern.language(over: bytes))
                result = result.map { $0.intersection(language).minimized } ?? language
            }
            query = result ?? part.anyPart
        }
        let fragment = self.fragment.map { part.text(matching: $0.language(over: bytes)) } ?? part.anyPart
        return NFA.concatenation([
            path, .literal([URLUniverse.querySeparator]), query, .literal([URLUniverse.fragmentSeparator]), fragment,
        ])
    }
}
