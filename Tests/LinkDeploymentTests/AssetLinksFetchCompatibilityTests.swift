import AndroidAppLinks
import LinkDeployment
import Testing

/// The include vectors of Google's Digital Asset Links compatibility tests (repository `google/digitalassetlinks`,
/// `compatibility-tests/v1/5000-include-file-processing/5000-include-file-processing.pb`, and comptest2005 of
/// `2000-web-statement-list-parsing/2000-general.pb`), as data: each group's files are served by a canned transport
/// and `AssetLinksFetchChecker` fetches the host's file with its includes; the expected outcome is the group's
/// `response` (whether the app's statement is found) and whether it is a `FETCH_ERROR`.
///
/// comptest5007 (an APK's statements), comptest5008 and comptest5009 (a site served over plain http) have no
/// counterpart here: Android fetches `assetlinks.json` over https only.
@Suite struct AssetLinksFetchCompatibilityTests {
    static let fingerprint =
        "10:39:38:EE:45:37:E5:9E:8E:E7:92:F6:54:50:4F:B8:34:6F:C6:B3:46:D0:BB:C4:41:5F:C3:39:FC:FC:8E:C1"

    struct Vector: Sendable, CustomTestStringConvertible {
        /// The test group's name.
        var test: String
        /// The host whose file is fetched (`source-comptestNNNN.digitalassetlinks.org`).
        var host: String
        /// Every file of the group: URL and body.
        var files: [String: String]
        /// The package whose statement is checked, and whether it is found (`response`).
        var checks: [(package: String, found: Bool)]
        /// Whether the outcome is `FETCH_ERROR`: an error or a discarded include among the findings.
        var fetchError: Bool
        var testDescription: String { test }
    }

    static func statement(_ package: String) -> String {
        #"{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
            + #""package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}}"#
    }

    static let vectors: [Vector] = [
        // comptest2005: include directives *do* allow other non-standard fields (the included file's statement is a
        // web target there; the app's statement here, so that the check is the app's verification).
        Vector(
            test: "comptest2005", host: "source-comptest2005.digitalassetlinks.org",
            files: [
                "https://source-comptest2005.digitalassetlinks.org/.well-known/assetlinks.json":
                    #"[{"magicfield": {"foo": "bar"}, "include": "https://source-comptest2005.digitalassetlinks.org/includefile.json" }]"#,
                "https://source-comptest2005.digitalassetlinks.org/includefile.json":
                    "[\(statement("org.digitalassetlinks.comptest2005"))]",
            ], checks: [("org.digitalassetlinks.comptest2005", true)], fetchError: false),
        // comptest5002: invalid JSON inside include does not invalidate assetlinks.json.
        Vector(
            test: "comptest5002", host: "source-comptest5002.digitalassetlinks.org",
            files: [
                "https://source-comptest5002.digitalassetlinks.org/.well-known/assetlinks.json":
                    #"[{"include": "https://source-comptest5002.digitalassetlinks.org/invalid_include.json"}, "#
                    + statement("org.digitalassetlinks.comptest5002") + "]",
                "https://source-comptest5002.digitalassetlinks.org/invalid_include.json": "INVALID_JSON",
            ], checks: [("org.digitalassetlinks.comptest5002", true)], fetchError: true),
        // comptest5003: invalid JSON inside include invalidates entire include.
        Vector(
            test: "comptest5003", host: "source-comptest5003.digitalassetlinks.org",
            files: [
                "https://source-comptest5003.digitalassetlinks.org/.well-known/assetlinks.json":
                    #"[{"include": "https://include-comptest5003.digitalassetlinks.org/invalid_include.json"}, "#
                    + #"{"include": "https://include-comptest5003.digitalassetlinks.org/valid_include.json"}]"#,
                "https://include-comptest5003.digitalassetlinks.org/invalid_include.json":
                    "[" + statement("org.digitalassetlinks.comptest5003.invalid") + ", {INVALID_JSON}]",
                "https://include-comptest5003.digitalassetlinks.org/valid_include.json":
                    "[" + statement("org.digitalassetlinks.comptest5003.valid") + "]",
            ],
            checks: [
                ("org.digitalassetlinks.comptest5003.invalid", false),
                ("org.digitalassetlinks.comptest5003.valid", true),
            ],
            fetchError: true),
        // comptest5004: includes are resolved successfully.
        Vector(
            test: "comptest5004", host: "source-comptest5004.digitalassetlinks.org",
            files: [
                "https://source-comptest5004.digitalassetlinks.org/.well-known/assetlinks.json":
                    #"[{"include": "https://include-comptest5004.digitalassetlinks.org/valid_include.json"}]"#,
                "https://include-comptest5004.digitalassetlinks.org/valid_include.json":
                    "[" + statement("org.digitalassetlinks.comptest5004") + "]",
            ], checks: [("org.digitalassetlinks.comptest5004", true)], fetchError: false),
        // comptest5005: recursive includes are resolved successfully (Google's API reports its fetch budget
        // exhausted; here the cycle is fetched once, and the statement found before it counts).
        Vector(
            test: "comptest5005", host: "comptest5005.digitalassetlinks.org",
            files: [
                "https://comptest5005.digitalassetlinks.org/.well-known/assetlinks.json":
                    #"[{"include": "https://comptest5005.digitalassetlinks.org/valid_include.json"}]"#,
                "https://comptest5005.digitalassetlinks.org/valid_include.json":
                    #"[{"include": "https://comptest5005.digitalassetlinks.org/loop_include.json"}, "#
                    + statement("org.digitalassetlinks.comptest5005") + "]",
                "https://comptest5005.digitalassetlinks.org/loop_include.json":
                    #"[{"include": "https://comptest5005.digitalassetlinks.org/valid_include.json"}]"#,
            ], checks: [("org.digitalassetlinks.comptest5005", true)], fetchError: false),
        // comptest5006: secure web asset cannot reference insecure include file.
        Vector(
            test: "comptest5006", host: "source-comptest5006.digitalassetlinks.org",
            files: [
                "https://source-comptest5006.digitalassetlinks.org/.well-known/assetlinks.json":
                    #"[{"include": "http://include-comptest5006.digitalassetlinks.org/valid_include.json"}]"#,
                "http://include-comptest5006.digitalassetlinks.org/valid_include.json":
                    "[" + statement("org.digitalassetlinks.comptest5006") + "]",
            ], checks: [("org.digitalassetlinks.comptest5006", false)], fetchError: true),
        // comptest5010: invalid include URL (the port 999999).
        Vector(
            test: "comptest5010", host: "source-comptest5010.digitalassetlinks.org",
            files: [
                "https://source-comptest5010.digitalassetlinks.org/.well-known/assetlinks.json":
                    #"[{"include": "https://target.digitalassetlinks.org:999999"}]"#
            ], checks: [("org.digitalassetlinks.comptest5010", false)], fetchError: true),
        // comptest5011: invalid protocol of include URL.
        Vector(
            test: "comptest5011", host: "source-comptest5011.digitalassetlinks.org",
            files: [
                "https://source-comptest5011.digitalassetlinks.org/.well-known/assetlinks.json":
                    #"[{"include": "mailto://user@digitalassetlinks.org"}]"#
            ], checks: [("org.digitalassetlinks.comptest5011", false)], fetchError: true),
    ]

