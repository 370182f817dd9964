/// What one HTTP request for an apple-app-site-association file got back, as plain data.
///
/// The `link-router aasa fetch` command fills it in from the network (redirects not followed, reading
/// stopped past ``AASAFetchChecker/sizeLimit``); ``AASAFetchChecker`` decides what it means. Tests build
/// it by hand, so every rule is checked without a network.
///
/// <!-- snippet: AASAFetchResponseDocExample -->
/// ```swift
/// let response = AASAFetchResponse(
///     url: "https://example.com/.well-known/apple-app-site-association", status: 301,
///     headers: ["Location": "https://www.example.com/.well-known/apple-app-site-association"])
/// ```
public struct AASAFetchResponse: Sendable, Hashable {
    /// Why a request got no HTTP response at all.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum TransportFailure: String, Sendable, Hashable, Codable {
        /// No complete response within the deadline (``AASAFetchRequest/timeout``); ``AASAFetchResponse/status``,
        /// ``AASAFetchResponse/headers`` and ``AASAFetchResponse/body`` keep what had arrived.
        case timedOut = "timed-out"
        /// The host's name could not be resolved.
        case hostNotFound = "host-not-found"
        /// Nothing accepted the connection (refused, unreachable).
        case cannotConnect = "cannot-connect"
        /// The connection was closed before the response was complete (after the header when
        /// ``AASAFetchResponse/status`` is set: the body stopped short).
        case connectionLost = "connection-lost"
        /// The TLS handshake failed: an untrusted, expired or mismatched certificate, or no common protocol.
        case secureConnectionFailed = "tls"
        /// The server's answer is not valid HTTP, such as a header that never ends (larger than the client accepts).
        case badResponse = "bad-response"
        /// Anything else; ``AASAFetchResponse/failureDetail`` says what.
        case other
    }

    /// The URL requested.
    public var url: String
    /// The HTTP status code, or nil when no response header arrived. With a ``failure`` it is the status of a
    /// response that did not complete (a body that stopped short or ran out of time).
    public var status: Int?
    /// The response's header fields as received (names are compared case-insensitively).
    public var headers: [String: String]
    /// Where a redirect points: the resolved target the client saw, else nil (the `Location` header is
    /// then used; see ``location``).
    public var redirectTarget: String?
    /// The body bytes read, at most ``AASAFetchChecker/sizeLimit`` + 1 when ``truncated``.
    public var body: [UInt8]
    /// Whether reading stopped because the body grew past the limit.
    public var truncated: Bool
    /// Why there is no response, or nil when the server answered.
    public var failure: TransportFailure?
    /// More about the failure, in the transport's own words (not the platform's localized description), or nil.
    public var failureDetail: String?

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - status: The HTTP status code; nil with a `failure`.
    ///   - headers: The header fields.
    ///   - redirectTarget: The resolved redirect target, if the client saw one.
    ///   - body: The bytes read.
    ///   - truncated: Whether reading stopped past the limit.
    ///   - failure: Why there is no response.
    ///   - failureDetail: More about the failure.
    public init(
        url: String, status: Int? = nil, headers: [String: String] = [:], redirectTarget: String? = nil,
        body: [UInt8] = [], truncated: Bool = false, failure: TransportFailure? = nil, failureDetail: String? = nil
    ) {
        self.url = url
        self.status = status
        self.headers = headers
        self.redirectTarget = redirectTarget
        self.body = body
        self.truncated = truncated
        self.failure = failure
        self.failureDetail = failureDetail
    }

    /// A failed request: no HTTP response.
    ///
    /// - Parameters:
    ///   - url: The URL requested.
    ///   - failure: Why there is no response.
    ///   - detail: More about the failure.
    /// - Returns: The response value.
    public static func failed(url: String, _ failure: TransportFailure, detail: String? = nil) -> AASAFetchResponse {
        AASAFetchResponse(url: url, failure: failure, failureDetail: detail)
    }

    /// The value of header field `name`, compared ASCII case-insensitively.
    ///
    /// - Parameter name: The field name, e.g. `Content-Type`.
    /// - Returns: The value, or nil.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    /// The `Content-Type` header, if any.
    public var contentType: String? { header("Content-Type") }

    /// Where a redirect points: ``redirectTarget``, else the `Location` header.
    public var location: String? { redirectTarget ?? header("Location") }

    /// Whether the server answered 200 OK.
    public var isOK: Bool { failure == nil && status == 200 }

    /// Whether the server answered 404 Not Found: the file is not at this location.
    public var isNotFound: Bool { failure == nil && status == 404 }

    /// Whether the body is over the limit (read past it, or longer than it).
    public var isOverSizeLimit: Bool { isOver(AASAFetchChecker.sizeLimit) }

    /// Whether the body is over `limit` bytes (read past it, or longer than it): the one size rule of every fetch.
    package func isOver(_ limit: Int) -> Bool { truncated || body.count > limit }

    /// The `Content-Length` header as a number, if any: the body size the server announced (before any
    /// `Content-Encoding` is undone).
    public var contentLength: Int? { header("Content-Length").flatMap { Int($0.filter { $0 != " " }) } }
}
