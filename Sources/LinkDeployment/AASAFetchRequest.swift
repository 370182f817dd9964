/// One GET for an apple-app-site-association file, as ``AASAFetchChecker`` asks an ``AASAFetchTransport``
/// to make it: the URL, the header fields to send, the deadline and the size limit.
///
/// The checker enforces the deadline itself (in a verification, one deadline for all of its requests, ``timeout``
/// from its start): a transport does not have to, and may use ``timeout`` to size its own timeouts.
public struct AASAFetchRequest: Sendable, Hashable {
    /// The URL to request.
    public var url: String
    /// The header fields to send, such as `User-Agent` (from ``AASAFetchClient/headerFields``).
    public var headerFields: [String: String]
    /// How long the whole exchange may take.
    public var timeout: Duration
    /// Reading stops one byte past this many body bytes (after any `Content-Encoding` is undone).
    public var sizeLimit: Int

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - url: The URL to request.
    ///   - headerFields: The header fields to send.
    ///   - timeout: How long the whole exchange may take (default ``AASAFetchChecker/timeout``).
    ///   - sizeLimit: The body limit (default ``AASAFetchChecker/sizeLimit``).
    public init(
        url: String, headerFields: [String: String] = AASAFetchClient.linkRouter.headerFields,
        timeout: Duration = AASAFetchChecker.timeout, sizeLimit: Int = AASAFetchChecker.sizeLimit
    ) {
        self.url = url
        self.headerFields = headerFields
        self.timeout = timeout
        self.sizeLimit = sizeLimit
    }
}

/// Makes the HTTP requests for ``AASAFetchChecker/verify(domain:configuration:routes:appID:transport:clock:)``:
/// the one place that touches the network, provided by the caller (the `link-router` command uses
/// `URLSession`; tests use canned responses).
///
/// A transport follows no redirects (it reports the 3xx answer and its `Location`), undoes any
/// `Content-Encoding`, stops reading one byte past ``AASAFetchRequest/sizeLimit`` (setting
/// ``AASAFetchResponse/truncated``) and describes a failure with ``AASAFetchResponse/TransportFailure``,
/// never with the platform's (localized) words.
///
/// **Cancellation**: the checker cancels the calling task when the deadline passes. The transport must then
/// return promptly, with what it had received by then (status, header fields and body bytes so far, no
/// ``AASAFetchResponse/failure``; the checker marks it timed out), and stop the transfer: a server that keeps
/// sending must not keep the transport reading, nor its memory growing.
public protocol AASAFetchTransport: Sendable {
    /// Makes one GET request and returns what came back.
    ///
    /// - Parameter request: The request.
    /// - Returns: The response, or a response with a ``AASAFetchResponse/failure``.
    func response(for request: AASAFetchRequest) async -> AASAFetchResponse
}

/// Which client the requests present themselves as: the `User-Agent` (and any other header field) they send.
///
/// Servers, firewalls and bot rules sometimes answer Apple's fetcher differently from a browser or a
/// script; ``apple`` sends what Apple's CDN fetcher is reported to send, so that such a rule shows up.
public struct AASAFetchClient: Sendable, Hashable, Codable {
    /// A short name for reports: `link-router` or `apple`.
    public var name: String
    /// The header fields every request sends.
    public var headerFields: [String: String]

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - name: A short name for reports.
    ///   - headerFields: The header fields every request sends.
    public init(name: String, headerFields: [String: String]) {
        self.name = name
        self.headerFields = headerFields
    }

    /// The `User-Agent` sent, if any.
    public var userAgent: String? {
        headerFields.first { $0.key.lowercased() == "user-agent" }?.value
    }

    /// This package's own requests: `User-Agent: link-router (aasa fetch)`.
    public static let linkRouter = AASAFetchClient(
        name: "link-router", headerFields: ["User-Agent": "link-router (aasa fetch)"])

    /// The old spelling of ``linkRouter``, from when the command was `linkrouter`.
    @available(*, deprecated, renamed: "linkRouter")
    public static var linkrouter: AASAFetchClient { linkRouter }

    /// As Apple's CDN fetches the file from a domain: `User-Agent: AASA-Bot/1.0.0`.
    ///
    /// Apple does not document its fetcher. `AASA-Bot/1.0.0` is the `User-Agent` that Cloudflare Radar's
    /// directory of verified bots lists for "Apple App Site Association" (the bot that fetches the file for
    /// Apple's CDN), and the one site owners quote from their logs on Apple's developer forums.
    public static let apple = AASAFetchClient(name: "apple", headerFields: ["User-Agent": "AASA-Bot/1.0.0"])
}
