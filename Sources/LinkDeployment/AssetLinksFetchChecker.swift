import AndroidAppLinks
import RichMediaKitSupport

/// What Android makes of each host's deployed `assetlinks.json`, decided from the responses to the requests its
/// verifier makes: pure rules, and ``verify(hosts:app:configuration:transport:clock:)`` that makes the requests
/// through the same transport, deadline and size limit as `aasa fetch` (``AASAFetchTransport``,
/// ``AASAFetchChecker/fetch(_:transport:clock:)``).
///
/// The rules, in the order Android's verifier meets them (spec §1–2):
/// 1. Request `https://HOST/.well-known/assetlinks.json`; a wildcard host `*.example.com` is verified with the bare
///    domain's file (`https://example.com/...`), and two hosts with the same file are fetched once.
/// 2. Only status 200 counts. Redirects are not followed (an error showing where they point); no complete response
///    within the deadline (``timeout``, 5 seconds as AOSP's verifier, unless configured), an unresolvable name, a
///    refused connection, a failed TLS handshake or a body that stops short is an error in plain words.
/// 3. Over 1 MiB (``sizeLimit``) is an error and the body is not read further. A `Content-Type` other than
///    `application/json` is a warning that says both facts: Google's Digital Asset Links API (the verifier of phones
///    with Google Play services) checks it, AOSP's verifier does not. Then every diagnostic of the body, as
///    `assetlinks lint` reports it.
/// 4. Includes are fetched and reported, breadth first, at most ``includeBudget`` of them: AOSP's verifier follows
///    one level of includes, Google's API deeper ones, so each include is shown with its depth; one that cannot be
///    fetched or read is discarded (a warning): the file's own statements still count.
/// 5. With the app's identity, each host's verdict: verified when some statement of the file or of an include
///    names the package and one of its fingerprints; the finding says when only Google's deeper reading does.
public enum AssetLinksFetchChecker {
    /// The path Android's verifier requests.
    public static let wellKnownPath = "/.well-known/assetlinks.json"
    /// How long a whole verification may take by default: 5 seconds, AOSP's verifier's deadline, for every request,
    /// the includes and the checks of what they returned.
    public static let timeout: Duration = .seconds(5)
    /// The largest body Android's verifier reads: 1 MiB.
    public static let sizeLimit = AssetLinksFile.maximumSize
    /// The most includes fetched for one host's file, at every depth together.
    public static let includeBudget = 10
    /// This package's own requests: `User-Agent: link-router (assetlinks fetch)`.
    public static let client = AASAFetchClient(
        name: "link-router", headerFields: ["User-Agent": "link-router (assetlinks fetch)"])

    /// The text in an `--origin` base that stands for the file's host.
    public static let hostPlaceholder = "{host}"

    /// The host whose file decides for `host`: a wildcard host's `*.` is dropped, and hosts are lower case.
    ///
    /// - Parameter host: A host of an intent filter, or a host given on the command line.
    /// - Returns: The file's host.
    public static func fileHost(for host: String) -> String {
        DomainVerificationRules.fileHost(for: host)
    }

    /// The URL of the file of `fileHost`.
    ///
    /// - Parameters:
    ///   - fileHost: The file's host (from ``fileHost(for:)``).
    ///   - origin: A base replacing `https://HOST` (from ``AASAFetchChecker/validatedBase(_:)``), in which
    ///     ``hostPlaceholder`` stands for the host; nil for the real host.
    /// - Returns: The URL to request.
    public static func url(forFileHost fileHost: String, origin: String? = nil) -> String {
        base(for: fileHost, origin: origin) + wellKnownPath
    }

    /// The URL an include is requested at: the include itself, or with an `origin`, the include's path on the base
    /// that replaces its `https://HOST`; nil for an include that is not fetched (``includeProblem(_:)``).
    ///
    /// - Parameters:
    ///   - include: The include's URL, as the file writes it.
    ///   - origin: A base replacing `https://HOST`, or nil.
    /// - Returns: The URL to request, or nil.
    public static func requestURL(forInclude include: String, origin: String? = nil) -> String? {
        guard includeProblem(include) == nil, let host = URLParts.origin(of: include)?.host else { return nil }
        guard let origin else { return include }
        let rest = include.dropFirst("https://".count).drop { $0 != "/" && $0 != "?" && $0 != "#" }
        return base(for: URLBytes.asciiLowercased(host), origin: origin) + rest
    }

