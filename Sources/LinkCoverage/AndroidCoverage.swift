import AndroidAppLinks
import LinkRouting
import RichMediaKitSupport

/// Compares what Android opens in the app on one host with what the app's routes handle, exactly: from the
/// manifest's filters, the host's `assetlinks.json` and the routes' patterns, not by sampling URLs.
///
/// Every Android pattern is an automaton built from Android's own algorithm (``AndroidPatternMachine``), lifted to
/// the raw URLs whose decoded parts it accepts. One URL opens the app when a filter accepts it, the host is
/// verified, and the host's dynamic rules let it through, as `AndroidLinkDecider.decide(_:)` decides; the product of
/// those automata with the routes' is explored as for iOS (see `CoverageChecker`), and every example is run through
/// the real decider and router before it is reported.
///
/// Quantifies over the canonical URL universe (see `URLUniverse`): its parts decode to UTF-8 text, which is what
/// makes Android's UTF-16 comparison one language over bytes.
///
/// Not yet covered exactly, and refused with ``Unsupported`` rather than guessed: a dynamic rule's parameter name
/// outside ASCII (compared as Swift strings). A relative filter group's query rule is exact (``queryRule(_:)``).
enum AndroidCoverage {
    /// A disagreement between Android and the routes, with a shortest example.
    enum Gap: Hashable {
        /// Android opens the URL in the app (accepted by the filter at this index of `manifest.intentFilters`)
        /// and no route handles it.
        case unrouted(filter: Int)
        /// The route at this index handles the URL and Android does not open it in the app, for this reason:
        /// `noFilter`, `notVerified` or `excluded` (then `rule` is the dynamic rule that excludes, nil when none
        /// matches).
        case unclaimed(route: Int, verdict: AndroidLinkDecision.Verdict, rule: Int?)
        /// The check reached its limit before it finished comparing this filter (index in the manifest), dynamic rule
        /// or route (one of the three is set); it has no example.
        case notCompared(filter: Int?, rule: Int?, route: Int?)
    }

    /// A part of the configuration the exact check does not model yet.
    struct Unsupported: Error, Hashable, CustomStringConvertible {
        /// What it is, and where.
        var description: String
    }

    /// The errors of a check.
    enum Failure: Error, Hashable {
        /// See ``Unsupported``.
        case unsupported(Unsupported)
        /// A pattern needs too many automaton states.
        case tooComplex(String)
        /// The product exploration ran out of its budget.
        case budget(states: Int)
        /// An example did not reproduce with the decider or the router (a bug in the engine).
        case witnessDidNotReproduce(String)
    }

