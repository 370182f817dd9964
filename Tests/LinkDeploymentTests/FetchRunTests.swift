import AndroidAppLinks
import Foundation
import Testing

@testable import LinkDeployment

/// What one verification may spend (issue 43): one deadline for all of its work, the checks after the network
/// included; a budget of body bytes across every host and include; hosts read from files checked before they are
/// used in a URL. On transports that answer from a table and a clock that the transport moves, so no test waits.
@Suite struct FetchRunTests {
    /// A clock that moves only when told: sleeping ends by cancellation alone, `now` is what ``advance(by:)`` made it.
    final class SteppedClock: Clock, @unchecked Sendable {
        struct Instant: InstantProtocol {
            var offset: Duration
            func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
            func duration(to other: Instant) -> Duration { other.offset - offset }
            static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
        }

        private let lock = NSLock()
        private var current = Instant(offset: .zero)

        var now: Instant { lock.withLock { current } }
        var minimumResolution: Duration { .zero }

        func advance(by duration: Duration) {
            lock.withLock { current = current.advanced(by: duration) }
        }

        func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            let stream = AsyncStream<Never> { _ in }
            for await _ in stream {}
            throw CancellationError()
        }
    }

    /// A transport that answers from a table, moving `clock` by `takes` for each answer (a slow server).
    final class SlowTransport: AASAFetchTransport, @unchecked Sendable {
        let answers: [String: AASAFetchResponse]
        let clock: SteppedClock
        let takes: Duration
        private let lock = NSLock()
        private var recorded: [String] = []

        init(_ answers: [AASAFetchResponse], clock: SteppedClock, takes: Duration) {
            self.answers = Dictionary(answers.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
            self.clock = clock
            self.takes = takes
        }

        var requests: [String] { lock.withLock { recorded } }

        func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
            lock.withLock { recorded.append(request.url) }
            clock.advance(by: takes)
            var answer = answers[request.url] ?? AASAFetchResponse(url: request.url, status: 404)
            answer.url = request.url
            return answer
        }
    }

    static let wellKnown = AssetLinksFetchCheckerTests.wellKnown

    @Test func bodiesThatArriveAfterTheDeadlineAreNotReadAndSaySo() async {
        // The file arrives (200) but the deadline has passed by then: its reading and checking are not started,
        // and the host's finding says why (they used to run however long a hostile body made them).
        let clock = SteppedClock()
        let transport = SlowTransport(
            [AssetLinksFetchCheckerTests.ok("[{,}]")], clock: clock, takes: .seconds(6))
        let verification = await AssetLinksFetchChecker.verify(
            hosts: ["example.com"], transport: transport, clock: clock)
        let site = verification.report.sites.first
        #expect(site?.findings.map(\.code) == [.timeout])
        #expect(site?.findings.first?.message.contains("did not finish within the deadline of 5 seconds") == true)
        #expect(site?.request.status == 200)
        #expect(verification.report.hosts.first?.verdict == .invalid)
    }

    @Test func theAASACheckAfterTheNetworkIsInsideTheDeadline() async {
        let clock = SteppedClock()
        let transport = SlowTransport(
            [AASAFetchResponse(url: AASAFetchRequestTests.wellKnown, status: 200, body: Array("{,}".utf8))],
            clock: clock, takes: .seconds(11))
        let verification = await AASAFetchChecker.verify(
            domain: "example.com", configuration: AASAFetchConfiguration(checksCDN: false), transport: transport,
            clock: clock)
        #expect(verification.report.findings.map(\.code) == [.timeout])
        #expect(verification.report.findings.first?.message.contains("reading and checking it did not finish") == true)
        #expect(verification.report.servedFrom == AASAFetchRequestTests.wellKnown)
    }

    @Test func theIncludesOfTheWholeRunShareItsDeadline() async {
        // The host's file takes longer than the deadline: its include is not requested at all (each request had
        // a deadline of its own, so every level of includes could take it again).
        let include = "https://cdn.example.net/more.json"
        let file = AssetLinksFetchCheckerTests.ok(#"[{"include": "\#(include)"}]"#)
        let clock = SteppedClock()
        let transport = SlowTransport([file], clock: clock, takes: .seconds(6))
        let late = await AssetLinksFetchChecker.verify(hosts: ["example.com"], transport: transport, clock: clock)
        #expect(transport.requests == [Self.wellKnown])
        #expect(late.report.sites.first?.findings.map(\.code) == [.timeout])
        let calm = SteppedClock()
        let inTime = await AssetLinksFetchChecker.verify(
            hosts: ["example.com"], transport: SlowTransport([file], clock: calm, takes: .seconds(1)), clock: calm)
        #expect(inTime.report.sites.first?.includes.map(\.url) == [include])
    }

    @Test(arguments: [
        ("127.0.0.2@127.0.0.1:8443", "'127.0.0.2@127.0.0.1:8443' is not a host name ("),
        ("good.example#x", "'good.example#x' is not a host name ("),
        ("../good", "'../good' is not a host name ("),
        ("a b.example", "'a b.example' is not a host name ("),
    ])
    func aHostThatIsNotAHostNameIsNeverRequested(_ host: String, _ message: String) async {
        // Hosts read from a manifest or strings.xml meet the rule of hosts typed on the command line.
        let transport = AASAFetchRequestTests.CannedTransport([AssetLinksFetchCheckerTests.ok("[]")])
        let verification = await AssetLinksFetchChecker.verify(
            hosts: ["example.com", host],
            configuration: AssetLinksFetchConfiguration(origin: "http://127.0.0.1:1/{host}"),
            transport: transport, clock: AASAFetchRequestTests.StoppedClock())
        #expect(transport.requests.map(\.url) == ["http://127.0.0.1:1/example.com/.well-known/assetlinks.json"])
        let site = verification.report.sites.last
        #expect(site?.findings.map(\.code) == [.invalidHost])
        #expect(site?.findings.first?.message.hasPrefix(message) == true, "\(site?.findings.first?.message ?? "")")
        #expect(verification.responses[site?.host ?? ""] == nil)
    }

    @Test(arguments: [
        ("https://127.0.0.2@cdn.example.net/x.json", "its URL has a user name or password before the host"),
        ("https://cdn.example.net#x/x.json", nil as String?),
        ("https://cdn..example.net/x.json", "its host is not a host name ("),
        ("http://cdn.example.net/x.json", "it is not an https URL"),
    ])
    func anIncludesHostMeetsTheSameRuleBeforeItIsUsedInAURL(_ include: String, _ problem: String?) {
        let reason = AssetLinksFetchChecker.includeProblem(include)
        if let problem {
            #expect(reason?.hasPrefix(problem) == true, "\(reason ?? "fetched")")
            #expect(AssetLinksFetchChecker.requestURL(forInclude: include, origin: "http://127.0.0.1:1/{host}") == nil)
        } else {
            // A fragment right after the host: the host is cdn.example.net, and the request keeps to it.
            #expect(reason == nil)
            #expect(
                AssetLinksFetchChecker.requestURL(forInclude: include, origin: "http://127.0.0.1:1/{host}")
                    == "http://127.0.0.1:1/cdn.example.net#x/x.json")
        }
    }

    @Test func aRunKeepsAtMostItsBudgetOfBodies() async {
        // 40 hosts, each serving a file of 1 MiB: the budget (32 MiB) takes 32 of them; the others are not fetched,
        // each with its finding. Memory stays within the budget however many hosts a manifest declares.
        // Each body is read up to the limit and one byte (so the test does not parse 32 MiB of them).
        let body = [UInt8](repeating: 0x20, count: AssetLinksFetchChecker.sizeLimit + 1)
        let hosts = (0..<40).map { "h\($0).example" }
        let answers = hosts.map {
            AASAFetchResponse(
                url: "https://\($0)/.well-known/assetlinks.json", status: 200, body: body, truncated: true)
        }
        let transport = AASAFetchRequestTests.CannedTransport(answers)
        let verification = await AssetLinksFetchChecker.verify(
            hosts: hosts, transport: transport, clock: AASAFetchRequestTests.StoppedClock())
        let limit = AssetLinksFetchChecker.runBudget / (AssetLinksFetchChecker.sizeLimit + 1)
        #expect(transport.requests.count == limit)
        #expect(verification.responses.count == limit)
        let unfetched = verification.report.sites.filter { $0.findings.map(\.code) == [.fetchBudget] }
        #expect(unfetched.count == hosts.count - limit)
        #expect(unfetched.first?.findings.first?.message.contains("budget of 32 MiB") == true)
    }

    @Test func oneIncludeRepeatedTwentyOneThousandTimesIsQueuedAndWalkedOnce() throws {
        // The walk dropped repeats when it dequeued them from a queue drained with removeFirst() (21,000 entries,
        // each removal moving the rest), and was rebuilt for each level: more than 30 s. Repeats are dropped before
        // they are queued now: the queue holds one entry, whatever the file repeats. About 0.5 s in a debug build,
        // most of it reading the 819 KB file.
        let include = "https://c.example/s.json"
        let list = Array(repeating: #"{"include":"\#(include)"}"#, count: 21_000).joined(separator: ",")
        let file = try AssetLinksFile(parsing: Array("[\(list)]".utf8))
        #expect(file.includes.count == 21_000)
        let walk = IncludeWalk(file: file, responses: [include: AssetLinksFetchCheckerTests.ok("[]", at: include)])
        #expect(walk.queued == 1)
        #expect(walk.nodes.map(\.url) == [include])
        #expect(walk.pending.isEmpty)
    }
}