    /// Why an include is not fetched, or nil: it must be an `https` URL whose host meets the rule a host on the
    /// command line meets (``hostProblem(_:)``), with no user name or password, before its host is used in a URL.
    ///
    /// - Parameter include: The include's URL, as the file writes it.
    /// - Returns: The reason, in words, or nil.
    public static func includeProblem(_ include: String) -> String? {
        let prefix = "https://"
        guard include.count > prefix.count, include.prefix(prefix.count).lowercased() == prefix else {
            return "it is not an https URL, and Android's verifiers fetch only https"
        }
        guard let origin = URLParts.origin(of: include, userinfo: .report), !origin.host.isEmpty else {
            return "it is not a URL with a host"
        }
        guard origin.userinfo == nil else { return "its URL has a user name or password before the host" }
        let authority = origin.host + (origin.port.map { ":" + $0 } ?? "")
        if let problem = hostProblem(authority) { return "its host is not a host name (\(problem))" }
        return nil
    }

    private static func base(for host: String, origin: String?) -> String {
        guard let origin else { return "https://" + host }
        return origin.replacing(hostPlaceholder, with: host)
    }

    /// Decides what one host's responses mean.
    ///
    /// - Parameters:
    ///   - fileHost: The file's host.
    ///   - response: The response to the file's request.
    ///   - includes: The responses to the includes' requests, by the include's URL as the files write it (a missing
    ///     one was not fetched).
    ///   - app: The app's identity, or nil to check only how the file is served and what it says.
    ///   - timeout: The deadline the requests were held to (for the timeout findings).
    /// - Returns: The file's entry in the report.
    public static func check(
        fileHost: String, response: AASAFetchResponse, includes: [String: AASAFetchResponse] = [:],
        app: AndroidAppIdentity? = nil, timeout: Duration = timeout
    ) -> AssetLinksFetchReport.Site {
        check(fileHost: fileHost, response: response, includes: includes, unfetched: [:], app: app, timeout: timeout)
    }

    /// ``check(fileHost:response:includes:app:timeout:)``, with why each include in `unfetched` was not fetched
    /// (the run's budget) and the origin the includes were requested through.
    static func check(
        fileHost: String, response: AASAFetchResponse, includes: [String: AASAFetchResponse],
        unfetched: [String: String], app: AndroidAppIdentity?, timeout: Duration, origin: String? = nil
    ) -> AssetLinksFetchReport.Site {
        var site = AssetLinksFetchReport.Site(
            host: fileHost, request: AASAFetchReport.Request(response), includes: [], verdict: .notServed,
            findings: [])
        guard response.isOK else {
            site.findings.append(
                AASAFetchChecker.responseFinding(response, isCDN: false, timeout: timeout, platform: "Android"))
            return site
        }
        guard let file = readBody(response, source: .origin, into: &site.findings) else {
            site.verdict = .invalid
            return site
        }
        if let finding = contentTypeFinding(response) { site.findings.insert(finding, at: 0) }
        site.findings += file.diagnostics.map { AASAFetchFinding($0) }
        let walk = IncludeWalk(file: file, responses: includes, unfetched: unfetched, origin: origin)
        site.includes = walk.nodes.map(\.entry)
        for node in walk.nodes { site.findings += node.findings(timeout: timeout) }
        site.verdict = .served
        guard let app else { return site }
        let aosp = AssetLinksFile(statements: walk.statements(toDepth: 1, of: file))
        let google = AssetLinksFile(statements: walk.statements(toDepth: .max, of: file))
        let aospVerification = aosp.verification(for: app)
        let googleVerification = google.verification(for: app)
        site.verdict = googleVerification.isVerified ? .verified : .notVerified
        if let failure = googleVerification.failure {
            site.findings.append(
                AASAFetchFinding(
                    severity: .error, code: .hostNotVerified, source: .verification, url: response.url,
                    message: "\(fileHost) is not verified: its assetlinks.json does not verify the app: "
                        + failure.reason(for: app),
                    hint: "add a statement for \(app.packageName) with the fingerprint "
                        + (app.fingerprints.first ?? "of its signing certificate")))
        } else if !aospVerification.isVerified {
            site.findings.append(
                AASAFetchFinding(
                    severity: .warning, code: .includeDepth, source: .verification, url: response.url,
                    message: "\(fileHost) is verified only through an include of an include: Google's API (phones "
                        + "with Google Play services) follows it, AOSP's verifier follows one level of includes and "
                        + "does not verify the app",
                    hint: "put the app's statement in the file or in a file it includes directly"))
        }
        return site
    }

