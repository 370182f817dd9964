import AndroidAppLinks

/// How ``AssetLinksFetchChecker/verify(hosts:app:configuration:transport:clock:)`` fetches: where from, as which
/// client, and within which deadline.
public struct AssetLinksFetchConfiguration: Sendable, Hashable {
    /// A base replacing `https://HOST` for every request, the includes' too (from
    /// ``AASAFetchChecker/validatedBase(_:)``), in which ``AssetLinksFetchChecker/hostPlaceholder`` stands for the
    /// host; or nil.
    public var origin: String?
    /// Which client the requests present themselves as.
    public var client: AASAFetchClient
    /// The deadline of each request: the whole exchange (connecting, TLS, header, body) ends by then.
    public var timeout: Duration

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - origin: A base replacing `https://HOST`, or nil.
    ///   - client: The client the requests present themselves as (default ``AssetLinksFetchChecker/client``).
    ///   - timeout: The deadline of each request (default ``AssetLinksFetchChecker/timeout``, 5 seconds).
    public init(
        origin: String? = nil, client: AASAFetchClient = AssetLinksFetchChecker.client,
        timeout: Duration = AssetLinksFetchChecker.timeout
    ) {
        self.origin = origin
        self.client = client
        self.timeout = timeout
    }
}

/// What ``AssetLinksFetchChecker/verify(hosts:app:configuration:transport:clock:)`` found: the report, and the
/// responses it was decided from (for saving the bodies, or locating findings in them).
public struct AssetLinksFetchVerification: Sendable, Hashable {
    /// The report.
    public var report: AssetLinksFetchReport
    /// The response to each file's request, by the file's host.
    public var responses: [String: AASAFetchResponse]
}

extension AssetLinksFetchChecker {
    /// Fetches the file of every host (once per file host: `*.example.com` and `example.com` share one) and the
    /// includes they name, each request within ``AssetLinksFetchConfiguration/timeout`` (the deadline of
    /// ``AASAFetchChecker/fetch(_:transport:clock:)``, which a slow server cannot stretch), and decides each host's
    /// verdict.
    ///
    /// The files are fetched concurrently, then each level of includes, so the whole verification takes at most
    /// the deadline once per level of includes, plus once for the files.
    ///
    /// <!-- snippet: AssetLinksFetchVerifyDocExample -->
    /// ```swift
    /// let verification = await AssetLinksFetchChecker.verify(
    ///     hosts: ["example.com", "*.example.com"],
    ///     app: AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint]),
    ///     transport: MyTransport())
    /// print(verification.report.renderedText())
    /// ```
    ///
    /// - Parameters:
    ///   - hosts: The hosts to verify, as an intent filter or a user writes them.
    ///   - app: The app's identity, or nil to check only how each file is served and what it says.
    ///   - configuration: Where from, as which client, within which deadline.
    ///   - transport: Makes the requests.
    ///   - clock: The clock the deadline is measured on.
    /// - Returns: The report and the files' responses.
    public static func verify<C: Clock<Duration>>(
        hosts: [String], app: AndroidAppIdentity? = nil,
        configuration: AssetLinksFetchConfiguration = AssetLinksFetchConfiguration(),
        transport: some AASAFetchTransport, clock: C = ContinuousClock()
    ) async -> AssetLinksFetchVerification {
        var seen: Set<String> = []
        let hosts = hosts.filter { seen.insert($0.lowercased()).inserted }
        var fileHosts: [String] = []
        for host in hosts where !fileHosts.contains(fileHost(for: host)) { fileHosts.append(fileHost(for: host)) }
        let requests = fileHosts.map { fileHost in
            AASAFetchRequest(
                url: url(forFileHost: fileHost, origin: configuration.origin),
                headerFields: configuration.client.headerFields, timeout: configuration.timeout, sizeLimit: sizeLimit)
        }
        let fetched = await fetchAll(
            requests.map(\.url), configuration: configuration, transport: transport, clock: clock)
        var responses: [String: AASAFetchResponse] = [:]
        for (fileHost, request) in zip(fileHosts, requests) { responses[fileHost] = fetched[request.url] }
        // The includes, one breadth-first level at a time, for every file at once.
        var includes: [String: AASAFetchResponse] = [:]
        while true {
            var pending: [String: String] = [:]
            for response in responses.values where response.isOK {
                var findings: [AASAFetchFinding] = []
                guard let file = readBody(response, source: .origin, into: &findings) else { continue }
                let walk = IncludeWalk(file: file, responses: includes, origin: configuration.origin)
                pending.merge(walk.pending) { first, _ in first }
            }
            let wanted = pending.sorted { $0.key < $1.key }
            guard !wanted.isEmpty else { break }
            let answers = await fetchAll(
                wanted.map(\.value), configuration: configuration, transport: transport, clock: clock)
            for (url, requestURL) in wanted {
                includes[url] = answers[requestURL] ?? .failed(url: requestURL, .other)
            }
        }
        let sites = fileHosts.map { fileHost in
            check(
                fileHost: fileHost, response: responses[fileHost] ?? .failed(url: fileHost, .other),
                includes: includes, app: app, timeout: configuration.timeout)
        }
        let report = AssetLinksFetchReport(
            hosts: hosts, sites: sites, packageName: app?.packageName, client: configuration.client,
            timeout: configuration.timeout)
        return AssetLinksFetchVerification(report: report, responses: responses)
    }

    /// Fetches every URL concurrently, each within the deadline.
    private static func fetchAll<C: Clock<Duration>>(
        _ urls: [String], configuration: AssetLinksFetchConfiguration, transport: some AASAFetchTransport, clock: C
    ) async -> [String: AASAFetchResponse] {
        await withTaskGroup(of: AASAFetchResponse.self) { group in
            for url in Set(urls) {
                let request = AASAFetchRequest(
                    url: url, headerFields: configuration.client.headerFields, timeout: configuration.timeout,
                    sizeLimit: sizeLimit)
                group.addTask { await AASAFetchChecker.fetch(request, transport: transport, clock: clock) }
            }
            var responses: [String: AASAFetchResponse] = [:]
            for await response in group { responses[response.url] = response }
            return responses
        }
    }
}
