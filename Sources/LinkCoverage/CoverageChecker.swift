import AppSiteAssociation
import LinkRouting
import RichMediaKitSupport

/// Compares what an apple-app-site-association file sends to an app with what its routes handle, and
/// two versions of an AASA file with each other, exactly: from the patterns, not by sampling URLs.
///
/// Both pattern languages are compiled into automata over one encoding of URLs (see `URLUniverse`);
/// the questions are answered by exploring the product of all those automata breadth first (see
/// `ProductExplorer`), which also yields a shortest example URL for every disagreeing region. Each
/// example is run through the real `AASAMatcher` and `RouteTable` before it is reported; one that does
/// not reproduce raises ``CoverageError/witnessDidNotReproduce(_:)`` instead of being printed.
///
/// <!-- snippet: CoverageCheckerDocExample -->
/// ```swift
/// let report = try CoverageChecker.check(
///     aasa: matcher, routes: table, domain: "example.com", appID: "ABCDE12345.com.example.app")
/// for gap in report.unrouted { print(gap.rule, gap.example) }
/// ```
public enum CoverageChecker {
    /// The most product states one question may build before the engine stops.
    ///
    /// Real files stay far below it: the engine keeps, per position in the patterns, only the rules that can still
    /// decide, and stops exploring where no gap not found yet can appear (see `Docs/Coverage.md`). The states
    /// together may also hold at most 25 million automaton states (about 100 MB). Where a file still reaches it (the shapes that remain expensive are in `Docs/Coverage.md`),
    /// ``check(aasa:routes:domain:appID:allURLs:)`` reports what it found and names the rules and routes it could not
    /// finish comparing (``CoverageReport/notCompared``); ``diff(old:new:domain:appID:allURLs:)`` throws
    /// ``CoverageError/tooComplex(states:)``.
    public static let stateLimit = 600_000

    /// Finds the URLs the AASA file and the route table disagree about.
    ///
    /// - Parameters:
    ///   - aasa: the compiled AASA file served by `domain`.
    ///   - routes: the app's route table.
    ///   - domain: the domain serving the file (a host name).
    ///   - appID: the app whose rules count.
    ///   - allURLs: include non-canonical URLs (empty or dot segments, unusual escapes, bytes that do not
    ///     decode to text); by default only canonical URLs are compared.
    /// - Returns: one example per claiming rule (unrouted) and per route and blocking rule (unclaimed); when the
    ///   check reached ``stateLimit`` first, also the rules and routes it could not finish comparing
    ///   (``CoverageReport/notCompared``).
    /// - Throws: ``CoverageError/witnessDidNotReproduce(_:)`` when an example does not reproduce (a bug).
    /// - Complexity: proportional to the product states built: `Docs/Coverage.md` ("How the engine works") gives
    ///   the bounds.
    public static func check(
        aasa: AASAMatcher, routes: RouteTable, domain: String, appID: String, allURLs: Bool = false
    ) throws(CoverageError) -> CoverageReport {
        let universe = allURLs ? URLUniverse.all : URLUniverse.canonical
        return try check(aasa: aasa, routes: routes, domain: domain, appID: appID, universe: universe)
    }

    /// The check of the canonical URLs with another limit than ``stateLimit`` (package access: the fetch's coverage
    /// at a limit small enough to test).
    package static func check(
        aasa: AASAMatcher, routes: RouteTable, domain: String, appID: String, stateLimit: Int
    ) throws(CoverageError) -> CoverageReport {
        try check(
            aasa: aasa, routes: routes, domain: domain, appID: appID, universe: .canonical, stateLimit: stateLimit)
    }