    /// The served body's size check and parse: nil (with the finding) when Android reads no statement from it.
    static func readBody(
        _ response: AASAFetchResponse, source: AASAFetchFinding.Source, into findings: inout [AASAFetchFinding]
    ) -> AssetLinksFile? {
        guard !response.isOver(sizeLimit) else {
            var size =
                response.truncated
                ? "more than \(sizeLimit) bytes (reading stopped there)" : "\(response.body.count) bytes"
            if let encoding = response.header("Content-Encoding") {
                size += " once its Content-Encoding \(encoding) is undone"
            }
            findings.append(
                AASAFetchFinding(
                    severity: .error, code: .sizeLimit, source: source, url: response.url,
                    message: "the file is \(size); Android's verifier reads at most 1 MiB (\(sizeLimit) bytes)",
                    hint: "serve a smaller file: one statement per app, with all of its fingerprints"))
            return nil
        }
        do throws(AssetLinksError) {
            return try AssetLinksFile(parsing: response.body)
        } catch {
            findings.append(AASAFetchFinding(error.diagnostic))
            return nil
        }
    }

    /// The warning for a `Content-Type` other than `application/json`, with both verifiers' behaviour.
    static func contentTypeFinding(_ response: AASAFetchResponse) -> AASAFetchFinding? {
        let type = response.contentType
        let media = type.map { URLBytes.asciiLowercased(String($0.prefix { $0 != ";" }.filter { $0 != " " })) }
        guard media != "application/json" else { return nil }
        let served = type.map { "as \($0)" } ?? "without a Content-Type"
        return AASAFetchFinding(
            severity: .warning, code: .contentType, source: .origin, url: response.url,
            message: "the file is served \(served): Google's Digital Asset Links API (the verifier of phones with "
                + "Google Play services) requires application/json; AOSP's verifier does not check it",
            hint: "configure the server to send Content-Type: application/json for this path")
    }
}

extension AASAFetchFinding {
    /// A diagnostic of a served `assetlinks.json` as a finding (same code, pointer, line, column, message and hint).
    ///
    /// - Parameter diagnostic: The diagnostic.
    public init(_ diagnostic: AndroidLinkDiagnostic) {
        self.init(
            severity: diagnostic.severity, code: Code(rawValue: diagnostic.code.rawValue), source: .lint,
            pointer: diagnostic.location.pointer?.text, line: diagnostic.location.line,
            column: diagnostic.location.column, message: diagnostic.message, hint: diagnostic.fix)
    }
}

extension AASAFetchFinding.Code {
    /// `assetlinks fetch`: the file does not name the app's package with one of its fingerprints.
    public static let hostNotVerified = Self(rawValue: "host-not-verified")
    /// `assetlinks fetch`: an include beyond the first level, which AOSP's verifier does not follow.
    public static let includeDepth = Self(rawValue: "include-depth")
    /// `assetlinks fetch`: an include that could not be fetched or read; Android discards it.
    public static let includeUnavailable = Self(rawValue: "include-unavailable")
    /// `assetlinks fetch`: a host (given or read from a manifest) that is not a host name; nothing is requested.
    public static let invalidHost = Self(rawValue: "invalid-host")
    /// `assetlinks fetch`: a host's file not fetched because the run's budget of body bytes is spent
    /// (``AssetLinksFetchChecker/runBudget``).
    public static let fetchBudget = Self(rawValue: "fetch-budget")
}

/// The includes of one host's file, breadth first, as far as the responses go and within
/// ``AssetLinksFetchChecker/includeBudget``.
struct IncludeWalk {
    struct Node {
        var url: String
        var depth: Int
        var requestURL: String?
        var response: AASAFetchResponse?
        var file: AssetLinksFile?
        var readFindings: [AASAFetchFinding] = []
        var skipped: String?

