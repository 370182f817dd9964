/// Everything dispatch needs, frozen into flat arrays: owned and external schemes, associated domains, the
/// segment trie and per-route binding and query-constraint tables.
///
/// Built once by ``RouteTable``; immutable and `Sendable` afterwards.
struct RouteMatcher: Sendable {
    /// One query constraint in flat form; item and value bytes live in `constraintBytes`.
    struct Constraint: Sendable {
        var itemStart: Int32
        var itemLength: Int32
        var valueStart: Int32  // equals: the required value; capture: unused
        var valueLength: Int32
        var captures: Bool
        var type: RoutePattern.ParameterType
    }

    /// Lowercased owned schemes.
    let ownedSchemes: [[UInt8]]
    /// Lowercased external schemes.
    let externalSchemes: [[UInt8]]
    let domains: [AssociatedDomain]
    /// Lowercased hosts that bound patterns (`https://host/...`) name; binding key `1 + ownedSchemes.count + i`.
    let boundHosts: [[UInt8]]
    /// Per route: 0 for `/` routes, else the binding key (scheme `1 + i`, host as above).
    let routeBindings: [Int32]
    /// Per route: its constraints' range in `constraints`.
    let routeConstraints: [Range<Int32>]
    let constraints: [Constraint]
    let constraintBytes: [UInt8]
    let trie: SegmentTrie

    /// The longest URL dispatch accepts, in UTF-8 bytes.
    static let maximumLength = 4096

