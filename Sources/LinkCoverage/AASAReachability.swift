import AppSiteAssociation

extension AASAMatcher {
    /// The most product states the unreachable-rule analysis builds before it gives up (and reports
    /// nothing): the linter must stay fast on hostile files.
    static let reachabilityStateLimit = 200_000

    /// The most automaton states the analysis's product states may hold together (4 bytes each): the
    /// memory budget, about 16 MB.
    static let reachabilitySizeLimit = 4_000_000

    /// The work budget of the unreachable-rule analysis for rules whose patterns total `patternBytes`
    /// bytes: linear in the size of the file, so that any file up to the 128 KB limit is analysed in
    /// near-linear time. Real files use a small fraction of it (a 120 KB file of 2,700 ordinary rules
    /// needs about a tenth); long runs of wildcards such as `*a*a*a…` exhaust it.
    ///
    /// - Parameter patternBytes: the total length of the rules' patterns.
    /// - Returns: the budget, in the units of ``ProductExplorer/Exploration/work``.
    static func reachabilityWorkLimit(patternBytes: Int) -> Int {
        2_000_000 + 250 * patternBytes
    }

    /// The rules that never decide any URL for any of their entry's app IDs, because earlier rules
    /// already decide everything they match; exact (over every URL, canonical or not).
    ///
    /// Rules that cannot be compiled are left out (the linter reports them as errors already).
    ///
    /// - Returns: the unreachable rules in file order, or nil when the file is too complex to analyse.
    /// - Complexity: one product exploration per app ID, as in ``CoverageChecker``.
    func unreachableRules() -> [UnreachableRule]? {
        let analysis = reachability(workLimit: .max, sizeLimit: 25_000_000)
        return analysis.undecided.isEmpty && analysis.intractable.isEmpty ? analysis.unreachable : nil
    }

    /// The unreachable-rule analysis within a work budget.
    ///
    /// Exact where it finishes. Where the budget runs out for an app ID, the rules of that app not yet
    /// known to decide some URL are listed in ``AASAReachability/undecided`` instead of being judged, and
    /// nothing is reported about them; rules that decide for another app ID stay reachable.
    ///
    /// - Parameters:
    ///   - workLimit: the work budget per exploration (see ``ProductExplorer/explore(stateLimit:sizeLimit:workLimit:_:)``);
    ///     by default ``reachabilityWorkLimit(patternBytes:)`` of the file's patterns.
    ///   - sizeLimit: the memory budget per exploration, in automaton states.
    /// - Returns: the unreachable rules and the rules the analysis gave up on, both in file order.
    /// - Complexity: O(w) per app ID for a work limit w, plus compiling each rule's automaton once per app ID.
    func reachability(workLimit: Int? = nil, sizeLimit: Int = reachabilitySizeLimit) -> AASAReachability {
        let limit = workLimit ?? Self.reachabilityWorkLimit(patternBytes: patternBytes)
        var appIDs: [String] = []
        for entry in entries {
            for id in entry.appIDs where !appIDs.contains(id) { appIDs.append(id) }
        }
        // Per rule pointer: whether it decided some URL for some app, and who decided in its place.
        var decides = Set<String>()
        var undecided = Set<String>()
        var intractable = Set<String>()
        var shadowers: [String: Set<String>] = [:]
        var partialShadowers = Set<String>()
        let universe = URLUniverse.all.sharedAutomaton
        for appID in appIDs {
            var rules: [AASAResolvedRule] = []
            for rule in self.rules(for: appID) where rule.invalid == nil {
                if rule.isTractable { rules.append(rule) } else { intractable.insert(rule.pointer) }
            }
            let explorer = ProductExplorer(
                universe: universe,
                components: [
                    .init(leafCount: rules.count, firstMatch: true, determinize: { rules[$0].isWorthDeterminizing }) {
                        rules[$0].language
                    }
                ]
            )
            // First pass: which rules decide some URL. A state whose live rules all decide somewhere already
            // cannot teach anything new, so most of the product is never built.
            var first = [Bool](repeating: false, count: rules.count)
            let reachability = explorer.explore(
                stateLimit: Self.reachabilityStateLimit, sizeLimit: sizeLimit, workLimit: limit
            ) { state -> ProductExplorer.Visit<Int> in
                if state.universeAccepts, let decider = state.accepting(0).first { first[Int(decider)] = true }
                return .init(label: nil, prune: !state.live(0).contains { !first[Int($0)] })
            }
            for (index, rule) in rules.enumerated() where first[index] { decides.insert(rule.pointer) }
            guard reachability.complete else {
                for (index, rule) in rules.enumerated() where !first[index] { undecided.insert(rule.pointer) }
                continue
            }
            let unreachable = rules.indices.filter { !first[$0] }
            guard !unreachable.isEmpty else { continue }
            // Second pass, only for the rules that never decide: which earlier rules decide in their place. Those
            // never decide, so the decider is the first accepting rule among the others; the rules that never
            // decide are tracked on their own, each as it is (none can hide another).
            let reachable = rules.indices.filter { first[$0] }
            var shadows = [Set<Int>](repeating: [], count: rules.count)
            let shadowing = ProductExplorer(
                universe: universe,
                components: [
                    .init(
                        leafCount: reachable.count, firstMatch: true,
                        determinize: { rules[reachable[$0]].isWorthDeterminizing }
                    ) { rules[reachable[$0]].language },
                    .init(leafCount: unreachable.count, firstMatch: false) { rules[unreachable[$0]].language },
                ]
            ).explore(stateLimit: Self.reachabilityStateLimit, sizeLimit: sizeLimit, workLimit: limit) {
                state -> ProductExplorer.Visit<Int> in
                if state.universeAccepts, let decider = state.accepting(0).first {
                    for leaf in state.accepting(1) { shadows[unreachable[Int(leaf)]].insert(reachable[Int(decider)]) }
                }
                return .init(label: nil, prune: state.live(1).isEmpty)
            }
            for index in unreachable {
                shadowers[rules[index].pointer, default: []].formUnion(shadows[index].map { rules[$0].pointer })
                if !shadowing.complete { partialShadowers.insert(rules[index].pointer) }
            }
        }
        var order: [String: Int] = [:]
        for (index, rule) in entries.flatMap(\.rules).enumerated() where order[rule.pointer] == nil {
            order[rule.pointer] = index
        }
        var result = AASAReachability()
        for entry in entries where !entry.appIDs.isEmpty {
            for rule in entry.rules where rule.invalid == nil && !decides.contains(rule.pointer) {
                if intractable.contains(rule.pointer) {
                    if !result.intractable.contains(rule.pointer) { result.intractable.append(rule.pointer) }
                    continue
                }
                if undecided.contains(rule.pointer) {
                    if !result.undecided.contains(rule.pointer) { result.undecided.append(rule.pointer) }
                    continue
                }
                let shadowedBy = (shadowers[rule.pointer] ?? []).sorted {
                    order[$0, default: 0] < order[$1, default: 0]
                }
                result.unreachable.append(
                    UnreachableRule(
                        pointer: rule.pointer, shadowedBy: shadowedBy,
                        shadowersComplete: !partialShadowers.contains(rule.pointer)))
            }
        }
        return result
    }

