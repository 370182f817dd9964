import RichMediaKitSupport

/// Where the parts of a scanned URL are, plus the outcome: what dispatch computed, for building a decision.
struct LinkScan {
    var outcome: DispatchOutcome
    /// The segment text: `[pathStart, pathEnd)` after dropping the leading and one trailing `/`.
    var pathStart = 0
    var pathEnd = 0
    /// Whether the URL has zero path segments.
    var zeroSegments = true
    /// The query without `?`, or `queryStart == -1`.
    var queryStart = -1
    var queryEnd = -1
    /// The URL's binding key (see ``RouteMatcher/routeBindings``), or -1.
    var bindingKey: Int32 = -1
}

extension RouteMatcher {
    /// Scans and matches the UTF-8 bytes of a URL. Never allocates.
    ///
    /// One pass checks every byte (no spaces, control characters or `"<>\^`{|}`, every `%` followed by two
    /// hex digits) and finds the first `?` and `#`; then the scheme decides the rest.
    /// - Complexity: O(*n* + *t*): *n* the URL's length, *t* the trie nodes on the URL's path (each visited once).
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> LinkScan {
        var scan = LinkScan(outcome: DispatchOutcome(.reject, reason: .missingScheme))
        let count = bytes.count
        guard count <= Self.maximumLength else {
            scan.outcome = DispatchOutcome(.reject, reason: .tooLong)
            return scan
        }
        var question = -1
        var fragment = count
        var index = 0
        while index < count {
            // Eight plain bytes at once (branch-free), the common case.
            if index + 8 <= count, Self.arePlain(bytes, index) {
                index += 8
                continue
            }
            let byte = bytes[index]
            if Self.isPlain(byte) {
                index += 1
                continue
            }
            if !Self.isAllowed(byte) {
                scan.outcome = DispatchOutcome(.reject, reason: .invalidCharacter(at: index))
                return scan
            }
            if byte <= UInt8(ascii: "?") {
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < count, RouteBytes.hexValue(bytes[index + 1]) != nil,
                        RouteBytes.hexValue(bytes[index + 2]) != nil
                    else {
                        scan.outcome = DispatchOutcome(.reject, reason: .invalidEscape(at: index))
                        return scan
                    }
                    index += 2
                } else if byte == UInt8(ascii: "?") {
                    if question < 0, fragment == count { question = index }
                } else if byte == UInt8(ascii: "#") {
                    if fragment == count { fragment = index }
                }
            }
            index += 1
        }
        let pathLimit = question >= 0 ? question : fragment
        if question >= 0 {
            scan.queryStart = question + 1
            scan.queryEnd = fragment
        }
        // The scheme.
        guard let schemeEnd = URLParts.schemeEnd(bytes) else { return scan }
        // `//` cannot pass the first `?` or `#`: they are no `/`.
        let hasSlashes = URLParts.hasAuthority(bytes, schemeEnd: schemeEnd)
        if Self.equalsLowercased(bytes, 0, schemeEnd, "https") {
            scanWeb(bytes, schemeEnd: schemeEnd, pathLimit: pathLimit, secure: true, hasSlashes: hasSlashes, &scan)
            return scan
        }
        if Self.equalsLowercased(bytes, 0, schemeEnd, "http") {
            scanWeb(bytes, schemeEnd: schemeEnd, pathLimit: pathLimit, secure: false, hasSlashes: hasSlashes, &scan)
            return scan
        }
        if let schemeIndex = ownedSchemes.firstIndex(lowercasedEqualTo: bytes, 0, schemeEnd) {
            // The authority is the first segment; without `//`, one leading `/` is dropped.
            var start = schemeEnd + 1
            if hasSlashes {
                start = schemeEnd + 3
            } else if start < pathLimit, bytes[start] == UInt8(ascii: "/") {
                start += 1
            }
            scan.bindingKey = Int32(1 + schemeIndex)
            route(bytes, start: start, end: pathLimit, web: false, &scan)
            return scan
        }
        if externalSchemes.firstIndex(lowercasedEqualTo: bytes, 0, schemeEnd) != nil {
            scan.outcome = DispatchOutcome(.external, reason: .external)
            return scan
        }
        if Self.forbiddenSchemes.firstIndex(lowercasedEqualTo: bytes, 0, schemeEnd) != nil {
            scan.outcome = DispatchOutcome(.reject, reason: .forbiddenScheme)
            return scan
        }
        scan.outcome = DispatchOutcome(.reject, reason: .unknownScheme)
        return scan
    }

    /// http and https: authority (userinfo, host, IPv6 brackets, port), then routing for associated https hosts.
    ///
    /// The authority is split by ``URLParts`` with the router's userinfo policy (``URLParts/UserinfoPolicy/report``:
    /// userinfo is never routed). The router then accepts a host only if it is a name without `%`, `[`, `]` and
    /// `:`, or an IPv6 literal (hex digits, `:` and `.` in brackets); a port is empty or digits up to 65535. A `:`
    /// left in the host outside brackets means the port after the host's first `:` has a `:` in it (`a:1:443`):
    /// `invalid-port`, as the router reads the port from the first `:`.
    private func scanWeb(
        _ bytes: UnsafeBufferPointer<UInt8>, schemeEnd: Int, pathLimit: Int, secure: Bool, hasSlashes: Bool,
        _ scan: inout LinkScan
    ) {
        guard hasSlashes else {
            scan.outcome = DispatchOutcome(.reject, reason: .missingHost)
            return
        }
        let authority = URLParts.authority(bytes, start: schemeEnd + 3, limit: pathLimit, userinfo: .report)
        let authorityEnd = authority.end
        let hostStart = authority.host.lowerBound
        let hostEnd = authority.host.upperBound
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
            // IPv6 literal: hex digits, `:` and `.` up to `]`.
            var close = hostStart + 1
            while close < authorityEnd, bytes[close] != UInt8(ascii: "]") {
                let byte = bytes[close]
                guard RouteBytes.hexValue(byte) != nil || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") else {
                    scan.outcome = DispatchOutcome(.reject, reason: .invalidHost)
                    return
                }
                close += 1
            }
            guard close < authorityEnd, close > hostStart + 1 else {
                scan.outcome = DispatchOutcome(.reject, reason: .invalidHost)
                return
            }
            close += 1
            if close < hostEnd {
                // `[::1]x`, or `[::1]:1:2` whose port (`1:2`) holds a `:`.
                let isColon = bytes[close] == UInt8(ascii: ":")
                scan.outcome = DispatchOutcome(.reject, reason: isColon ? .invalidPort : .invalidHost)
                return
            }
        } else {
            // The host ends at the first `:` (`a:1:443` has a port with a `:` in it).
            let firstColon = min(authority.firstColon ?? hostEnd, hostEnd)
            if authority.hasPercentOrBracket {
                for index in hostStart..<firstColon {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
                        scan.outcome = DispatchOutcome(.reject, reason: .invalidHost)
                        return
                    }
                }
            }
            guard firstColon > hostStart else {
                scan.outcome = DispatchOutcome(.reject, reason: .missingHost)
                return
            }
            if firstColon < hostEnd {
                scan.outcome = DispatchOutcome(.reject, reason: .invalidPort)
                return
            }
        }
        // Port: empty, or digits up to 65535.
        var port = -1
        if let written = authority.port {
            var value = 0
            for index in written {
                let byte = bytes[index]
                guard RouteBytes.isDigit(byte), value <= 65535 else {
                    scan.outcome = DispatchOutcome(.reject, reason: .invalidPort)
                    return
                }
                value = value * 10 + Int(byte &- UInt8(ascii: "0"))
            }
            guard value <= 65535 else {
                scan.outcome = DispatchOutcome(.reject, reason: .invalidPort)
                return
            }
            if !written.isEmpty { port = value }
        }
        guard secure else {
            scan.outcome = DispatchOutcome(.browser, reason: .plainHTTP)
            return
        }
        // One comparison of the host with each domain settles both the association and, for an exact domain, the
        // binding key (precomputed); only a host covered by a wildcard domain is looked up in the bound hosts.
        var bindingKey: Int32 = -1
        for domain in 0..<domainHosts.count {
            if domainIsWildcard[domain] {
                if domainHosts.isSubdomain(bytes, hostStart, hostEnd, of: domain) {
                    bindingKey =
                        boundHosts.firstIndex(lowercasedEqualTo: bytes, hostStart, hostEnd).map {
                            Int32(1 + ownedSchemes.count + $0)
                        } ?? 0
                    break
                }
            } else if domainHosts.string(domain, lowercasedEquals: bytes, hostStart, hostEnd) {
                bindingKey = domainBindings[domain]
                break
            }
        }
        guard bindingKey >= 0 else {
            scan.outcome = DispatchOutcome(.browser, reason: .notAssociated)
            return
        }
        guard authority.userinfo == nil else {
            scan.outcome = DispatchOutcome(.browser, reason: .userinfo)
            return
        }
        guard port == -1 || port == 443 else {
            scan.outcome = DispatchOutcome(.browser, reason: .port)
            return
        }
        scan.bindingKey = bindingKey
        // The path starts with `/` (or is empty): drop the `/`.
        var start = authorityEnd
        if start < pathLimit { start += 1 }
        route(bytes, start: start, end: pathLimit, web: true, &scan)
    }

    /// Runs the trie over the path `bytes[start..<end]` (one trailing `/` ignored).
    private func route(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, web: Bool, _ scan: inout LinkScan
    ) {
        var pathEnd = end
        scan.pathStart = start
        scan.zeroSegments = pathEnd <= start
        if !scan.zeroSegments, bytes[pathEnd - 1] == UInt8(ascii: "/") { pathEnd -= 1 }
        scan.pathEnd = max(pathEnd, start)
        let found = search(node: 0, segmentStart: scan.zeroSegments ? -1 : start, bytes, scan)
        if found >= 0 {
            scan.outcome = DispatchOutcome(.route, route: Int(found))
            return
        }
        let kind: LinkDecision.Kind = web ? .browser : .unhandled
        scan.outcome = DispatchOutcome(kind, reason: hasUnroutableSegment(bytes, scan) ? .unroutablePath : .noRoute)
    }

    /// Whether some path segment is empty or a dot segment (only used to explain a failed match).
    private func hasUnroutableSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ scan: LinkScan) -> Bool {
        guard !scan.zeroSegments else { return false }
        var segmentStart = scan.pathStart
        while true {
            var segmentEnd = segmentStart
            while segmentEnd < scan.pathEnd, bytes[segmentEnd] != UInt8(ascii: "/") { segmentEnd += 1 }
            if segmentEnd == segmentStart || Self.isDotSegment(bytes, segmentStart, segmentEnd) { return true }
            if segmentEnd >= scan.pathEnd { return false }
            segmentStart = segmentEnd + 1
        }
    }
}