    static func check(
        aasa: AASAMatcher, routes: RouteTable, domain: String, appID: String, universe: URLUniverse,
        stateLimit: Int = stateLimit
    ) throws(CoverageError) -> CoverageReport {
        let rules = aasa.rules(for: appID)
        let host = URLBytes.asciiLowercased(domain)
        let routeLeaves = routes.languages(onHost: host)
        let ruleCount = rules.count
        let explorer = ProductExplorer(
            universe: universe.sharedAutomaton,
            components: [
                .init(leaves: rules.map(\.language), firstMatch: true) { rules[$0].isWorthDeterminizing },
                .init(leaves: routeLeaves.map(\.language), firstMatch: false),
            ])
        let isMatchRule = rules.map { !$0.exclude }
        var routeLeafOf: [Int: Int] = [:]
        for (leaf, entry) in routeLeaves.enumerated() { routeLeafOf[entry.route] = leaf }
        // The labels still worth finding, each with its target (see `ProductExplorer.explore(bound:prepare:)`;
        // -1: not worth finding): unrouted per rule, unclaimed per route leaf and blocking rule (slot 0: no rule).
        var unroutedTarget = [Int32](repeating: 0, count: ruleCount)
        var unclaimedTarget = [Int32](repeating: 0, count: routeLeaves.count * (ruleCount + 1))
        // The smallest over the labels still worth finding of (bytes still needed) - (target).
        var exclusions: [(rule: Int, distance: Int)] = []
        func lowerBound(_ state: ProductExplorer.State) -> Int {
            var best = Int.max
            exclusions.removeAll(keepingCapacity: true)
            for (rule, distance) in state.liveLeaves(0) {
                if !isMatchRule[rule] {
                    exclusions.append((rule, distance))
                } else if unroutedTarget[rule] >= 0 {
                    best = min(best, distance - Int(unroutedTarget[rule]))
                }
            }
            // Unclaimed: a live route, blocked by a live exclude rule or (unless a live rule decides every URL from
            // here) by none.
            let anyURLUnmatched = !state.isDecided(0)
            for (route, routeBound) in state.liveLeaves(1) {
                let slots = route * (ruleCount + 1)
                if anyURLUnmatched, unclaimedTarget[slots] >= 0 {
                    best = min(best, routeBound - Int(unclaimedTarget[slots]))
                }
                for exclusion in exclusions {
                    let target = unclaimedTarget[slots + exclusion.rule + 1]
                    if target >= 0 { best = min(best, max(routeBound, exclusion.distance) - Int(target)) }
                }
            }
            return best >= Int(Int32.max) / 2 ? .max : best
        }
        // Between the two searches: only the labels found are still worth finding, each within its length.
        func prepare(_ labels: [CheckLabel: Int]) {
            unroutedTarget = unroutedTarget.map { _ in -1 }
            unclaimedTarget = unclaimedTarget.map { _ in -1 }
            for (label, length) in labels {
                switch label {
                case .unrouted(let rule): unroutedTarget[rule] = Int32(length)
                case .unclaimed(let route, let rule):
                    if let leaf = routeLeafOf[route] {
                        unclaimedTarget[leaf * (ruleCount + 1) + (rule ?? -1) + 1] = Int32(length)
                    }
                }
            }
        }
        let exploration = explorer.explore(stateLimit: stateLimit, bound: lowerBound, prepare: prepare) {
            state -> ProductExplorer.Visit<CheckLabel> in
            var label: CheckLabel?
            if state.universeAccepts {
                let rule = state.accepting(0).first.map { Int($0) }
                let routeLeaf = state.accepting(1).first.map { Int($0) }
                let claimed = rule.map { isMatchRule[$0] } ?? false
                if claimed, routeLeaf == nil {
                    label = .unrouted(rule: rule!)
                    unroutedTarget[rule!] = -1
                } else if !claimed, let routeLeaf {
                    label = .unclaimed(route: routeLeaves[routeLeaf].route, blockingRule: rule)
                    unclaimedTarget[routeLeaf * (ruleCount + 1) + (rule ?? -1) + 1] = -1
                }
            }
            return .init(label: label, prune: lowerBound(state) == .max)
        }
        var unrouted: [(Int, CoverageReport.Unrouted)] = []
        var unclaimed: [(Int, Int, CoverageReport.Unclaimed)] = []
        for (label, witness) in exploration.witnesses {
            let url = URLUniverse.url(domain: domain, encoded: witness)
            let match = aasa.match(url, domain: domain, appID: appID)
            let decision = routes.decision(for: url)
            switch label {
            case .unrouted(let rule):
                guard match.decision == .match, match.rule == rules[rule].pointer, decision.kind != .route else {
                    throw .witnessDidNotReproduce(
                        "\(url): expected \(rules[rule].pointer) to match and no route; AASA decided "
                            + "\(match.decision.rawValue) by \(match.rule ?? "no rule"), the router \(decision.kind)")
                }
                let corners = Self.corners(of: url, aasa: aasa, routes: routes, domain: domain, appID: appID)
                var gap = CoverageReport.Unrouted(rule: rules[rule].pointer, example: url, corners: corners)
                gap.ruleText = FindingSubjects.text(rules[rule])
                unrouted.append((rule, gap))
            case .unclaimed(let route, let blocking):
                let name = routes.routes[route].name
                let expectedRule = blocking.map { rules[$0].pointer }
                guard decision.kind == .route, decision.routed?.route == name, match.decision != .match,
                    match.rule == expectedRule
                else {
                    throw .witnessDidNotReproduce(
                        "\(url): expected route \(name) and no AASA match (rule \(expectedRule ?? "none")); the "
                            + "router decided \(decision.kind) \(decision.routed?.route ?? ""), AASA "
                            + "\(match.decision.rawValue) by \(match.rule ?? "no rule")")
                }
                var gap = CoverageReport.Unclaimed(
                    route: name, example: url, rule: expectedRule, routeIndex: routes.routeIndex(named: name))
                gap.ruleText = blocking.map { FindingSubjects.text(rules[$0]) }
                gap.corners = Self.corners(of: url, aasa: aasa, routes: routes, domain: domain, appID: appID)
                unclaimed.append((route, blocking ?? -1, gap))
            }
        }
        unrouted.sort { $0.0 < $1.0 }
        unclaimed.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var report = CoverageReport(
            domain: domain, appID: appID, unrouted: unrouted.map(\.1), unclaimed: unclaimed.map(\.2))
        if !exploration.complete {
            // The limit: everything found is exact and stays; what is named is every rule and route still alive
            // where the search stopped with a gap it could be part of not found yet.
            let liveRules = exploration.unfinished[0]
            let liveRoutes = exploration.unfinished[1]
            func routeOpen(_ leaf: Int) -> Bool {
                liveRoutes[leaf]
                    && (0...ruleCount).contains { unclaimedTarget[leaf * (ruleCount + 1) + $0] >= 0 }
            }
            for (index, rule) in rules.enumerated() where liveRules[index] {
                let open =
                    isMatchRule[index]
                    ? unroutedTarget[index] >= 0
                    : routeLeaves.indices.contains {
                        liveRoutes[$0] && unclaimedTarget[$0 * (ruleCount + 1) + index + 1] >= 0
                    }
                if open { report.notCompared.append(.rule(rule.pointer, text: rule.text)) }
            }
            for (leaf, entry) in routeLeaves.enumerated() where routeOpen(leaf) {
                let route = routes.routes[entry.route]
                var notCompared = CoverageReport.NotCompared.route(route.name, pattern: route.pattern)
                notCompared.routeIndex = routes.routeIndex(named: route.name)
                report.notCompared.append(notCompared)
            }
        }
        return report
    }

