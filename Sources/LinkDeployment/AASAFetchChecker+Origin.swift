import AppSiteAssociation
import LinkCoverage
import LinkRouting
import RichMediaKitSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

    /// The finding for a response that did not deliver the file (not 200); `platform` is the system whose fetcher
    /// the words speak of (`iOS`, or `Android` for `assetlinks fetch`).
    static func responseFinding(
        _ response: AASAFetchResponse, isCDN: Bool, domain: String = "", timeout: Duration = timeout,
        platform: String = "iOS"
    ) -> AASAFetchFinding {
        let source: AASAFetchFinding.Source = isCDN ? .cdn : .origin
        let what = isCDN ? "Apple's CDN copy" : "the file"
        if let failure = response.failure {
            let (code, message, hint) = transportWords(
                failure, response: response, timeout: timeout, platform: platform)
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
                message: "\(what) is not served: the server redirects (\(status)) \(target), and \(platform) does not "
                    + "follow redirects",
                hint: "serve the file at this URL itself with status 200 (no redirect, not even to https or www)")
        }
        return AASAFetchFinding(
            severity: isCDN ? .warning : .error, code: isCDN ? .cdnUnavailable : .httpStatus, source: source,
            url: response.url,
            message: "\(what) is not served: the server answers \(status); only 200 counts" + because,
            hint: diagnosisHint ?? (isCDN ? "check again later" : "serve the file at this URL with status 200"))
    }

    /// The code, message and hint for a transport failure, in plain words (ours, never the platform's); `platform`
    /// names the system whose fetcher gives up too.
    static func transportWords(
        _ failure: AASAFetchResponse.TransportFailure, response: AASAFetchResponse, timeout: Duration = timeout,
        platform: String = "iOS"
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
                    "make the server answer this URL promptly; \(platform) gives up too"
                )
            }
            return (
                .timeout,
                "the response did not complete within \(words(timeout)): the server answered \(status), then "
                    + "sent \(received) of the body by then",
                "make the server send the whole file promptly (it is small); \(platform) gives up too"
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
                "the secure connection (TLS) to \(host) failed; \(platform) needs HTTPS with a certificate it "
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
