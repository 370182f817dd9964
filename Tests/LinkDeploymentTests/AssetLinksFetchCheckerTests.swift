import AndroidAppLinks
import Foundation
import LinkDeployment
import Testing

/// `assetlinks fetch` without a network: what each response means for a host (status, redirects, content type,
/// size, the body's diagnostics, includes and their depth, the app's verification), and the deadline of `aasa
/// fetch`, on transports that answer from a table or never answer, with clocks whose deadline passes at once.
@Suite struct AssetLinksFetchCheckerTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let app = AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint])
    static let json = ["Content-Type": "application/json"]
    static let wellKnown = "https://example.com/.well-known/assetlinks.json"

    static func statement(_ package: String = "com.example.app") -> String {
        #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
            + #""package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}}"#
    }

    static func ok(_ body: String, at url: String = wellKnown, headers: [String: String] = json) -> AASAFetchResponse {
        AASAFetchResponse(url: url, status: 200, headers: headers, body: Array(body.utf8))
    }

    static func verify(
        _ hosts: [String], _ answers: [AASAFetchResponse], app: AndroidAppIdentity? = app
    ) async -> (AssetLinksFetchReport, [String]) {
        let transport = AASAFetchRequestTests.CannedTransport(answers)
        let verification = await AssetLinksFetchChecker.verify(
            hosts: hosts, app: app, transport: transport, clock: AASAFetchRequestTests.StoppedClock())
        return (verification.report, transport.requests.map(\.url).sorted())
    }

    @Test func aFileThatNamesTheAppVerifiesEveryHostItServesOnceFetched() async {
        let (report, requests) = await Self.verify(
            ["example.com", "*.example.com", "Example.com"], [Self.ok("[\(Self.statement())]")])
        #expect(requests == [Self.wellKnown])
        #expect(report.hosts.map(\.host) == ["example.com", "*.example.com"])
        #expect(report.hosts.map(\.fileHost) == ["example.com", "example.com"])
        #expect(report.hosts.map(\.verdict) == [.verified, .verified])
        #expect(report.findings.isEmpty)
        #expect(report.isClean)
    }

    @Test func eachRequestIsHeldToFiveSecondsAndOneMebibyteWithLinkRoutersUserAgent() async {
        let transport = AASAFetchRequestTests.CannedTransport([])
        _ = await AssetLinksFetchChecker.verify(
            hosts: ["example.com"], transport: transport, clock: AASAFetchRequestTests.StoppedClock())
        let request = transport.requests.first
        #expect(request?.timeout == .seconds(5))
        #expect(request?.sizeLimit == 1_048_576)
        #expect(request?.headerFields == ["User-Agent": "link-router (assetlinks fetch)"])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var response: AASAFetchResponse
        var codes: [String]
        var verdict: AssetLinksFetchReport.Verdict
        var words: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "redirect",
            response: AASAFetchResponse(
                url: wellKnown, status: 301,
                headers: ["Location": "https://www.example.com/.well-known/assetlinks.json"]),
            codes: ["redirect"], verdict: .notServed,
            words: "the server redirects (301) to https://www.example.com/.well-known/assetlinks.json, and Android "
                + "does not follow redirects"),
        Case(
            name: "redirect loop",
            response: AASAFetchResponse(url: wellKnown, status: 302, headers: ["Location": wellKnown]),
            codes: ["redirect"], verdict: .notServed, words: "to this same URL (a loop)"),
        Case(
            name: "not found", response: AASAFetchResponse(url: wellKnown, status: 404), codes: ["http-status"],
            verdict: .notServed, words: "the server answers 404; only 200 counts"),
        Case(
            name: "html", response: ok("[\(statement())]", headers: ["Content-Type": "text/html"]),
            codes: ["content-type"], verdict: .verified,
            words: "served as text/html: Google's Digital Asset Links API (the verifier of phones with Google Play "
                + "services) requires application/json; AOSP's verifier does not check it"),
        Case(
            name: "json with a charset",
            response: ok("[\(statement())]", headers: ["content-type": "Application/JSON; charset=utf-8"]),
            codes: [], verdict: .verified, words: ""),
        Case(
            name: "over 1 MiB",
            response: AASAFetchResponse(
                url: wellKnown, status: 200, headers: json, body: Array(repeating: 0x20, count: 1_048_577),
                truncated: true),
            codes: ["size-limit"], verdict: .invalid, words: "more than 1048576 bytes (reading stopped there)"),
        Case(
            name: "not JSON", response: ok("[{\"relation\": }]"), codes: ["json-syntax"], verdict: .invalid,
            words: "unexpected '}', expected a value"),
        Case(
            name: "another package", response: ok("[\(statement("com.other.app"))]"), codes: ["host-not-verified"],
            verdict: .notVerified,
            words: "example.com is not verified: its assetlinks.json does not verify the app: it names com.other.app, "
                + "not com.example.app"),
        Case(
            name: "cannot connect", response: .failed(url: wellKnown, .cannotConnect), codes: ["connection-failed"],
            verdict: .notServed, words: "could not connect to example.com on port 443"),
    ]

    @Test(arguments: cases)
    func responsesMeanFindingsAndAVerdict(_ testCase: Case) {
        let site = AssetLinksFetchChecker.check(fileHost: "example.com", response: testCase.response, app: Self.app)
        #expect(site.findings.map(\.code.rawValue) == testCase.codes)
        #expect(site.verdict == testCase.verdict)
        #expect(site.findings.allSatisfy { $0.message.contains(testCase.words) }, "\(site.findings.map(\.message))")
    }

    @Test func withoutTheAppsIdentityAReadableFileIsServedWithItsDiagnostics() {
        let body =
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "#
            + #""android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["14:6d"]}}]"#
        let site = AssetLinksFetchChecker.check(fileHost: "example.com", response: Self.ok(body))
        #expect(site.verdict == .served)
        #expect(site.findings.map(\.code.rawValue) == ["fingerprint-format"])
        #expect(site.findings.first?.source == .lint)
        #expect(site.findings.first?.pointer == "/0/target/sha256_cert_fingerprints/0")
        #expect(site.findings.first?.line == 1)
    }

    @Test func aServerThatNeverFinishesEndsAtTheDeadlineAsAASAFetchDoes() async {
        let stalled = AASAFetchResponse(url: "", status: 200, headers: Self.json, body: Array("[{".utf8))
        let verification = await AssetLinksFetchChecker.verify(
            hosts: ["example.com"], app: Self.app,
            transport: AASAFetchRequestTests.StallingTransport(received: stalled),
            clock: AASAFetchRequestTests.ImmediateClock())
        let site = verification.report.sites.first
        #expect(site?.verdict == .notServed)
        #expect(site?.request.failure == .timedOut)
        #expect(site?.findings.map(\.code.rawValue) == ["timeout"])
        #expect(
            site?.findings.first?.message
                == "the response did not complete within 5 seconds: the server answered 200, then sent 2 bytes of the "
                + "body by then")
        #expect(site?.findings.first?.hint.hasSuffix("Android gives up too") == true)
    }

    @Test func includesAreFetchedBreadthFirstWithTheirDepthAndBothVerifiersReadings() async {
        let first = "https://cdn.example.net/first.json"
        let second = "https://cdn.example.net/second.json"
        let answers = [
            Self.ok(#"[{"include": "\#(first)"}, {"include": "http://cdn.example.net/plain.json"}]"#),
            Self.ok(#"[{"include": "\#(second)"}, {"include": "https://cdn.example.net/missing.json"}]"#, at: first),
            Self.ok("[\(Self.statement())]", at: second),
        ]
        let (report, requests) = await Self.verify(["example.com"], answers)
        #expect(
            requests == [
                "https://cdn.example.net/first.json", "https://cdn.example.net/missing.json",
                "https://cdn.example.net/second.json", Self.wellKnown,
            ])
        let site = report.sites.first
        // The http include is not fetched: the file's lint says so (insecure-include), and it is no include.
        #expect(site?.includes.map(\.url) == [first, second, "https://cdn.example.net/missing.json"])
        #expect(site?.includes.map(\.depth) == [1, 2, 2])
        #expect(site?.includes.map(\.statements) == [0, 1, nil])
        // The file's own diagnostics, then each include in order (the deeper ones noted, the missing one discarded),
        // then the verification.
        #expect(
            site?.findings.map(\.code.rawValue) == [
                "include-depth", "insecure-include", "include-depth", "include-depth", "include-unavailable",
                "include-depth",
            ])
        // Google's API follows the include of the include; AOSP's verifier does not: verified, with a warning.
        #expect(report.hosts.first?.verdict == .verified)
        #expect(site?.findings.last?.severity == .warning)
        #expect(site?.findings.last?.message.contains("AOSP's verifier follows one level of includes") == true)
    }

    @Test func anIncludeThatCannotBeReadIsDiscardedAndTheFilesOwnStatementsStillCount() async {
        let include = "https://cdn.example.net/broken.json"
        let (report, _) = await Self.verify(
            ["example.com"],
            [Self.ok(#"[\#(Self.statement()), {"include": "\#(include)"}]"#), Self.ok("[{,}]", at: include)])
        #expect(report.hosts.first?.verdict == .verified)
        let discarded = report.findings.filter { $0.code == .includeUnavailable }
        #expect(discarded.count == 1)
        #expect(discarded.first?.severity == .warning)
        #expect(discarded.first?.url == include)
        #expect(discarded.first?.message.hasPrefix("the include is discarded: ") == true)
    }

    @Test func anIncludeCycleIsFetchedOnce() async {
        let (report, requests) = await Self.verify(
            ["example.com"], [Self.ok(#"[\#(Self.statement()), {"include": "\#(Self.wellKnown)"}]"#)])
        #expect(requests == [Self.wellKnown, Self.wellKnown])
        #expect(report.sites.first?.includes.map(\.depth) == [1])
        #expect(report.isClean)
    }

    @Test func anOriginReplacesEveryHostAndItsPlaceholderStandsForTheHost() {
        let origin = "http://127.0.0.1:8080/{host}"
        #expect(
            AssetLinksFetchChecker.url(forFileHost: "example.com", origin: origin)
                == "http://127.0.0.1:8080/example.com/.well-known/assetlinks.json")
        #expect(
            AssetLinksFetchChecker.url(forFileHost: "example.com", origin: "https://mirror.example.net")
                == "https://mirror.example.net/.well-known/assetlinks.json")
        #expect(
            AssetLinksFetchChecker.requestURL(forInclude: "https://Cdn.Example.net:8443/a/b.json?x", origin: origin)
                == "http://127.0.0.1:8080/cdn.example.net/a/b.json?x")
        #expect(AssetLinksFetchChecker.requestURL(forInclude: "http://cdn.example.net/a.json") == nil)
        #expect(AssetLinksFetchChecker.fileHost(for: "*.Example.com") == "example.com")
    }

    @Test func theReportRoundTripsThroughJSONAndLocatesBodyFindings() throws {
        let site = AssetLinksFetchChecker.check(fileHost: "example.com", response: Self.ok("[]"), app: Self.app)
        let report = AssetLinksFetchReport(hosts: ["*.example.com"], sites: [site], packageName: "com.example.app")
        let data = try JSONEncoder().encode(report)
        let decoded = try JSONDecoder().decode(AssetLinksFetchReport.self, from: data)
        #expect(decoded == report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "ok", "errors", "warnings", "infos", "hosts", "sites", "package", "client", "timeoutMilliseconds",
            ])
        #expect(report.hosts.first?.verdict == .notVerified)
        let located = report.locatedFindings
        #expect(located.map(\.code) == ["empty-list", "host-not-verified"])
        #expect(located.first?.place?.file == .deployedAssetLinks("example.com"))
        #expect(located.last?.places.isEmpty == true)
        #expect(located.last?.message.hasPrefix(Self.wellKnown + ": example.com is not verified") == true)
        #expect(report.renderedText().hasSuffix("1 host, 0 verified: 2 errors, 0 warnings"))
    }
}
