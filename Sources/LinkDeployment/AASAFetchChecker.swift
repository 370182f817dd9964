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
    /// How long one request may take by default: the whole exchange (connecting, TLS, header and body).
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

// MARK: - Origin

extension AASAFetchChecker {
    static func originFindings(
        _ origin: [AASAFetchResponse], served: AASAFetchResponse?, timeout: Duration = timeout
    ) -> [AASAFetchFinding] {
        guard let first = origin.first else {
            return [
                AASAFetchFinding(
                    severity: .error, code: .notFound, source: .origin,
                    message: "no response to check: nothing was requested from the origin",
                    hint: "request \(wellKnownPath) first (see AASAFetchChecker.originURLs)")
            ]
        }
        if let served {
            guard served.url != first.url else { return [] }
            return [
                AASAFetchFinding(
                    severity: .warning, code: .legacyLocation, source: .origin, url: served.url,
                    message: "the file is served only at the legacy location \(rootPath) (\(wellKnownPath) is not "
                        + "found); Apple documents \(wellKnownPath)",
                    hint: "serve the file at \(wellKnownPath)")
            ]
        }
        let last = origin[origin.count - 1]
        if origin.count > 1, origin.allSatisfy(\.isNotFound) {
            return [
                AASAFetchFinding(
                    severity: .error, code: .notFound, source: .origin, url: first.url,
                    message: "no file: both \(wellKnownPath) and \(rootPath) answer 404 Not Found",
                    hint: "serve the file at \(wellKnownPath) with status 200")
            ]
        }
        return [responseFinding(last, isCDN: false, timeout: timeout)]
    }

    /// The finding for a response that did not deliver the file (not 200).
    static func responseFinding(
        _ response: AASAFetchResponse, isCDN: Bool, domain: String = "", timeout: Duration = timeout
    ) -> AASAFetchFinding {
        let source: AASAFetchFinding.Source = isCDN ? .cdn : .origin
        let what = isCDN ? "Apple's CDN copy" : "the file"
        if let failure = response.failure {
            let (code, message, hint) = transportWords(failure, response: response, timeout: timeout)
            return AASAFetchFinding(
                severity: isCDN ? .warning : .error, code: isCDN ? .cdnUnavailable : code, source: source,
                url: response.url, message: isCDN ? "could not fetch Apple's CDN copy: " + message : message,
                hint: hint)
        }
        let status = response.status ?? 0
        let diagnosis = isCDN ? AASAFetchReport.CDNDiagnosis(response) : nil
        let because = diagnosis?.sentence(hasCopy: false).map { "; " + $0 } ?? ""
        let diagnosisHint = diagnosis?.failureHint(domain: domain)
        if isCDN, status == 404 {
            return AASAFetchFinding(
                severity: .warning, code: .cdnMiss, source: .cdn, url: response.url,
                message: "Apple's CDN has no copy of the file (404); devices cannot use universal links for this "
                    + "domain until Apple fetches it" + because,
                hint: diagnosisHint
                    ?? ("make sure the origin serves the file to any client; Apple's CDN fetches it on its own "
                        + "schedule, so check again later"))
        }
        if (300..<400).contains(status) {
            var target = response.location.map { "to \($0)" } ?? "without a Location"
            if response.location == response.url { target = "to this same URL (a loop)" }
            return AASAFetchFinding(
                severity: isCDN ? .warning : .error, code: isCDN ? .cdnUnavailable : .redirect, source: source,
                url: response.url,
                message: "\(what) is not served: the server redirects (\(status)) \(target), and iOS does not "
                    + "follow redirects",
                hint: "serve the file at this URL itself with status 200 (no redirect, not even to https or www)")
        }
        return AASAFetchFinding(
            severity: isCDN ? .warning : .error, code: isCDN ? .cdnUnavailable : .httpStatus, source: source,
            url: response.url,
            message: "\(what) is not served: the server answers \(status); only 200 counts" + because,
            hint: diagnosisHint ?? (isCDN ? "check again later" : "serve the file at this URL with status 200"))
    }