    /// The gaps on `host`, each with a shortest example URL.
    ///
    /// - Parameters:
    ///   - decider: Android's decision (the manifest, the app's identity, the served files).
    ///   - routes: The app's routes.
    ///   - host: The host (https, no port).
    ///   - universe: The URLs compared (canonical by default; the tests use small finite-alphabet ones). Its parts
    ///     must decode to UTF-8 text.
    ///   - stateLimit: The most product states to build.
    /// - Returns: The gaps in a stable order: unrouted by filter, then unclaimed by route.
    /// - Throws: ``Failure``.
    static func check(
        decider: AndroidLinkDecider, routes: RouteTable, host: String, universe: URLUniverse = .canonical,
        stateLimit: Int = CoverageChecker.stateLimit
    ) throws(Failure) -> [(gap: Gap, example: String)] {
        guard decider.manifest != nil else { return [] }
        let android = try Leaves(decider: decider, host: host)
        let routeLeaves = routes.languages(onHost: host)
        let filterLeaves = android.filters
        let ruleLeaves = android.rules
        let explorer = ProductExplorer(
            universe: universe.sharedAutomaton,
            components: [
                .init(leaves: filterLeaves.map(\.language), firstMatch: true),
                .init(leaves: ruleLeaves, firstMatch: true),
                .init(leaves: routeLeaves.map(\.language), firstMatch: false),
            ])
        let verified = android.standing.isVerified
        let excludes = (android.dynamicRules ?? []).map(\.exclude)
        // The gaps still worth finding, each with its target (see `ProductExplorer.explore(bound:prepare:)`; -1: not
        // worth finding): unrouted per filter leaf; unclaimed per route leaf and reason (no filter, not verified,
        // excluded by no rule, excluded by rule i at 3 + i).
        let slots = 3 + ruleLeaves.count
        var unroutedTarget = [Int32](repeating: 0, count: filterLeaves.count)
        var unclaimedTarget = [Int32](repeating: 0, count: routeLeaves.count * slots)
        var filterLeafOf: [Int: Int] = [:]
        for (leaf, entry) in filterLeaves.enumerated() where filterLeafOf[entry.filter] == nil {
            filterLeafOf[entry.filter] = leaf
        }
        var routeLeafOf: [Int: Int] = [:]
        for (leaf, entry) in routeLeaves.enumerated() { routeLeafOf[entry.route] = leaf }
        func slot(_ verdict: AndroidLinkDecision.Verdict, _ rule: Int?) -> Int {
            switch verdict {
            case .noFilter: 0
            case .notVerified: 1
            default: rule.map { 3 + $0 } ?? 2
            }
        }
        var exclusions: [(rule: Int, distance: Int)] = []
        // The smallest over the gaps still worth finding of (bytes still needed) - (target).
        func lowerBound(_ state: ProductExplorer.State) -> Int {
            var best = Int.max
            var nearestFilter = Int.max
            for (filter, distance) in state.liveLeaves(0) {
                nearestFilter = min(nearestFilter, distance)
                let target = unroutedTarget[filter]
                if verified, target >= 0 { best = min(best, distance - Int(target)) }
            }
            exclusions.removeAll(keepingCapacity: true)
            for (rule, distance) in state.liveLeaves(1) where excludes[rule] { exclusions.append((rule, distance)) }
            let anyURLUnfiltered = !state.isDecided(0)
            let anyURLUnruled = !state.isDecided(1)
            for (route, routeBound) in state.liveLeaves(2) {
                let base = route * slots
                if anyURLUnfiltered, unclaimedTarget[base] >= 0 {
                    best = min(best, routeBound - Int(unclaimedTarget[base]))
                }
                // The other reasons need a filter that accepts.
                guard nearestFilter != .max else { continue }
                let filtered = max(routeBound, nearestFilter)
                if !verified {
                    if unclaimedTarget[base + 1] >= 0 { best = min(best, filtered - Int(unclaimedTarget[base + 1])) }
                } else if android.dynamicRules != nil {
                    if anyURLUnruled, unclaimedTarget[base + 2] >= 0 {
                        best = min(best, filtered - Int(unclaimedTarget[base + 2]))
                    }
                    for exclusion in exclusions {
                        let target = unclaimedTarget[base + 3 + exclusion.rule]
                        if target >= 0 { best = min(best, max(filtered, exclusion.distance) - Int(target)) }
                    }
                }
            }
            return best >= Int(Int32.max) / 2 ? .max : best
        }
        // Between the two searches: only the gaps found are still worth finding, each within its length.
        func prepare(_ labels: [Gap: Int]) {
            unroutedTarget = unroutedTarget.map { _ in -1 }
            unclaimedTarget = unclaimedTarget.map { _ in -1 }
            for (label, length) in labels {
                switch label {
                case .unrouted(let filter): if let leaf = filterLeafOf[filter] { unroutedTarget[leaf] = Int32(length) }
                case .unclaimed(let route, let verdict, let rule):
                    if let leaf = routeLeafOf[route] {
                        unclaimedTarget[leaf * slots + slot(verdict, rule)] = Int32(length)
                    }
                case .notCompared: break
                }
            }
        }
        let exploration = explorer.explore(stateLimit: stateLimit, bound: lowerBound, prepare: prepare) {
            state -> ProductExplorer.Visit<Gap> in
            var label: Gap?
            if state.universeAccepts {
                let filterLeaf = state.accepting(0).first.map { Int($0) }
                let filter = filterLeaf.map { filterLeaves[$0].filter }
                let rule = state.accepting(1).first.map { Int($0) }
                let routeLeaf = state.accepting(2).first.map { Int($0) }
                let verdict = android.verdict(filter: filter, rule: rule)
                if verdict == .opens, routeLeaf == nil, let filter, let filterLeaf {
                    label = .unrouted(filter: filter)
                    unroutedTarget[filterLeaf] = -1
                } else if verdict != .opens, let routeLeaf {
                    let blocking = verdict == .excluded ? rule : nil
                    label = .unclaimed(route: routeLeaves[routeLeaf].route, verdict: verdict, rule: blocking)
                    unclaimedTarget[routeLeaf * slots + slot(verdict, blocking)] = -1
                }
            }
            return .init(label: label, prune: lowerBound(state) == .max)
        }
        var gaps: [(gap: Gap, example: String)] = []
        // The real decider, with the manifest read once for all the examples.
        let prepared = AndroidLinkDecider.Prepared(decider)
        if !exploration.complete {
            // The limit: every live filter, dynamic rule and route with a gap not found yet it could be part of.
            let (liveFilters, liveRules, liveRoutes) =
                (exploration.unfinished[0], exploration.unfinished[1], exploration.unfinished[2])
            func routeOpen(_ leaf: Int) -> Bool {
                liveRoutes[leaf] && (0..<slots).contains { unclaimedTarget[leaf * slots + $0] >= 0 }
            }
            let anyRouteOpen = routeLeaves.indices.contains(where: routeOpen)
            for (leaf, entry) in filterLeaves.enumerated()
            where liveFilters[leaf] && (unroutedTarget[leaf] >= 0 || anyRouteOpen) {
                gaps.append((.notCompared(filter: entry.filter, rule: nil, route: nil), ""))
            }
            for rule in ruleLeaves.indices where liveRules[rule] && anyRouteOpen {
                gaps.append((.notCompared(filter: nil, rule: rule, route: nil), ""))
            }
            for (leaf, entry) in routeLeaves.enumerated() where routeOpen(leaf) {
                gaps.append((.notCompared(filter: nil, rule: nil, route: entry.route), ""))
            }
        }
        for (gap, witness) in exploration.witnesses {
            let url = URLUniverse.url(domain: host, encoded: witness)
            if case .notCompared = gap { continue }
            guard !shows(gap, url: url, decider: prepared, routes: routes) else {
                gaps.append((gap, url))
                continue
            }
            let decision = prepared.decide(url)
            let routed = routes.decision(for: url)
            switch gap {
            case .unrouted(let filter):
                throw .witnessDidNotReproduce(
                    "\(url): expected filter \(filter) to open the app and no route; Android decided "
                        + "\(decision.verdict.rawValue), the router \(routed.kind)")
            case .unclaimed(let route, let verdict, _):
                throw .witnessDidNotReproduce(
                    "\(url): expected route \(routes.routes[route].name) and Android \(verdict.rawValue); got "
                        + "\(decision.verdict.rawValue), the router \(routed.kind) "
                        + "\(routed.routed?.route ?? "")")
            case .notCompared: continue
            }
        }
        return gaps.sorted { order($0.gap).lexicographicallyPrecedes(order($1.gap)) }
    }

