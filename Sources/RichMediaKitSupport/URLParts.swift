/// The parts of an absolute URL as byte ranges into its UTF-8: the package's one URL splitter, used by the router's
/// scanner and the AASA matcher, found without Foundation's URL types and without allocating.
///
/// `scheme://[userinfo@]host[:port]/path?query#fragment`:
/// - the scheme is an ASCII letter followed by letters, digits, `+`, `-` and `.`, up to the first `:`;
/// - the authority follows `//` and ends at the first `/`, `?` or `#`;
/// - the host is what follows the last `@` in the authority (so `evil.net@example.com` has host `example.com`);
/// - a port follows the last `:` of the host part outside IPv6 brackets (`[::1]:8443` has host `[::1]`, `a:1:443`
///   has host `a:1` and port `443`); the port may be empty (`example.com:`);
/// - the path runs to the first `?` or `#`, the query (without `?`) to the first `#` after it, the fragment
///   (without `#`) to the end.
///
/// Only splitting happens here: no byte is validated beyond the scheme's, so each caller states what it accepts
/// (the router refuses a host with `%` or a `:` outside an IPv6 literal; the AASA matcher compares the host with
/// the serving domain). Hosts are not case-folded here either; both callers compare them with
/// ``URLBytes/asciiLower(_:)``.
///
/// Not API: this module is not a product; the members are `public @inlinable` for the reason given on ``URLBytes``.
/// - Complexity: O(*n*) in the URL's length, one pass over each part; no allocation.
@frozen
public struct URLParts {
    /// Which of the two policies for userinfo (`user:password@` before the host) a caller applies.
    ///
    /// Both policies split the same way (the host follows the last `@`); they differ in whether the caller gets
    /// to see that userinfo was there.
    public enum UserinfoPolicy: Sendable {
        /// Report the userinfo in ``URLParts/userinfo`` (also when empty, as in `https://@example.com`).
        ///
        /// The router's policy: a URL with userinfo is never routed (`browser`, reason `userinfo`; Docs/LinkRouter.md,
        /// "Userinfo is never routed"), because `https://example.com@evil.net/` and `https://evil.net@example.com/`
        /// are phishing shapes whose host a reader easily misjudges, and the app has no use for credentials in a link.
        case report
        /// Drop the userinfo: ``URLParts/userinfo`` is always nil.
        ///
        /// The AASA matcher's policy: iOS decides a universal link by its origin (scheme, host, port) and its path,
        /// query and fragment (aasa-semantics.md section 2); userinfo is part of none of them, so the matcher
        /// decides on the host after the `@` and never on the text before it.
        case skip
    }

    /// The authority's parts, as ``URLParts/authority(_:start:limit:userinfo:)`` finds them.
    @frozen
    public struct Authority {
        /// The userinfo without its `@`; nil when there is no `@` or the policy is ``UserinfoPolicy/skip``.
        public var userinfo: Range<Int>?
        /// The host: after the last `@`, up to the port's `:`; may be empty.
        public var host: Range<Int>
        /// The port without its `:`, possibly empty; nil when there is no `:` outside IPv6 brackets.
        public var port: Range<Int>?
        /// Where the authority ends: the index of the first `/`, `?` or `#`, or `limit`.
        public var end: Int
        /// The first `:` after the userinfo at any bracket depth, or nil: where the host ends for a caller that
        /// reads the port from the first `:` (the router), found in the same pass.
        public var firstColon: Int?
        /// Whether a `%`, `[` or `]` follows the userinfo: when not, the host is known to hold none of them without
        /// reading it again (the router refuses them outside IPv6 literals).
        public var hasPercentOrBracket: Bool

        /// An authority made of these parts.
        @inlinable
        public init(
            userinfo: Range<Int>?, host: Range<Int>, port: Range<Int>?, end: Int, firstColon: Int? = nil,
            hasPercentOrBracket: Bool = false
        ) {
            self.userinfo = userinfo
            self.host = host
            self.port = port
            self.end = end
            self.firstColon = firstColon
            self.hasPercentOrBracket = hasPercentOrBracket
        }
    }

    /// The scheme, without its `:`.
    public var scheme: Range<Int>
    /// The userinfo without its `@` (see ``UserinfoPolicy``).
    public var userinfo: Range<Int>?
    /// The host; may be empty (`https:///x`).
    public var host: Range<Int>
    /// The port without its `:`, possibly empty; nil when there is no `:` after the host.
    public var port: Range<Int>?
    /// The path, with its leading `/`; empty when there is none.
    public var path: Range<Int>
    /// The query without `?`; nil when there is no `?` before the fragment.
    public var query: Range<Int>?
    /// The fragment without `#`; nil when there is no `#`.
    public var fragment: Range<Int>?