    /// The code, message and hint for a transport failure, in plain words (ours, never the platform's).
    static func transportWords(
        _ failure: AASAFetchResponse.TransportFailure, response: AASAFetchResponse, timeout: Duration = timeout
    ) -> (AASAFetchFinding.Code, String, String) {
        let url = response.url
        let origin = URLParts.origin(of: url)
        let host = origin.map { $0.host.isEmpty ? url : $0.host } ?? url
        let scheme = origin.map { URLBytes.asciiLowercased($0.scheme) } ?? "https"
        let port = origin?.port.flatMap { Int($0) } ?? (scheme == "http" ? 80 : 443)
        let because = response.failureDetail.map { " (\($0))" } ?? ""
        let received =
            response.contentLength.map { "\(response.body.count) of \($0) bytes" }
            ?? "\(response.body.count) byte\(response.body.count == 1 ? "" : "s")"
        switch failure {
        case .timedOut:
            guard let status = response.status else {
                return (
                    .timeout, "no response within \(words(timeout))",
                    "make the server answer this URL promptly; iOS gives up too"
                )
            }
            return (
                .timeout,
                "the response did not complete within \(words(timeout)): the server answered \(status), then "
                    + "sent \(received) of the body by then",
                "make the server send the whole file promptly (it is small); iOS gives up too"
            )
        case .hostNotFound:
            return (
                .hostNotFound, "the host name \(host) does not resolve\(because)",
                "check the domain's DNS records"
            )
        case .cannotConnect:
            return (
                .connectionFailed,
                "could not connect to \(host) on port \(port): nothing accepts the connection"
                    + because,
                "make sure the web server is running and port \(port) is reachable from the internet"
            )
        case .connectionLost:
            guard let status = response.status else {
                return (
                    .transportFailure, "the connection closed before the response was complete\(because)",
                    "check the server's logs for this URL"
                )
            }
            return (
                .incompleteBody,
                "the body stopped short: the server answered \(status), then closed the connection after \(received)",
                "check the server's logs for this URL; a proxy or the application may be cutting the response"
            )
        case .secureConnectionFailed:
            return (
                .tlsFailure,
                "the secure connection (TLS) to \(host) failed; iOS needs HTTPS with a certificate it "
                    + "trusts\(because)",
                "serve HTTPS on port \(port) with a valid certificate for \(host) from a trusted authority, with the "
                    + "full chain"
            )
        case .badResponse:
            return (
                .badResponse, "the server's answer is not valid HTTP\(because)",
                "check what the server sends for this URL (for instance with curl -v)"
            )
        case .other:
            return (.transportFailure, "the request failed\(because)", "check the server and the network")
        }
    }
}

// MARK: - Body

extension AASAFetchChecker {
    /// Size, content type and lint findings of the served body; the file when it could be loaded.
    static func bodyFindings(_ served: AASAFetchResponse) -> ([AASAFetchFinding], AASAFile?) {
        guard !served.isOverSizeLimit else {
            var size =
                served.truncated
                ? "more than \(sizeLimit) bytes (reading stopped there)" : "\(served.body.count) bytes"
            if let encoding = served.header("Content-Encoding") {
                let wire = served.contentLength.map { " from \($0) bytes" } ?? ""
                size += " once its Content-Encoding \(encoding) is undone (it came compressed\(wire))"
            }
            return (
                [
                    AASAFetchFinding(
                        severity: .error, code: .sizeLimit, source: .origin, url: served.url,
                        message: "the file is \(size); iOS reads at most \(sizeLimit) bytes (128 KB) and ignores "
                            + "a larger file entirely",
                        hint: "shrink the file: merge rules, use substitution variables, remove unused entries")
                ], nil
            )
        }
        var findings: [AASAFetchFinding] = []
        if served.contentType == nil {
            findings.append(
                AASAFetchFinding(
                    severity: .warning, code: .contentType, source: .origin, url: served.url,
                    message:
                        "the file is served without a Content-Type; Apple's documentation asks for application/json",
                    hint: "configure the server to send Content-Type: application/json for this path"))
        }
        let report = AASALinter.lint(served.body, contentType: served.contentType, passes: [.unreachableRules])
        // The content type first (it is about how the file is served), then the body's diagnostics.
        let contentType = report.diagnostics.filter { $0.code == .contentType }
        findings += contentType.map { diagnostic in
            var finding = AASAFetchFinding(diagnostic)
            finding.source = .origin
            finding.url = served.url
            finding.pointer = nil
            return finding
        }
        findings += report.diagnostics.filter { $0.code != .contentType }.map(AASAFetchFinding.init)
        return (findings, report.file)
    }
}

// MARK: - CDN