    /// Whether `url` shows `gap`, as `AndroidLinkDecider.decide(_:)` decides and the router routes: the one test of
    /// an example (the check's witnesses, and the URLs without a corner of URL syntax an example may depend on).
    ///
    /// - Parameters:
    ///   - gap: An unrouted or unclaimed gap (a not-compared entry shows nothing).
    ///   - url: An absolute URL.
    ///   - decider: Android's side, read once for all the examples it decides.
    ///   - routes: The routes.
    /// - Returns: Whether the URL is that gap.
    static func shows(_ gap: Gap, url: String, decider: AndroidLinkDecider.Prepared, routes: RouteTable) -> Bool {
        // The decider's verdict without every filter's result: the same steps, up to the first filter that accepts.
        let decision = decider.verdict(url)
        let routed = routes.decision(for: url)
        switch gap {
        case .unrouted(let filter):
            return decision.verdict == .opens && decision.acceptingFilter == filter && routed.kind != .route
        case .unclaimed(let route, let verdict, let rule):
            return decision.verdict == verdict && routed.kind == .route
                && routed.routed?.route == routes.routes[route].name
                && (verdict != .excluded || decision.dynamicRule == rule)
        case .notCompared: return false
        }
    }

    /// Android's side of one host's product: the filters' and the dynamic rules' languages, and what decides.
    struct Leaves {
        /// The host's standing (declared, verified) for the app.
        var standing: AndroidLinkDecider.HostStanding
        /// The languages of the filters that accept URLs of the host, each with its index in the manifest.
        var filters: [(filter: Int, language: NFA)]
        /// The languages of the host's dynamic rules, in file order (none when the host is not verified).
        var rules: [NFA]
        /// The host's dynamic rules when it is verified and its file has some.
        var dynamicRules: [DynamicAppLinkRule]?