    init(
        patterns: [RoutePattern], ownedSchemes: [String], externalSchemes: [String], domains: [AssociatedDomain],
        caseSensitive: Bool
    ) {
        self.ownedSchemes = ownedSchemes.map { Array($0.utf8) }
        self.externalSchemes = externalSchemes.map { Array($0.utf8) }
        self.domains = domains
        var hosts: [String] = []
        var bindings: [Int32] = []
        var ranges: [Range<Int32>] = []
        var flat: [Constraint] = []
        var bytes: [UInt8] = []
        for pattern in patterns {
            switch pattern.binding {
            case .any:
                bindings.append(0)
            case .scheme(let scheme):
                bindings.append(Int32(1 + (ownedSchemes.firstIndex(of: scheme) ?? -1)))
            case .host(let host):
                if !hosts.contains(host) { hosts.append(host) }
                bindings.append(Int32(1 + ownedSchemes.count + hosts.firstIndex(of: host)!))
            }
            let start = Int32(flat.count)
            for constraint in pattern.query {
                let item = Array(constraint.item.utf8)
                let itemStart = Int32(bytes.count)
                bytes += item
                switch constraint {
                case .capture(_, _, let type):
                    flat.append(
                        Constraint(
                            itemStart: itemStart, itemLength: Int32(item.count), valueStart: 0, valueLength: 0,
                            captures: true, type: type))
                case .equals(_, let value):
                    let valueBytes = Array(value.utf8)
                    flat.append(
                        Constraint(
                            itemStart: itemStart, itemLength: Int32(item.count), valueStart: Int32(bytes.count),
                            valueLength: Int32(valueBytes.count), captures: false, type: .string))
                    bytes += valueBytes
                }
            }
            ranges.append(start..<Int32(flat.count))
        }
        self.boundHosts = hosts.map { Array($0.utf8) }
        self.routeBindings = bindings
        self.routeConstraints = ranges
        self.constraints = flat
        self.constraintBytes = bytes
        self.trie = SegmentTrie(patterns: patterns, foldsCase: !caseSensitive) { first, second in
            let firstBound = bindings[first] != 0
            let secondBound = bindings[second] != 0
            if firstBound != secondBound { return firstBound }
            let firstCount = ranges[first].count
            let secondCount = ranges[second].count
            if firstCount != secondCount { return firstCount > secondCount }
            return first < second
        }
    }
}

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
    /// - Complexity: O(*n* + *t*): *n* the URL's length, *t* the trie nodes on the URL's path (each visited once).
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> LinkScan {
        var scan = LinkScan(outcome: DispatchOutcome(.reject, reason: .missingScheme))
        let count = bytes.count
        guard count <= Self.maximumLength else {
            scan.outcome = DispatchOutcome(.reject, reason: .tooLong)
            return scan
        }
        // 1. Every byte must be allowed in a URL, every `%` followed by two hex digits.
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if !Self.isAllowedASCII(byte) {
                    scan.outcome = DispatchOutcome(.reject, reason: .invalidCharacter(at: index))
                    return scan
                }
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < count, RouteBytes.hexValue(bytes[index + 1]) != nil,
                        RouteBytes.hexValue(bytes[index + 2]) != nil
                    else {
                        scan.outcome = DispatchOutcome(.reject, reason: .invalidEscape(at: index))
                        return scan
                    }
                }
            }
            index += 1
        }
        // 2. The scheme.
        guard count > 0, RouteBytes.isAlpha(bytes[0]) else { return scan }
        var schemeEnd = 1
        while schemeEnd < count {
            let byte = bytes[schemeEnd]
            guard
                RouteBytes.isAlpha(byte) || RouteBytes.isDigit(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { break }
            schemeEnd += 1
        }
        guard schemeEnd < count, bytes[schemeEnd] == UInt8(ascii: ":") else { return scan }
        let hasSlashes =
            schemeEnd + 2 < count && bytes[schemeEnd + 1] == UInt8(ascii: "/")
            && bytes[schemeEnd + 2] == UInt8(ascii: "/")
        if Self.equalsLowercased(bytes, 0, schemeEnd, "https") {
            scanWeb(bytes, schemeEnd: schemeEnd, hasSlashes: hasSlashes, secure: true, into: &scan)
            return scan
        }
        if Self.equalsLowercased(bytes, 0, schemeEnd, "http") {
            scanWeb(bytes, schemeEnd: schemeEnd, hasSlashes: hasSlashes, secure: false, into: &scan)
            return scan
        }
        for (schemeIndex, scheme) in ownedSchemes.enumerated() where scheme.count == schemeEnd {
            let same = scheme.withUnsafeBufferPointer { Self.equalsLowercased(bytes, 0, schemeEnd, $0) }
            if same {
                var start = schemeEnd + 1
                if hasSlashes {
                    start = schemeEnd + 3
                } else if start < count, bytes[start] == UInt8(ascii: "/") {
                    start += 1
                }
                scan.bindingKey = Int32(1 + schemeIndex)
                route(bytes, from: start, web: false, into: &scan)
                return scan
            }
        }
        for scheme in externalSchemes where scheme.count == schemeEnd {
            if scheme.withUnsafeBufferPointer({ Self.equalsLowercased(bytes, 0, schemeEnd, $0) }) {
                scan.outcome = DispatchOutcome(.external, reason: .external)
                return scan
            }
        }
        for scheme in Self.forbiddenSchemes where scheme.count == schemeEnd {
            if scheme.withUnsafeBufferPointer({ Self.equalsLowercased(bytes, 0, schemeEnd, $0) }) {
                scan.outcome = DispatchOutcome(.reject, reason: .forbiddenScheme)
                return scan
            }
        }
        scan.outcome = DispatchOutcome(.reject, reason: .unknownScheme)
        return scan
    }

    /// http and https: authority (userinfo, host, IPv6 brackets, port), then routing for associated https hosts.
    private func scanWeb(
        _ bytes: UnsafeBufferPointer<UInt8>, schemeEnd: Int, hasSlashes: Bool, secure: Bool, into scan: inout LinkScan
    ) {
        guard hasSlashes else {
            scan.outcome = DispatchOutcome(.reject, reason: .missingHost)
            return
        }
        let count = bytes.count
        let authorityStart = schemeEnd + 3
        var authorityEnd = authorityStart
        var lastAt = -1
        while authorityEnd < count {
            let byte = bytes[authorityEnd]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") { lastAt = authorityEnd }
            authorityEnd += 1
        }
        let hostStart = lastAt >= 0 ? lastAt + 1 : authorityStart
        var hostEnd = hostStart
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
            hostEnd += 1
            while hostEnd < authorityEnd, bytes[hostEnd] != UInt8(ascii: "]") {
                let byte = bytes[hostEnd]
                guard RouteBytes.hexValue(byte) != nil || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") else {
                    scan.outcome = DispatchOutcome(.reject, reason: .invalidHost)
                    return
                }
                hostEnd += 1
            }
            guard hostEnd < authorityEnd else {
                scan.outcome = DispatchOutcome(.reject, reason: .invalidHost)
                return
            }
            hostEnd += 1
        } else {
            while hostEnd < authorityEnd, bytes[hostEnd] != UInt8(ascii: ":") {
                let byte = bytes[hostEnd]
                if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") {
                    scan.outcome = DispatchOutcome(.reject, reason: .invalidHost)
                    return
                }
                hostEnd += 1
            }
        }
        guard hostEnd > hostStart else {
            scan.outcome = DispatchOutcome(.reject, reason: .missingHost)
            return
        }
        // Port: empty, or digits up to 65535.
        var port = -1
        if hostEnd < authorityEnd {
            guard bytes[hostEnd] == UInt8(ascii: ":") else {
                scan.outcome = DispatchOutcome(.reject, reason: .invalidHost)
                return
            }
            var value = 0
            var digits = 0
            for offset in (hostEnd + 1)..<authorityEnd {
                let byte = bytes[offset]
                guard RouteBytes.isDigit(byte), value <= 65535 else {
                    scan.outcome = DispatchOutcome(.reject, reason: .invalidPort)
                    return
                }
                value = value * 10 + Int(byte &- UInt8(ascii: "0"))
                digits += 1
            }
            guard value <= 65535 else {
                scan.outcome = DispatchOutcome(.reject, reason: .invalidPort)
                return
            }
            if digits > 0 { port = value }
        }
        guard secure else {
            scan.outcome = DispatchOutcome(.browser, reason: .plainHTTP)
            return
        }
        var associated = false
        for domain in domains where domain.covers(bytes: bytes, start: hostStart, end: hostEnd) {
            associated = true
            break
        }
        guard associated else {
            scan.outcome = DispatchOutcome(.browser, reason: .notAssociated)
            return
        }
        guard lastAt < 0 else {
            scan.outcome = DispatchOutcome(.browser, reason: .userinfo)
            return
        }
        guard port == -1 || port == 443 else {
            scan.outcome = DispatchOutcome(.browser, reason: .port)
            return
        }
        scan.bindingKey = 0
        for (hostIndex, host) in boundHosts.enumerated() where host.count == hostEnd - hostStart {
            if host.withUnsafeBufferPointer({ Self.equalsLowercased(bytes, hostStart, hostEnd, $0) }) {
                scan.bindingKey = Int32(1 + ownedSchemes.count + hostIndex)
                break
            }
        }
        // The path starts with `/` (or is empty): drop the `/`.
        var start = authorityEnd
        if start < count, bytes[start] == UInt8(ascii: "/") { start += 1 }
        route(bytes, from: start, web: true, into: &scan)
    }

    /// Splits off path and query starting at `start`, checks the segments and runs the trie.
    private func route(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, web: Bool, into scan: inout LinkScan) {
        let count = bytes.count
        var pathEnd = start
        while pathEnd < count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") {
            pathEnd += 1
        }
        if pathEnd < count, bytes[pathEnd] == UInt8(ascii: "?") {
            var queryEnd = pathEnd + 1
            while queryEnd < count, bytes[queryEnd] != UInt8(ascii: "#") { queryEnd += 1 }
            scan.queryStart = pathEnd + 1
            scan.queryEnd = queryEnd
        }
        let noRoute: LinkDecision.Kind = web ? .browser : .unhandled
        scan.pathStart = start
        scan.zeroSegments = pathEnd == start
        if !scan.zeroSegments, bytes[pathEnd - 1] == UInt8(ascii: "/") { pathEnd -= 1 }
        scan.pathEnd = pathEnd
        if !scan.zeroSegments {
            // Every segment must be non-empty and not a dot segment.
            var segmentStart = start
            while true {
                var segmentEnd = segmentStart
                while segmentEnd < pathEnd, bytes[segmentEnd] != UInt8(ascii: "/") { segmentEnd += 1 }
                if segmentEnd == segmentStart || Self.isDotSegment(bytes, segmentStart, segmentEnd) {
                    scan.outcome = DispatchOutcome(noRoute, reason: .unroutablePath)
                    return
                }
                if segmentEnd >= pathEnd { break }
                segmentStart = segmentEnd + 1
            }
        }
        let found = search(node: 0, segmentStart: scan.zeroSegments ? -1 : start, bytes, scan)
        scan.outcome =
            found >= 0 ? DispatchOutcome(.route, route: Int(found)) : DispatchOutcome(noRoute, reason: .noRoute)
    }

    /// Ordered depth-first search from `node` with the segment starting at `segmentStart` (-1: none left).
    /// Returns the route index, or -1.
    private func search(node: Int32, segmentStart: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ scan: LinkScan)
        -> Int32
    {
        let current = trie.nodes[Int(node)]
        guard segmentStart >= 0 else {
            let terminal = pickRoute(in: current.terminals, bytes, scan)
            if terminal >= 0 { return terminal }
            return pickRoute(in: current.catchAlls, bytes, scan)
        }
        var segmentEnd = segmentStart
        while segmentEnd < scan.pathEnd, bytes[segmentEnd] != UInt8(ascii: "/") { segmentEnd += 1 }
        let next = segmentEnd < scan.pathEnd ? segmentEnd + 1 : -1
        if current.literalChildren > 0 {
            let child = literalChild(of: node, bytes, segmentStart, segmentEnd)
            if child >= 0 {
                let found = search(node: child, segmentStart: next, bytes, scan)
                if found >= 0 { return found }
            }
        }
        if current.intChild >= 0, RouteBytes.isIntSegment(bytes, segmentStart, segmentEnd) {
            let found = search(node: current.intChild, segmentStart: next, bytes, scan)
            if found >= 0 { return found }
        }
        if current.uuidChild >= 0, RouteBytes.isUUIDSegment(bytes, segmentStart, segmentEnd) {
            let found = search(node: current.uuidChild, segmentStart: next, bytes, scan)
            if found >= 0 { return found }
        }
        let needsClean = current.parameterChild >= 0 || current.wildcardChild >= 0 || !current.catchAlls.isEmpty
        guard needsClean, RouteBytes.isCleanText(bytes, segmentStart, segmentEnd) else { return -1 }
        if current.parameterChild >= 0 {
            let found = search(node: current.parameterChild, segmentStart: next, bytes, scan)
            if found >= 0 { return found }
        }
        if current.wildcardChild >= 0 {
            let found = search(node: current.wildcardChild, segmentStart: next, bytes, scan)
            if found >= 0 { return found }
        }
        if !current.catchAlls.isEmpty {
            // `**` takes this segment and all the rest: each must be clean.
            var restStart = next
            while restStart >= 0 {
                var restEnd = restStart
                while restEnd < scan.pathEnd, bytes[restEnd] != UInt8(ascii: "/") { restEnd += 1 }
                guard RouteBytes.isCleanText(bytes, restStart, restEnd) else { return -1 }
                restStart = restEnd < scan.pathEnd ? restEnd + 1 : -1
            }
            return pickRoute(in: current.catchAlls, bytes, scan)
        }
        return -1
    }

    /// The literal child of `node` whose bytes equal the segment's decoded (and folded) bytes, or -1.
    @inline(__always)
    private func literalChild(of node: Int32, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int32 {
        let fold = trie.foldsCase
        var cursor = PercentDecodingCursor(bytes: bytes, index: start, end: end)
        var hash = SegmentTrie.seed(parent: node)
        var length = 0
        while let byte = cursor.next() {
            hash = SegmentTrie.step(hash, fold ? RouteBytes.asciiLower(byte) : byte)
            length += 1
        }
        hash = SegmentTrie.finish(hash)
        return trie.slots.withUnsafeBufferPointer { slots in
            var slot = Int(truncatingIfNeeded: hash) & trie.slotMask
            while slots[slot].parent >= 0 {
                let candidate = slots[slot]
                if candidate.hash == hash, candidate.parent == node, Int(candidate.length) == length {
                    let same = trie.literalBytes.withUnsafeBufferPointer { literal in
                        var decoded = PercentDecodingCursor(bytes: bytes, index: start, end: end)
                        var offset = Int(candidate.start)
                        while let byte = decoded.next() {
                            if (fold ? RouteBytes.asciiLower(byte) : byte) != literal[offset] { return false }
                            offset += 1
                        }
                        return true
                    }
                    if same { return candidate.child }
                }
                slot = (slot + 1) & trie.slotMask
            }
            return -1
        }
    }

    /// The first route in `list` (already in precedence order) whose binding and query constraints hold.
    @inline(__always)
    private func pickRoute(in list: Range<Int32>, _ bytes: UnsafeBufferPointer<UInt8>, _ scan: LinkScan) -> Int32 {
        var index = list.lowerBound
        while index < list.upperBound {
            let route = trie.routeLists[Int(index)]
            let binding = routeBindings[Int(route)]
            if binding == 0 || binding == scan.bindingKey {
                if constraintsHold(for: Int(route), bytes, scan) { return route }
            }
            index += 1
        }
        return -1
    }

    private func constraintsHold(for route: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ scan: LinkScan) -> Bool {
        let range = routeConstraints[route]
        guard !range.isEmpty else { return true }
        guard scan.queryStart >= 0 else { return false }
        return constraintBytes.withUnsafeBufferPointer { stored in
            for index in range {
                let constraint = constraints[Int(index)]
                guard
                    let value = Self.firstQueryValue(
                        bytes, scan.queryStart, scan.queryEnd, stored, Int(constraint.itemStart),
                        Int(constraint.itemLength))
                else { return false }
                if constraint.captures {
                    guard value.lowerBound < value.upperBound,
                        RouteBytes.isCleanText(bytes, value.lowerBound, value.upperBound)
                    else { return false }
                    switch constraint.type {
                    case .string: break
                    case .int: if !RouteBytes.isIntSegment(bytes, value.lowerBound, value.upperBound) { return false }
                    case .uuid: if !RouteBytes.isUUIDSegment(bytes, value.lowerBound, value.upperBound) { return false }
                    }
                } else {
                    guard
                        Self.decodedEquals(
                            bytes, value.lowerBound, value.upperBound, stored, Int(constraint.valueStart),
                            Int(constraint.valueLength))
                    else { return false }
                }
            }
            return true
        }
    }

    /// The raw value range of the first query item named `name` (decoded comparison), or `nil`.
    static func firstQueryValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ stored: UnsafeBufferPointer<UInt8>,
        _ nameStart: Int, _ nameLength: Int
    ) -> Range<Int>? {
        var itemStart = start
        while itemStart <= end {
            var itemEnd = itemStart
            while itemEnd < end, bytes[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
            var nameEnd = itemStart
            while nameEnd < itemEnd, bytes[nameEnd] != UInt8(ascii: "=") { nameEnd += 1 }
            if decodedEquals(bytes, itemStart, nameEnd, stored, nameStart, nameLength) {
                return nameEnd < itemEnd ? (nameEnd + 1)..<itemEnd : itemEnd..<itemEnd
            }
            itemStart = itemEnd + 1
        }
        return nil
    }

    /// Whether the percent-decoded `bytes[start..<end]` equal `stored[storedStart..<storedStart + length]`.
    @inline(__always)
    static func decodedEquals(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ stored: UnsafeBufferPointer<UInt8>,
        _ storedStart: Int, _ length: Int
    ) -> Bool {
        var cursor = PercentDecodingCursor(bytes: bytes, index: start, end: end)
        var offset = 0
        while let byte = cursor.next() {
            guard offset < length, stored[storedStart + offset] == byte else { return false }
            offset += 1
        }
        return offset == length
    }

    /// `.` or `..`, raw or with `%2E`/`%2e`.
    static func isDotSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard end - start <= 6 else { return false }
        var cursor = PercentDecodingCursor(bytes: bytes, index: start, end: end)
        var dots = 0
        while let byte = cursor.next() {
            guard byte == UInt8(ascii: ".") else { return false }
            dots += 1
        }
        return dots == 1 || dots == 2
    }

    /// Whether `bytes[start..<end]`, ASCII-lowercased, equal the (lowercase) `lowered`.
    @inline(__always)
    static func equalsLowercased(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ lowered: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard end - start == lowered.count else { return false }
        for offset in 0..<lowered.count where RouteBytes.asciiLower(bytes[start + offset]) != lowered[offset] {
            return false
        }
        return true
    }

    @inline(__always)
    private static func equalsLowercased(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ lowered: StaticString
    ) -> Bool {
        lowered.withUTF8Buffer { equalsLowercased(bytes, start, end, $0) }
    }

    /// Schemes that are never opened, even if someone lists them.
    static let forbiddenSchemes: [[UInt8]] = ["javascript", "data", "file", "vbscript", "blob", "about"].map {
        Array($0.utf8)
    }

    /// ASCII bytes allowed anywhere in a URL: printable characters except space and `"<>\^`{|}`.
    @inline(__always)
    static func isAllowedASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x20, 0x7F, 0x22, 0x3C, 0x3E, 0x5C, 0x5E, 0x60, 0x7B, 0x7C, 0x7D: return false
        default: return true
        }
    }
}
