import RichMediaKitSupport

/// The set of URLs the coverage engine quantifies over, and how one URL is spelled as one byte string.
///
/// A universal link on the serving domain is `https://<domain>` followed by a path, an optional query and
/// an optional fragment. The engine encodes it as
///
///     path 0x01 query 0x02 fragment
///
/// with the parts exactly as written in the URL (still percent-encoded), an absent query or fragment
/// being the empty string (AASA treats both alike, and so does the router). The separators never occur in
/// a URL, so every pattern language can be written over this one alphabet and all of them can be
/// intersected.
///
/// Which URLs are in the universe:
/// - the path starts with `/`; its bytes are RFC 3986 `pchar`s (unreserved, sub-delimiters, `:`, `@`) and
///   `/`; the query and fragment may also hold `/` and `?`;
/// - a `%` always starts an escape `%HH`;
/// - **canonical** (the default): no empty path segment (so no `//` and no trailing `/`, except the root
///   `/` itself), no dot segment (`.`, `..`, also spelled with `%2E`), escapes use upper-case hex digits
///   and never encode an unreserved character (RFC 3986 §6.2.2 normal form), and the path, the query and
///   the fragment each percent-decode to UTF-8 text without control characters (what a web server or a
///   CMS writes);
/// - **all URLs** (`--all-urls`): any path of the bytes above, any escape in any case.
struct URLUniverse: Sendable, Hashable {
    /// Bytes that may appear unescaped inside a path segment (never `/` or `%`).
    var segmentBytes: ByteSet
    /// Bytes that may appear unescaped in the query (never `%` or `#`).
    var queryBytes: ByteSet
    /// Bytes that may appear unescaped in the fragment (never `%` or `#`).
    var fragmentBytes: ByteSet
    /// Decoded bytes that may appear as a `%HH` escape.
    var escapable: ByteSet
    /// Whether escapes use upper-case hex digits only.
    var upperHexOnly: Bool
    /// Whether paths are canonical (no empty or dot segments).
    var canonicalPaths: Bool
    /// Whether every part must decode to valid UTF-8 without control characters.
    var cleanText: Bool

    /// Separates the path from the query in the encoded form.
    static let querySeparator: UInt8 = 0x01
    /// Separates the query from the fragment in the encoded form.
    static let fragmentSeparator: UInt8 = 0x02

    /// RFC 3986 `pchar` without `%`.
    static let pathCharacters = ByteSet.unreserved.union(.subDelimiters).union(ByteSet(":@"))

    /// Canonical URLs (the default of `link-router check`).
    static let canonical = URLUniverse(
        segmentBytes: pathCharacters, queryBytes: pathCharacters.union(ByteSet("/?")),
        fragmentBytes: pathCharacters.union(ByteSet("/?")), escapable: ByteSet.all.subtracting(.unreserved),
        upperHexOnly: true, canonicalPaths: true,
        cleanText: true)

    /// Every URL (`--all-urls`).
    static let all = URLUniverse(
        segmentBytes: pathCharacters, queryBytes: pathCharacters.union(ByteSet("/?")),
        fragmentBytes: pathCharacters.union(ByteSet("/?")), escapable: .all, upperHexOnly: false, canonicalPaths: false,
        cleanText: false)

    /// Every URL whose parts decode to clean UTF-8 text (the Android check's `--all-urls`: Android compares decoded
    /// text, so its exact check quantifies over text).
    static let allText = URLUniverse(
        segmentBytes: pathCharacters, queryBytes: pathCharacters.union(ByteSet("/?")),
        fragmentBytes: pathCharacters.union(ByteSet("/?")), escapable: .all, upperHexOnly: false, canonicalPaths: false,
        cleanText: true)

    /// A `%HH` escape of any escapable byte.
    private var escape: NFA {
        NFA.byte(escapable).percentDecodingPreimage(rawBytes: .empty, upperHexOnly: upperHexOnly)
    }

    /// One path segment as written (possibly empty when paths are not canonical).
    var segment: NFA {
        let anySegment = NFA.union([.byte(segmentBytes.subtracting(ByteSet("/%"))), escape]).star
        guard canonicalPaths else { return anySegment }
        // Non-empty and not a dot segment: `.` or `..`, the dot possibly escaped as `%2E`.
        let dot = NFA.union([.literal("."), .literal("%2E"), .literal("%2e")])
        let dots = NFA.union([dot, dot.then(dot)])
        return anySegment.intersection(NFA.byte(.all).plus).subtracting(dots).minimized
    }

    /// Every path in the universe.
    var path: NFA {
        let slash = NFA.literal("/")
        let structure: NFA
        if canonicalPaths {
            structure = NFA.union([slash, slash.then(segment).plus])
        } else {
            structure = slash.then(segment.then(slash).star).then(segment)
        }
        return clean(structure, rawBytes: segmentBytes.union(ByteSet("/")))
    }

    /// Every query in the universe, without the leading `?`.
    var query: NFA {
        clean(NFA.union([.byte(queryBytes.subtracting(ByteSet("%#"))), escape]).star, rawBytes: queryBytes)
    }

    /// Every fragment in the universe, without the leading `#`.
    var fragment: NFA {
        clean(NFA.union([.byte(fragmentBytes.subtracting(ByteSet("%#"))), escape]).star, rawBytes: fragmentBytes)
    }

    /// `language`, restricted to text that decodes to clean UTF-8 when the universe asks for it.
    private func clean(_ language: NFA, rawBytes: ByteSet) -> NFA {
        guard cleanText else { return language }
        let decoded = TextLanguages.cleanText.percentDecodingPreimage(
            rawBytes: rawBytes.subtracting(ByteSet("%")), escapable: escapable, upperHexOnly: upperHexOnly)
        return language.intersection(decoded).minimized
    }

    /// The automaton of every encoded URL in the universe.
    var automaton: NFA {
        NFA.concatenation([
            path, .literal([Self.querySeparator]), query, .literal([Self.fragmentSeparator]), fragment,
        ])
    }

    private static let canonicalAutomaton = canonical.automaton
    private static let allAutomaton = all.automaton

    /// ``automaton``, built once per process for the two standard universes.
    var sharedAutomaton: NFA {
        if self == .canonical { return Self.canonicalAutomaton }
        if self == .all { return Self.allAutomaton }
        return automaton
    }

    /// Splits an encoded URL into its parts.
    static func decode(_ encoded: [UInt8]) -> (path: String, query: String, fragment: String) {
        let first = encoded.firstIndex(of: querySeparator) ?? encoded.count
        let second = encoded[first...].firstIndex(of: fragmentSeparator) ?? encoded.count
        let path = encoded[..<first]
        let query = first < encoded.count ? encoded[(first + 1)..<second] : []
        let fragment = second < encoded.count ? encoded[(second + 1)...] : []
        return (
            String(decoding: path, as: UTF8.self), String(decoding: query, as: UTF8.self),
            String(decoding: fragment, as: UTF8.self)
        )
    }

    /// The https URL on `domain` for an encoded URL; an empty query or fragment is left out.
    static func url(domain: String, encoded: [UInt8]) -> String {
        let parts = decode(encoded)
        var result = "https://" + domain + parts.path
        if !parts.query.isEmpty { result += "?" + parts.query }
        if !parts.fragment.isEmpty { result += "#" + parts.fragment }
        return result
    }

    /// Encodes a path, query and fragment (each as written in a URL).
    static func encode(path: String, query: String = "", fragment: String = "") -> [UInt8] {
        Array(path.utf8) + [querySeparator] + Array(query.utf8) + [fragmentSeparator] + Array(fragment.utf8)
    }
}