        /// Builds the languages of `decider`'s filters and rules on `host`.
        init(decider: AndroidLinkDecider, host: String) throws(Failure) {
            let probe = AndroidURI("https://\(host)/")
            standing = decider.standing(ofHost: host, in: probe)
            filters = []
            // A manifest with a pattern Android rejects does not install: no filter of it accepts anything.
            let installed = decider.manifest?.rejectedPattern == nil
            for (index, filter) in (decider.manifest?.intentFilters.map(\.filter) ?? []).enumerated() where installed {
                if let language = try AndroidCoverage.language(of: filter, host: host, probe: probe) {
                    filters.append((index, language))
                }
            }
            dynamicRules = standing.isVerified ? standing.verification?.dynamicRules : nil
            rules = try (dynamicRules ?? []).map { rule throws(Failure) in try AndroidCoverage.language(of: rule) }
        }

        /// Android's verdict on a URL the filter at `filter` (of `manifest.intentFilters`, nil: none) accepts first
        /// and the dynamic rule at `rule` (nil: none) matches first, as `AndroidLinkDecider.decide(_:)` decides.
        func verdict(filter: Int?, rule: Int?) -> AndroidLinkDecision.Verdict {
            if filter == nil { return .noFilter }
            if !standing.isVerified { return .notVerified }
            if let dynamicRules, rule.map({ dynamicRules[$0].exclude }) ?? true { return .excluded }
            return .opens
        }

        /// What Android opens in the app on the host, as `decider` decides: a filter, the host verified, and its
        /// dynamic rules letting the URL through. ``PlatformHostLanguage/Blocker/reason`` is the verdict (no filter,
        /// not verified, excluded), ``PlatformHostLanguage/Blocker/rule`` the dynamic rule that excludes.
        func platform(_ decider: AndroidLinkDecider) -> PlatformHostLanguage {
            // The real decider, with the manifest read once for all the examples.
            let prepared = AndroidLinkDecider.Prepared(decider)
            let verified = standing.isVerified
            return PlatformHostLanguage(
                name: "Android",
                components: [
                    .init(leaves: filters.map(\.language), firstMatch: true), .init(leaves: rules, firstMatch: true),
                ],
                verdict: { view in
                    let rule = view.accepting(1)
                    return Self.blocker(verdict(filter: view.accepting(0).map { filters[$0].filter }, rule: rule), rule)
                },
                mayOpen: { view in verified && !view.live(0).isEmpty },
                mayBlock: { view, blockers in
                    if !view.isDecided(0) { blockers.append(.init(reason: 0)) }
                    guard !view.live(0).isEmpty else { return }
                    if !verified {
                        blockers.append(.init(reason: 1))
                    } else if let all = dynamicRules {
                        if !view.isDecided(1) { blockers.append(.init(reason: 2)) }
                        for rule in view.live(1) where all[Int(rule)].exclude {
                            blockers.append(.init(reason: 2, rule: Int(rule)))
                        }
                    }
                },
                decide: { url in
                    let decision = prepared.decide(url)
                    return (Self.blocker(decision.verdict, decision.dynamicRule?.index), decision.verdict.rawValue)
                })
        }

