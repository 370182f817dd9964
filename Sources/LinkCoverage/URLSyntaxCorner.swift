import RichMediaKitSupport

/// A corner of URL syntax that a gap's example depends on, said in the gap's finding (its message and its fix) so a
/// release engineer sees why the URL is a gap and that no route table or AASA file may be able to close it.
///
/// The examples are shortest, so the corners read from the example alone are ones it needs: the same URL with the
/// slash written as `/`, without the repeated query item, or without the trailing dot is shorter and would have been
/// the example if it showed the gap. Case is different (lower-casing keeps the length): the checker runs the URL
/// with its letters lower-cased through the matcher and the router, and names case only when that URL is no gap.
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

    /// A path segment that ends in a dot.
    static let trailingDot = URLSyntaxCorner(
        code: "trailing-dot",
        description: "a path segment ends in a dot, and the URL is a gap only with that dot",
        fix: "Check whether the rule's and the route's patterns should both accept a segment ending in a dot; if your "
            + "links never end a segment with a dot, accept this gap in a baseline (--write-baseline).")

    /// Upper-case letters, where the URL lower-cased is no gap.
    static let letterCase = URLSyntaxCorner(
        code: "case",
        description: "the URL is a gap only with its upper-case letters: the AASA rule and the routes compare case "
            + "differently",
        fix: "Give the AASA rules the routes file's case sensitivity (\"caseSensitive\" in the rule or its defaults, "
            + "\"caseSensitive\" in the routes file).")

    /// A query item that occurs more than once (one occurrence empty when `empty`).
    static func repeatedQueryItem(_ name: String, empty: Bool) -> URLSyntaxCorner {
        let repeated = empty ? "repeats the item `\(name)` with an empty occurrence" : "repeats the item `\(name)`"
        return URLSyntaxCorner(
            code: "repeated-query-item",
            description: "its query \(repeated): iOS requires every occurrence of a dictionary item to match the "
                + "rule's pattern, while the router reads only the first",
            fix: "No AASA file can express \"the first occurrence\"; if your links never repeat `\(name)`, accept this "
                + "gap in a baseline (--write-baseline).")
    }

    /// The sentence an Android gap's message ends with when its example's path holds `%2F` (the one corner the
    /// Android check names), or nil.
    ///
    /// - Parameter example: A gap's shortest example, an absolute URL.
    /// - Returns: The sentence.
    static func androidSentence(_ example: String) -> String? {
        guard parts(example).path.lowercased().contains("%2f") else { return nil }
        return " The example depends on a corner of URL syntax: its path holds an encoded slash (%2F), which Android "
            + "decodes to / before it matches while the router keeps it inside one segment; no filter can tell them "
            + "apart, so if your links never hold %2F, accept this gap in a baseline (--write-baseline)."
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
            corners.append(.trailingDot)
        }
        if let query {
            let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item in
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (name: String(pair[0]), empty: pair.count < 2 || pair[1].isEmpty)
            }
            var seen: [String: Int] = [:]
            for item in items { seen[item.name, default: 0] += 1 }
            if let name = items.first(where: { seen[$0.name, default: 0] > 1 })?.name {
                let empty = items.contains { $0.name == name && $0.empty }
                corners.append(.repeatedQueryItem(name, empty: empty))
            }
        }
        return corners
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
