/// What a route captures, in pattern order: its name and, per captured value, the value's name and where it
/// comes from. Built once per route with the table; every link dispatch routes there shares it (one retain).
final class RouteCapturePlan: Sendable {
    /// Where one captured value comes from.
    enum Source: Sendable {
        /// Path segment number `n` (0-based, counting every segment of the pattern).
        case segment(Int)
        /// The path from segment number `n` to the end (`**`), empty when there is none.
        case rest(Int)
        /// The first clean query item with this (decoded) name.
        case query(String)
    }

    /// The route's name.
    let route: String
    /// The captured values' names, unique, path captures first, then query captures.
    let names: [String]
    /// Parallel to `names`; path sources in increasing segment order.
    let sources: [Source]
    /// For a link made with values (``RoutedLink/init(route:parameters:query:)-(String,Parameters,Query)``): the
    /// values; `nil` for a route's plan.
    let given: (parameters: RoutedLink.Parameters, query: RoutedLink.Query)?

    init(route: String, pattern: RoutePattern) {
        var names: [String] = []
        var sources: [Source] = []
        for (index, segment) in pattern.segments.enumerated() {
            switch segment {
            case .parameter(let name, _):
                names.append(name)
                sources.append(.segment(index))
            case .catchAll:
                names.append(RoutePattern.catchAllName)
                sources.append(.rest(index))
            case .literal, .wildcard:
                break
            }
        }
        for constraint in pattern.query {
            if case .capture(let item, let name, _) = constraint {
                names.append(name)
                sources.append(.query(item))
            }
        }
        self.route = route
        self.names = names
        self.sources = sources
        self.given = nil
    }

    /// The plan of a link made with values: it captures nothing from a URL and carries the values.
    init(route: String, parameters: RoutedLink.Parameters, query: RoutedLink.Query) {
        self.route = route
        self.names = []
        self.sources = []
        self.given = (parameters, query)
    }

    /// The position of the value named `name`, or `nil`.
    @inline(__always)
    func position(of name: String) -> Int? {
        var index = 0
        while index < names.count {
            if names[index] == name { return index }
            index += 1
        }
        return nil
    }
}

/// Where a matched URL's captured values are: the URL text, the matched pattern's segments and query
/// constraints, and the byte offsets the scan found. ``RoutedLink`` decodes parameters and the query from it
/// only when they are read, so ``RouteTable/decision(for:)-(String)`` costs a scan plus a few retains.
///
/// Invariant: `url` is the exact text that was scanned, the scan matched `patterns[route]`, and the offsets
/// are the scan's (so every captured segment and constrained query item is clean text, and every `%` in the
/// URL is followed by two hex digits). Values are plain (a `String` and the table's pattern array, shared, not
/// copied), so this is `Sendable` and costs no allocation to create: two retains.
/// Where a matched URL's captured values are: the URL text, the route's ``RouteCapturePlan``, and the byte
/// offsets the scan found. ``RoutedLink`` decodes parameters and the query from it only when they are read, so
/// ``RouteTable/decision(for:)-(String)`` costs a scan plus a few retains, and reading a value costs a walk over
/// the path to its segment and, only when the value holds a `%`, a decoding copy.
///
/// Invariant: `url` is the exact text that was scanned, the scan matched the plan's route, and the offsets are the
/// scan's (so every captured segment and constrained query item is clean text, and every `%` in the URL is
/// followed by two hex digits). Values are plain (a `String` and the shared plan), so this is `Sendable` and costs
/// no allocation to create: two retains. Bytes are read only through ``RouteBytes`` and the query scanners.
struct RouteCaptures: Sendable {
    let plan: RouteCapturePlan
    /// The matched URL (empty for a link made with values).
    let url: String
    /// The segment text `[pathStart, pathEnd)`, or `pathStart == -1` for zero path segments.
    private let pathStart: Int32
    private let pathEnd: Int32
    /// The query without `?` `[queryStart, queryEnd)`, or `queryStart == -1` when there is none.
    private let queryStart: Int32
    private let queryEnd: Int32

    init(url: String, plan: RouteCapturePlan, scan: LinkScan) {
        self.url = url
        self.plan = plan
        // URLs are at most `RouteMatcher.maximumLength` bytes, so every offset fits in 32 bits.
        self.pathStart = scan.zeroSegments ? -1 : Int32(scan.pathStart)
        self.pathEnd = Int32(scan.pathEnd)
        self.queryStart = Int32(scan.queryStart)
        self.queryEnd = Int32(scan.queryEnd)
    }

    /// Captures of nothing, for a link made with values (`plan.given`).
    init(plan: RouteCapturePlan) {
        self.url = ""
        self.plan = plan
        self.pathStart = -1
        self.pathEnd = -1
        self.queryStart = -1
        self.queryEnd = -1
    }

