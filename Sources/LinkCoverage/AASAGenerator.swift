import AppSiteAssociation
import LinkRouting
import RichMediaKitSupport

/// Writes the apple-app-site-association file that claims what a route table handles, as tightly as
/// AASA patterns can express it.
///
/// For every https route (a `/` route, or one bound to the domain) in table order the file gets, first,
/// exclusions for what its claim would over-match, then the claim itself:
/// - literal segments are written percent-encoded the canonical way (RFC 3986 unreserved characters
///   as they are, anything else as `%XX`); a sub-delimiter such as `+` may appear either way in a URL, so
///   it becomes a substitution variable holding both spellings;
/// - a parameter, `*` or `<int>` segment becomes `?*` (one or more characters); because AASA's `*` and
///   `?*` also match across `/`, an exclusion with that segment spelled `?*/?*` keeps the rule to one
///   segment, and an `<int>` segment gets an exclusion for segments holding a non-digit; a route of one
///   such segment also gets an exclusion for the root (`/?*` matches `/`: a pattern's leading slash is
///   optional, so its `?` may match the path's own `/`);
/// - `<uuid>` becomes exactly 8-4-4-4-12 `$(xdigit)`; `**` becomes a trailing `*`;
/// - query constraints become a `?` dictionary (`item=value` → the value, `item=:name` → `?*`);
/// - a case-insensitive table gives case-insensitive rules, except for a route with query constraints: the router
///   folds the case of literal path segments only, so its rules compare case-sensitively and spell each letter of
///   its path literals as a variable holding both cases (`case-p`: `p`, `P`).
///
/// An exclusion that would also block a URL some route handles is left out (the coverage engine decides
/// this exactly), so the file never loses a routed URL; what it then claims too much, and what AASA
/// cannot express at all (for example a repeated query item, which iOS checks at every occurrence and
/// the router only at the first), is exactly what `link-router check` reports on the output.
public enum AASAGenerator {
    /// Generates the file.
    ///
    /// - Parameters:
    ///   - routes: the route table.
    ///   - appID: the app ID the single `details` entry lists.
    ///   - domain: the domain the file is for; routes bound to another https host are skipped. Without a
    ///     domain only `/` routes are used.
    /// - Returns: the file's JSON text, pretty-printed, ending with a newline.
    /// - Complexity: one product exploration over the exclusions and the routes.
    public static func generate(routes: RouteTable, appID: String, domain: String? = nil) -> String {
        generation(routes: routes, appID: appID, domain: domain).text
    }

    /// What ``generate(routes:appID:domain:)`` wrote, and what it had to leave out.
    struct Generation {
        /// The file's JSON text.
        var text: String
        /// The file as it would be with every exclusion the generator made: the exclusions it left out (because
        /// they would also block a URL some route handles) are what the written file claims beyond the routes.
        var withEveryExclusion: AASAFile
        /// The patterns of the exclusions left out, in file order.
        var leftOut: [String]
    }

    /// Generates the file (see ``generate(routes:appID:domain:)``) and says what it left out.
    static func generation(routes: RouteTable, appID: String, domain: String? = nil) -> Generation {
        let host = domain.map(URLBytes.asciiLowercased)
        var writer = Writer(caseSensitive: routes.caseSensitive)
        for index in routes.precedenceOrder {
            let pattern = routes.patterns[index]
            switch pattern.binding {
            case .any: break
            case .scheme: continue
            case .host(let bound): if bound != host { continue }
            }
            writer.add(pattern, route: index, name: routes.routes[index].name)
        }
        let dropped = unsafeExclusions(writer, routes: routes, host: host ?? "", appID: appID)
        var kept = writer.keptComponents(dropping: dropped)
        // Components that never decide (an exclusion already covered by an earlier claim, a claim
        // covered by earlier ones) change nothing: leave them out.
        let draft = writer.file(appID: appID, kept)
        if let unreachable = AASAMatcher(draft).unreachableRules() {
            let pointers = Set(unreachable.map(\.pointer))
            let components = draft.appLinks?.details.first?.components ?? []
            kept = zip(kept, components).filter { !pointers.contains($0.1.pointer) }.map(\.0)
        }
        return Generation(
            text: writer.render(writer.file(appID: appID, kept)),
            withEveryExclusion: writer.file(appID: appID, writer.components),
            leftOut: dropped.sorted().map { writer.components[$0].path })
    }

    /// The exclusions (indices into `writer.components`) to leave out: those that would decide a URL some
    /// route handles. Leaving one out can expose a later one, so this repeats until nothing changes.
    private static func unsafeExclusions(_ writer: Writer, routes: RouteTable, host: String, appID: String)
        -> Set<Int>
    {
        guard writer.components.contains(where: \.exclude) else { return [] }
        // One rule per component, in order: rule indices are component indices.
        let rules = AASAMatcher(writer.file(appID: appID, writer.components)).rules(for: appID)
        var parts = RouteLanguageParts(caseSensitive: routes.caseSensitive)
        let routeLanguages = routes.patterns.compactMap { $0.language(onHost: host, parts: &parts) }
        guard !routeLanguages.isEmpty else { return [] }
        var dropped = Set<Int>()
        while true {
            let kept = rules.indices.filter { !dropped.contains($0) }
            var unsafe = Set<Int>()
            let explorer = ProductExplorer(
                universe: URLUniverse.canonical.sharedAutomaton,
                components: [
                    .init(leaves: kept.map { rules[$0].language }, firstMatch: true) {
                        rules[kept[$0]].isWorthDeterminizing
                    },
                    .init(leaves: routeLanguages, firstMatch: false),
                ])
            let exploration = explorer.explore(stateLimit: CoverageChecker.stateLimit) {
                state -> ProductExplorer.Visit<Int> in
                if state.universeAccepts, let rule = state.accepting(0).first, !state.accepting(1).isEmpty {
                    let decider = kept[Int(rule)]
                    if rules[decider].exclude { unsafe.insert(decider) }
                }
                // Only an exclusion not known to be unsafe, and a route, can teach anything below.
                let open = state.live(0).contains { rules[kept[Int($0)]].exclude && !unsafe.contains(kept[Int($0)]) }
                return .init(label: nil, prune: !open || state.live(1).isEmpty)
            }
            guard exploration.complete else {
                return Set(writer.components.indices.filter { writer.components[$0].exclude })
            }
            if unsafe.isEmpty { return dropped }
            dropped.formUnion(unsafe)
        }
    }
}
