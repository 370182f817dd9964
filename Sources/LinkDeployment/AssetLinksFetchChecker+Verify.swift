import AndroidAppLinks
import LinkRouting

/// How ``AssetLinksFetchChecker/verify(hosts:app:configuration:transport:clock:)`` fetches: where from, as which
/// client, and within which deadline.
public struct AssetLinksFetchConfiguration: Sendable, Hashable {
    /// A base replacing `https://HOST` for every request, the includes' too (from
    /// ``AASAFetchChecker/validatedBase(_:)``), in which ``AssetLinksFetchChecker/hostPlaceholder`` stands for the
    /// host; or nil.
    public var origin: String?
    /// Which client the requests present themselves as.
    public var client: AASAFetchClient
    /// The deadline of the whole verification: every request (connecting, TLS, header, body), the includes and the
    /// checks of what they returned end by then.
    public var timeout: Duration

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - origin: A base replacing `https://HOST`, or nil.
    ///   - client: The client the requests present themselves as (default ``AssetLinksFetchChecker/client``).
    ///   - timeout: The deadline of the whole verification (default ``AssetLinksFetchChecker/timeout``, 5 seconds).
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
    /// The most body bytes one verification keeps and has in flight, for every host's file and include together:
    /// 32 MiB. Each request reserves its size limit (1 MiB) before it starts and keeps what its body used, so at most
    /// 32 requests are in flight, and a host or include that cannot be fetched because the budget is spent is
    /// reported as not fetched (a `fetch-budget` finding for a host's file, `include-unavailable` for an include).
    public static let runBudget = 32 << 20

    /// Fetches the file of every host (once per file host: `*.example.com` and `example.com` share one) and the
    /// includes they name, all within one deadline (``AssetLinksFetchConfiguration/timeout``, which a slow server
    /// cannot stretch) and ``runBudget``, and decides each host's verdict.
    ///
    /// Every host is first checked with the rule a host given on the command line meets (a host name, no user,
    /// path, query or fragment: `AssociatedDomain.validateServingDomain(_:)`), whether it was typed or read from a
    /// manifest, and so is the host of every include fetched through an `origin`: one that fails is not fetched and
    /// gets an `invalid-host` finding (an include: `include-unavailable`). The files are fetched concurrently, then
    /// each level of includes; reading and checking what they returned happens within the same deadline, so the whole
    /// verification ends within it, plus the time to write the report.
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
    /// - Complexity: O(*h* + *b*) for *h* hosts and *b* body bytes read, besides the requests.
    public static func verify<C: Clock<Duration>>(
        hosts: [String], app: AndroidAppIdentity? = nil,
        configuration: AssetLinksFetchConfiguration = AssetLinksFetchConfiguration(),
        transport: some AASAFetchTransport, clock: C = ContinuousClock()
    ) async -> AssetLinksFetchVerification {
        let run = FetchRun(clock: clock, timeout: configuration.timeout, budget: FetchBudget(limit: runBudget))
        var seen: Set<String> = []
        let hosts = hosts.filter { seen.insert($0.lowercased()).inserted }
        var fileHosts: [String] = []
        var invalid: [String: String] = [:]
        var listed: Set<String> = []
        for host in hosts {
            let fileHost = fileHost(for: host)
            guard listed.insert(fileHost).inserted else { continue }
            fileHosts.append(fileHost)
            if let problem = hostProblem(fileHost) { invalid[fileHost] = problem }
        }
        let valid = fileHosts.filter { invalid[$0] == nil }
        let requestURLs = Dictionary(
            valid.map { ($0, url(forFileHost: $0, origin: configuration.origin)) },
            uniquingKeysWith: { first, _ in first }
        )
        let fetched = await fetchAll(
            valid.compactMap { requestURLs[$0] }, configuration: configuration, transport: transport, run: run)
        var responses: [String: AASAFetchResponse] = [:]
        for fileHost in valid { responses[fileHost] = requestURLs[fileHost].flatMap { fetched.responses[$0] } }
        // Each served file is read once; then the includes, one breadth-first level at a time, for every file at once.
        var files: [(host: String, file: AssetLinksFile)] = []
        for fileHost in valid {
            guard let response = responses[fileHost], response.isOK, !run.isOver else { continue }
            var findings: [AASAFetchFinding] = []
            if let file = readBody(response, source: .origin, into: &findings) { files.append((fileHost, file)) }
        }
        var includes: [String: AASAFetchResponse] = [:]
        var unfetched: [String: String] = [:]
        while true {
            var pending: [String: String] = [:]
            for (_, file) in files {
                let walk = IncludeWalk(
                    file: file, responses: includes, unfetched: unfetched, origin: configuration.origin)
                pending.merge(walk.pending) { first, _ in first }
            }
            let wanted = pending.sorted { $0.key < $1.key }
            guard !wanted.isEmpty else { break }
            guard !run.isOver else {
                let late =
                    "the deadline of \(AASAFetchChecker.words(configuration.timeout)) for the whole fetch passed "
                    + "before it was requested"
                for (url, _) in wanted { unfetched[url] = late }
                break
            }
            let answers = await fetchAll(
                wanted.map(\.value), configuration: configuration, transport: transport, run: run)
            for (url, requestURL) in wanted {
                if let answer = answers.responses[requestURL] {
                    includes[url] = answer
                } else {
                    unfetched[url] = answers.notFetched[requestURL] ?? budgetSpent
                }
            }
        }
        let checked = await run.within { [fileHosts, invalid, responses, includes, unfetched] in
            fileHosts.map { fileHost in
                if let problem = invalid[fileHost] { return invalidHostSite(fileHost, problem: problem) }
                guard let response = responses[fileHost] else { return budgetSite(fileHost, configuration) }
                return check(
                    fileHost: fileHost, response: response, includes: includes, unfetched: unfetched, app: app,
                    timeout: configuration.timeout, origin: configuration.origin)
            }
        }
        let sites =
            checked
            ?? fileHosts.map { fileHost in
                if let problem = invalid[fileHost] { return invalidHostSite(fileHost, problem: problem) }
                guard let response = responses[fileHost] else { return budgetSite(fileHost, configuration) }
                return lateSite(fileHost, response: response, timeout: configuration.timeout)
            }
        let report = AssetLinksFetchReport(
            hosts: hosts, sites: sites, packageName: app?.packageName, client: configuration.client,
            timeout: configuration.timeout)
        return AssetLinksFetchVerification(report: report, responses: responses)
    }

