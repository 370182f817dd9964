import AppSiteAssociation
import LinkCoverage
import LinkRouting
import RichMediaKitSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What iOS makes of a domain's deployed apple-app-site-association file, decided from the responses
/// to the requests it makes: pure rules, no networking (the `link-router aasa fetch` command does the
/// requests and hands the responses over).
///
/// The rules, in the order iOS meets them:
/// 1. Request `https://DOMAIN/.well-known/apple-app-site-association`; only if that is not found (404),
///    request `https://DOMAIN/apple-app-site-association` (the legacy location: a warning).
/// 2. Only status 200 counts. Redirects are not followed (an error showing where they point); no
///    complete response within the deadline (``timeout`` unless configured), an unresolvable name, a refused
///    connection, a failed TLS handshake or a body that stops short is an error in plain words.
/// 3. Over 128 KB (``sizeLimit``) is an error and the body is not read further; a `Content-Type` other
///    than `application/json` is a warning; then every `AASALinter` diagnostic of the body.
/// 4. Apple's CDN copy (``appleCDNBase``, then `/DOMAIN`), which is what devices use: a miss (404) is a warning,
///    and so is a copy that opens the app for different URLs than the origin's file (it is stale until
///    Apple refreshes it); the difference is shown as `CoverageChecker/diff(old:new:domain:appID:allURLs:)`
///    finds it, for every app ID listed in either file.
/// 5. With routes and an app ID, the coverage check of the origin's file, as
///    `CoverageChecker/check(aasa:routes:domain:appID:allURLs:)` does it (each gap is an error).
///
/// <!-- snippet: AASAFetchCheckerDocExample -->
/// ```swift
/// let urls = AASAFetchChecker.originURLs(domain: "example.com")
/// var responses = [fetch(urls[0])]
/// if AASAFetchChecker.shouldFetchRoot(after: responses[0]) { responses.append(fetch(urls[1])) }
/// let report = AASAFetchChecker.check(domain: "example.com", origin: responses, cdn: fetch(cdnURL))
/// print(report.text)
/// ```
public enum AASAFetchChecker {
    /// The path iOS requests first.
    public static let wellKnownPath = "/.well-known/apple-app-site-association"
    /// The legacy path, requested only when the first is not found.
    public static let rootPath = "/apple-app-site-association"
    /// Apple's CDN, which devices fetch the file from: the request is `appleCDNBase/DOMAIN`.
    public static let appleCDNBase = "https://app-site-association.cdn-apple.com/a/v1"
    /// How long a whole verification may take by default: every request (connecting, TLS, header and body) and the
    /// checks of what they returned.
    public static let timeout: Duration = .seconds(10)
    /// The largest body iOS reads (128 KB); a client stops reading one byte past it.
    public static let sizeLimit = AASAFile.maximumSize

    /// The URLs requested from the origin, in order: `/.well-known/...`, then the root location.
    ///
    /// - Parameters:
    ///   - domain: The domain (host name).
    ///   - base: A base replacing `https://DOMAIN` (from ``validatedBase(_:)``), or nil.
    /// - Returns: The two URLs.
    public static func originURLs(domain: String, base: String? = nil) -> [String] {
        let base = base ?? "https://" + domain
        return [base + wellKnownPath, base + rootPath]
    }

    /// The URL of Apple's CDN copy for `domain`.
    ///
    /// - Parameters:
    ///   - domain: The domain (host name).
    ///   - base: A base replacing ``appleCDNBase`` (from ``validatedBase(_:)``), or nil.
    /// - Returns: `base/domain`.
    public static func cdnURL(domain: String, base: String? = nil) -> String {
        (base ?? appleCDNBase) + "/" + domain
    }

    /// Whether iOS goes on to the root location after this response to the `/.well-known/` request:
    /// only when it is not found (404).
    ///
    /// - Parameter wellKnown: The response for the `/.well-known/` URL.
    /// - Returns: Whether to request the root location.
    public static func shouldFetchRoot(after wellKnown: AASAFetchResponse) -> Bool {
        wellKnown.isNotFound
    }