extension AASAFetchChecker {
    static func compareCDN(
        _ cdn: AASAFetchResponse, origin: AASAFile?, originBody: [UInt8]?, domain: String,
        timeout: Duration = timeout
    ) -> (AASAFetchReport.CDNCopy, [AASAFetchFinding]) {
        let request = AASAFetchReport.Request(cdn)
        let diagnosis = cdn.failure == nil ? AASAFetchReport.CDNDiagnosis(cdn) : nil
        func copy(_ state: AASAFetchReport.CDNCopy.State, _ differences: [AASAFetchReport.AppDifference] = [])
            -> AASAFetchReport.CDNCopy
        {
            AASAFetchReport.CDNCopy(request: request, state: state, differences: differences, diagnosis: diagnosis)
        }
        guard cdn.isOK else {
            return (
                copy(cdn.isNotFound ? .miss : .unavailable),
                [responseFinding(cdn, isCDN: true, domain: domain, timeout: timeout)]
            )
        }
        let age = diagnosis?.sentence(hasCopy: true).map { "; " + $0 } ?? ""
        guard !cdn.isOverSizeLimit else {
            return (
                copy(.unavailable),
                [
                    AASAFetchFinding(
                        severity: .warning, code: .cdnUnavailable, source: .cdn, url: cdn.url,
                        message: "Apple's CDN copy is larger than \(sizeLimit) bytes (128 KB)",
                        hint: "check again later; devices depend on this copy")
                ]
            )
        }
        guard let origin, let originBody else { return (copy(.notCompared), []) }
        if cdn.body == originBody { return (copy(.current), []) }
        let cdnFile: AASAFile
        do {
            cdnFile = try AASAFile(parsing: cdn.body)
        } catch {
            return (
                copy(.stale),
                [
                    AASAFetchFinding(
                        severity: .warning, code: .cdnStale, source: .cdn, url: cdn.url,
                        message: "Apple's CDN copy is not a loadable AASA file (\(error.description)), unlike the "
                            + "origin's; devices use the CDN copy until Apple refreshes it" + age,
                        hint: "wait for Apple's CDN to refresh its copy; meanwhile test on a device with "
                            + "applinks:\(domain)?mode=developer")
                ]
            )
        }
        let originMatcher = AASAMatcher(origin)
        let cdnMatcher = AASAMatcher(cdnFile)
        var differences: [AASAFetchReport.AppDifference] = []
        for appID in appIDs(origin, cdnFile) {
            let diff: AASADiffReport
            do {
                diff = try CoverageChecker.diff(old: cdnMatcher, new: originMatcher, domain: domain, appID: appID)
            } catch {
                return (
                    copy(.notCompared, differences),
                    [
                        AASAFetchFinding(
                            severity: .warning, code: .cdnNotCompared, source: .cdn, url: cdn.url,
                            message: "Apple's CDN copy differs from the origin's file, and could not be compared "
                                + "exactly for \(appID): \(error.description)",
                            hint: "save both copies and compare them with `link-router aasa diff`")
                    ]
                )
            }
            guard !diff.isUnchanged else { continue }
            func changes(_ list: [AASADiffReport.Change]) -> [AASAFetchReport.Change] {
                list.map { AASAFetchReport.Change(example: $0.example, cdn: $0.old, origin: $0.new) }
            }
            differences.append(
                AASAFetchReport.AppDifference(
                    appID: appID, originOnly: changes(diff.gained), cdnOnly: changes(diff.lost)))
        }
        guard !differences.isEmpty else { return (copy(.current), []) }
        let regions = differences.reduce(0) { $0 + $1.originOnly.count + $1.cdnOnly.count }
        let apps = differences.count == 1 ? "1 app ID" : "\(differences.count) app IDs"
        return (
            copy(.stale, differences),
            [
                AASAFetchFinding(
                    severity: .warning, code: .cdnStale, source: .cdn, url: cdn.url,
                    message: "Apple's CDN copy is stale: it opens the app for different URLs than the origin's file "
                        + "(\(regions) region\(regions == 1 ? "" : "s") for \(apps)); devices use the CDN copy "
                        + "until Apple refreshes it" + age,
                    hint: "wait for Apple's CDN to refresh its copy; meanwhile test on a device with "
                        + "applinks:\(domain)?mode=developer")
            ]
        )
    }

    /// Every app ID listed in `applinks` of either file, in file order, without repeats.
    static func appIDs(_ first: AASAFile, _ second: AASAFile) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        for file in [first, second] {
            for entry in file.appLinks?.details ?? [] {
                for appID in entry.appIDs where seen.insert(appID).inserted { result.append(appID) }
            }
        }
        return result
    }
}

// MARK: - Coverage

extension AASAFetchChecker {
    static func checkCoverage(
        _ file: AASAFile?, routes: RouteTable, domain: String, appID: String
    ) -> (CoverageReport?, [AASAFetchFinding]) {
        guard let file else {
            return (
                nil,
                [
                    AASAFetchFinding(
                        severity: .info, code: .coverageNotChecked, source: .coverage,
                        message: "the routes were not compared: there is no loadable file",
                        hint: "fix the errors above, then run the check again")
                ]
            )
        }
        let report: CoverageReport
        do {
            report = try CoverageChecker.check(aasa: AASAMatcher(file), routes: routes, domain: domain, appID: appID)
        } catch {
            return (
                nil,
                [
                    AASAFetchFinding(
                        severity: .error, code: .coverageNotChecked, source: .coverage,
                        message: "the routes could not be compared with the file: \(error.description)",
                        hint: "simplify the patterns, or compare fewer routes at a time")
                ]
            )
        }
        var findings: [AASAFetchFinding] = []
        for gap in report.unrouted {
            findings.append(
                AASAFetchFinding(
                    severity: .error, code: .unrouted, source: .coverage, pointer: gap.rule,
                    message: "\(gap.example) opens the app for \(appID), and no route handles it",
                    hint: "add a route for these URLs, or exclude them in the AASA file"))
        }
        for gap in report.unclaimed {
            let why = gap.rule.map { "the rule \($0) excludes it" } ?? "no rule claims it"
            findings.append(
                AASAFetchFinding(
                    severity: .error, code: .unclaimed, source: .coverage, pointer: gap.rule,
                    message: "route `\(gap.route)` handles \(gap.example), and iOS opens Safari: \(why)",
                    hint: "claim these URLs in the AASA file, or remove the route"))
        }
        return (report, findings)
    }
}