    /// The corners of URL syntax `example` depends on (see ``URLSyntaxCorner``): those read from it, and letter case
    /// when the URL lower-cased is no gap at all: iOS opens it in the app and a route handles it. (A lower-cased URL
    /// that neither side takes is a different URL, not a different spelling of one both compare differently: a
    /// case-sensitive `/Help/*` rule and case-sensitive routes agree on case, so case is not the gap's cause.)
    private static func corners(
        of example: String, aasa: AASAMatcher, routes: RouteTable, domain: String, appID: String
    ) -> [URLSyntaxCorner] {
        var corners = URLSyntaxCorner.corners(inExample: example)
        if let lower = URLSyntaxCorner.lowercasedAfterHost(example),
            aasa.match(lower, domain: domain, appID: appID).decision == .match,
            routes.decision(for: lower).kind == .route
        {
            corners.append(.letterCase)
        }
        return corners
    }

    private enum CheckLabel: Hashable {
        case unrouted(rule: Int)
        case unclaimed(route: Int, blockingRule: Int?)
    }

    /// Finds the URLs that open the app under one version of an AASA file and not under the other.
    ///
    /// - Parameters:
    ///   - old: the current file.
    ///   - new: the proposed file.
    ///   - domain: the domain serving the file.
    ///   - appID: the app whose rules count.
    ///   - allURLs: include non-canonical URLs.
    /// - Returns: one example per pair of deciding rules (old, new) whose outcome differs.
    /// - Throws: ``CoverageError`` when the patterns are too complex or an example does not reproduce.
    /// - Complexity: proportional to the product states reached, as for ``check(aasa:routes:domain:appID:allURLs:)``.
    public static func diff(
        old: AASAMatcher, new: AASAMatcher, domain: String, appID: String, allURLs: Bool = false
    ) throws(CoverageError) -> AASADiffReport {
        let universe = allURLs ? URLUniverse.all : URLUniverse.canonical
        return try diff(old: old, new: new, domain: domain, appID: appID, universe: universe)
    }