        typealias Blocker = PlatformHostLanguage.Blocker

        /// The verdicts that block, in ``PlatformHostLanguage/Blocker/reason`` order.
        static let blockingVerdicts: [AndroidLinkDecision.Verdict] = [.noFilter, .notVerified, .excluded]

        private static func blocker(_ verdict: AndroidLinkDecision.Verdict, _ rule: Int?) -> Blocker? {
            guard let reason = blockingVerdicts.firstIndex(of: verdict) else { return nil }
            return .init(reason: reason, rule: verdict == .excluded ? rule : nil)
        }
    }

    private static func order(_ gap: Gap) -> [Int] {
        switch gap {
        case .unrouted(let filter): return [0, filter]
        case .unclaimed(let route, let verdict, let rule):
            // The verdict last: it only orders two gaps of one route and rule (no filter, and no dynamic rule
            // matches), which came in the exploration's order, different from run to run.
            let verdicts: [AndroidLinkDecision.Verdict] = [.noFilter, .notVerified, .excluded, .opens]
            return [1, route, rule ?? -1, verdicts.firstIndex(of: verdict) ?? verdicts.count]
        case .notCompared(let filter, let rule, let route): return [2, filter ?? -1, rule ?? -1, route ?? -1]
        }
    }

    // MARK: Languages over the encoded URL (path 0x01 query 0x02 fragment)

    private static let anyPart = NFA.run(AASALanguageParts.partBytes)
    private static let pathBytes = URLUniverse.pathCharacters.union(ByteSet("/"))
    private static let queryBytes = AASALanguageParts.partBytes.subtracting(ByteSet("#"))

    private static func url(path: NFA = anyPart, query: NFA = anyPart, fragment: NFA = anyPart) -> NFA {
        NFA.concatenation([
            path, .literal([URLUniverse.querySeparator]), query, .literal([URLUniverse.fragmentSeparator]), fragment,
        ])
    }

    /// The decoded language of a pattern, as raw text over `rawBytes`: its minimal automaton, ε-free and trimmed.
    ///
    /// Minimised before lifting to `%HH` (the UTF-8 spelling of "any character" makes the decoded automaton larger
    /// than its minimal one), and not after: the lift of a trimmed minimal deterministic automaton, in which every
    /// decoded byte may be escaped, is deterministic and already minimal, so it is the automaton minimising it again
    /// would give, states numbered otherwise. Two of its original states differ on some decoded text, so on its
    /// escaped spelling; the states inside an escape are shared by where their digits lead
    /// (`percentDecodingPreimage(rawBytes:escapable:upperHexOnly:)`), so two of them differ on a digit; and an
    /// original state that is not accepting reads some byte, so some `%HH`, which no state inside an escape reads.
    /// (`AndroidPatternLanguageTests` checks it against minimising.)
    static func raw(_ pattern: AndroidPattern, over rawBytes: ByteSet) throws(Failure) -> NFA {
        do {
            return try pattern.machine().decodedLanguage().minimized.percentDecodingPreimage(
                rawBytes: rawBytes.subtracting(ByteSet("%"))
            ).withoutEpsilons()
        } catch {
            throw .tooComplex("\(pattern)")
        }
    }

