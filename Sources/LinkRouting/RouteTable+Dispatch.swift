#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RouteTable {
    /// Decides what to do with a URL, without building parameters or query: never allocates.
    ///
    /// ```swift
    /// let outcome = table.outcome(for: "https://example.com/product/42")
    /// if outcome.kind == .route, let index = outcome.routeIndex { print(table.routes[index].name) }
    /// ```
    /// - Parameter url: The URL as text (uppercase schemes and hosts are fine).
    /// - Returns: The decision kind, the route index for ``LinkDecision/Kind/route``, and the reason otherwise.
    /// - Complexity: O(*n*) in the URL's length (plus the trie nodes on its path, each visited at most once).
    public func outcome(for url: String) -> DispatchOutcome {
        var text = url
        return text.withUTF8 { matcher.scan($0).outcome }
    }

    /// Decides what to do with a URL: route (with parameters and query), browser, unhandled, external or reject.
    ///
    /// ```swift
    /// let decision = table.decision(for: "shop://promotion/7?ref=push")
    /// decision.kind                       // .route
    /// decision.routed?.parameters["id"]   // "7"
    /// decision.routed?.queryValue("ref")  // "push"
    /// ```
    /// - Parameter url: The URL as text.
    /// - Returns: The decision; ``LinkDecision/url`` is always `url` unchanged.
    /// - Complexity: O(*n*) in the URL's length, plus building the parameter and query dictionaries.
    public func decision(for url: String) -> LinkDecision {
        var text = url
        return text.withUTF8 { bytes in
            let scan = matcher.scan(bytes)
            guard scan.outcome.kind == .route, let index = scan.outcome.routeIndex else {
                return LinkDecision(kind: scan.outcome.kind, url: url, reason: scan.outcome.reason)
            }
            return LinkDecision(kind: .route, url: url, routed: routedLink(index, bytes, scan))
        }
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

    /// Builds the routed link of a matched URL: decoded parameters, query captures and the query.
    private func routedLink(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ scan: LinkScan) -> RoutedLink {
        let pattern = patterns[index]
        var parameters: [String: String] = [:]
        var segmentStart = scan.zeroSegments ? -1 : scan.pathStart
        func nextSegment() -> Range<Int>? {
            guard segmentStart >= 0 else { return nil }
            var end = segmentStart
            while end < scan.pathEnd, bytes[end] != UInt8(ascii: "/") { end += 1 }
            defer { segmentStart = end < scan.pathEnd ? end + 1 : -1 }
            return segmentStart..<end
        }
        for segment in pattern.segments {
            switch segment {
            case .literal, .wildcard:
                _ = nextSegment()
            case .parameter(let name, _):
                if let range = nextSegment() {
                    parameters[name] = RouteBytes.decodedString(bytes, range.lowerBound, range.upperBound)
                }
            case .catchAll:
                var parts: [String] = []
                while let range = nextSegment() {
                    parts.append(RouteBytes.decodedString(bytes, range.lowerBound, range.upperBound))
                }
                parameters[RoutePattern.catchAllName] = parts.joined(separator: "/")
            }
        }
        var query: [String: [String]] = [:]
        if scan.queryStart >= 0 {
            var itemStart = scan.queryStart
            while itemStart <= scan.queryEnd {
                var itemEnd = itemStart
                while itemEnd < scan.queryEnd, bytes[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
                var nameEnd = itemStart
                while nameEnd < itemEnd, bytes[nameEnd] != UInt8(ascii: "=") { nameEnd += 1 }
                let valueStart = min(nameEnd + 1, itemEnd)
                if nameEnd > itemStart, RouteBytes.isCleanText(bytes, itemStart, nameEnd),
                    RouteBytes.isCleanText(bytes, valueStart, itemEnd)
                {
                    query[RouteBytes.decodedString(bytes, itemStart, nameEnd), default: []].append(
                        RouteBytes.decodedString(bytes, valueStart, itemEnd))
                }
                itemStart = itemEnd + 1
            }
        }
        for constraint in pattern.query {
            if case .capture(let item, let name, _) = constraint, let value = query[item]?.first {
                parameters[name] = value
            }
        }
        return RoutedLink(route: routes[index].name, parameters: parameters, query: query)
    }
}