    /// The size of the rules' patterns (elements, with every branch of a variable counted): the size of the
    /// file as far as the analysis is concerned.
    var patternBytes: Int {
        func weight(_ pattern: AASAPattern?) -> Int {
            guard let pattern else { return 0 }
            var total = 0
            var stack = [pattern.elements[...]]
            while let elements = stack.popLast() {
                for element in elements {
                    total += 1
                    if case .alternation(let branches) = element { stack += branches.map { $0[...] } }
                }
            }
            return total
        }
        var total = 0
        for entry in entries {
            for rule in entry.rules {
                total += 16 + weight(rule.path) + weight(rule.fragment)
                switch rule.query {
                case .any: break
                case .string(let pattern): total += weight(pattern)
                case .items(let items):
                    for item in items { total += item.name.count + weight(item.pattern) }
                }
            }
        }
        return total
    }
}

extension AASAResolvedRule {
    /// Whether the analysis can build this rule's automaton in reasonable time and memory.
    ///
    /// Query items, and every part of a rule with `percentEncoded: false`, go through a subset
    /// construction (``DFA``), which a `*` followed by many one-character steps (`*a????????????????`)
    /// makes exponential, and many `*` quadratic. Real patterns have a few of each; a rule with more is
    /// left to the matcher and reported as skipped.
    var isTractable: Bool {
        func tractable(_ pattern: AASAPattern?, determinized: Bool) -> Bool {
            guard let pattern else { return true }
            var stars = 0
            var stepsAfterStar = 0
            var stack = [pattern.elements[...]]
            while let elements = stack.popLast() {
                for element in elements {
                    switch element {
                    case .anyRun: stars += 1
                    case .byte: break
                    case .anyCharacter, .byteClass: if stars > 0 { stepsAfterStar += 1 }
                    case .alternation(let branches): stack += branches.map { $0[...] }
                    }
                }
            }
            return stars <= (determinized ? 32 : 4_096) && (!determinized || stepsAfterStar <= 12)
        }
        let decoded = !percentEncoded
        guard tractable(path, determinized: decoded), tractable(fragment, determinized: decoded) else { return false }
        switch query {
        case .any: return true
        case .string(let pattern): return tractable(pattern, determinized: decoded)
        case .items(let items): return items.allSatisfy { tractable($0.pattern, determinized: true) }
        }
    }
}

/// What the unreachable-rule analysis found, and where it gave up.
struct AASAReachability: Sendable, Equatable {
    /// The rules that can never decide, in file order.
    var unreachable: [UnreachableRule] = []
    /// The pointers of the rules the analysis gave up on (its work budget ran out before it could tell), in
    /// file order; nothing is known about them.
    var undecided: [String] = []
    /// The pointers of the rules left out of the analysis because their patterns are too complex to turn
    /// into automata cheaply (see ``AASAResolvedRule/isTractable``), in file order.
    var intractable: [String] = []
}
