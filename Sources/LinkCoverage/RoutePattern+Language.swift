import LinkRouting
import RichMediaKitSupport

extension RoutePattern {
    /// The encoded https URLs (see ``URLUniverse``) on `host` this pattern matches on its own, ignoring
    /// other routes; empty when the pattern is bound to another host or to a custom scheme.
    ///
    /// Mirrors ``RouteMatcher``: the path after its leading `/` is split at raw `/`, a single trailing
    /// slash is dropped, every segment must be non-empty and not a dot segment; literals compare with the
    /// percent-decoded segment (ASCII case folded when the table is case-insensitive); parameters, `*` and
    /// the segments `**` takes need clean text (valid UTF-8 without controls) after decoding; `<int>` and
    /// `<uuid>` check raw bytes; query constraints look at the first item whose decoded name is theirs.
    ///
    /// - Parameters:
    ///   - host: the lowercased host of the URLs.
    ///   - parts: the builder (with its caches) for the table's case sensitivity.
    /// - Returns: the language, or nil when the pattern does not apply to `host`.
    func language(onHost host: String, parts: inout RouteLanguageParts) -> NFA? {
        switch binding {
        case .any: break
        case .scheme: return nil
        case .host(let bound): if bound != host { return nil }
        }
        return NFA.concatenation([
            parts.path(segments), .literal([URLUniverse.querySeparator]), parts.query(query),
            .literal([URLUniverse.fragmentSeparator]), parts.anyText,
        ])
    }
}

extension RouteTable {
    /// The languages of the routes that apply on `host`, in precedence order, each with its index (none when the
    /// routes file does not associate the host).
    func languages(onHost host: String) -> [(route: Int, language: NFA)] {
        let lowered = URLBytes.asciiLowercased(host)
        guard associatedDomains.contains(where: { $0.covers(host: lowered) }) else { return [] }
        var parts = RouteLanguageParts(caseSensitive: caseSensitive)
        return precedenceOrder.compactMap { route in
            patterns[route].language(onHost: lowered, parts: &parts).map { (route, $0) }
        }
    }
}
