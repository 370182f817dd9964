import AppSiteAssociation
import LinkRouting

/// How ``AASAFetchChecker/verify(domain:configuration:routes:appID:transport:clock:)`` fetches: where from,
/// as which client, and within which deadline.
public struct AASAFetchConfiguration: Sendable, Hashable {
    /// A base replacing `https://DOMAIN` (from ``AASAFetchChecker/validatedBase(_:)``), or nil.
    public var origin: String?
    /// A base replacing ``AASAFetchChecker/appleCDNBase`` (from ``AASAFetchChecker/validatedBase(_:)``), or nil.
    public var cdn: String?
    /// Whether to fetch Apple's CDN copy at all.
    public var checksCDN: Bool
    /// Which client the requests present themselves as.
    public var client: AASAFetchClient
    /// The deadline of the whole verification: every request (connecting, TLS, header, body) and the checks of what
    /// they returned end by then.
    public var timeout: Duration

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - origin: A base replacing `https://DOMAIN`, or nil.
    ///   - cdn: A base replacing Apple's CDN, or nil.
    ///   - checksCDN: Whether to fetch Apple's CDN copy.
    ///   - client: The client the requests present themselves as (default ``AASAFetchClient/linkRouter``).
    ///   - timeout: The deadline of the whole verification (default ``AASAFetchChecker/timeout``, 10 seconds).
    public init(
        origin: String? = nil, cdn: String? = nil, checksCDN: Bool = true, client: AASAFetchClient = .linkRouter,
        timeout: Duration = AASAFetchChecker.timeout
    ) {
        self.origin = origin
        self.cdn = cdn
        self.checksCDN = checksCDN
        self.client = client
        self.timeout = timeout
    }
}

/// What ``AASAFetchChecker/verify(domain:configuration:routes:appID:transport:clock:)`` found: the report, and
/// the responses it was decided from (for saving the body, or locating findings in it).
public struct AASAFetchVerification: Sendable, Hashable {
    /// The report.
    public var report: AASAFetchReport
    /// The origin responses, in request order.
    public var origin: [AASAFetchResponse]
    /// The CDN response, or nil when the CDN was left out.
    public var cdn: AASAFetchResponse?

    /// The response that served the file (status 200), or nil.
    public var served: AASAFetchResponse? { AASAFetchChecker.servingResponse(origin) }
}

extension AASAFetchChecker {
    /// The shortest and longest deadlines ``timeout(seconds:)`` accepts.
    public static let timeoutRange: ClosedRange<Duration> = .milliseconds(1) ... .seconds(600)

