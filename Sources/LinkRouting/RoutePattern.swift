/// The parsed form of a route pattern: what the trie, the decision builder, reverse routing and the coverage
/// engine all work from.
///
/// `RoutePattern` is internal on purpose: it is the single source of truth for what a pattern means, and any
/// code in this module that needs to reason about routes (for example the AASA coverage engine) should use it
/// rather than re-parsing pattern text.
///
/// ## How a URL is compared with a pattern (dispatch reproduces exactly this)
/// 1. **Binding.** ``Binding/any`` applies to every owned custom scheme and to https on every associated domain.
///    ``Binding/scheme(_:)`` holds a lowercased custom scheme and applies only to URLs with that scheme (scheme
///    compared ASCII case-insensitively). ``Binding/host(_:)`` holds a lowercased host and applies only to https
///    URLs whose host, ASCII-lowercased, is byte-for-byte equal to it (no IDNA conversion, no trailing-dot
///    folding). Only https URLs on an associated domain (no userinfo, no port other than 443) are ever matched.
/// 2. **Segments of the URL.** For a custom scheme the authority is the first segment (`shop://promotion/7` is
///    `promotion`, `7`); without `//` the text after `scheme:` is the path (one leading `/` dropped). For https
///    the path after the authority is used with its leading `/` dropped. An empty path is zero segments. The
///    rest is split at raw `/` bytes only (`%2F` never splits). A single trailing empty segment (trailing slash)
///    is dropped; any other empty segment, or a segment whose percent-decoded bytes are `.` or `..`, means no
///    route matches at all.
/// 3. **Literals** (``Segment/literal(_:)``) store the pattern text percent-decoded. A URL segment matches when
///    its percent-decoded bytes equal the literal's bytes. If the table is case-insensitive
///    (`caseSensitive: false`) ASCII letters `A`–`Z` are folded to lowercase on both sides first; non-ASCII
///    bytes always compare exactly (no Unicode case folding or normalization). So `caf%C3%A9` matches the
///    literal `café`, and `Promo` matches `promo` only when the table is case-insensitive.
/// 4. **Parameters, `*` and `**`** match any non-empty segment whose percent-decoded bytes are valid UTF-8
///    without control characters (Unicode Cc); otherwise that branch fails. Typed parameters additionally check
///    the **raw** segment bytes: ``ParameterType/int`` needs one or more ASCII digits (so `%31` is not an int),
///    ``ParameterType/uuid`` needs 8-4-4-4-12 hexadecimal digits in any case. Captured values are the
///    percent-decoded text; `+` stays `+`. ``Segment/catchAll`` matches zero or more remaining segments and is
///    captured under the name `**` as the decoded segments joined with `/`.
/// 5. **Query constraints** look at the first query item with the given name (names compared after
///    percent-decoding, always case-sensitively). ``QueryConstraint/equals(item:value:)`` needs the decoded
///    value to equal `value` exactly (case-sensitive). ``QueryConstraint/capture(item:name:type:)`` needs a
///    non-empty value that is clean text and, for typed captures, passes the raw-byte type check. An item
///    without `=` has the empty value.
/// 6. **Precedence.** Segment by segment from the left: literal, then `<int>`/`<uuid>` (disjoint), then
///    untyped parameter, then `*`, then `**`; a route ending at a segment beats `**` matching zero more. Among
///    routes with the same segment shape: a bound route (scheme or host) beats ``Binding/any``, then more query
///    constraints beat fewer, then earlier registration wins. Failing branches backtrack to the next option.
package struct RoutePattern: Sendable, Hashable {
    /// Which URLs a pattern applies to.
    package enum Binding: Sendable, Hashable {
        /// A pattern starting with `/`: every owned scheme and every associated domain.
        case any
        /// `scheme://...`: only this owned custom scheme (lowercased).
        case scheme(String)
        /// `https://host/...`: only https on this exact associated host (lowercased).
        case host(String)
    }

    /// What a parameter accepts.
    package enum ParameterType: String, Sendable, Hashable, CaseIterable {
        /// Any clean non-empty segment.
        case string
        /// One or more ASCII digits (raw bytes).
        case int
        /// 8-4-4-4-12 hexadecimal digits, any case (raw bytes).
        case uuid
    }

    /// One path segment of a pattern.
    package enum Segment: Sendable, Hashable {
        /// Matches a segment whose percent-decoded bytes equal this text (case rules above).
        case literal(String)
        /// `:name` or `:name<type>`: one segment, captured under `name`.
        case parameter(name: String, type: ParameterType)
        /// `*`: one segment, not captured.
        case wildcard
        /// `**`: zero or more remaining segments, captured under `**`; always the last segment.
        case catchAll
    }

    /// One query constraint (`item=:name` or `item=value`).
    package enum QueryConstraint: Sendable, Hashable {
        /// `item=:name` / `item=:name<type>`: the item must be present with a non-empty value; captured as `name`.
        case capture(item: String, name: String, type: ParameterType)
        /// `item=value`: the item's first occurrence must have exactly this decoded value.
        case equals(item: String, value: String)

        /// The query item name this constraint looks at.
        package var item: String {
            switch self {
            case .capture(let item, _, _), .equals(let item, _): return item
            }
        }
    }

    /// The capture name used for ``Segment/catchAll``.
    static let catchAllName = "**"

    /// Which URLs the pattern applies to.
    package var binding: Binding
    /// The path segments, in order.
    package var segments: [Segment]
    /// The query constraints, in pattern order.
    package var query: [QueryConstraint]

    /// The names of every captured value, path first, then query, in pattern order.
    var parameterNames: [String] {
        var names: [String] = []
        for segment in segments {
            switch segment {
            case .parameter(let name, _): names.append(name)
            case .catchAll: names.append(Self.catchAllName)
            case .literal, .wildcard: break
            }
        }
        for constraint in query {
            if case .capture(_, let name, _) = constraint { names.append(name) }
        }
        return names
    }
}
