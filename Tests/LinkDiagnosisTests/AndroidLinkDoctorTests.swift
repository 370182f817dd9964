import AndroidAppLinks
import FileLocations
import Foundation
import LinkDeployment
import LinkDiagnosis
import LinkRouting
import TestSupport
import Testing

/// Each broken-link kind of Android's chain, the side-by-side form, and the shipped example's mistake.
@Suite struct AndroidLinkDoctorTests {
    typealias Name = DoctorReport.Step.Name

    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let other =
        "AA:BB:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let app = AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint])

    /// One autoVerify filter for example.com and its subdomains (a literal '*' in one prefix), one plain filter for
    /// links.example.org, one custom scheme.
    static let manifestXML = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
          <application>
            <activity android:name=".LinkActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="example.com" />
                <data android:host="*.example.com" />
                <data android:pathPrefix="/product/" />
                <data android:pathPrefix="/help/*" />
              </intent-filter>
              <intent-filter>
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="links.example.org" />
                <data android:scheme="shop" android:host="cart" />
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """

    static let routesJSON = """
        {"schemes": ["shop"], "associatedDomains": ["applinks:example.com", "applinks:*.example.com",
         "applinks:links.example.org"],
         "routes": [{"name": "product", "pattern": "/product/:id"}, {"name": "help", "pattern": "/help/**"},
                    {"name": "cart", "pattern": "shop://cart"}]}
        """

    static func statement(
        package: String = "com.example.app", fingerprint: String = fingerprint, relation: String = "handle_all_urls",
        rules: String? = nil
    ) -> String {
        let extensions = rules.map {
            #", "relation_extensions": {"delegate_permission/common.handle_all_urls": "#
                + #"{"dynamic_app_link_components": \#($0)}}"#
        }
        return #"{"relation": ["delegate_permission/common.\#(relation)"], "target": {"namespace": "android_app", "#
            + #""package_name": "\#(package)", "sha256_cert_fingerprints": ["\#(fingerprint)"]}\#(extensions ?? "")}"#
    }

    static let manifest = Result { try AndroidManifest(parsing: Array(manifestXML.utf8)) }

    func diagnose(
        _ url: String, statements: [String]? = [statement()], fileHost: String? = nil,
        site: AssetLinksSiteFile? = nil
    ) throws -> DoctorReport {
        let file =
            try site
            ?? statements.map { list in
                try AssetLinksSiteFile.local(
                    path: "assetlinks.json", bytes: Array("[\(list.joined(separator: ","))]".utf8))
            }
        return AndroidLinkDoctor.diagnose(
            url, manifest: try Self.manifest.get(), app: Self.app,
            routes: try RouteTable(json: Data(Self.routesJSON.utf8)),
            files: { host in fileHost == nil || host == fileHost ? file : nil },
            names: ("AndroidManifest.xml", "routes.json"))
    }

    func step(_ report: DoctorReport, _ name: Name) throws -> DoctorReport.Step {
        try #require(report.steps.first { $0.name == name })
    }

    @Test func aVerifiedLinkOpensTheAppAndNamesTheRoute() throws {
        let report = try diagnose("https://example.com/product/42")
        #expect(report.ok)
        #expect(report.platform == .android)
        #expect(report.appID == "com.example.app")
        #expect(report.steps.map(\.name) == Name.chain(of: .android))
        #expect(report.steps.map(\.verdict) == [.ok, .ok, .ok, .ok, .ok, .skipped, .ok])
        let filter = try step(report, .filter)
        #expect(filter.message == ".LinkActivity's filter at AndroidManifest.xml:4:7 accepts it")
        #expect(filter.evidence.first == "data: scheme=https host=example.com pathPrefix=/product/")
        #expect(filter.places.first == .init(.androidManifest, .text(line: 4, column: 7)))
        #expect(try step(report, .statement).places.map(\.file) == [.assetLinks])
        #expect(try step(report, .statement).places.map(\.location.pointer?.text) == ["/0"])
        #expect(try step(report, .route).places == [.init(.routes, .pointer(JSONPointer("/routes/0")!))])
        #expect(
            report.renderedText().hasPrefix(
                "https://example.com/product/42 on Android: opens the app for com.example.app, and route `product` "
                    + "handles it\n"))
    }

    @Test func noFilterNamesTheNearestAndWhy() throws {
        // The path: the nearest filter accepts the host; the literal '*' is named with its fix.
        let help = try diagnose("https://example.com/help/faq")
        #expect(help.firstBroken?.name == .filter)
        #expect(
            help.firstBroken?.message
                == "no intent filter accepts the URL: the nearest, .LinkActivity's at AndroidManifest.xml:4:7, "
                + "accepts the host, but no path rule accepts '/help/faq'")
        #expect(
            help.firstBroken?.fix
                == "write android:pathPrefix=\"/help/\" at AndroidManifest.xml:11:15: android:pathPrefix compares '*' "
                + "literally (a wildcard only in android:pathPattern)")
        #expect(help.firstBroken?.evidence.contains { $0.contains("contains '*'") } == true)
        #expect(help.firstBroken?.places.first == .init(.androidManifest, .text(line: 11, column: 15)))
        // The later links are still decided: the host is verified.
        #expect(try step(help, .statement).verdict == .ok)
        #expect(try step(help, .route).verdict == .ok)
        // A path no rule is near: add a prefix.
        let about = try diagnose("https://example.com/about/team")
        #expect(
            about.firstBroken?.fix
                == "add <data android:pathPrefix=\"/about/\" /> to the filter at AndroidManifest.xml:4:7")
        // The host: no filter declares it, so neither is it verified.
        let other = try diagnose("https://other.org/product/1")
        #expect(
            other.firstBroken?.message
                == "no intent filter accepts the URL: the nearest, .LinkActivity's at AndroidManifest.xml:4:7, does "
                + "not declare the host other.org")
        #expect(try step(other, .host).verdict == .broken)
        #expect(try step(other, .file).verdict == .skipped)
    }

    @Test func anUnresolvedPlaceholderIsNamedWithTheDefineThatResolvesIt() throws {
        let xml = Self.manifestXML.replacingOccurrences(of: "\"example.com\"", with: "\"${webHost}\"")
        let report = AndroidLinkDoctor.diagnose(
            "https://example.com/product/1", manifest: try AndroidManifest(parsing: Array(xml.utf8)), app: Self.app,
            routes: try RouteTable(json: Data(Self.routesJSON.utf8)), files: { _ in nil })
        #expect(report.firstBroken?.name == .filter)
        #expect(
            report.firstBroken?.fix
                == "give --define webHost=VALUE (Gradle's manifestPlaceholders), so that the hosts are the ones "
                + "Android receives")
        #expect(try step(report, .host).fix == report.firstBroken?.fix)
    }

    @Test func aHostNoAutoVerifyFilterDeclaresIsNotVerified() throws {
        let report = try diagnose("https://links.example.org/product/1")
        #expect(try step(report, .filter).verdict == .ok)
        #expect(report.firstBroken?.name == .host)
        #expect(
            report.firstBroken?.message
                == "no autoVerify filter declares links.example.org: Android 12 and later hand the link to the browser")
        #expect(report.firstBroken?.fix == "add android:autoVerify=\"true\" to the filter at AndroidManifest.xml:13:7")
    }

    @Test func withoutAFileTheChainIsNotVerified() throws {
        let report = try diagnose("https://example.com/product/1", statements: nil)
        #expect(!report.ok)
        #expect(report.firstBroken == nil)
        let file = try step(report, .file)
        #expect(file.verdict == .skipped && file.unverified)
        #expect(report.locatedFindings.map(\.severity) == [.warning])
        #expect(
            report.renderedText().hasPrefix(
                "https://example.com/product/1 on Android: not verified for com.example.app: `file` could not be "
                    + "checked\n"))
    }

    @Test func aFetchedFileBreaksWhenNotServedAndDecidesWhenServed() throws {
        let site = AssetLinksFetchChecker.check(
            fileHost: "example.com",
            response: AASAFetchResponse(url: "https://example.com/.well-known/assetlinks.json", status: 404),
            app: Self.app)
        let report = try diagnose("https://example.com/product/1", site: .fetched(site, response: nil))
        #expect(report.firstBroken?.name == .file)
        #expect(
            report.firstBroken?.message
                == "example.com serves no valid assetlinks.json at https://example.com/.well-known/assetlinks.json")
        #expect(try step(report, .statement).verdict == .skipped)
        // Served: the deployed file decides, and its statement is located in it.
        let served = AASAFetchResponse(
            url: "https://example.com/.well-known/assetlinks.json", status: 200,
            headers: ["Content-Type": "application/json"], body: Array("[\(Self.statement())]".utf8))
        let deployed = try diagnose(
            "https://example.com/product/1",
            site: .fetched(
                AssetLinksFetchChecker.check(fileHost: "example.com", response: served, app: Self.app),
                response: served))
        #expect(deployed.ok)
        #expect(
            try step(deployed, .file).message
                == "the deployed file, https://example.com/.well-known/assetlinks.json (status 200)")
        #expect(try step(deployed, .statement).places.map(\.file) == [.deployedAssetLinks("example.com")])
    }

    @Test(arguments: [
        (
            statement(relation: "get_login_creds"),
            "the file does not verify com.example.app: no statement grants delegate_permission/common.handle_all_urls"
        ),
        (
            statement(package: "com.other.app"),
            "the file does not verify com.example.app: it names com.other.app, not com.example.app"
        ),
        (
            statement(fingerprint: other),
            "the file does not verify com.example.app: it lists 1 fingerprint for com.example.app, none of the "
                + "app's (Play App Signing's key, not the upload key, signs apps from Google Play)"
        ),
    ])
    func aFileThatDoesNotNameTheAppBreaksTheStatement(statement: String, message: String) throws {
        let report = try diagnose("https://example.com/product/1", statements: [statement])
        #expect(report.firstBroken?.name == .statement)
        #expect(report.firstBroken?.message == message)
        #expect(try step(report, .dynamicRule).verdict == .skipped)
    }

    @Test func theWrongFingerprintPointsAtThePackagesStatement() throws {
        let report = try diagnose(
            "https://example.com/product/1",
            statements: [Self.statement(package: "com.other.app"), Self.statement(fingerprint: Self.other)])
        #expect(
            report.firstBroken?.fix
                == "add \(Self.fingerprint) to sha256_cert_fingerprints of the statement for com.example.app")
        #expect(report.firstBroken?.places.map(\.location.pointer?.text) == ["/1"])
    }

    @Test func aWildcardHostIsVerifiedWithTheBareDomainsFile() throws {
        let report = try diagnose("https://shop.example.com/product/1", fileHost: "example.com")
        #expect(report.ok)
        #expect(
            try step(report, .host).message == "*.example.com is declared for verification, covering shop.example.com")
        #expect(
            try step(report, .file).message
                == "the local file assetlinks.json stands for https://example.com/.well-known/assetlinks.json (the bare "
                + "domain's file, which verifies *.example.com)")
        // The subdomain's own file is not asked for: without the bare domain's, the chain is not verified.
        let missing = try diagnose("https://shop.example.com/product/1", fileHost: "shop.example.com")
        #expect(try step(missing, .file).unverified)
        #expect(try step(missing, .file).message.contains("(the file example.com serves)"))
    }

    @Test func aDynamicRuleExcludesTheURL() throws {
        let rules = #"[{"/": "/product/secret*", "exclude": true}, {"/": "/product/*"}]"#
        let excluded = try diagnose("https://example.com/product/secret-1", statements: [Self.statement(rules: rules)])
        #expect(excluded.firstBroken?.name == .dynamicRule)
        #expect(
            excluded.firstBroken?.message
                == #"dynamic rule 0 ({"/": "/product/secret*", "exclude": true}) excludes the URL (Android 15+): the "#
                + "browser opens")
        let pointer = "/0/relation_extensions/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0"
        #expect(excluded.firstBroken?.places.map(\.location.pointer?.text) == [pointer])
        #expect(excluded.firstBroken?.places.first?.location.line == 1)
        let allowed = try diagnose("https://example.com/product/1", statements: [Self.statement(rules: rules)])
        #expect(allowed.ok)
        #expect(try step(allowed, .dynamicRule).message == #"dynamic rule 1 ({"/": "/product/*"}) allows it"#)
        // No rule matches: excluded.
        let unmatched = try diagnose(
            "https://example.com/product/1", statements: [Self.statement(rules: #"[{"/": "/help/*"}]"#)])
        #expect(
            unmatched.firstBroken?.message
                == "no dynamic rule matches the URL, so it is excluded (Android 15+): the browser opens")
    }

    @Test func aURLNoRouteHandlesBreaksTheRoute() throws {
        let routes = try RouteTable(json: Data(#"{"associatedDomains": ["applinks:example.com"], "routes": []}"#.utf8))
        let file = try AssetLinksSiteFile.local(path: "assetlinks.json", bytes: Array("[\(Self.statement())]".utf8))
        let report = AndroidLinkDoctor.diagnose(
            "https://example.com/product/1", manifest: try Self.manifest.get(), app: Self.app, routes: routes,
            files: { _ in file })
        #expect(report.firstBroken?.name == .route)
        #expect(report.steps.dropLast().allSatisfy { $0.verdict != .broken })
    }

    @Test func aCustomSchemeNeedsNoVerification() throws {
        let report = try diagnose("shop://cart", statements: nil)
        #expect(report.ok)
        #expect(report.steps.map(\.verdict) == [.ok, .ok, .skipped, .skipped, .skipped, .skipped, .ok])
        let notALink = try diagnose("no scheme here")
        #expect(notALink.firstBroken?.name == .url)
    }

    @Test func theJSONNamesThePlatformThePackageAndThePlaces() throws {
        let report = try diagnose("https://example.com/help/faq")
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(object["platform"] as? String == "android")
        #expect(object["package"] as? String == "com.example.app")
        #expect(object["appID"] == nil)
        #expect(object["firstBroken"] as? String == "filter")
        let steps = try #require(object["steps"] as? [[String: Any]])
        let places = try #require(steps[1]["places"] as? [[String: Any]])
        #expect(places.first?["file"] as? String == "manifest")
        #expect(places.first?["line"] as? Int == 11)
    }

    @Test func bothPlatformsSideBySide() throws {
        let android = try diagnose("https://example.com/help/faq")
        let ios = DoctorReport(
            url: "https://example.com/help/faq", appID: "ABCDE12345.com.example.app",
            steps: [.init(.url, .ok, "an https link"), .init(.route, .ok, "route `help` handles it")])
        let both = PlatformsDoctorReport(ios: ios, android: android)
        #expect(!both.ok && !both.isClean)
        let lines = both.renderedText().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(3)) == [
                "https://example.com/help/faq",
                "  iOS:      opens the app for ABCDE12345.com.example.app, and route `help` handles it",
                "  Android:  does not open the app for com.example.app: the first broken link is `filter`",
            ])
        #expect(lines.contains("iOS") && lines.contains("Android"))
        #expect(both.locatedFindings.map(\.code) == ["filter"])
        #expect(both.locatedFindings.first?.message.hasPrefix("Android: no intent filter accepts") == true)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(both)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        #expect((object["ios"] as? [String: Any])?["platform"] as? String == "ios")
        #expect((object["android"] as? [String: Any])?["platform"] as? String == "android")
    }
}
