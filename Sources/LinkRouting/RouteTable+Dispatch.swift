#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RouteTable {
    /// Decides what to do with a URL, without building parameters or query: never allocates.
    ///
    /// <!-- snippet: OutcomeDocExample -->
    /// ```swift
    /// let outcome = table.outcome(for: "https://example.com/product/42")
    /// if outcome.kind == .route, let index = outcome.routeIndex { print(table.routes[index].name) }
    /// ```
    /// - Parameter url: The URL as text (uppercase schemes and hosts are fine).
    /// - Returns: The decision kind, the route index for ``LinkDecision/Kind/route``, and the reason otherwise.
    /// - Complexity: O(*n*) in the URL's length (plus the trie nodes on its path, each visited at most once).
    public func outcome(for url: String) -> DispatchOutcome {
        if let outcome = url.utf8.withContiguousStorageIfAvailable({ matcher.scan($0).outcome }) { return outcome }
        var text = url
        return text.withUTF8 { matcher.scan($0).outcome }
    }

    /// Decides what to do with a URL: route (with parameters and query), browser, unhandled, external or reject.
    ///
    /// <!-- snippet: DecisionDocExample -->
    /// ```swift
    /// let decision = table.decision(for: "shop://promotion/7?ref=push")
    /// print(decision.kind)                        // route
    /// print(decision.routed?.parameters["id"] ?? "-")    // 7
    /// print(decision.routed?.queryValue("ref") ?? "-")   // push
    /// ```
    /// - Parameter url: The URL as text.
    /// - Returns: The decision; ``LinkDecision/url`` is always `url` unchanged.
    /// - Complexity: O(*n*) in the URL's length. ``RoutedLink/parameters`` and ``RoutedLink/query`` are decoded
    ///   from the URL when read, so a caller that only needs the route pays for no dictionaries.
    public func decision(for url: String) -> LinkDecision {
        let scan = scan(url)
        guard scan.outcome.kind == .route, let index = scan.outcome.routeIndex else {
            return LinkDecision(kind: scan.outcome.kind, url: url, reason: scan.outcome.reason)
        }
        // Parameters and the query are decoded from the URL when read (see `RouteCaptures`).
        let captures = RouteCaptures(url: url, plan: capturePlans[index], scan: scan)
        return LinkDecision(routed: RoutedLink(captures: captures))
    }

    /// Scans `url`'s UTF-8 in place (a native string's storage, without copying it).
    private func scan(_ url: String) -> LinkScan {
        if let scan = url.utf8.withContiguousStorageIfAvailable({ matcher.scan($0) }) { return scan }
        var text = url
        return text.withUTF8 { matcher.scan($0) }
    }

    /// Decides what to do with a `URL` (its `absoluteString`).
    /// - Parameter url: The URL.
    /// - Returns: The decision, as ``decision(for:)-(String)``.
    /// - Complexity: O(*n*) in the URL's length.
    public func decision(for url: URL) -> LinkDecision {
        decision(for: url.absoluteString)
    }

    /// Decides what to do with a push notification's link (`"l"`, else `"url"`).
    ///
    /// - Parameter payload: The parsed payload.
    /// - Returns: The link's decision, or ``LinkDecision/Kind/reject`` with ``DecisionReason/noLink``.
    /// - Complexity: O(*n*) in the link's length.
    public func decision(for payload: PushPayload) -> LinkDecision {
        guard let link = payload.link else { return LinkDecision(kind: .reject, url: nil, reason: .noLink) }
        return decision(for: link)
    }
}
