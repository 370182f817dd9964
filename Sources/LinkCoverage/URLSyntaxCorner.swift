import FileLocations
import RichMediaKitSupport

/// A corner of URL syntax that a gap's example depends on, said in the gap's finding (its message and its fix) so a
/// release engineer sees why the URL is a gap and that no route table or AASA file may be able to close it.
///
/// The examples are shortest, so the corners read from the example alone are ones it needs: the same URL with the
/// slash written as `/`, without the repeated query item, or without the trailing dot is shorter and would have been
/// the example if it showed the gap. Case is different (lower-casing keeps the length): the checker runs the URL
/// with its letters lower-cased through the matcher and the router, and names case only when that URL opens the app
/// and a route handles it (a lower-cased URL neither side takes is another URL, not another spelling of one URL the
/// two sides compare differently).
package struct URLSyntaxCorner: Sendable, Hashable {
    /// A short name: `encoded-slash`, `repeated-query-item`, `trailing-dot` or `case`.
    package var code: String
    /// What the example holds, and why it matters, in words.
    package var description: String
    /// What to do about it.
    package var fix: String

    /// A path that holds `%2F`.
    static let encodedSlash = URLSyntaxCorner(
        code: "encoded-slash",
        description: "its path holds an encoded slash (%2F), which the router keeps inside one segment while the AASA "
            + "pattern compares the text as written (or, with \"percentEncoded\": false, as a /)",
        fix: "No route or AASA pattern can treat %2F the same way on both sides; if your links never hold %2F, accept "
            + "this gap in a baseline (--write-baseline).")

    /// A path segment that ends in a dot: on iOS (`onAndroid` false) the AASA rule's pattern and the route's disagree
    /// on it, on Android the intent filter's and the route's.
    static func trailingDot(onAndroid: Bool = false) -> URLSyntaxCorner {
        URLSyntaxCorner(
            code: "trailing-dot",
            description: "a path segment ends in a dot, and the URL is a gap only with that dot",
            fix: "Check whether the \(onAndroid ? "intent filter's" : "rule's") and the route's patterns should both "
                + "accept a segment ending in a dot; if your links never end a segment with a dot, accept this gap in a "
                + "baseline (--write-baseline).")
    }

    /// Upper-case letters, where the URL lower-cased is no gap.
    static let letterCase = URLSyntaxCorner(
        code: "case",
        description: "the URL is a gap only with its upper-case letters: the AASA rule and the routes compare case "
            + "differently",
        fix: "Give the AASA rules the routes file's case sensitivity (\"caseSensitive\" in the rule or its defaults, "
            + "\"caseSensitive\" in the routes file).")

    /// A query item that occurs more than once (one occurrence empty when `empty`): on iOS (`onAndroid` false) every
    /// occurrence must match an AASA rule's pattern, on Android one occurrence matching a dynamic rule's is enough.
    static func repeatedQueryItem(_ name: String, empty: Bool, onAndroid: Bool = false) -> URLSyntaxCorner {
        let repeated = empty ? "repeats the item `\(name)` with an empty occurrence" : "repeats the item `\(name)`"
        let (matching, file) =
            onAndroid
            ? ("a dynamic rule of assetlinks.json matches when any occurrence matches its pattern", "dynamic rule")
            : ("iOS requires every occurrence of a dictionary item to match the rule's pattern", "AASA file")
        return URLSyntaxCorner(
            code: "repeated-query-item",
            description: "its query \(repeated): \(matching), while the router reads only "
                + "the first",
            fix: "No \(file) can express \"the first occurrence\"; if your links never repeat `\(name)`, accept this "
                + "gap in a baseline (--write-baseline).")
    }

    /// A path that holds `%2F`, on Android.
    static let androidEncodedSlash = URLSyntaxCorner(
        code: "encoded-slash",
        description: "its path holds an encoded slash (%2F), which Android decodes to / before it matches while the "
            + "router keeps it inside one segment",
        fix: "No intent filter or route can tell them apart; if your links never hold %2F, accept this gap in a "
            + "baseline (--write-baseline).")

    /// Upper-case letters, where the URL lower-cased is no gap, on Android.
    static let androidLetterCase = URLSyntaxCorner(
        code: "case",
        description: "the URL is a gap only with its upper-case letters: Android matches the path case-sensitively "
            + "(it lower-cases only the host), and the routes compare case differently",
        fix: "Give the routes file Android's case sensitivity (\"caseSensitive\": true in the routes file), or "
            + "add the other spellings to the intent filter.")

    /// The corners of URL syntax an Android gap's example depends on, in URL order: each corner the example holds
    /// (an encoded slash in its path, a path segment ending in a dot, a repeated query item, an upper-case letter
    /// after the host) whose URL without it is not the same gap: `sameGap` says it is not, or the URL is outside the
    /// URLs compared (with `canonicalPaths`, a path with an empty or dot segment, such as `/help/` for
    /// `/help%2F`). Case is named only when the URL lower-cased is no gap because both sides take it (`handled`):
    /// a lower-cased URL neither takes is another URL, not a spelling the two sides compare differently. The host
    /// is the checked host as the manifest declares it, so a trailing dot there is not a corner an example can hold.
    ///
    /// - Parameters:
    ///   - example: A gap's shortest example, an absolute URL.
    ///   - canonicalPaths: Whether the check compared canonical paths only (no empty or dot segment).
    ///   - sameGap: Whether a URL is the same gap as the example.
    ///   - handled: Whether Android opens a URL in the app and a route handles it.
    /// - Returns: The corners it depends on.
    static func androidCorners(
        of example: String, canonicalPaths: Bool = true, sameGap: (String) -> Bool, handled: (String) -> Bool
    ) -> [URLSyntaxCorner] {
        guard let (bytes, urlParts) = split(example) else { return [] }
        let head = String(decoding: bytes[..<urlParts.path.lowerBound], as: UTF8.self)
        let (path, query) = parts(example)
        let tail = urlParts.fragment.map { "#" + String(decoding: bytes[$0], as: UTF8.self) } ?? ""
        func isSameGap(path: String, query: String?) -> Bool {
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            if canonicalPaths, path != "/", segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                return false
            }
            return sameGap(head + path + (query.map { "?" + $0 } ?? "") + tail)
        }
        var corners: [URLSyntaxCorner] = []
        if path.lowercased().contains("%2f"), !isSameGap(path: decodingSlashes(path), query: query) {
            corners.append(.androidEncodedSlash)
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0.hasSuffix(".") && $0 != "." && $0 != ".." }) {
            let undotted = segments.map { segment -> Substring in
                guard segment != ".", segment != ".." else { return segment }
                var segment = segment
                while segment.hasSuffix(".") { segment = segment.dropLast() }
                return segment
            }
            if !isSameGap(path: undotted.joined(separator: "/"), query: query) {
                corners.append(.trailingDot(onAndroid: true))
            }
        }
        if let query, let repeated = repeatedItem(query) {
            var seen = false
            let first = query.split(separator: "&", omittingEmptySubsequences: false).filter { item in
                guard itemName(item) == repeated.name else { return true }
                defer { seen = true }
                return !seen
            }
            if !isSameGap(path: path, query: first.joined(separator: "&")) {
                corners.append(.repeatedQueryItem(repeated.name, empty: repeated.empty, onAndroid: true))
            }
        }
        if let lower = lowercasedAfterHost(example), handled(lower) { corners.append(.androidLetterCase) }
        return corners
    }

    /// The corners read from the example alone (see the type's discussion), in URL order.
    ///
    /// - Parameter example: A gap's shortest example, an absolute URL.
    /// - Returns: The corners it holds.
    static func corners(inExample example: String) -> [URLSyntaxCorner] {
        let (path, query) = parts(example)
        var corners: [URLSyntaxCorner] = []
        if path.lowercased().contains("%2f") { corners.append(.encodedSlash) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        if segments.contains(where: { $0.hasSuffix(".") && $0 != "." && $0 != ".." }) {
            corners.append(.trailingDot())
        }
        if let query, let repeated = repeatedItem(query) {
            corners.append(.repeatedQueryItem(repeated.name, empty: repeated.empty))
        }
        return corners
    }

    /// `path` with each `%2F` (or `%2f`) written as `/`.
    private static func decodingSlashes(_ path: String) -> String {
        let bytes = Array(path.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "2"),
                bytes[index + 2] | 0x20 == UInt8(ascii: "f")
            {
                decoded.append(UInt8(ascii: "/"))
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The name of a query item (`name=value` or `name`).
    private static func itemName(_ item: Substring) -> String {
        String(item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }

    /// The first query item whose name occurs more than once, and whether one of its occurrences is empty, or nil.
    private static func repeatedItem(_ query: String) -> (name: String, empty: Bool)? {
        let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: String(pair[0]), empty: pair.count < 2 || pair[1].isEmpty)
        }
        var seen: [String: Int] = [:]
        for item in items { seen[item.name, default: 0] += 1 }
        guard let name = items.first(where: { seen[$0.name, default: 0] > 1 })?.name else { return nil }
        return (name, items.contains { $0.name == name && $0.empty })
    }

    /// The example with the ASCII letters of its path, query and fragment lower-cased (percent escapes kept as
    /// written), or nil when it has no upper-case letter there.
    ///
    /// - Parameter example: An absolute URL.
    /// - Returns: The lower-cased URL.
    static func lowercasedAfterHost(_ example: String) -> String? {
        guard let split = split(example) else { return nil }
        var bytes = split.bytes
        var changed = false
        var index = split.parts.path.lowerBound
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                index += 3
                continue
            }
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index]) {
                bytes[index] += 32
                changed = true
            }
            index += 1
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// The sentence a finding's message ends with, or nil when there is no corner.
    package static func sentence(_ corners: [URLSyntaxCorner]) -> String? {
        guard !corners.isEmpty else { return nil }
        return " The example depends on a corner of URL syntax: "
            + corners.map(\.description).joined(separator: "; ") + "."
    }

    /// The fix for `corners`, or nil when there is none.
    package static func fix(_ corners: [URLSyntaxCorner]) -> String? {
        corners.isEmpty ? nil : corners.map(\.fix).joined(separator: " ")
    }

    /// The lines a text report shows under a gap, indented by `indent`: per corner `corner: CODE: DESCRIPTION.` and
    /// `fix: FIX` (none when there is no corner).
    package static func textLines(_ corners: [URLSyntaxCorner], indent: String) -> [String] {
        corners.flatMap { ["\(indent)corner: \($0.code): \($0.description).", "\(indent)fix: \($0.fix)"] }
    }

    /// The markup an HTML report shows after a gap's example (empty when there is no corner): per corner a line
    /// break and `<span class="corner">`, the code, the description and the fix, escaped.
    package static func markup(_ corners: [URLSyntaxCorner]) -> String {
        corners.map { corner in
            "<br/><span class=\"corner\">Corner of URL syntax (<code>\(MarkupEscaping.escaped(corner.code))</code>): "
                + MarkupEscaping.escaped(corner.description + ". " + corner.fix) + "</span>"
        }.joined()
    }

    /// The example split by the package's one URL splitter: its bytes, and its parts.
    private static func split(_ example: String) -> (bytes: [UInt8], parts: URLParts)? {
        let bytes = Array(example.utf8)
        guard let parts = bytes.withUnsafeBufferPointer({ URLParts($0, userinfo: .skip) }) else { return nil }
        return (bytes, parts)
    }

    /// The path and the query (nil when there is no `?`) of an absolute URL.
    private static func parts(_ example: String) -> (path: String, query: String?) {
        guard let (bytes, parts) = split(example) else { return ("", nil) }
        return (
            String(decoding: bytes[parts.path], as: UTF8.self),
            parts.query.map { String(decoding: bytes[$0], as: UTF8.self) }
        )
    }
}

/// `{"corner", "explanation", "fix"}`: the corner's code (`encoded-slash`, `repeated-query-item`, `trailing-dot`,
/// `case`), what the example holds and why it matters, and what to do; a gap's `corners` in the checks' JSON.
extension URLSyntaxCorner: Codable {
    private enum CodingKeys: String, CodingKey {
        case corner, explanation, fix
    }

    /// Decodes a corner.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing key.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            code: try container.decode(String.self, forKey: .corner),
            description: try container.decode(String.self, forKey: .explanation),
            fix: try container.decode(String.self, forKey: .fix))
    }

    /// Encodes the corner.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.corner: code, .explanation: description, .fix: fix])
    }
}