    static func diff(
        old: AASAMatcher, new: AASAMatcher, domain: String, appID: String, universe: URLUniverse
    ) throws(CoverageError) -> AASADiffReport {
        let oldRules = old.rules(for: appID)
        let newRules = new.rules(for: appID)
        let explorer = ProductExplorer(
            universe: universe.sharedAutomaton,
            components: [
                .init(leaves: oldRules.map(\.language), firstMatch: true) { oldRules[$0].isWorthDeterminizing },
                .init(leaves: newRules.map(\.language), firstMatch: true) { newRules[$0].isWorthDeterminizing },
            ])
        let oldOpens = oldRules.map { !$0.exclude }
        let newOpens = newRules.map { !$0.exclude }
        // The changes still worth finding, each with its target (see `ProductExplorer.explore(bound:prepare:)`; -1:
        // not worth finding), per pair of deciding rules (slot 0: no rule).
        let width = newRules.count + 1
        var target = [Int32](repeating: 0, count: (oldRules.count + 1) * width)
        var olds: [(slot: Int, opens: Bool, distance: Int)] = []
        var news: [(slot: Int, opens: Bool, distance: Int)] = []
        // The smallest over the changes still worth finding of (bytes still needed) - (target): a pair of deciding
        // rules (or none, unless a live rule decides every URL from here) that open differently.
        func lowerBound(_ state: ProductExplorer.State) -> Int {
            let universe = state.universeDistance
            func candidates(
                _ component: Int, _ opens: [Bool], into list: inout [(slot: Int, opens: Bool, distance: Int)]
            ) {
                list.removeAll(keepingCapacity: true)
                for (leaf, distance) in state.liveLeaves(component) { list.append((leaf + 1, opens[leaf], distance)) }
                if !state.isDecided(component) { list.append((0, false, universe)) }
            }
            candidates(0, oldOpens, into: &olds)
            candidates(1, newOpens, into: &news)
            var best = Int.max
            for old in olds {
                for new in news where old.opens != new.opens {
                    let goal = target[old.slot * width + new.slot]
                    if goal >= 0 { best = min(best, max(old.distance, new.distance) - Int(goal)) }
                }
            }
            return best >= Int(Int32.max) / 2 ? .max : best
        }
        func prepare(_ labels: [DiffLabel: Int]) {
            target = target.map { _ in -1 }
            for (label, length) in labels {
                target[((label.old ?? -1) + 1) * width + (label.new ?? -1) + 1] = Int32(length)
            }
        }
        let exploration = explorer.explore(stateLimit: stateLimit, bound: lowerBound, prepare: prepare) {
            state -> ProductExplorer.Visit<DiffLabel> in
            var label: DiffLabel?
            if state.universeAccepts {
                let oldRule = state.accepting(0).first.map { Int($0) }
                let newRule = state.accepting(1).first.map { Int($0) }
                let oldOpensHere = oldRule.map { oldOpens[$0] } ?? false
                let newOpensHere = newRule.map { newOpens[$0] } ?? false
                if oldOpensHere != newOpensHere {
                    label = DiffLabel(gained: newOpensHere, old: oldRule, new: newRule)
                    target[((oldRule ?? -1) + 1) * width + (newRule ?? -1) + 1] = -1
                }
            }
            return .init(label: label, prune: lowerBound(state) == .max)
        }
        guard exploration.complete else { throw .tooComplex(states: stateLimit) }
        var gained: [(DiffLabel, AASADiffReport.Change)] = []
        var lost: [(DiffLabel, AASADiffReport.Change)] = []
        for (label, witness) in exploration.witnesses {
            let url = URLUniverse.url(domain: domain, encoded: witness)
            let oldPointer = label.old.map { oldRules[$0].pointer }
            let newPointer = label.new.map { newRules[$0].pointer }
            let oldMatch = old.match(url, domain: domain, appID: appID)
            let newMatch = new.match(url, domain: domain, appID: appID)
            guard oldMatch.rule == oldPointer, newMatch.rule == newPointer,
                (newMatch.decision == .match) == label.gained, (oldMatch.decision == .match) == !label.gained
            else {
                throw .witnessDidNotReproduce(
                    "\(url): expected old \(oldPointer ?? "none") and new \(newPointer ?? "none"); got old "
                        + "\(oldMatch.decision.rawValue) by \(oldMatch.rule ?? "none"), new "
                        + "\(newMatch.decision.rawValue) by \(newMatch.rule ?? "none")")
            }
            let change = AASADiffReport.Change(example: url, old: oldPointer, new: newPointer)
            if label.gained {
                gained.append((label, change))
            } else {
                lost.append((label, change))
            }
        }
        func order(_ lhs: (DiffLabel, AASADiffReport.Change), _ rhs: (DiffLabel, AASADiffReport.Change)) -> Bool {
            let left = (lhs.0.new ?? -1, lhs.0.old ?? -1)
            let right = (rhs.0.new ?? -1, rhs.0.old ?? -1)
            return lhs.0.gained ? left < right : (left.1, left.0) < (right.1, right.0)
        }
        return AASADiffReport(gained: gained.sorted(by: order).map(\.1), lost: lost.sorted(by: order).map(\.1))
    }

    private struct DiffLabel: Hashable {
        var gained: Bool
        var old: Int?
        var new: Int?
    }
}
