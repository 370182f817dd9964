/// Everything dispatch needs, frozen into flat arrays: owned and external schemes, associated domains, the
/// segment trie and per-route binding and query-constraint tables.
///
/// Built once by ``RouteTable``; immutable and `Sendable` afterwards. Scanning lives in
/// `RouteMatcher+Scanning.swift`, the trie search in `RouteMatcher+Search.swift`.
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

    /// Lowercased owned schemes; binding key of scheme `i` is `1 + i`.
    let ownedSchemes: FlatStrings
    /// Lowercased external schemes.
    let externalSchemes: FlatStrings
    /// Lowercased associated-domain hosts (without `*.`), parallel to `domainIsWildcard`.
    let domainHosts: FlatStrings
    let domainIsWildcard: [Bool]
    /// Per associated domain: for an exact domain, the binding key of a URL whose host it equals (0 when no bound
    /// pattern names that host); -1 for a wildcard domain (the key is then looked up in `boundHosts`).
    let domainBindings: [Int32]
    /// Lowercased hosts that bound patterns (`https://host/...`) name; binding key `1 + ownedSchemes.count + i`.
    let boundHosts: FlatStrings
    /// Per route: 0 for `/` routes, else the binding key.
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
        self.ownedSchemes = FlatStrings(ownedSchemes)
        self.externalSchemes = FlatStrings(externalSchemes)
        self.domainHosts = FlatStrings(domains.map(\.host))
        self.domainIsWildcard = domains.map(\.isWildcard)
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
                bindings.append(Int32(1 + ownedSchemes.count + (hosts.firstIndex(of: host) ?? 0)))
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
        self.boundHosts = FlatStrings(hosts)
        self.domainBindings = domains.map { domain in
            guard !domain.isWildcard else { return -1 }
            guard let host = hosts.firstIndex(of: domain.host) else { return 0 }
            return Int32(1 + ownedSchemes.count + host)
        }
        self.routeBindings = bindings
        self.routeConstraints = ranges
        self.constraints = flat
        self.constraintBytes = bytes
        self.trie = SegmentTrie(patterns: patterns, foldsCase: !caseSensitive) { first, second in
            RoutePattern.precedes(patterns[first], first, patterns[second], second)
        }
    }
}

/// A few short lowercase strings in one byte array, searchable without allocation or reference counting.
struct FlatStrings: Sendable {
    private let bytes: [UInt8]
    private let ranges: [Range<Int>]

    init(_ strings: [String]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for string in strings {
            ranges.append(bytes.count..<(bytes.count + string.utf8.count))
            bytes += string.utf8
        }
        self.bytes = bytes
        self.ranges = ranges
    }

    /// The number of strings.
    var count: Int { ranges.count }

    /// The index of the string equal to `text[start..<end]` ASCII-lowercased, or `nil`.
    @inline(__always)
    func firstIndex(lowercasedEqualTo text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        for index in 0..<ranges.count where string(index, lowercasedEquals: text, start, end) {
            return index
        }
        return nil
    }

    /// Whether string `index` equals `text[start..<end]` ASCII-lowercased.
    @inline(__always)
    func string(_ index: Int, lowercasedEquals text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let range = ranges[index]
        guard range.count == end - start else { return false }
        return bytes.withUnsafeBufferPointer {
            RouteBytes.equals(text, start, end, $0, range.lowerBound, lowercasing: true)
        }
    }

    /// Whether string `index` is a proper dot-separated suffix of `text[start..<end]` (ASCII-lowercased):
    /// `text` is `label(s).string`.
    @inline(__always)
    func isSubdomain(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, of index: Int) -> Bool {
        let range = ranges[index]
        let suffixStart = end - range.count
        guard suffixStart - 1 > start, text[suffixStart - 1] == UInt8(ascii: "."),
            text[start] != UInt8(ascii: ".")
        else { return false }
        for position in 0..<range.count
        where RouteBytes.asciiLower(text[suffixStart + position]) != bytes[range.lowerBound + position] {
            return false
        }
        return true
    }
}
