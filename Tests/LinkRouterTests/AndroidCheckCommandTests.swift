import Foundation
import TestSupport
import Testing

/// End-to-end tests of `link-router check --manifest ...` (the Android coverage check) on the shipped examples,
/// running the built binary.
@Suite struct AndroidCheckCommandTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let manifest = AppFileFixtures.examples + "AndroidManifest.xml"
    static let assetLinks = AppFileFixtures.examples + "assetlinks.json"
    static let app = ["--package", "com.example.app", "--fingerprint", fingerprint]

    static func check(_ extra: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(
            ["check", "--manifest", manifest, "--define", "webHost=example.com", "--routes", AppFileFixtures.routes]
                + app + extra)
    }

    /// A manifest with one verified https filter for `hosts` and the `<data>` path attributes `paths`.
    static func manifest(hosts: [String], paths: [String]) throws -> String {
        try AppFileFixtures.file(
            "AndroidManifest.xml",
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>
            <activity android:name=".Main" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW"/>
                <category android:name="android.intent.category.DEFAULT"/>
                <category android:name="android.intent.category.BROWSABLE"/>
                <data android:scheme="https"/>
            \((hosts.map { #"<data android:host="\#($0)"/>"# } + paths.map { "<data android:\($0)/>" })
                .map { "    " + $0 }.joined(separator: "\n"))
              </intent-filter>
            </activity>
            </application></manifest>
            """)
    }

    /// A small app (cheaper to check than the examples): one verified filter for `/p/` and `/x`, a file excluding
    /// `/p/secret*`, routes `/p/:id` and `/q`.
    static let small: (manifest: String, assetLinks: String, routes: String) = {
        let manifest = try! Self.manifest(hosts: ["example.com"], paths: [#"pathPrefix="/p/""#, #"path="/x""#])
        let assetLinks = try! AppFileFixtures.file(
            "assetlinks.json",
            """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.example.app",
                         "sha256_cert_fingerprints": ["\(fingerprint)"]},
              "relation_extensions": {"delegate_permission/common.handle_all_urls": {
                "dynamic_app_link_components": [{"/": "/p/secret*", "exclude": true}, {"/": "*"}]}}}]
            """)
        let routes = try! AppFileFixtures.file(
            "routes.json",
            """
            {"associatedDomains": ["applinks:example.com"],
             "routes": [{"name": "item", "pattern": "/p/:id"}, {"name": "query", "pattern": "/q"}]}
            """)
        return (manifest, assetLinks, routes)
    }()

    static func checkSmall(_ extra: [String], assetLinks: String = small.assetLinks) throws -> CommandRunner.Result {
        try CommandRunner.run(
            ["check", "--manifest", small.manifest, "--routes", small.routes] + app
                + ["--assetlinks", "example.com=" + assetLinks] + extra)
    }

    /// Every format points each gap into the file that holds it: the filter's line in the manifest, the dynamic
    /// rule's line in assetlinks.json, the route's line in the routes file.
    @Test func everyFormatPointsIntoTheFileThatHoldsTheMistake() throws {
        let text = try Self.checkSmall([])
        #expect(text.status == 1, "\(text.stderr)")
        #expect(
            text.stdout == """
                gaps: com.example.app: 3 gaps, 1 of 1 host checked

                hosts:
                  example.com  checked  \(Self.small.assetLinks)  (declared by a verified filter)

                unrouted: The intent filter of .Main at 3:3 opens https://example.com/x in com.example.app, and no \
                route handles it (the app gets a link it cannot show).
                unclaimed: Route `item` handles https://example.com/p/secret, but Android opens it in the browser: \
                the dynamic rule /0/relation_extensions/delegate_permission~1common.handle_all_urls/\
                dynamic_app_link_components/0 of example.com excludes it.
                unclaimed: Route `query` handles https://example.com/q, but Android opens it in the browser: no intent \
                filter of com.example.app accepts it.

                """)
        let github = try Self.checkSmall(["--format", "github"])
        let lines = github.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("::error file=\(Self.small.manifest),line=3,col=3,title=unrouted::"))
        #expect(lines[1].hasPrefix("::error file=\(Self.small.assetLinks),line=5,col=37,title=unclaimed::"))
        #expect(lines[2].hasPrefix("::error file=\(Self.small.routes),line=2,col=52,title=unclaimed::"))
        let xcode = try Self.checkSmall(["--format", "xcode"])
        #expect(xcode.stdout.hasPrefix("\(Self.small.manifest):3:3: error: The intent filter of .Main"))
        let sarif = try Self.checkSmall(["--format", "sarif"])
        #expect(SARIFValidator.problems(in: sarif.stdout).isEmpty)
        #expect(sarif.stdout.contains("\"ruleId\": \"unrouted\""))
        #expect(sarif.stdout.contains("\"id\": \"host-not-verified\""))
        let json = try Self.checkSmall(["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let gaps = try #require(object["gaps"] as? [[String: Any]])
        #expect(gaps.map { $0["file"] as? String } == ["manifest", "assetlinks:example.com", "routes"])
        let html = try Self.checkSmall(["--format", "html"])
        #expect(html.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(html.stdout.contains("<section id=\"unrouted\">"))
        #expect(html.stdout.contains("<section id=\"hosts\">"))
        #expect(html.stdout.hasSuffix("</html>\n"))
    }

    /// Every example of the JSON reproduces: `route` and `assetlinks match` decide it as the gap says.
    @Test func everyExampleReproducesWithRouteAndAssetLinksMatch() throws {
        let json = try Self.check(["--assetlinks", Self.assetLinks, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let gaps = try #require(object["gaps"] as? [[String: Any]])
        let examples = gaps.compactMap { $0["example"] as? String }
        #expect(examples.count == 16)
        let routed = try CommandRunner.run(
            ["route", "--routes", AppFileFixtures.routes, "--format", "json"] + examples)
        let decisions = try #require(
            try JSONSerialization.jsonObject(with: Data(routed.stdout.utf8)) as? [[String: Any]])
        let matched = try CommandRunner.run(
            ["assetlinks", "match", Self.assetLinks] + Self.app
                + ["--manifest", Self.manifest, "--define", "webHost=example.com", "--format", "json"] + examples)
        let verdicts = try #require(
            try JSONSerialization.jsonObject(with: Data(matched.stdout.utf8)) as? [[String: Any]])
        try #require(decisions.count == gaps.count && verdicts.count == gaps.count)
        for (gap, (decision, verdict)) in zip(gaps, zip(decisions, verdicts)) {
            if gap["kind"] as? String == "unrouted" {
                #expect(verdict["verdict"] as? String == "opens", "\(gap)")
                #expect(decision["decision"] as? String != "route", "\(gap)")
            } else {
                #expect(verdict["verdict"] as? String == gap["reason"] as? String, "\(gap)")
                #expect(decision["route"] as? String == gap["route"] as? String, "\(gap)")
            }
        }
    }

    @Test func aBaselineAcceptsTodaysGapsAndListsStaleOnes() throws {
        let baseline = try AppFileFixtures.file("baseline.json", "")
        let written = try Self.checkSmall(["--write-baseline", baseline])
        #expect(written.status == 0)
        #expect(written.stderr.contains("wrote 3 accepted gap(s)"))
        let accepted = try Self.checkSmall(["--baseline", baseline])
        #expect(accepted.status == 0, "\(accepted.stdout)")
        #expect(
            accepted.stdout.contains(
                "baseline \(baseline): 3 accepted gaps\naccepted (in the baseline), not counted:\n  "),
            "\(accepted.stdout)")
        let json = try Self.checkSmall(["--baseline", baseline, "--format", "json"])
        let (summary, listed) = try CommandRunner.baseline(json.stdout)
        #expect(summary["accepted"] as? Int == 3)
        #expect(listed.count == 3)
        #expect(listed.allSatisfy { accepted.stdout.contains("\n  \($0["code"] as? String ?? "?"): ") })
        let page = try Self.checkSmall(["--baseline", baseline, "--format", "html"])
        #expect(page.stdout.contains("<section id=\"accepted\">\n<h2>Accepted (in the baseline), not counted <span"))
        // Without dynamic rules, the excluded gap is stale.
        let plain = try AppFileFixtures.file(
            "assetlinks.json",
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
                + #""package_name": "com.example.app", "sha256_cert_fingerprints": ["\#(Self.fingerprint)"]}}]"#)
        let stale = try Self.checkSmall(["--baseline", baseline], assetLinks: plain)
        #expect(stale.status == 0, "\(stale.stdout)")
        #expect(
            stale.stdout.contains("baseline \(baseline): 2 accepted gaps\naccepted (in the baseline), not counted:\n"))
        #expect(
            stale.stdout.hasSuffix(
                "\nstale: no longer found, remove from the baseline:\n"
                    + #"  unclaimed example.com route=item rule={"/": "/p/secret*", "exclude": true} reason=excluded"#
                    + "\n"))
        let other = try CommandRunner.run(
            [
                "check", "--manifest", Self.small.manifest, "--routes", Self.small.routes, "--package", "com.other",
                "--fingerprint", Self.fingerprint, "--assetlinks", Self.small.assetLinks, "--baseline", baseline,
            ])
        #expect(other.status == 2)
        #expect(other.stderr.contains("the baseline is for com.example.app, not com.other"))
    }

    /// `--fetch`: each claimed host's deployed file, from the local server; a file that is not served (a redirect)
    /// is a `deployed-file` gap and its host is not compared.
    @Test func fetchChecksEachDeployedFile() throws {
        let manifest = try Self.manifest(
            hosts: ["good.example", "redirect.example"], paths: [#"pathPrefix="/orders/""#])
        let routes = try AppFileFixtures.file(
            "routes.json",
            """
            {"associatedDomains": ["applinks:good.example", "applinks:redirect.example"],
             "routes": [{"name": "orders", "pattern": "/orders/**"}]}
            """)
        let server = try LoopbackServer()
        defer { server.stop() }
        // `--origin` replaces https://HOST for every host: one case of the server for both.
        func fetch(_ name: String) throws -> CommandRunner.Result {
            try CommandRunner.run(
                ["check", "--manifest", manifest, "--routes", routes] + Self.app
                    + ["--fetch", "--origin", server.url(name)],
                environment: LoopbackServer.environment)
        }
        let good = try fetch("good.example")
        #expect(good.status == 1, "\(good.stderr)")
        let file = server.url("good.example/.well-known/assetlinks.json")
        let excluded =
            "/0/relation_extensions/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0"
        #expect(
            good.stdout == """
                gaps: com.example.app: 4 gaps, 2 of 2 hosts checked

                hosts:
                  good.example      checked  \(file)  (declared by a verified filter)
                  redirect.example  checked  \(file)  (declared by a verified filter)

                unclaimed: Route `orders` handles https://good.example/orders, but Android opens it in the browser: \
                no intent filter of com.example.app accepts it.
                unclaimed: Route `orders` handles https://good.example/orders/a, but Android opens it in the \
                browser: the dynamic rule \(excluded) of good.example excludes it.
                unclaimed: Route `orders` handles https://redirect.example/orders, but Android opens it in the \
                browser: no intent filter of com.example.app accepts it.
                unclaimed: Route `orders` handles https://redirect.example/orders/a, but Android opens it in the \
                browser: the dynamic rule \(excluded) of redirect.example excludes it.

                """)
        let redirected = try fetch("redirect.example")
        #expect(redirected.status == 1, "\(redirected.stderr)")
        #expect(redirected.stdout.hasPrefix("gaps: com.example.app: 2 gaps, 0 of 2 hosts checked\n"))
        #expect(redirected.stdout.contains("\ndeployed-file: The assetlinks.json of good.example could not be read ("))
    }

    @Test(arguments: [
        ([String](), "missing `--assetlinks [HOST=]FILE` or `--fetch`"),
        (["--assetlinks", "a.com=x", "--assetlinks", "b"], "`--assetlinks FILE` alone is the file of every host"),
        (["--assetlinks", "x", "--fetch"], "give either `--assetlinks [HOST=]FILE`... or `--fetch`, not both"),
        (["--assetlinks", "x", "--domain", "example.com"], "`--domain` is for iOS"),
        // With `--entitlements` too, both platforms are checked: the entitlements are read first.
        (["--assetlinks", "x", "--entitlements", "x"], "link-router check: x: cannot read"),
    ])
    func usageErrorsExitTwo(extra: [String], message: String) throws {
        let result = try Self.check(extra)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func androidOptionsNeedTheManifest() throws {
        let result = try CommandRunner.run(
            [
                "check", "--aasa", AppFileFixtures.aasa, "--routes", AppFileFixtures.routes, "--domain", "example.com",
                "--app-id", AppFileFixtures.appID, "--package", "com.example.app",
            ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("`--package` goes with `--manifest FILE` (the Android check)"))
    }
}
