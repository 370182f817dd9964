/// Where a matched URL's captured values are: the URL text, the matched pattern's segments and query
/// constraints, and the byte offsets the scan found. ``RoutedLink`` decodes parameters and the query from it
/// only when they are read, so ``RouteTable/decision(for:)-(String)`` costs a scan plus a few retains.
///
/// Invariant: `url` is the exact text that was scanned, the scan matched `patterns[route]`, and the offsets
/// are the scan's (so every captured segment and constrained query item is clean text, and every `%` in the
/// URL is followed by two hex digits). Values are plain (a `String` and the table's pattern array, shared, not
/// copied), so this is `Sendable` and costs no allocation to create: two retains.
struct RouteCaptures: Sendable {
    private let url: String
    private let patterns: [RoutePattern]
    private let route: Int32
    /// The segment text `[pathStart, pathEnd)`, or `pathStart == -1` for zero path segments.
    private let pathStart: Int32
    private let pathEnd: Int32
    /// The query without `?` `[queryStart, queryEnd)`, or `queryStart == -1` when there is none.
    private let queryStart: Int32
    private let queryEnd: Int32

    init(url: String, patterns: [RoutePattern], route: Int, scan: LinkScan) {
        self.url = url
        self.patterns = patterns
        self.route = Int32(route)
        // URLs are at most `RouteMatcher.maximumLength` bytes, so every offset fits in 32 bits.
        self.pathStart = scan.zeroSegments ? -1 : Int32(scan.pathStart)
        self.pathEnd = Int32(scan.pathEnd)
        self.queryStart = Int32(scan.queryStart)
        self.queryEnd = Int32(scan.queryEnd)
    }

    /// Captured values by parameter name (`**` for a catch-all), percent-decoded; query captures last.
    /// - Complexity: O(*n*) in the URL's length, plus one dictionary insertion per captured value.
    func parameters() -> [String: String] {
        var text = url
        return text.withUTF8 { bytes in
            let pattern = patterns[Int(route)]
            // Not `init(minimumCapacity:)`: it is not specialised and looks up generic metadata on every call.
            var parameters: [String: String] = [:]
            var segmentStart = Int(pathStart)
            let pathEnd = Int(pathEnd)
            func nextSegment() -> Range<Int>? {
                guard segmentStart >= 0 else { return nil }
                var end = segmentStart
                while end < pathEnd, bytes[end] != UInt8(ascii: "/") { end += 1 }
                defer { segmentStart = end < pathEnd ? end + 1 : -1 }
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
                    // The remaining segments joined with `/` are the remaining raw text decoded in one piece:
                    // separators are raw `/` bytes and no escape spans one.
                    parameters[RoutePattern.catchAllName] =
                        segmentStart >= 0 ? RouteBytes.decodedString(bytes, segmentStart, pathEnd) : ""
                    segmentStart = -1
                }
            }
            for constraint in pattern.query {
                if case .capture(let item, let name, _) = constraint,
                    let value = Self.firstCleanItem(bytes, Int(queryStart), Int(queryEnd), named: item)
                {
                    parameters[name] = value
                }
            }
            return parameters
        }
    }

    /// Every query item that is clean text, by decoded name, values in order of appearance.
    /// - Complexity: O(*n*) in the query's length, plus one dictionary update per item.
    func query() -> [String: [String]] {
        var text = url
        return text.withUTF8 { bytes in
            var query: [String: [String]] = [:]
            Self.forEachCleanItem(bytes, Int(queryStart), Int(queryEnd)) { name, value in
                query[RouteBytes.decodedString(bytes, name.lowerBound, name.upperBound), default: []].append(
                    RouteBytes.decodedString(bytes, value.lowerBound, value.upperBound))
                return true
            }
            return query
        }
    }

    /// The value of the first clean query item whose decoded name equals `name`, as `query()[name]?.first`
    /// (names compare as `String`s do), without building the query.
    /// - Complexity: O(*n*) in the query's length.
    func queryValue(_ name: String) -> String? {
        var text = url
        return text.withUTF8 { Self.firstCleanItem($0, Int(queryStart), Int(queryEnd), named: name) }
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