    /// Checks an `--origin` or `--cdn` base URL: absolute `https`, or `http` for a loopback host
    /// (127.0.0.0/8, `[::1]`, `localhost`); no user, query or fragment.
    ///
    /// - Parameter text: The URL given.
    /// - Returns: The base without trailing slashes, ready for paths to be appended.
    /// - Throws: ``AASAFetchError`` saying what is wrong.
    public static func validatedBase(_ text: String) throws(AASAFetchError) -> String {
        // Split by the package's one splitter (as the router and the matcher split URLs), after checking that every
        // byte may stand in a URL (Foundation's parser refused the others).
        var copy = text
        let split = copy.withUTF8 { bytes -> (scheme: String, hasAuthority: Bool, parts: URLParts?)? in
            guard URLBytes.areURLText(bytes), let schemeEnd = URLParts.schemeEnd(bytes) else { return nil }
            let scheme = URLBytes.asciiLowercased(String(decoding: bytes[..<schemeEnd], as: UTF8.self))
            let parts = URLParts(bytes, userinfo: .report)
            return (scheme, URLParts.hasAuthority(bytes, schemeEnd: schemeEnd), parts)
        }
        let origin = URLParts.origin(of: text, userinfo: .report)
        guard let split, origin?.port?.utf8.allSatisfy(URLBytes.isDigit) ?? true else {
            throw .invalidBase(text, reason: "not an absolute URL such as https://mirror.example.com")
        }
        let scheme = split.scheme
        guard scheme == "https" || scheme == "http" else {
            throw .invalidBase(text, reason: "the scheme must be https")
        }
        guard split.hasAuthority, let parts = split.parts, let host = origin?.host, !host.isEmpty else {
            throw .invalidBase(text, reason: "it has no host")
        }
        guard parts.userinfo == nil else {
            throw .invalidBase(text, reason: "it must not carry a user or password")
        }
        guard parts.query == nil, parts.fragment == nil else {
            throw .invalidBase(text, reason: "it must not have a query or fragment")
        }
        if scheme == "http", !isLoopback(host: host) { throw .insecureBase(text) }
        var base = Substring(text)
        while base.hasSuffix("/") { base = base.dropLast() }
        return String(base)
    }

    /// Whether `host` is a loopback address: `localhost`, `[::1]` or a dotted-quad in 127.0.0.0/8.
    ///
    /// - Parameter host: A host as a URL parser reports it (IPv6 in brackets).
    /// - Returns: Whether connections to it stay on this machine.
    public static func isLoopback(host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        let octets = parts.map { part -> Int? in
            guard (1...3).contains(part.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(part).flatMap { $0 <= 255 ? $0 : nil }
        }
        return octets.allSatisfy { $0 != nil } && octets[0] == 127
    }

    /// The response that served the file: the first origin response with status 200.
    ///
    /// - Parameter origin: The origin responses, in request order.
    /// - Returns: The serving response, or nil.
    public static func servingResponse(_ origin: [AASAFetchResponse]) -> AASAFetchResponse? {
        origin.first { $0.isOK }
    }

    /// Decides what the responses mean.
    ///
    /// - Parameters:
    ///   - domain: The domain (host name) the file is for.
    ///   - origin: The origin responses in request order: the `/.well-known/` response, then the root
    ///     location's if the first was not found.
    ///   - cdn: The response from Apple's CDN, or nil to leave the CDN out.
    ///   - routes: The app's routes, for the coverage check (with `appID`).
    ///   - appID: The app ID whose rules the coverage check compares with the routes.
    ///   - client: The client the requests presented themselves as (for the report).
    ///   - timeout: The deadline the requests were held to (for the report and the timeout findings).
    /// - Returns: The report: requests, CDN state, coverage and findings.
    /// - Complexity: Linting is linear in the body; the CDN comparison and the coverage check are exact
    ///   automaton products, bounded by `CoverageChecker/stateLimit`.
    public static func check(
        domain: String, origin: [AASAFetchResponse], cdn: AASAFetchResponse?, routes: RouteTable? = nil,
        appID: String? = nil, client: AASAFetchClient = .linkRouter, timeout: Duration = timeout
    ) -> AASAFetchReport {
        var findings: [AASAFetchFinding] = []
        let served = servingResponse(origin)
        findings += originFindings(origin, served: served, timeout: timeout)
        var file: AASAFile?
        if let served {
            let (bodyFindings, lintedFile) = bodyFindings(served)
            findings += bodyFindings
            file = lintedFile
        }
        var cdnCopy: AASAFetchReport.CDNCopy?
        if let cdn {
            let (copy, cdnFindings) = compareCDN(
                cdn, origin: file, originBody: served?.body, domain: domain, timeout: timeout)
            cdnCopy = copy
            findings += cdnFindings
        }
        var coverage: CoverageReport?
        if let routes, let appID {
            let (result, coverageFindings) = checkCoverage(file, routes: routes, domain: domain, appID: appID)
            coverage = result
            findings += coverageFindings
        }
        return AASAFetchReport(
            domain: domain, origin: origin.map(AASAFetchReport.Request.init), servedFrom: served?.url, cdn: cdnCopy,
            coverage: coverage, findings: findings, client: client, timeout: timeout)
    }

    /// A duration in seconds, to the millisecond (package access: the command sizes its own timeouts with it).
    package static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds / 1_000_000_000_000_000) / 1000
    }

    /// A duration in words: `10 seconds`, `0.5 seconds`, `1 second`.
    static func words(_ duration: Duration) -> String {
        let value = seconds(duration)
        let number = value == value.rounded() ? String(Int(value)) : String(value)
        return number + (value == 1 ? " second" : " seconds")
    }
}