    /// Why `fileHost` may not be fetched (the rule a host on the command line meets), or nil.
    ///
    /// - Parameter fileHost: A file's host, from the command line, a manifest or an include.
    /// - Returns: The problem, or nil for a host name.
    public static func hostProblem(_ fileHost: String) -> String? {
        do throws(RouteConfigurationError) {
            try AssociatedDomain.validateServingDomain(fileHost)
            return nil
        } catch {
            return error.message
        }
    }

    /// What a host or include not fetched because ``runBudget`` is spent says.
    static let budgetSpent =
        "link-router's budget of \(runBudget >> 20) MiB of bodies for one run is spent (too many hosts or includes)"

    /// The entry of a host that is not a host name: not fetched.
    private static func invalidHostSite(_ fileHost: String, problem: String) -> AssetLinksFetchReport.Site {
        AssetLinksFetchReport.Site(
            host: fileHost, request: AASAFetchReport.Request(.failed(url: fileHost, .other)), includes: [],
            verdict: .notServed,
            findings: [
                AASAFetchFinding(
                    severity: .error, code: .invalidHost, source: .origin,
                    message: "'\(fileHost)' is not a host name (\(problem)), so no file is requested for it",
                    hint: "write the host name alone in the intent filter's android:host, such as example.com")
            ])
    }

    /// The entry of a host whose file was not fetched because the run's budget was spent.
    private static func budgetSite(
        _ fileHost: String, _ configuration: AssetLinksFetchConfiguration
    ) -> AssetLinksFetchReport.Site {
        let url = url(forFileHost: fileHost, origin: configuration.origin)
        return AssetLinksFetchReport.Site(
            host: fileHost, request: AASAFetchReport.Request(.failed(url: url, .other)), includes: [],
            verdict: .notServed,
            findings: [
                AASAFetchFinding(
                    severity: .error, code: .fetchBudget, source: .origin, url: url,
                    message: "the file is not fetched: \(budgetSpent)",
                    hint: "verify fewer hosts in one run")
            ])
    }

    /// The entry of a host whose file arrived but was not read and checked within the deadline.
    private static func lateSite(
        _ fileHost: String, response: AASAFetchResponse, timeout: Duration
    ) -> AssetLinksFetchReport.Site {
        var findings: [AASAFetchFinding] = []
        if response.isOK {
            findings.append(AASAFetchChecker.lateFinding(url: response.url, timeout: timeout, platform: "Android"))
        } else {
            findings.append(
                AASAFetchChecker.responseFinding(response, isCDN: false, timeout: timeout, platform: "Android"))
        }
        return AssetLinksFetchReport.Site(
            host: fileHost, request: AASAFetchReport.Request(response), includes: [],
            verdict: response.isOK ? .invalid : .notServed, findings: findings)
    }

    /// What ``fetchAll(_:configuration:transport:run:)`` got: a response for each URL fetched, and why each other
    /// was not.
    private struct Fetched {
        var responses: [String: AASAFetchResponse] = [:]
        var notFetched: [String: String] = [:]
    }

    /// Fetches every URL within the run's deadline and budget: as many at once as the budget allows, the next one
    /// when one ends (and gives back what its body did not use); a URL that does not fit even when nothing is in
    /// flight is not fetched.
    private static func fetchAll<C: Clock<Duration>>(
        _ urls: [String], configuration: AssetLinksFetchConfiguration, transport: some AASAFetchTransport,
        run: FetchRun<C>
    ) async -> Fetched {
        var unique: [String] = []
        var seen: Set<String> = []
        for url in urls where seen.insert(url).inserted { unique.append(url) }
        let reservation = sizeLimit + 1
        return await withTaskGroup(of: AASAFetchResponse.self) { group in
            var result = Fetched()
            var inFlight = 0
            func settle(_ response: AASAFetchResponse) async {
                inFlight -= 1
                await run.budget.release(reservation - min(reservation, response.body.count))
                result.responses[response.url] = response
            }
            for url in unique {
                var reserved = await run.budget.reserve(reservation)
                while !reserved, inFlight > 0, let response = await group.next() {
                    await settle(response)
                    reserved = await run.budget.reserve(reservation)
                }
                guard reserved else {
                    result.notFetched[url] = budgetSpent
                    continue
                }
                let request = AASAFetchRequest(
                    url: url, headerFields: configuration.client.headerFields, timeout: configuration.timeout,
                    sizeLimit: sizeLimit)
                inFlight += 1
                group.addTask { await run.fetch(request, transport: transport) }
            }
            while let response = await group.next() { await settle(response) }
            return result
        }
    }
}