    /// Splits `bytes`; nil when it has no scheme or no `//` authority.
    /// - Parameters:
    ///   - bytes: The URL's UTF-8.
    ///   - userinfo: Whether ``userinfo`` reports userinfo (the router) or drops it (the AASA matcher).
    @inlinable
    public init?(_ bytes: UnsafeBufferPointer<UInt8>, userinfo policy: UserinfoPolicy) {
        guard let schemeEnd = Self.schemeEnd(bytes), Self.hasAuthority(bytes, schemeEnd: schemeEnd) else {
            return nil
        }
        scheme = 0..<schemeEnd
        let authority = Self.authority(bytes, start: schemeEnd + 3, limit: bytes.count, userinfo: policy)
        userinfo = authority.userinfo
        host = authority.host
        port = authority.port
        var index = authority.end
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") { index += 1 }
        path = authority.end..<index
        query = nil
        fragment = nil
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let queryStart = index + 1
            index = queryStart
            while index < bytes.count, bytes[index] != UInt8(ascii: "#") { index += 1 }
            query = queryStart..<index
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            fragment = (index + 1)..<bytes.count
        }
    }

    /// The index of the `:` that ends the scheme, or nil when `bytes` does not start with a scheme (an ASCII
    /// letter, then letters, digits, `+`, `-` or `.`, then `:`).
    @inlinable
    public static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty, URLBytes.isAlpha(bytes[0]) else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            guard
                URLBytes.isAlpha(byte) || URLBytes.isDigit(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { break }
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        return index
    }

    /// Whether `//` follows the scheme's `:` at `schemeEnd` (an authority follows).
    @inlinable @inline(__always)
    public static func hasAuthority(_ bytes: UnsafeBufferPointer<UInt8>, schemeEnd: Int) -> Bool {
        schemeEnd + 2 < bytes.count && bytes[schemeEnd + 1] == UInt8(ascii: "/")
            && bytes[schemeEnd + 2] == UInt8(ascii: "/")
    }

    /// Splits the authority that starts at `start` (just after `//`), in one pass.
    /// - Parameters:
    ///   - bytes: The URL's UTF-8.
    ///   - start: The authority's first byte.
    ///   - limit: Where the authority ends at the latest (a caller that already found the first `?` or `#` passes
    ///     it; otherwise `bytes.count`).
    ///   - userinfo: Whether the userinfo is reported or dropped.
    /// - Returns: The userinfo, host and port, and where the authority ends.
    @inlinable @inline(__always)
    public static func authority(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, limit: Int, userinfo policy: UserinfoPolicy
    ) -> Authority {
        var index = start
        var lastAt = -1
        var lastColon = -1  // after the last `@`, outside brackets
        var bracketDepth = 0
        var firstColon = -1  // after the last `@`, at any depth
        var special = false  // `%`, `[` or `]` after the last `@`
        while index < limit {
            let byte = bytes[index]
            // Most authority bytes are none of `#%/:?@[]`: one bit test each (the hot paths split every URL).
            if byte >= 0x80
                || (byte < 0x40 ? Self.lowDelimiters >> byte : Self.highDelimiters >> (byte &- 0x40)) & 1 == 0
            {
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return authority(
                    start: start, end: index, lastAt: lastAt, lastColon: lastColon, firstColon: firstColon,
                    special: special, policy)
            case UInt8(ascii: "@"):
                lastAt = index
                lastColon = -1
                bracketDepth = 0
                firstColon = -1
                special = false
            case UInt8(ascii: "["):
                bracketDepth += 1
                special = true
            case UInt8(ascii: "]"):
                bracketDepth -= 1
                special = true
            case UInt8(ascii: "%"): special = true
            case UInt8(ascii: ":"):
                if firstColon < 0 { firstColon = index }
                // Keep looking: the port follows the last `:` outside brackets.
                if bracketDepth == 0 { lastColon = index }
            default: break
            }
            index += 1
        }
        return authority(
            start: start, end: limit, lastAt: lastAt, lastColon: lastColon, firstColon: firstColon, special: special,
            policy)
    }

    /// `#`, `%`, `/`, `:` and `?` as bits of the bytes 0 to 63.
    @inlinable static var lowDelimiters: UInt64 { 1 << 0x23 | 1 << 0x25 | 1 << 0x2F | 1 << 0x3A | 1 << 0x3F }
    /// `@`, `[` and `]` as bits of the bytes 64 to 127.
    @inlinable static var highDelimiters: UInt64 { 1 << (0x40 - 0x40) | 1 << (0x5B - 0x40) | 1 << (0x5D - 0x40) }

    @inlinable @inline(__always)
    static func authority(
        start: Int, end: Int, lastAt: Int, lastColon: Int, firstColon: Int, special: Bool, _ policy: UserinfoPolicy
    ) -> Authority {
        let hostStart = lastAt >= 0 ? lastAt + 1 : start
        let userinfo = lastAt >= 0 && policy == .report ? start..<lastAt : nil
        let hostEnd = lastColon >= 0 ? lastColon : end
        return Authority(
            userinfo: userinfo, host: hostStart..<hostEnd, port: lastColon >= 0 ? (lastColon + 1)..<end : nil, end: end,
            firstColon: firstColon >= 0 ? firstColon : nil, hasPercentOrBracket: special)
    }
}
