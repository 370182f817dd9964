import LinkRouting

/// What one platform opens in the app on one host, as languages over the encoded URLs (see ``URLUniverse``): its
/// components of a product (lists of leaves of which the first that accepts decides), its verdict on a URL from those
/// first accepting leaves, what it can still do below a product state, and its real decision on a URL, which every
/// example is run through.
///
/// Each platform builds its own next to its languages; ``differences(_:routes:host:universe:stateLimit:)`` compares
/// any number of them, and knows none of them.
package struct PlatformHostLanguage {
    /// Why a platform does not open a URL in the app, as the platform numbers it: one blocker is one difference, and
    /// the differences are listed in blocker order.
    package struct Blocker: Hashable, Comparable {
        /// The kind of reason, in the order the differences are listed.
        package var reason: Int
        /// The platform's rule that blocks, by its index; nil when none does.
        package var rule: Int? = nil

        package static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.reason, lhs.rule ?? -1) < (rhs.reason, rhs.rule ?? -1)
        }
    }

    /// A product state as one platform sees it: its own components, numbered from 0.
    struct View {
        fileprivate let state: ProductExplorer.State
        fileprivate let first: Int

        /// See `ProductExplorer.State.live(_:)`.
        func live(_ component: Int) -> ArraySlice<Int32> { state.live(first + component) }
        /// See `ProductExplorer.State.isDecided(_:)`.
        func isDecided(_ component: Int) -> Bool { state.isDecided(first + component) }
        /// The first leaf of the component that accepts the input read so far.
        func accepting(_ component: Int) -> Int? { state.accepting(first + component).first.map(Int.init) }
    }

    /// A URL a route handles that some platform opens in the app and another does not.
    package enum Difference: Hashable {
        /// The platform at `platform` does not open the URL, for `blocker`, and another does.
        case blocked(route: Int, platform: Int, blocker: Blocker)
        /// The check reached its limit before it finished comparing the route on the host (no example).
        case notCompared(route: Int)
    }

    /// The platform's name, in messages.
    var name: String
    /// Its components of the product, each a list of leaves of which the first that accepts decides.
    var components: [ProductExplorer.Component]
    /// Its verdict on the URL read so far, from the first accepting leaf of each of its components: nil when it
    /// opens the URL in the app, else what blocks it.
    var verdict: (View) -> Blocker?
    /// Whether some URL below the state may still open the app (true when unsure).
    var mayOpen: (View) -> Bool
    /// Appends every blocker some URL below the state may still have (one too many only costs pruning).
    var mayBlock: (View, inout [Blocker]) -> Void
    /// Its real decision on a URL (nil: opens in the app; else what blocks it), and how it tells it, for messages.
    var decide: (String) -> (blocker: Blocker?, description: String)

    /// Whether the platform's real decision opens `url` in the app (package access: a difference names the platforms
    /// that open its example).
    package func opens(_ url: String) -> Bool { decide(url).blocker == nil }

    /// The differences between `platforms` on `host`, each with a shortest example URL: per route, platform that does
    /// not open a URL some other platform opens, and blocker.
    ///
    /// One product explores the universe, every platform's components and the routes' languages; a state is pruned
    /// once every difference still possible below it for a live route is known. Every example is run through each
    /// platform's ``decide`` and the router before it is returned.
    ///
    /// - Parameters:
    ///   - platforms: The platforms, in the order ``Difference/blocked(route:platform:blocker:)`` numbers them.
    ///   - routes: The app's routes.
    ///   - host: The host (https, no port), lower case.
    ///   - universe: The URLs compared.
    ///   - stateLimit: The most product states to build.
    /// - Returns: The differences by platform, route and blocker, then the routes not compared.
    /// - Throws: ``CoverageError/witnessDidNotReproduce(_:)`` when an example does not reproduce.
    static func differences(
        _ platforms: [Self], routes: RouteTable, host: String, universe: URLUniverse, stateLimit: Int
    ) throws(CoverageError) -> [(difference: Difference, example: String)] {
        let routeLeaves = routes.languages(onHost: host)
        guard !routeLeaves.isEmpty else { return [] }
        // Each platform's first component in the product; the routes come last.
        var firsts: [Int] = []
        var routeComponent = 0
        for platform in platforms {
            firsts.append(routeComponent)
            routeComponent += platform.components.count
        }
        let explorer = ProductExplorer(
            universe: universe.sharedAutomaton,
            components: platforms.flatMap(\.components) + [
                .init(leaves: routeLeaves.map(\.language), firstMatch: false)
            ]
        )
        var known = Set<Difference>()
        var labels: [Difference] = []
        var opens = [Bool](repeating: false, count: platforms.count)
        var blockers = [[Blocker]](repeating: [], count: platforms.count)
        let exploration = explorer.explore(stateLimit: stateLimit) { state -> ProductExplorer.Visit<Difference> in
            labels.removeAll(keepingCapacity: true)
            if state.universeAccepts, let routeLeaf = state.accepting(routeComponent).first {
                let route = routeLeaves[Int(routeLeaf)].route
                var opened = false
                for index in platforms.indices {
                    if let blocker = platforms[index].verdict(View(state: state, first: firsts[index])) {
                        labels.append(.blocked(route: route, platform: index, blocker: blocker))
                    } else {
                        opened = true
                    }
                }
                if opened { known.formUnion(labels) } else { labels.removeAll(keepingCapacity: true) }
            }
            // A difference needs a live route, a platform that may still open and another that may still block:
            // where all of those are known, nothing new is below.
            var openers = 0
            for index in platforms.indices {
                opens[index] = platforms[index].mayOpen(View(state: state, first: firsts[index]))
                openers += opens[index] ? 1 : 0
            }
            for index in platforms.indices {
                blockers[index].removeAll(keepingCapacity: true)
                if openers > (opens[index] ? 1 : 0) {
                    platforms[index].mayBlock(View(state: state, first: firsts[index]), &blockers[index])
                }
            }
            for leaf in state.live(routeComponent) {
                let route = routeLeaves[Int(leaf)].route
                for (platform, possible) in blockers.enumerated() {
                    for blocker in possible
                    where !known.contains(.blocked(route: route, platform: platform, blocker: blocker)) {
                        return .init(label: nil, more: labels, prune: false)
                    }
                }
            }
            return .init(label: nil, more: labels, prune: true)
        }
        var found: [(difference: Difference, example: String)] = []
        for (difference, witness) in exploration.witnesses {
            guard case .blocked(let route, let platform, let blocker) = difference else { continue }
            let url = URLUniverse.url(domain: host, encoded: witness)
            let decisions = platforms.map { $0.decide(url) }
            let routed = routes.decision(for: url)
            let name = routes.routes[route].name
            guard
                routed.kind == .route, routed.routed?.route == name, decisions[platform].blocker == blocker,
                decisions.contains(where: { $0.blocker == nil })
            else {
                let decided = zip(platforms, decisions).map { "\($0.name) decided \($1.description)" }
                throw .witnessDidNotReproduce(
                    "\(url): expected route \(name), \(platforms[platform].name) not to open it (\(blocker)) and "
                        + "another platform to open it; \(decided.joined(separator: ", ")), the router "
                        + "\(routed.kind) \(routed.routed?.route ?? "")")
            }
            found.append((difference, url))
        }
        if !exploration.complete {
            // The limit: every route still alive where the search stopped.
            for (leaf, entry) in routeLeaves.enumerated() where exploration.unfinished[routeComponent][leaf] {
                found.append((.notCompared(route: entry.route), ""))
            }
        }
        func order(_ difference: Difference) -> (Int, Int, Int, Blocker) {
            switch difference {
            case .blocked(let route, let platform, let blocker): (0, platform, route, blocker)
            case .notCompared(let route): (1, 0, route, Blocker(reason: 0))
            }
        }
        found.sort { order($0.difference) < order($1.difference) }
        return found
    }

    /// ``differences(_:routes:host:universe:stateLimit:)`` over the canonical URLs (or, with `allURLs`, every URL
    /// whose parts decode to text), with the check's state limit.
    ///
    /// - Parameters:
    ///   - platforms: The platforms, in the order ``Difference/blocked(route:platform:blocker:)`` numbers them.
    ///   - routes: The app's routes.
    ///   - host: The host (https, no port), lower case.
    ///   - allURLs: Compare non-canonical URLs too.
    /// - Returns: The differences by platform, route and blocker, then the routes not compared.
    /// - Throws: `CoverageError`.
    package static func differences(
        _ platforms: [Self], routes: RouteTable, host: String, allURLs: Bool
    ) throws(CoverageError) -> [(difference: Difference, example: String)] {
        try differences(
            platforms, routes: routes, host: host, universe: allURLs ? .allText : .canonical,
            stateLimit: CoverageChecker.stateLimit)
    }
}
