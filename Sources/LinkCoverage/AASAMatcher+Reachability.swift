import AppSiteAssociation

extension AASAMatcher {
    /// The most product states the unreachable-rule analysis builds before it gives up (and reports
    /// nothing): the linter must stay fast on hostile files.
    static let reachabilityStateLimit = 200_000

    /// The rules that never decide any URL for any of their entry's app IDs, because earlier rules
    /// already decide everything they match; exact (over every URL, canonical or not).
    ///
    /// Rules that cannot be compiled are left out (the linter reports them as errors already).
    ///
    /// - Returns: the unreachable rules in file order, or nil when the file is too complex to analyse.
    /// - Complexity: one product exploration per app ID, as in ``CoverageChecker``.
    func unreachableRules() -> [UnreachableRule]? {
        var appIDs: [String] = []
        for entry in entries {
            for id in entry.appIDs where !appIDs.contains(id) { appIDs.append(id) }
        }
        // Per rule pointer: whether it decided some URL for some app, and who decided in its place.
        var decides = Set<String>()
        var shadowers: [String: Set<String>] = [:]
        let universe = URLUniverse.all.sharedAutomaton
        for appID in appIDs {
            let rules = rules(for: appID)
            let explorer = ProductExplorer(leaves: [universe] + rules.map(\.language))
            // First pass: which rules decide some URL. A state whose live rules all decide somewhere already
            // cannot teach anything new, so most of the product is never built.
            var first = [Bool](repeating: false, count: rules.count)
            let reachability = explorer.explore(stateLimit: Self.reachabilityStateLimit) {
                live, accepting -> ProductExplorer.Visit<Int> in
                guard live.first == 0 else { return .init(label: nil, prune: true) }
                if accepting.first == 0, accepting.count > 1 { first[Int(accepting[1]) - 1] = true }
                let open = live.dropFirst().contains { !first[Int($0) - 1] }
                return .init(label: nil, prune: !open)
            }
            guard reachability.complete else { return nil }
            let unreachable = Set(rules.indices.filter { !first[$0] })
            for (index, rule) in rules.enumerated() where first[index] { decides.insert(rule.pointer) }
            guard !unreachable.isEmpty else { continue }
            // Second pass, only for the rules that never decide: which earlier rules decide in their place.
            var shadows = [Set<Int>](repeating: [], count: rules.count)
            let shadowing = explorer.explore(stateLimit: Self.reachabilityStateLimit) {
                live, accepting -> ProductExplorer.Visit<Int> in
                guard live.first == 0 else { return .init(label: nil, prune: true) }
                if accepting.first == 0, accepting.count > 1 {
                    let decider = Int(accepting[1]) - 1
                    for leaf in accepting.dropFirst(2) where unreachable.contains(Int(leaf) - 1) {
                        shadows[Int(leaf) - 1].insert(decider)
                    }
                }
                let open = live.dropFirst().contains { unreachable.contains(Int($0) - 1) }
                return .init(label: nil, prune: !open)
            }
            guard shadowing.complete else { return nil }
            for index in unreachable {
                shadowers[rules[index].pointer, default: []].formUnion(shadows[index].map { rules[$0].pointer })
            }
        }
        var order: [String: Int] = [:]
        for (index, rule) in entries.flatMap(\.rules).enumerated() where order[rule.pointer] == nil {
            order[rule.pointer] = index
        }
        var result: [UnreachableRule] = []
        for entry in entries where !entry.appIDs.isEmpty {
            for rule in entry.rules where rule.invalid == nil && !decides.contains(rule.pointer) {
                let shadowedBy = (shadowers[rule.pointer] ?? []).sorted {
                    order[$0, default: 0] < order[$1, default: 0]
                }
                result.append(UnreachableRule(pointer: rule.pointer, shadowedBy: shadowedBy))
            }
        }
        return result
    }
}
