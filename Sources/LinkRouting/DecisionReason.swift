/// Why a URL got the decision it got (every decision but `route` has one).
///
/// A small value (no allocation): compare it with the static members, show ``description`` to people, or use
/// ``identifier`` as a stable machine-readable code.
public struct DecisionReason: Sendable, Hashable, CustomStringConvertible {
    private enum Code: Sendable, Hashable {
        case tooLong
        case invalidCharacter(Int)
        case invalidEscape(Int)
        case missingScheme
        case missingHost
        case invalidHost
        case invalidPort
        case forbiddenScheme
        case unknownScheme
        case plainHTTP
        case notAssociated
        case userinfo
        case port
        case unroutablePath
        case noRoute
        case external
        case noLink
        case noHandler
        case refusedByRewrite
    }

    private let code: Code

    private init(_ code: Code) { self.code = code }

    /// The URL is longer than 4,096 bytes (`reject`).
    public static let tooLong = Self(.tooLong)
    /// The URL has no `scheme:` (`reject`).
    public static let missingScheme = Self(.missingScheme)
    /// An http(s) URL without `//host` or with an empty host (`reject`).
    public static let missingHost = Self(.missingHost)
    /// An http(s) host with percent escapes, bad IPv6 brackets or other invalid bytes (`reject`).
    public static let invalidHost = Self(.invalidHost)
    /// A port that is not a number up to 65535 (`reject`).
    public static let invalidPort = Self(.invalidPort)
    /// `javascript:`, `data:`, `file:`, `vbscript:`, `blob:`, `about:` (`reject`).
    public static let forbiddenScheme = Self(.forbiddenScheme)
    /// A scheme neither owned by the app nor listed in `externalSchemes` (`reject`).
    public static let unknownScheme = Self(.unknownScheme)
    /// Plain `http` never opens the app, even on an associated domain (`browser`).
    public static let plainHTTP = Self(.plainHTTP)
    /// The https host is not covered by any associated domain (`browser`).
    public static let notAssociated = Self(.notAssociated)
    /// The URL carries userinfo (`user@host`): never routed (`browser`).
    public static let userinfo = Self(.userinfo)
    /// The URL names a port other than 443: never routed (`browser`).
    public static let port = Self(.port)
    /// The path has an empty (`//`) or dot (`.`, `..`, also `%2E`) segment: no route matches
    /// (`browser` for https, `unhandled` for an owned scheme).
    public static let unroutablePath = Self(.unroutablePath)
    /// No route matches (`browser` for https, `unhandled` for an owned scheme).
    public static let noRoute = Self(.noRoute)
    /// The scheme is listed in `externalSchemes` (`external`).
    public static let external = Self(.external)
    /// A route matched but the dispatcher has no handler for it (`browser` for https, `unhandled` otherwise).
    public static let noHandler = Self(.noHandler)
    /// A push payload without a string `"l"` or `"url"` (`reject`).
    public static let noLink = Self(.noLink)
    /// The app's rewrite hook refused the URL (``LinkDispatcher/rewrite(_:)``; `reject`).
    public static let refusedByRewrite = Self(.refusedByRewrite)

    /// A byte that may not appear in a URL (space, control character, `"<>\^`{|}`) at a byte offset (`reject`).
    /// - Parameter offset: The byte offset in the URL's UTF-8.
    /// - Returns: The reason.
    public static func invalidCharacter(at offset: Int) -> Self { Self(.invalidCharacter(offset)) }

    /// A `%` not followed by two hexadecimal digits at a byte offset (`reject`).
    /// - Parameter offset: The byte offset in the URL's UTF-8.
    /// - Returns: The reason.
    public static func invalidEscape(at offset: Int) -> Self { Self(.invalidEscape(offset)) }

    /// A stable machine-readable code, such as `too-long` or `not-associated`.
    public var identifier: String {
        switch code {
        case .tooLong: return "too-long"
        case .invalidCharacter: return "invalid-character"
        case .invalidEscape: return "invalid-escape"
        case .missingScheme: return "missing-scheme"
        case .missingHost: return "missing-host"
        case .invalidHost: return "invalid-host"
        case .invalidPort: return "invalid-port"
        case .forbiddenScheme: return "forbidden-scheme"
        case .unknownScheme: return "unknown-scheme"
        case .plainHTTP: return "plain-http"
        case .notAssociated: return "not-associated"
        case .userinfo: return "userinfo"
        case .port: return "port"
        case .unroutablePath: return "unroutable-path"
        case .noRoute: return "no-route"
        case .external: return "external"
        case .noLink: return "no-link"
        case .noHandler: return "no-handler"
        case .refusedByRewrite: return "refused-by-rewrite"
        }
    }

    /// A sentence for people.
    public var description: String {
        switch code {
        case .tooLong: return "the URL is longer than 4,096 bytes"
        case .invalidCharacter(let offset): return "invalid character at byte \(offset)"
        case .invalidEscape(let offset): return "invalid percent escape at byte \(offset)"
        case .missingScheme: return "malformed URL: no scheme"
        case .missingHost: return "malformed URL: no host"
        case .invalidHost: return "malformed URL: invalid host"
        case .invalidPort: return "malformed URL: invalid port"
        case .forbiddenScheme: return "the scheme is never opened"
        case .unknownScheme: return "the scheme is neither owned by the app nor listed in externalSchemes"
        case .plainHTTP: return "plain http never opens the app"
        case .notAssociated: return "the host is not an associated domain"
        case .userinfo: return "the URL has userinfo (user@host) and is never routed"
        case .port: return "the URL names a port other than 443 and is never routed"
        case .unroutablePath: return "the path has an empty or dot segment"
        case .noRoute: return "no route matches"
        case .external: return "the scheme is listed in externalSchemes"
        case .noLink: return "the payload has no \"l\" or \"url\" string"
        case .noHandler: return "no handler is registered for the route"
        case .refusedByRewrite: return "the app's rewrite hook refused the URL"
        }
    }
}
