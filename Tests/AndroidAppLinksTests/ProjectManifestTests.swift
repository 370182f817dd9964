import FileLocations
import Testing

@testable import AndroidAppLinks

/// The manifest's lint on the files real projects ship, as each layout writes them (a native app, Flutter, React
/// Native, an Expo prebuild, Capacitor): each rule fires on the mistake it is for, at the attribute or filter that
/// holds it, and stays quiet on what is right (a verified filter beside a custom-scheme filter, a `content:` filter
/// with a MIME type, a filter per host-path pair, ports in `android:port`).
@Suite struct ProjectManifestTests {
    static let view = #"<action android:name="android.intent.action.VIEW" />"#
    static let categories =
        #"<category android:name="android.intent.category.DEFAULT" />"#
        + #"<category android:name="android.intent.category.BROWSABLE" />"#

    /// A manifest with one activity holding `filters`, and `uses-sdk` when given.
    static func manifest(
        _ filters: String, activity: String = ".MainActivity", sdk: (min: Int, target: Int)? = nil,
        resources: ManifestResources = ManifestResources()
    ) throws -> AndroidManifest {
        let usesSDK = sdk.map {
            #"  <uses-sdk android:minSdkVersion="\#($0.min)" android:targetSdkVersion="\#($0.target)" />"#
        }
        return try AndroidManifest(
            parsing: """
                <?xml version="1.0" encoding="utf-8"?>
                <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                \(usesSDK ?? "")
                  <application android:label="@string/app_name">
                    <activity android:name="\(activity)" android:exported="true" android:launchMode="singleTask">
                \(filters)
                    </activity>
                  </application>
                </manifest>
                """, resources: resources)
    }

    /// One intent filter: VIEW, DEFAULT and BROWSABLE (unless `categories` is given) and `data`.
    static func filter(_ data: String, autoVerify: Bool = false, categories: String = categories) -> String {
        "      <intent-filter\(autoVerify ? #" android:autoVerify="true""# : "")>\n        \(view)\n        "
            + categories + "\n        " + data + "\n      </intent-filter>"
    }

    static func codes(_ manifest: AndroidManifest) -> [String] {
        AndroidManifestLinter.lint(manifest).map(\.code.rawValue)
    }

    // MARK: Positive controls