    /// The URLs on `host` the filter accepts as a link from a browser (`IntentFilter.match`), or nil when it
    /// accepts none.
    static func language(of filter: IntentFilter, host: String, probe: AndroidURI) throws(Failure) -> NFA? {
        // Everything up to the host depends on the host alone: ask the filter itself about a URL of the host.
        switch filter.match(probe) {
        case .success, .failure(.path): break
        case .failure: return nil
        }
        let hostEntries = filter.data.compactMap { $0["host"] }
        guard !hostEntries.isEmpty else { return url() }
        let rules = filter.pathRules
        if rules.isEmpty, filter.relativeFilterGroups.isEmpty { return url() }
        var alternatives: [NFA] = []
        for rule in rules {
            guard let pattern = rule.pattern else { continue }
            alternatives.append(url(path: try raw(pattern, over: pathBytes)))
        }
        // Groups in order: the first that matches decides (a blocking group stops the search).
        var earlier: NFA?
        for group in filter.relativeFilterGroups {
            let matches = try language(of: group)
            if group.allow {
                alternatives.append(earlier.map { matches.subtracting($0) } ?? matches)
            }
            earlier = earlier.map { NFA.union([$0, matches]) } ?? matches
        }
        return alternatives.isEmpty ? nil : NFA.union(alternatives)
    }

    /// The URLs a relative filter group matches (`RelativeFilterGroup.matches`).
    static func language(of group: RelativeFilterGroup) throws(Failure) -> NFA {
        var path = anyPart
        var query = anyPart
        var fragment = anyPart
        for element in group.data {
            for attribute in element.attributes {
                guard let text = attribute.value.value else { return .nothing }
                for part in ["path", "query", "fragment"] {
                    guard let kind = IntentFilter.pathKind(attribute.name, part: part) else { continue }
                    guard let pattern = try? AndroidPattern(kind, text) else { return .nothing }
                    switch part {
                    case "path": path = path.intersection(try raw(pattern, over: pathBytes))
                    case "query": query = query.intersection(try queryRule(pattern))
                    default:
                        // An absent fragment fails the rule, and the universe writes an empty one as absent.
                        let text = try raw(pattern, over: AASALanguageParts.partBytes)
                        fragment = fragment.intersection(text.intersection(NFA.byte(.all).plus))
                    }
                }
            }
        }
        return url(path: path, query: query, fragment: fragment)
    }

    /// The raw queries whose decoded parameters include one the pattern matches, as `RelativeFilterGroup.matches`
    /// asks (`AndroidURI.queryParameters`): the decoded query (so `%26` separates too) split on `&`, or on `;` when it
    /// has no `&`; empty parameters count; an absent (in the universe: empty) query has none.
    static func queryRule(_ pattern: AndroidPattern) throws(Failure) -> NFA {
        let decoded: NFA
        do {
            decoded = try pattern.machine().decodedLanguage()
        } catch {
            throw .tooComplex("\(pattern)")
        }
        let anything = NFA.run(.all)
        // Some whole `separator`-free piece of the text is a parameter the pattern matches.
        func somePiece(split separator: ByteSet) -> NFA {
            let piece = decoded.intersection(NFA.run(ByteSet.all.subtracting(separator)))
            return NFA.concatenation([
                NFA.union([.epsilon, anything.then(.byte(separator))]), piece,
                NFA.union([.epsilon, NFA.byte(separator).then(anything)]),
            ])
        }
        let ampersand = ByteSet("&")
        let withAmpersand = NFA.concatenation([anything, .byte(ampersand), anything])
        let text = NFA.union([
            somePiece(split: ampersand).intersection(withAmpersand),
            somePiece(split: ByteSet(";")).intersection(NFA.run(ByteSet.all.subtracting(ampersand))),
        ]).intersection(NFA.byte(.all).plus)
        return text.percentDecodingPreimage(rawBytes: queryBytes.subtracting(ByteSet("%")))
    }