    /// Calls `body` with the URL's UTF-8 (no copy for a native string, which every string made in Swift is).
    @inline(__always)
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = url.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = url
        return text.withUTF8(body)
    }

    /// The number of captured values (every value of the plan is present in a matched URL).
    var count: Int { plan.names.count }

    /// The position of the segment being read and where it starts: a walk over the path that only goes forward.
    struct SegmentCursor {
        /// The segment number `start` belongs to.
        var segment = 0
        /// Where segment number `segment` starts, or -1 past the last segment.
        var start: Int

        /// Moves to segment number `target` (not before the current one).
        @inline(__always)
        mutating func move(to target: Int, _ bytes: UnsafeBufferPointer<UInt8>, pathEnd: Int) {
            while segment < target, start >= 0 {
                let end = Self.end(of: start, bytes, pathEnd: pathEnd)
                start = end < pathEnd ? end + 1 : -1
                segment += 1
            }
        }

        /// Where the segment starting at `start` ends.
        @inline(__always)
        static func end(of start: Int, _ bytes: UnsafeBufferPointer<UInt8>, pathEnd: Int) -> Int {
            var end = start
            while end < pathEnd, bytes[end] != UInt8(ascii: "/") { end += 1 }
            return end
        }
    }

    /// A cursor at the first segment.
    var firstSegment: SegmentCursor { SegmentCursor(start: Int(pathStart)) }

    /// The decoded value at `position` of the plan, moving `cursor` forward to its segment (the plan's path
    /// sources are in increasing segment order, so reading the values in order walks the path once).
    func value(at position: Int, cursor: inout SegmentCursor) -> String {
        withBytes { bytes in
            let pathEnd = Int(pathEnd)
            switch plan.sources[position] {
            case .segment(let segment):
                if segment < cursor.segment { cursor = firstSegment }
                cursor.move(to: segment, bytes, pathEnd: pathEnd)
                guard cursor.start >= 0 else { return "" }
                let end = SegmentCursor.end(of: cursor.start, bytes, pathEnd: pathEnd)
                return RouteBytes.decodedString(bytes, cursor.start, end)
            case .rest(let segment):
                // The remaining segments joined with `/` are the remaining raw text decoded in one piece:
                // separators are raw `/` bytes and no escape spans one.
                if segment < cursor.segment { cursor = firstSegment }
                cursor.move(to: segment, bytes, pathEnd: pathEnd)
                guard cursor.start >= 0 else { return "" }
                return RouteBytes.decodedString(bytes, cursor.start, pathEnd)
            case .query(let item):
                return Self.firstCleanItem(bytes, Int(queryStart), Int(queryEnd), named: item) ?? ""
            }
        }
    }

    /// The decoded value named `name`, or `nil` when the route captures no such value.
    func value(named name: String) -> String? {
        guard let position = plan.position(of: name) else { return nil }
        var cursor = firstSegment
        return value(at: position, cursor: &cursor)
    }

    /// Every query item that is clean text, grouped by decoded name (names compare as `String`s do), in order of
    /// each name's first appearance, values in order of appearance.
    /// - Complexity: O(*n*) in the query's length, plus one dictionary update per item.
    func queryEntries() -> [(key: String, value: [String])] {
        withBytes { bytes in
            var entries: [(key: String, value: [String])] = []
            var positions: [String: Int] = [:]
            Self.forEachCleanItem(bytes, Int(queryStart), Int(queryEnd)) { name, value in
                let key = RouteBytes.decodedString(bytes, name.lowerBound, name.upperBound)
                let text = RouteBytes.decodedString(bytes, value.lowerBound, value.upperBound)
                if let position = positions[key] {
                    entries[position].value.append(text)
                } else {
                    positions[key] = entries.count
                    entries.append((key, [text]))
                }
                return true
            }
            return entries
        }
    }

    /// The values of the clean query items whose decoded name equals `name`, in order, or `nil` when there is none.
    /// - Complexity: O(*n*) in the query's length; no dictionary is built.
    func queryValues(named name: String) -> [String]? {
        withBytes { bytes in
            var values: [String] = []
            Self.forEachCleanItem(bytes, Int(queryStart), Int(queryEnd)) { itemName, value in
                if RouteBytes.decodedString(bytes, itemName.lowerBound, itemName.upperBound) == name {
                    values.append(RouteBytes.decodedString(bytes, value.lowerBound, value.upperBound))
                }
                return true
            }
            return values.isEmpty ? nil : values
        }
    }

    /// Whether the query has a clean item.
    var hasQueryItems: Bool {
        withBytes { bytes in
            var found = false
            Self.forEachCleanItem(bytes, Int(queryStart), Int(queryEnd)) { _, _ in
                found = true
                return false
            }
            return found
        }
    }

    /// The value of the first clean query item whose decoded name equals `name`, as `queryValues(named:)?.first`,
    /// without collecting the others.
    /// - Complexity: O(*n*) in the query's length.
    func queryValue(_ name: String) -> String? {
        withBytes { Self.firstCleanItem($0, Int(queryStart), Int(queryEnd), named: name) }
    }

    /// The decoded value of the first clean item of `bytes[start..<end]` whose decoded name equals `name`.
    private static func firstCleanItem(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, named name: String
    ) -> String? {
        var found: String?
        forEachCleanItem(bytes, start, end) { itemName, value in
            guard RouteBytes.decodedString(bytes, itemName.lowerBound, itemName.upperBound) == name else {
                return true
            }
            found = RouteBytes.decodedString(bytes, value.lowerBound, value.upperBound)
            return false
        }
        return found
    }

    /// Calls `body` with the raw name and value ranges of each query item in `bytes[start..<end]` whose name is
    /// non-empty and whose name and value are clean text, in order, until `body` returns `false`.
    /// `start == -1` means no query. An item without `=` has the empty value.
    private static func forEachCleanItem(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
        _ body: (_ name: Range<Int>, _ value: Range<Int>) -> Bool
    ) {
        guard start >= 0 else { return }
        RouteMatcher.forEachQueryItem(bytes, start, end) { name, value in
            guard !name.isEmpty, RouteBytes.isCleanText(bytes, name.lowerBound, name.upperBound),
                RouteBytes.isCleanText(bytes, value.lowerBound, value.upperBound)
            else { return true }
            return body(name, value)
        }
    }
}
