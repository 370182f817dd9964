import Foundation
import LinkDeployment
import Testing

/// The deadline and the transport contract of `aasa fetch`, without a network: transports that answer, that
/// never answer until cancelled, that stop halfway; clocks whose deadline passes at once or never, so no test
/// waits.
@Suite struct AASAFetchRequestTests {
    static let wellKnown = "https://example.com/.well-known/apple-app-site-association"
    static let json = ["Content-Type": "application/json"]
    static let file = Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"]}]}}"#.utf8)

    /// A clock whose deadlines pass at once: sleeping returns at once, and `now` stands still (so a test that runs
    /// late on a busy machine finds its deadlines where they were).
    struct ImmediateClock: Clock {
        var now: ContinuousClock.Instant { StoppedClock.frozen }
        var minimumResolution: Duration { .zero }
        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            try Task.checkCancellation()
        }
    }

    /// A clock whose deadlines never pass: sleeping ends only by cancellation, and `now` stands still.
    struct StoppedClock: Clock {
        static let frozen = ContinuousClock.now
        var now: ContinuousClock.Instant { Self.frozen }
        var minimumResolution: Duration { .zero }
        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            let stream = AsyncStream<Never> { _ in }
            for await _ in stream {}
            throw CancellationError()
        }
    }

    /// A transport that answers each URL from a table at once, recording the requests.
    final class CannedTransport: AASAFetchTransport, @unchecked Sendable {
        let answers: [String: AASAFetchResponse]
        private let lock = NSLock()
        private var recorded: [AASAFetchRequest] = []

        init(_ answers: [AASAFetchResponse]) {
            self.answers = Dictionary(answers.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        }

        var requests: [AASAFetchRequest] { lock.withLock { recorded } }

        func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
            lock.withLock { recorded.append(request) }
            return answers[request.url] ?? AASAFetchResponse(url: request.url, status: 404)
        }
    }

    /// A transport whose server sends the header and part of the body, then nothing more: it returns what it
    /// has only when cancelled, as the contract asks.
    struct StallingTransport: AASAFetchTransport {
        var received: AASAFetchResponse

        func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
            let stream = AsyncStream<Never> { _ in }
            for await _ in stream {}
            var partial = received
            partial.url = request.url
            return partial
        }
    }

    @Test func aServerThatNeverFinishesEndsAtTheDeadlineWithWhatHadArrived() async {
        let stalled = AASAFetchResponse(
            url: "", status: 200, headers: Self.json.merging(["Content-Length": "820"]) { $1 },
            body: Array("{\"ap".utf8))
        let response = await AASAFetchChecker.fetch(
            AASAFetchRequest(url: Self.wellKnown, timeout: .milliseconds(500)),
            transport: StallingTransport(received: stalled), clock: ImmediateClock())
        #expect(response.failure == .timedOut)
        #expect(response.status == 200)
        #expect(response.body.count == 4)
        let report = AASAFetchChecker.check(
            domain: "example.com", origin: [response], cdn: nil, timeout: .milliseconds(500))
        #expect(report.findings.map(\.code) == [.timeout])
        #expect(
            report.findings.first?.message
                == "the response did not complete within 0.5 seconds: the server answered 200, then sent 4 of 820 "
                + "bytes of the body by then")
        #expect(report.origin.first?.status == nil)
        #expect(report.origin.first?.partialStatus == 200)
        #expect(report.origin.first?.expectedBytes == 820)
        #expect(report.timeout == .milliseconds(500))
    }

    @Test func aSilentServerIsANoResponseTimeout() async {
        let response = await AASAFetchChecker.fetch(
            AASAFetchRequest(url: Self.wellKnown, timeout: .seconds(10)),
            transport: StallingTransport(received: AASAFetchResponse(url: "")), clock: ImmediateClock())
        #expect(response.failure == .timedOut)
        #expect(response.status == nil)
        let report = AASAFetchChecker.check(domain: "example.com", origin: [response], cdn: nil)
        #expect(report.findings.first?.message == "no response within 10 seconds")
        #expect(report.text.contains("no response: timed-out"))
    }

    @Test func aResponseBeforeTheDeadlineIsKeptAsItIs() async {
        let transport = CannedTransport([AASAFetchResponse(url: Self.wellKnown, status: 200, body: Self.file)])
        let response = await AASAFetchChecker.fetch(
            AASAFetchRequest(url: Self.wellKnown), transport: transport, clock: StoppedClock())
        #expect(response.failure == nil)
        #expect(response.isOK)
        #expect(response.body == Self.file)
    }

    @Test func verifyAsksForTheRootOnlyAfterA404AndSendsTheClientsHeaderFields() async {
        let root = "https://example.com/apple-app-site-association"
        let cdn = "https://app-site-association.cdn-apple.com/a/v1/example.com"
        let transport = CannedTransport([
            AASAFetchResponse(url: root, status: 200, headers: Self.json, body: Self.file),
            AASAFetchResponse(url: cdn, status: 200, headers: Self.json, body: Self.file),
        ])
        let verification = await AASAFetchChecker.verify(
            domain: "example.com", configuration: AASAFetchConfiguration(client: .apple, timeout: .seconds(3)),
            transport: transport, clock: StoppedClock())
        #expect(Set(transport.requests.map(\.url)) == [Self.wellKnown, root, cdn])
        #expect(transport.requests.allSatisfy { $0.headerFields == ["User-Agent": "AASA-Bot/1.0.0"] })
        #expect(transport.requests.allSatisfy { $0.timeout == .seconds(3) })
        #expect(verification.served?.url == root)
        #expect(verification.report.servedFrom == root)
        #expect(verification.report.cdn?.state == .current)
        #expect(verification.report.client == .apple)
        #expect(verification.report.timeout == .seconds(3))
        #expect(
            verification.report.text.hasPrefix(
                "fetched as apple (User-Agent: AASA-Bot/1.0.0), within 3 seconds in all\n"))
    }

    @Test func verifyWithoutTheCDNAsksOnlyTheOrigin() async {
        let transport = CannedTransport([
            AASAFetchResponse(url: "http://127.0.0.1:8000/x" + AASAFetchChecker.wellKnownPath, status: 200)
        ])
        let verification = await AASAFetchChecker.verify(
            domain: "example.com",
            configuration: AASAFetchConfiguration(origin: "http://127.0.0.1:8000/x", checksCDN: false),
            transport: transport, clock: StoppedClock())
        #expect(transport.requests.map(\.url) == ["http://127.0.0.1:8000/x" + AASAFetchChecker.wellKnownPath])
        #expect(transport.requests.first?.headerFields == AASAFetchClient.linkRouter.headerFields)
        #expect(verification.cdn == nil)
        #expect(verification.report.cdn == nil)
    }

    @Test(arguments: [
        ("10", Duration.seconds(10)), ("0.5", .milliseconds(500)), ("600", .seconds(600)), ("0.001", .milliseconds(1)),
        ("1.", .seconds(1)),
    ])
    func aTimeoutIsAPositiveNumberOfSeconds(_ text: String, _ expected: Duration) {
        #expect(AASAFetchChecker.timeout(seconds: text) == expected)
    }

    @Test(arguments: ["", "-1", "0", "0.0001", "601", "ten", "1e3", "nan", "inf", "1,5", " 1", "0x10"])
    func anythingElseIsNoTimeout(_ text: String) {
        #expect(AASAFetchChecker.timeout(seconds: text) == nil)
    }

    @Test func aBodyThatStopsShortIsIncompleteAndAnEndlessHeaderIsABadResponse() {
        var cut = AASAFetchResponse(
            url: Self.wellKnown, status: 200, headers: ["Content-Length": "820"], body: Array(repeating: 32, count: 410)
        )
        cut.failure = .connectionLost
        let bad = AASAFetchResponse.failed(url: Self.wellKnown, .badResponse, detail: "the header never ends")
        let lost = AASAFetchResponse.failed(url: Self.wellKnown, .connectionLost)
        let codes = [cut, bad, lost].map {
            AASAFetchChecker.check(domain: "example.com", origin: [$0], cdn: nil).findings.map(\.code)
        }
        #expect(codes == [[.incompleteBody], [.badResponse], [.transportFailure]])
        #expect(
            AASAFetchChecker.check(domain: "example.com", origin: [cut], cdn: nil).findings.first?.message
                == "the body stopped short: the server answered 200, then closed the connection after 410 of 820 bytes")
    }

    @Test func aRedirectToItselfIsCalledALoop() {
        let loop = AASAFetchResponse(url: Self.wellKnown, status: 302, headers: ["Location": Self.wellKnown])
        let finding = AASAFetchChecker.check(domain: "example.com", origin: [loop], cdn: nil).findings.first
        #expect(finding?.code == .redirect)
        #expect(finding?.message.contains("redirects (302) to this same URL (a loop)") == true)
    }

    @Test func aCompressedBodyOverTheLimitSaysItCameCompressed() {
        let bomb = AASAFetchResponse(
            url: Self.wellKnown, status: 200,
            headers: Self.json.merging(["Content-Encoding": "gzip", "Content-Length": "65253"]) { $1 },
            body: Array(repeating: 32, count: AASAFetchChecker.sizeLimit + 1), truncated: true)
        let report = AASAFetchChecker.check(domain: "example.com", origin: [bomb], cdn: nil)
        #expect(report.findings.map(\.code) == [.sizeLimit])
        #expect(report.findings.first?.message.contains("once its Content-Encoding gzip is undone") == true)
        #expect(report.origin.first?.contentEncoding == "gzip")
        #expect(report.text.contains("200, more than 131072 bytes (gzip, decompressed), application/json"))
    }
}