    /// A deadline given in seconds (`10`, `0.5`), or nil when it is not a number within ``timeoutRange``.
    ///
    /// - Parameter text: The number of seconds, as typed.
    /// - Returns: The deadline, or nil.
    public static func timeout(seconds text: String) -> Duration? {
        guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }),
            let seconds = Double(text), seconds.isFinite
        else { return nil }
        let duration = Duration.milliseconds(Int64((seconds * 1000).rounded()))
        return timeoutRange.contains(duration) ? duration : nil
    }

    /// Fetches the deployed file and Apple's CDN copy through `transport`, all within one deadline
    /// (``AASAFetchConfiguration/timeout``), and decides what they mean
    /// (``check(domain:origin:cdn:routes:appID:client:timeout:)``).
    ///
    /// The deadline is the whole verification's: the origin requests (`/.well-known/...`, then the root location only
    /// after a 404) and the CDN request run concurrently and all end by it, and the checks of what they returned
    /// (reading and linting the body, the CDN comparison, the coverage check) run before it passes too: when it passes
    /// first, the report says so (a `timeout` finding) instead of waiting for them. So the whole verification ends
    /// within the deadline, plus the time to write the report, whatever the servers send.
    ///
    /// <!-- snippet: AASAFetchVerifyDocExample -->
    /// ```swift
    /// let verification = await AASAFetchChecker.verify(
    ///     domain: "example.com", configuration: AASAFetchConfiguration(timeout: .seconds(5)),
    ///     transport: MyTransport())
    /// print(verification.report.text)
    /// ```
    ///
    /// - Parameters:
    ///   - domain: The domain (host name).
    ///   - configuration: Where from, as which client, within which deadline.
    ///   - routes: The app's routes, for the coverage check (with `appID`).
    ///   - appID: The app ID whose rules the coverage check compares with the routes.
    ///   - transport: Makes the requests.
    ///   - clock: The clock the deadline is measured on.
    /// - Returns: The report and the responses.
    public static func verify<C: Clock<Duration>>(
        domain: String, configuration: AASAFetchConfiguration = AASAFetchConfiguration(), routes: RouteTable? = nil,
        appID: String? = nil, transport: some AASAFetchTransport, clock: C = ContinuousClock()
    ) async -> AASAFetchVerification {
        let client = configuration.client
        let timeout = configuration.timeout
        let run = FetchRun(clock: clock, timeout: timeout)
        let requests = originURLs(domain: domain, base: configuration.origin).map { url in
            AASAFetchRequest(url: url, headerFields: client.headerFields, timeout: timeout)
        }
        let cdnRequest =
            configuration.checksCDN
            ? AASAFetchRequest(
                url: cdnURL(domain: domain, base: configuration.cdn), headerFields: client.headerFields,
                timeout: timeout) : nil
        async let cdnResponse = fetch(optional: cdnRequest, transport: transport, run: run)
        var origin = [await run.fetch(requests[0], transport: transport)]
        if shouldFetchRoot(after: origin[0]) {
            origin.append(await run.fetch(requests[1], transport: transport))
        }
        let cdn = await cdnResponse
        let checkResponses: @Sendable () -> AASAFetchReport = { [origin] in
            AASAFetchChecker.check(
                domain: domain, origin: origin, cdn: cdn, routes: routes, appID: appID, client: client,
                timeout: timeout)
        }
        // Without a body to read, the report is the responses' findings alone: nothing to keep within the deadline.
        guard servingResponse(origin) != nil || cdn?.isOK == true else {
            return AASAFetchVerification(report: checkResponses(), origin: origin, cdn: cdn)
        }
        let report =
            await run.within(checkResponses)
            ?? checkedTooLate(domain: domain, origin: origin, cdn: cdn, client: client, timeout: timeout)
        return AASAFetchVerification(report: report, origin: origin, cdn: cdn)
    }

    /// The report when the deadline passed before the responses were checked: how each was served, and a `timeout`
    /// finding saying that the rest was not checked.
    static func checkedTooLate(
        domain: String, origin: [AASAFetchResponse], cdn: AASAFetchResponse?, client: AASAFetchClient,
        timeout: Duration
    ) -> AASAFetchReport {
        let served = servingResponse(origin)
        var findings = originFindings(origin, served: served, timeout: timeout)
        if let served {
            findings.append(lateFinding(url: served.url, timeout: timeout, platform: "iOS"))
        }
        if let cdn, !cdn.isOK {
            findings.append(responseFinding(cdn, isCDN: true, domain: domain, timeout: timeout))
        }
        return AASAFetchReport(
            domain: domain, origin: origin.map(AASAFetchReport.Request.init), servedFrom: served?.url, cdn: nil,
            coverage: nil, findings: findings, client: client, timeout: timeout)
    }

    /// The `timeout` finding of a served body whose reading and checking did not finish within the deadline.
    static func lateFinding(url: String, timeout: Duration, platform: String) -> AASAFetchFinding {
        AASAFetchFinding(
            severity: .error, code: .timeout, source: .origin, url: url,
            message: "the file was served, but reading and checking it did not finish within the deadline of "
                + "\(words(timeout)) for the whole fetch, so it is not checked",
            hint: "give more time with --timeout, or serve a smaller file; \(platform) gives up on a slow fetch too")
    }

    /// Makes one request through `transport` and holds it to its deadline, whatever the server does.
    ///
    /// The transfer races a timer on `clock`; when the deadline passes first, the transfer is cancelled (the
    /// transport stops and returns what it had) and the response is marked ``AASAFetchResponse/TransportFailure/timedOut``,
    /// keeping the status, header fields and body bytes that had arrived, so the report can say how far it got.
    ///
    /// - Parameters:
    ///   - request: The request; ``AASAFetchRequest/timeout`` is the deadline.
    ///   - transport: Makes the request.
    ///   - clock: The clock the deadline is measured on.
    /// - Returns: The response, complete or timed out.
    public static func fetch<C: Clock<Duration>>(
        _ request: AASAFetchRequest, transport: some AASAFetchTransport, clock: C = ContinuousClock()
    ) async -> AASAFetchResponse {
        await fetch(request, transport: transport, until: clock.now.advanced(by: request.timeout), clock: clock)
    }

    /// Makes one request through `transport`, held to the instant `deadline` on `clock` (a whole verification's).
    static func fetch<C: Clock<Duration>>(
        _ request: AASAFetchRequest, transport: some AASAFetchTransport, until deadline: C.Instant, clock: C
    ) async -> AASAFetchResponse {
        await withTaskGroup(of: DeadlineOutcome.self) { group in
            group.addTask { .response(await transport.response(for: request)) }
            group.addTask {
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                    return .deadline
                } catch {
                    return .stopped
                }
            }
            var response: AASAFetchResponse?
            var timedOut = false
            while let outcome = await group.next() {
                switch outcome {
                case .response(let received):
                    response = received
                    group.cancelAll()
                case .deadline where response == nil:
                    // Stop the transfer; the transport returns what it had.
                    timedOut = true
                    group.cancelAll()
                case .deadline, .stopped:
                    break
                }
            }
            guard var response else { return .failed(url: request.url, .timedOut) }
            if timedOut {
                response.failure = .timedOut
                response.failureDetail = nil
            }
            return response
        }
    }

    /// Fetches `request`, if there is one, within the run's deadline.
    private static func fetch<C: Clock<Duration>>(
        optional request: AASAFetchRequest?, transport: some AASAFetchTransport, run: FetchRun<C>
    ) async -> AASAFetchResponse? {
        guard let request else { return nil }
        return await run.fetch(request, transport: transport)
    }
}

/// What finished first in ``AASAFetchChecker/fetch(_:transport:clock:)``.
private enum DeadlineOutcome: Sendable {
    case response(AASAFetchResponse)
    case deadline
    case stopped
}