    @Test(arguments: vectors)
    func includesAreProcessedAsTheCompatibilityTestsExpect(_ vector: Vector) async {
        let answers = vector.files.map { url, body in
            AASAFetchResponse(
                url: url, status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
        }
        for check in vector.checks {
            let transport = AASAFetchRequestTests.CannedTransport(answers)
            let verification = await AssetLinksFetchChecker.verify(
                hosts: [vector.host],
                app: AndroidAppIdentity(packageName: check.package, fingerprints: [Self.fingerprint]),
                transport: transport, clock: AASAFetchRequestTests.StoppedClock())
            let report = verification.report
            #expect((report.hosts.first?.verdict == .verified) == check.found, "\(check.package)")
            // Only https URLs of the group are requested, each once.
            let requested = transport.requests.map(\.url)
            #expect(Set(requested).count == requested.count)
            #expect(requested.allSatisfy { $0.hasPrefix("https://") && vector.files[$0] != nil })
            let problems = report.findings.filter {
                $0.code != .hostNotVerified && ($0.severity == .error || $0.code == .includeUnavailable)
            }
            #expect(!problems.isEmpty == vector.fetchError, "\(report.findings.map(\.code.rawValue))")
        }
    }

    /// comptest5001: include directive and include file (a `web` target's statement, found through the include:
    /// the include is fetched and its one statement read, without a finding).
    @Test func comptest5001TheIncludedStatementIsRead() async {
        let source = "https://source-comptest5001.digitalassetlinks.org/.well-known/assetlinks.json"
        let include = "https://source-comptest5001.digitalassetlinks.org/valid_include.json"
        let files = [
            source: #"[{ "include": "https://source-comptest5001.digitalassetlinks.org/valid_include.json" }]"#,
            include: #"[{"target": {"namespace": "web", "site": "https://target-comptest5001.digitalassetlinks.org"}, "#
                + #""relation": ["delegate_permission/common.get_login_creds"]}]"#,
        ]
        let transport = AASAFetchRequestTests.CannedTransport(
            files.map {
                AASAFetchResponse(
                    url: $0.key, status: 200, headers: ["Content-Type": "application/json"], body: Array($0.value.utf8))
            })
        let report = await AssetLinksFetchChecker.verify(
            hosts: ["source-comptest5001.digitalassetlinks.org"], transport: transport,
            clock: AASAFetchRequestTests.StoppedClock()
        ).report
        #expect(report.sites.first?.includes.map(\.url) == [include])
        #expect(report.sites.first?.includes.first?.statements == 1)
        #expect(report.hosts.first?.verdict == .served)
        #expect(report.findings.allSatisfy { $0.severity == .info })
    }
}