    /// A native app: the verified filter, a custom scheme of its own, a `content:` filter with a MIME type (sharing
    /// PDFs in), a filter per host-path pair, and a staging host with its port in `android:port`.
    @Test func aNativeAppWrittenRightIsQuiet() throws {
        let manifest = try Self.manifest(
            [
                Self.filter(
                    #"<data android:scheme="https" android:host="example.com" />"#
                        + #"<data android:host="www.example.com" />"#, autoVerify: true),
                Self.filter(#"<data android:scheme="shop" android:host="cart" />"#),
                "<intent-filter>" + #"<action android:name="android.intent.action.SEND" />"#
                    + #"<category android:name="android.intent.category.DEFAULT" />"#
                    + #"<data android:scheme="content" android:mimeType="application/pdf" /></intent-filter>"#,
                Self.filter(
                    #"<data android:scheme="https" android:host="blog.example.com" android:pathPrefix="/posts/" />"#,
                    autoVerify: true),
                Self.filter(
                    #"<data android:scheme="https" android:host="help.example.com" android:pathPrefix="/faq/" />"#,
                    autoVerify: true),
                Self.filter(
                    #"<data android:scheme="https" android:host="example.com" android:port="8443" "#
                        + #"android:pathPrefix="/staging/" />"#),
            ].joined(separator: "\n"), sdk: (23, 34))
        #expect(AndroidManifestLinter.lint(manifest) == [])
    }

    // MARK: Each mistake

    /// Expo writes each `data` entry of app.json as its own element, so host-path pairs merge.
    @Test func expoHostPathPairsMergeIntoTheCrossProduct() throws {
        let manifest = try Self.manifest(
            Self.filter(
                #"<data android:scheme="https" android:host="*.myapp.io" android:pathPrefix="/records" />"#
                    + "\n        "
                    + #"<data android:scheme="https" android:host="myapp.io" android:pathPrefix="/share" />"#,
                autoVerify: true))
        let diagnostics = AndroidManifestLinter.lint(manifest)
        #expect(diagnostics.map(\.code) == [.dataCrossProduct])
        let message = try #require(diagnostics.first?.message)
        #expect(message.contains("https://*.myapp.io with pathPrefix=/share"))
        #expect(message.contains("https://myapp.io with pathPrefix=/records"))
        #expect(diagnostics.first?.fix.contains("one <intent-filter> per host") == true)
        #expect(diagnostics.first?.location == manifest.intentFilters[0].filter.location)
        // The claim shows it: both hosts with both paths.
        let claim = manifest.intentFilters[0].filter.claim
        #expect(claim.origins == ["https://*.myapp.io", "https://myapp.io"])
        #expect(claim.paths.map(\.text) == ["pathPrefix=/records", "pathPrefix=/share"])
        #expect(manifest.intentFilters[0].filter.match(AndroidURI("https://myapp.io/records/1")).isAccepted)
    }

    /// Thousands of pairs (a generated manifest): the extra URLs are counted, a few named, in linear time.
    @Test func aLargeCrossProductIsCountedNotListed() throws {
        let pairs = (0..<2_000).map { index in
            DataElement(attributes: [
                ("scheme", ManifestValue("https")), ("host", ManifestValue("h\(index).example.com")),
                ("pathPrefix", ManifestValue("/p\(index)")),
            ])
        }
        let filter = IntentFilter(
            autoVerify: true, actions: [ManifestValue(IntentFilter.viewAction)],
            categories: IntentFilter.linkCategories.map(ManifestValue.init), data: pairs)
        let found = try #require(AndroidManifestLinter.crossProduct(filter))
        #expect(found.message.contains("https://h0.example.com with pathPrefix=/p1; "))
        #expect(found.message.hasSuffix("and \(2_000 * 1_999 - 4) more"))
    }

    /// The same host with several paths on separate elements is no cross product; nor are sets written apart.
    @Test func pathsOfOneHostOrSetsAreNoCrossProduct() throws {
        for data in [
            #"<data android:scheme="https" android:host="example.com" android:pathPrefix="/a" />"#
                + #"<data android:scheme="https" android:host="example.com" android:pathPrefix="/b" />"#,
            #"<data android:scheme="https" /><data android:host="example.com" /><data android:host="www.example.com" />"#
                + #"<data android:pathPrefix="/a" /><data android:pathPrefix="/b" />"#,
        ] {
            #expect(Self.codes(try Self.manifest(Self.filter(data, autoVerify: true))) == [])
        }
    }

    /// A port, a scheme, a path, whitespace or upper case in `android:host`: an error at the attribute.
    @Test(arguments: [
        ("example.com:3000", "the port 3000", #"android:host="example.com" android:port="3000""#),
        ("https://example.com", "the scheme 'https://'", #"android:scheme="https" android:host="example.com""#),
        ("example.com/app", "the path '/app'", #"android:pathPrefix="/app""#),
        (" example.com", "whitespace", #"android:host="example.com""#),
        ("Example.com", "upper-case letters", #"android:host="example.com""#),
        ("shop..example.com", "empty label", #"android:host="example.com""#),
    ])
    func aHostAttributeHoldsOnlyAHost(_ host: String, _ what: String, _ fix: String) throws {
        let manifest = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="\#(host)" />"#, autoVerify: true))
        let diagnostics = AndroidManifestLinter.lint(manifest)
        let invalid = try #require(diagnostics.first { $0.code == .invalidHost })
        #expect(invalid.severity == .error)
        #expect(invalid.message.contains(what))
        #expect(invalid.fix.contains(fix))
        #expect(invalid.location == manifest.intentFilters[0].filter.data[0]["host"]?.location)
        #expect(!diagnostics.contains { $0.code == .webFilterWithoutAutoVerify })
    }

    /// A custom scheme's "host" is any text Android compares (`myapp://open_page`); a web host is a host name.
    @Test func aCustomSchemesHostIsNotAHostName() throws {
        let manifest = try Self.manifest(
            Self.filter(#"<data android:scheme="myapp" android:host="open_page" />"#)
                + Self.filter(#"<data android:scheme="https" android:host="*" />"#, autoVerify: true))
        #expect(Self.codes(manifest) == [])
        #expect(AndroidManifestLinter.hostProblem("*example.com") == nil)
        #expect(AndroidManifestLinter.hostProblem("open_page")?.message.contains("not a host name") == true)
    }

    /// `android:scheme="HTTPS"`: an error of its own, not "a custom scheme in an autoVerify filter".
    @Test func anUpperCaseSchemeIsAnErrorNotACustomScheme() throws {
        let manifest = try Self.manifest(
            Self.filter(#"<data android:scheme="HTTPS" android:host="example.com" />"#, autoVerify: true))
        let diagnostics = AndroidManifestLinter.lint(manifest)
        #expect(diagnostics.map(\.code) == [.schemeCase])
        #expect(diagnostics[0].severity == .error)
        #expect(diagnostics[0].fix == #"write android:scheme="https""#)
        #expect(diagnostics[0].message.contains("Android verifies none of its hosts"))
        // The filter indeed matches no web link.
        #expect(!manifest.intentFilters[0].filter.match(AndroidURI("https://example.com/")).isAccepted)
    }

    /// Flutter: a second web filter without autoVerify while the app has App Links opens the browser.
    @Test func flutterWebFilterWithoutAutoVerify() throws {
        let manifest = try Self.manifest(
            #"      <meta-data android:name="flutter_deeplinking_enabled" android:value="true" />"# + "\n"
                + Self.filter(
                    #"<data android:scheme="http" android:host="example.com" /><data android:scheme="https" />"#,
                    autoVerify: true) + "\n"
                + Self.filter(#"<data android:scheme="https" android:host="shop.example.net" />"#), sdk: (21, 34))
        let diagnostics = AndroidManifestLinter.lint(manifest)
        #expect(diagnostics.map(\.code) == [.webFilterWithoutAutoVerify])
        #expect(diagnostics[0].location == manifest.intentFilters[1].filter.location)
        #expect(diagnostics[0].message.contains("shop.example.net"))
        #expect(diagnostics[0].fix.contains(#"android:autoVerify="true""#))
        // Alone (no App Links at all) it is the same; a host a verified wildcard approves is not.
        #expect(
            Self.codes(try Self.manifest(Self.filter(#"<data android:scheme="https" android:host="a.io" />"#)))
                == ["web-filter-without-autoverify"])
        let approved = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="*.example.com" />"#, autoVerify: true)
                + Self.filter(#"<data android:scheme="https" android:host="example.com" />"#))
        #expect(Self.codes(approved) == [])
        // Targeting API 30, Android verifies every web filter's hosts once one filter asks.
        #expect(AndroidManifestLinter.lint(manifest, targetSDK: 30).isEmpty)
    }

    /// React Native: Firebase Dynamic Links' `page.link` (shut down) and Stripe's return host under autoVerify; below
    /// Android 12 one host that fails verification fails them all.
    @Test func reactNativeShutDownAndUnverifiableHosts() throws {
        let manifest = try Self.manifest(
            Self.filter(#"<data android:scheme="myapp" />"#) + "\n"
                + Self.filter(
                    #"<data android:scheme="https" android:host="example.com" />"#
                        + #"<data android:host="myapp.page.link" /><data android:host="hooks.stripe.com" />"#,
                    autoVerify: true), sdk: (23, 34))
        let diagnostics = AndroidManifestLinter.lint(manifest)
        #expect(diagnostics.map(\.code) == [.shutDownService, .unverifiableHost])
        #expect(diagnostics.map(\.severity) == [.warning, .warning])
        #expect(diagnostics[0].message.contains("Firebase Dynamic Links"))
        #expect(diagnostics[1].message.contains("Stripe"))
        #expect(diagnostics[1].message.contains("Android 11 and lower (API 30 and below"))
        #expect(diagnostics[1].message.contains("minimum SDK 23"))
        // From minSdk 31 only this host's links are lost.
        let newer = AndroidManifestLinter.lint(manifest, minSDK: 31)
        #expect(newer.map(\.code) == [.shutDownService, .unverifiableHost])
        #expect(!newer[1].message.contains("Android 11"))
        #expect(newer[1].message.contains("only this host's links"))
    }

    /// A hosting provider's shared domain as a wildcard: its file is the provider's; the app's own subdomain is fine.
    @Test func aHostingProvidersSharedDomain() throws {
        let shared = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="*.web.app" />"#, autoVerify: true))
        let diagnostics = AndroidManifestLinter.lint(shared)
        #expect(diagnostics.map(\.code) == [.unverifiableHost])
        #expect(diagnostics[0].message.contains("Firebase Hosting"))
        #expect(diagnostics[0].fix.contains("myapp.web.app"))
        let own = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="myapp.web.app" />"#, autoVerify: true))
        #expect(Self.codes(own) == [])
    }

    /// Capacitor: the custom scheme from strings.xml (a positive control) and the scheme written into the host.
    @Test func capacitorSchemeInTheHost() throws {
        let manifest = try Self.manifest(
            Self.filter(#"<data android:scheme="@string/custom_url_scheme" />"#) + "\n"
                + Self.filter(
                    #"<data android:scheme="https" android:host="https://beerswift.app" />"#, autoVerify: true),
            resources: ManifestResources(strings: ["custom_url_scheme": "com.example.beerswift"]))
        let diagnostics = AndroidManifestLinter.lint(manifest)
        #expect(diagnostics.map(\.code) == [.invalidHost])
        #expect(diagnostics[0].fix == #"write android:scheme="https" android:host="beerswift.app""#)
    }

    /// Paths in a filter without a host: an error in a link filter, a warning in a `file:` filter with a MIME type.
    @Test func pathsWithoutAHostInAFileFilterAreAWarning() throws {
        let file = try Self.manifest(
            "<intent-filter>" + Self.view + #"<category android:name="android.intent.category.DEFAULT" />"#
                + #"<data android:scheme="file" android:mimeType="application/pdf" android:pathPattern=".*\\.pdf" />"#
                + "</intent-filter>")
        #expect(AndroidManifestLinter.lint(file).map { "\($0.severity)[\($0.code)]" } == ["warning[path-without-host]"])
        let link = try Self.manifest(Self.filter(#"<data android:scheme="https" /><data android:pathPrefix="/a" />"#))
        #expect(AndroidManifestLinter.lint(link).map { "\($0.severity)[\($0.code)]" } == ["error[path-without-host]"])
    }

    /// Regression (issue 41, 9c): the reading's diagnostics and the filters' come out in file order.
    @Test func diagnosticsComeInFileOrder() throws {
        let manifest = try Self.manifest(
            Self.filter(
                #"<data android:scheme="https" android:host="example.com" android:pathPrefix="/a*" />"#,
                autoVerify: true) + "\n"
                + Self.filter(#"<data android:scheme="https" android:host="${webHost}" />"#, autoVerify: true))
        let diagnostics = AndroidManifestLinter.lint(manifest)
        #expect(diagnostics.map(\.code) == [.literalStar, .unresolvedPlaceholder])
        let lines = diagnostics.compactMap(\.location.line)
        #expect(lines == lines.sorted())
    }

    /// Regression (issue 41, 9b): right after `.*` an escaped `.` is the literal dot the glob searches for; elsewhere
    /// it still matches any character.
    @Test func anEscapedDotAfterASkipIsALiteralDot() throws {
        let afterSkip = AndroidManifestLinter.globPitfalls(#"/files/.*\.pdf"#).map(\.0)
        #expect(afterSkip.count == 1)
        #expect(afterSkip[0].hasPrefix("'.*' followed by more pattern"))
        let pattern = try AndroidPattern(.glob, #"/files/.*\.pdf"#)
        #expect(pattern.matches("/files/report.pdf"))
        #expect(!pattern.matches("/files/reportxpdf"))
        #expect(AndroidManifestLinter.globPitfalls(#"/a\.b"#).map(\.0).first?.hasPrefix("an escaped '.'") == true)
        #expect(try AndroidPattern(.glob, #"/a\.b"#).matches("/axb"))
        // An escaped `.*` is no skip: the escaped dot after it is judged on its own.
        #expect(AndroidManifestLinter.globPitfalls(#"/a\.*\.b"#).map(\.0).first?.hasPrefix("an escaped '.'") == true)
    }

    /// An invalid `pathAdvancedPattern`: the app does not install, so no URL opens, whatever the other filters say.
    @Test func anInvalidAdvancedPatternMeansTheAppDoesNotInstall() throws {
        let manifest = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="example.com" />"#, autoVerify: true) + "\n"
                + Self.filter(
                    #"<data android:scheme="https" android:host="example.com" android:pathAdvancedPattern="/a{" />"#,
                    autoVerify: true))
        let rejected = try #require(manifest.rejectedPattern)
        #expect(rejected.attribute == "pathAdvancedPattern")
        #expect(rejected.value.source == "/a{")
        let diagnostics = AndroidManifestLinter.lint(manifest, minSDK: 31)
        #expect(diagnostics.map(\.code) == [.advancedPatternInvalid])
        #expect(diagnostics[0].message.contains("refuses to install the app"))
        let app = AndroidAppIdentity(packageName: "com.example", fingerprints: [AssetLinksVerificationTests.release])
        let file = try AssetLinksVerificationTests.file()
        let decision = AndroidLinkDecider(manifest: manifest, app: app) { _ in file }.decide("https://example.com/")
        #expect(decision.verdict == .noFilter)
        #expect(decision.filters.isEmpty)
        #expect(decision.rejectedPattern == rejected)
        #expect(AndroidMatchReport.reason(decision).hasPrefix("Android refuses to install the app"))
    }
}

extension Result where Success == DataCombination {
    /// Whether the filter accepted the URL.
    var isAccepted: Bool { (try? get()) != nil }
}
