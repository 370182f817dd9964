extension RoutePattern {
    /// The key that orders segment kinds the way dispatch tries them, compared lexicographically: per segment
    /// from the left, literal (0), typed parameter (1: `<int>` and `<uuid>` are disjoint), parameter (2), `*` (3),
    /// then the end of the pattern (4) or `**` (5).
    ///
    /// ``RouteMatcher``'s search walks a node's children in exactly this order (literal, `<int>`, `<uuid>`,
    /// parameter, `*`, `**`; with no segment left, the routes ending there before the `**` ones), so the first
    /// route in ``precedes(_:_:_:_:)`` order that matches a URL on its own is the one dispatch picks; the test
    /// `PrecedenceOrderTests` checks this on random tables.
    package var precedenceRanks: [Int] {
        var ranks: [Int] = []
        ranks.reserveCapacity(segments.count + 1)
        for segment in segments {
            switch segment {
            case .literal: ranks.append(0)
            case .parameter(_, .int), .parameter(_, .uuid): ranks.append(1)
            case .parameter(_, .string): ranks.append(2)
            case .wildcard: ranks.append(3)
            case .catchAll: ranks.append(5)
            }
        }
        if segments.last != .catchAll { ranks.append(4) }
        return ranks
    }

    /// The precedence rule, in one place: whether the route `first` (registered at `firstIndex`) wins over
    /// `second` (at `secondIndex`) when both match a URL.
    ///
    /// Segment kinds from the left (``precedenceRanks``), then a bound route (scheme or host) before a `/` route,
    /// then more query constraints before fewer, then earlier registration. The segment trie orders the routes
    /// ending at one node with it (they share their ranks there), and coverage and generation order whole
    /// tables with it (``RouteTable/precedenceOrder``).
    ///
    /// - Parameters:
    ///   - first: A pattern.
    ///   - firstIndex: Its registration index.
    ///   - second: Another pattern.
    ///   - secondIndex: Its registration index.
    /// - Returns: Whether `first` wins.
    package static func precedes(_ first: RoutePattern, _ firstIndex: Int, _ second: RoutePattern, _ secondIndex: Int)
        -> Bool
    {
        let firstRanks = first.precedenceRanks
        let secondRanks = second.precedenceRanks
        if firstRanks != secondRanks { return firstRanks.lexicographicallyPrecedes(secondRanks) }
        let firstBound = first.binding != .any
        let secondBound = second.binding != .any
        if firstBound != secondBound { return firstBound }
        if first.query.count != second.query.count { return first.query.count > second.query.count }
        return firstIndex < secondIndex
    }
}

extension RouteTable {
    /// Route indices in the order dispatch prefers them when several match the same URL
    /// (``RoutePattern/precedes(_:_:_:_:)``).
    package var precedenceOrder: [Int] {
        patterns.indices.sorted { RoutePattern.precedes(patterns[$0], $0, patterns[$1], $1) }
    }
}