        var entry: AssetLinksFetchReport.Include {
            AssetLinksFetchReport.Include(
                url: url, depth: depth, request: response.map(AASAFetchReport.Request.init),
                statements: file?.statements.filter { $0.include == nil }.count)
        }

        func findings(timeout: Duration) -> [AASAFetchFinding] {
            var findings: [AASAFetchFinding] = []
            if depth > 1 {
                findings.append(
                    AASAFetchFinding(
                        severity: .info, code: .includeDepth, source: .origin, url: requestURL ?? url,
                        message: "an include at depth \(depth): Google's API reads it, AOSP's verifier (one level of "
                            + "includes) does not",
                        hint: "include it directly from the host's file if AOSP's verifier must read it"))
            }
            if let skipped {
                findings.append(
                    AASAFetchFinding(
                        severity: .warning, code: .includeUnavailable, source: .origin, url: url,
                        message: "the include is not fetched: \(skipped)",
                        hint: "include fewer files, each https and included once"))
                return findings
            }
            guard let response else { return findings }
            if !response.isOK {
                var finding = AASAFetchChecker.responseFinding(
                    response, isCDN: false, timeout: timeout, platform: "Android")
                finding.severity = .warning
                finding.code = .includeUnavailable
                finding.message = "the include is discarded: " + finding.message
                findings.append(finding)
            }
            for var finding in readFindings {
                finding.severity = .warning
                finding.code = .includeUnavailable
                finding.message = "the include is discarded: " + finding.message
                finding.url = response.url
                findings.append(finding)
            }
            return findings
        }
    }

    var nodes: [Node] = []
    /// The request URLs of includes still to fetch (the next breadth-first level).
    var pending: [String: String] = [:]
    /// How many includes were queued: each once, however often the files repeat it (the walk's work; tests check it).
    private(set) var queued = 0

    /// Walks the includes of `file` breadth first, as far as `responses` go.
    ///
    /// Each include is visited once (a repeated or cyclic include is dropped when it is met again, before it is
    /// queued), and the queue is read from a moving index, so the walk costs O(*i*) for *i* include statements read,
    /// however often one repeats (a queue drained with `removeFirst()` cost O(*i*²)).
    ///
    /// - Parameters:
    ///   - file: The host's file.
    ///   - responses: The includes fetched so far, by their URL as the files write it.
    ///   - unfetched: Why each include that was wanted and could not be fetched was not (the run's budget).
    ///   - origin: The base the includes are requested through, or nil.
    init(
        file: AssetLinksFile, responses: [String: AASAFetchResponse], unfetched: [String: String] = [:],
        origin: String? = nil
    ) {
        var queue: [(url: String, depth: Int)] = []
        var head = 0
        var seen: Set<String> = []
        func enqueue(_ urls: [String], depth: Int) {
            for url in urls where seen.insert(url).inserted { queue.append((url, depth)) }
        }
        enqueue(file.includes, depth: 1)
        var fetched = 0
        while head < queue.count {
            let (url, depth) = queue[head]
            head += 1
            var node = Node(url: url, depth: depth, requestURL: AssetLinksFetchChecker.requestURL(forInclude: url))
            defer { nodes.append(node) }
            if let problem = AssetLinksFetchChecker.includeProblem(url) {
                node.skipped = problem
                continue
            }
            guard fetched < AssetLinksFetchChecker.includeBudget else {
                node.skipped = "more than \(AssetLinksFetchChecker.includeBudget) includes (link-router's budget)"
                continue
            }
            fetched += 1
            if let reason = unfetched[url] {
                node.skipped = reason
                continue
            }
            guard let response = responses[url] else {
                pending[url] = AssetLinksFetchChecker.requestURL(forInclude: url, origin: origin)
                continue
            }
            node.response = response
            node.requestURL = response.url
            guard response.isOK else { continue }
            node.file = AssetLinksFetchChecker.readBody(response, source: .origin, into: &node.readFindings)
            enqueue(node.file?.includes ?? [], depth: depth + 1)
        }
        queued = queue.count
    }

    /// The statements with a target of the file and of its includes down to `depth`.
    func statements(toDepth depth: Int, of file: AssetLinksFile) -> [AssetLinksStatement] {
        (file.statements + nodes.filter { $0.depth <= depth }.flatMap { $0.file?.statements ?? [] }).filter {
            $0.include == nil
        }
    }
}