    /// The decoded texts equal to the ASCII `name` as Swift compares strings (canonical equivalence): the name
    /// itself, and its `K`, `` ` `` and `;` also as the three characters whose canonical decomposition is that
    /// ASCII character alone (U+212A KELVIN SIGN, U+1FEF GREEK VARIA, U+037E GREEK QUESTION MARK).
    private static func nameLanguage(_ name: String) -> NFA {
        let equivalents: [UInt8: String] = [
            UInt8(ascii: "K"): "\u{212A}", UInt8(ascii: "`"): "\u{1FEF}", UInt8(ascii: ";"): "\u{037E}",
        ]
        return NFA.concatenation(
            name.utf8.map { byte in
                equivalents[byte].map { NFA.union([.literal([byte]), .literal($0)]) } ?? .literal([byte])
            })
    }

    /// The URLs a dynamic rule matches (`DynamicAppLinkRule.matches`).
    static func language(of rule: DynamicAppLinkRule) throws(Failure) -> NFA {
        let path = try rule.path.map { text throws(Failure) in
            try raw(DynamicAppLinkRule.compile(text), over: pathBytes)
        }
        // An absent fragment is matched as the empty string, as the universe writes it.
        let fragment = try rule.fragment.map { text throws(Failure) in
            try raw(DynamicAppLinkRule.compile(text), over: AASALanguageParts.partBytes)
        }
        var query = anyPart
        let ampersand = UInt8(ascii: "&")
        let itemBytes = queryBytes.subtracting(ByteSet([ampersand]))
        let nameBytes = itemBytes.subtracting(ByteSet("="))
        for parameter in rule.query {
            guard parameter.name.utf8.allSatisfy({ $0 < 0x80 }) else {
                throw .unsupported(Unsupported(description: "the non-ASCII parameter name '\(parameter.name)'"))
            }
            let value = DynamicAppLinkRule.compile(parameter.pattern)
            let name = nameLanguage(parameter.name).percentDecodingPreimage(
                rawBytes: nameBytes.subtracting(ByteSet("%")))
            var item = NFA.concatenation([name, .literal("="), try raw(value, over: itemBytes)])
            if value.matches("") { item = NFA.union([item, name]) }
            // One `&`-separated item (empty items are skipped, which cannot matter to "some item matches").
            let before = NFA.union([.epsilon, NFA.run(queryBytes).then(.literal("&"))])
            let after = NFA.union([.epsilon, NFA.literal("&").then(.run(queryBytes))])
            query = query.intersection(NFA.concatenation([before, item, after]))
        }
        return url(path: path ?? anyPart, query: query, fragment: fragment ?? anyPart)
    }
}

extension PlatformHostLanguage {
    /// What Android opens in the app on `host`, as `decider` decides (``AndroidCoverage/Leaves/platform(_:)``).
    ///
    /// - Parameters:
    ///   - decider: Android's decision (the manifest, the app's identity, the served files).
    ///   - host: The host (https, no port), lower case.
    /// - Returns: Its language.
    /// - Throws: `CoverageError` when a pattern is too complex or not modelled.
    package static func android(_ decider: AndroidLinkDecider, host: String) throws(CoverageError) -> Self {
        do {
            return try AndroidCoverage.Leaves(decider: decider, host: host).platform(decider)
        } catch {
            throw CoverageError(error, stateLimit: CoverageChecker.stateLimit)
        }
    }

    /// The Android verdict an Android blocker stands for (`noFilter`, `notVerified` or `excluded`).
    ///
    /// - Parameter blocker: A blocker of ``android(_:host:)``.
    /// - Returns: The verdict.
    package static func androidVerdict(of blocker: Blocker) -> AndroidLinkDecision.Verdict {
        AndroidCoverage.Leaves.blockingVerdicts[blocker.reason]
    }
}
