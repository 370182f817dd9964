import Testing

@testable import AndroidAppLinks

/// Which filter and `<data>` combination accept a URL (spec §3 and its worked examples), and the whole decision.
@Suite struct IntentFilterMatchingTests {
    static func manifest(_ filters: String, autoVerify: Bool = true) throws -> AndroidManifest {
        try AndroidManifest(
            parsing: """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                  <application>
                    <activity android:name=".Main">
                \(filters)
                    </activity>
                  </application>
                </manifest>
                """)
    }

    static func filter(_ data: String, autoVerify: Bool = true, categories: [String] = ["DEFAULT", "BROWSABLE"])
        -> String
    {
        let categoryLines = categories.map { #"<category android:name="android.intent.category.\#($0)"/>"# }
        return
            #"<intent-filter android:autoVerify="\#(autoVerify)"><action android:name="android.intent.action.VIEW"/>"#
            + categoryLines.joined() + data + "</intent-filter>"
    }

    /// The spec's worked example (§6).
    static let worked = filter(
        #"<data android:scheme="https"/><data android:host="example.com"/><data android:host="*.example.com"/>"#
            + #"<data android:pathPrefix="/shop"/><data android:pathPattern="/p/.*/details"/>"#)

    @Test(arguments: [
        ("https://example.com/shop/42", true), ("https://example.com/shopping", true),
        ("https://www.example.com/shop", true), ("https://Example.COM/shop", true),
        ("https://example.com/p/a/details", true), ("https://example.com/p/a/b/details", false),
        ("https://example.com/shop%2Fx", true), ("http://example.com/shop", false), ("https://example.com", false),
    ])
    func theSpecsWorkedExamples(_ url: String, _ accepted: Bool) throws {
        let filter = try #require(Self.manifest(Self.worked).intentFilters.first?.filter)
        let result = filter.match(AndroidURI(url))
        if case .success = result { #expect(accepted) } else { #expect(!accepted) }
    }

    @Test func theCombinationNamesEachPart() throws {
        let filter = try #require(Self.manifest(Self.worked).intentFilters.first?.filter)
        let combination = try filter.match(AndroidURI("https://www.example.com/p/x/details")).get()
        #expect(combination.scheme.value == "https")
        #expect(combination.host?.value == "*.example.com")
        #expect(combination.path?.name == "pathPattern")
        #expect(combination.path?.value.value == "/p/.*/details")
        #expect(filter.match(AndroidURI("https://example.com/about")) == .failure(.path("/about")))
        #expect(filter.match(AndroidURI("https://other.com/shop")) == .failure(.host("other.com")))
        #expect(filter.match(AndroidURI("http://example.com/shop")) == .failure(.scheme("http")))
    }

    /// `AuthorityEntry.match` on ASCII hosts (compared as bytes) and on others (compared as UTF-16 units), alike:
    /// case folded, a leading `*` matching by suffix, a declared port equal to the URL's.
    @Test(arguments: [
        ("example.com", "EXAMPLE.com", true), ("example.com", "example.co", false),
        ("example.com", "www.example.com", false), ("*.example.com", "a.Example.com", true),
        ("*.example.com", "example.com", false), ("*example.com", "myexample.com", true), ("*", "any.host", true),
        ("bücher.de", "BÜCHER.de", true), ("bücher.de", "bucher.de", false), ("*.com", "bücher.com", true),
        ("*.bücher.de", "bücher.de", false), ("a\u{1F600}.com", "A\u{1F600}.COM", true),
        ("example.com", "exämple.com", false),
    ])
    func hostsMatchAsciiAndOtherTextAlike(_ declared: String, _ host: String, _ matches: Bool) {
        let uri = AndroidURI("https://\(host)/")
        #expect(IntentFilter.hostMatches(declared, nil, uri, host) == matches)
        #expect(IntentFilter.hostMatches(declared, "443", AndroidURI("https://\(host):443/"), host) == matches)
        #expect(!IntentFilter.hostMatches(declared, "443", uri, host))
        #expect(!IntentFilter.hostMatches(declared, "44x", AndroidURI("https://\(host):443/"), host))
    }

    @Test func portsCountOnlyOnTheHostsElement() throws {
        let manifest = try Self.manifest(
            Self.filter(
                #"<data android:scheme="https" android:host="example.com" android:port="443"/>"#
                    + #"<data android:host="b.com"/><data android:port="8080"/>"#))
        let filter = try #require(manifest.intentFilters.first?.filter)
        #expect(filter.match(AndroidURI("https://example.com/")) == .failure(.host("example.com")))
        #expect((try? filter.match(AndroidURI("https://example.com:443/")).get()) != nil)
        // The port on its own element is ignored.
        #expect((try? filter.match(AndroidURI("https://b.com/")).get()) != nil)
    }

    @Test func categoriesActionsSchemesAndMimeTypes() throws {
        let browsableOnly = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="e.com"/>"#, categories: ["BROWSABLE"]))
        #expect(
            browsableOnly.intentFilters[0].filter.match(AndroidURI("https://e.com/"))
                == .failure(.missingCategory("android.intent.category.DEFAULT")))
        let typed = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="e.com" android:mimeType="text/html"/>"#))
        #expect(typed.intentFilters[0].filter.match(AndroidURI("https://e.com/")) == .failure(.mimeType))
        // Schemes compare case-sensitively; a host without a scheme does not count.
        let custom = try Self.manifest(Self.filter(#"<data android:scheme="myapp"/>"#))
        #expect((try? custom.intentFilters[0].filter.match(AndroidURI("myapp://anything")).get()) != nil)
        #expect(custom.intentFilters[0].filter.match(AndroidURI("MYAPP://x")) == .failure(.scheme("MYAPP")))
        let noScheme = try Self.manifest(Self.filter(#"<data android:host="e.com"/>"#))
        #expect(noScheme.intentFilters[0].filter.match(AndroidURI("https://e.com/")) == .failure(.noScheme))
    }

    @Test func relativeFilterGroupsFirstMatchDecidesAndPlainPathsWin() throws {
        let manifest = try Self.manifest(
            Self.filter(
                #"<data android:scheme="https" android:host="e.com"/><data android:path="/shop/private/ok"/>"#
                    + #"<uri-relative-filter-group android:allow="false"><data android:pathPrefix="/shop/private"/>"#
                    + #"</uri-relative-filter-group><uri-relative-filter-group><data android:pathPrefix="/shop"/>"#
                    + #"<data android:query="ref=app"/></uri-relative-filter-group>"#))
        let filter = manifest.intentFilters[0].filter
        #expect(filter.match(AndroidURI("https://e.com/shop/private/x?ref=app")) == .failure(.path("/shop/private/x")))
        #expect(try filter.match(AndroidURI("https://e.com/shop/private/ok")).get().path?.name == "path")
        #expect(try filter.match(AndroidURI("https://e.com/shop/1?a=1&ref=app")).get().relativeFilterGroup == 1)
        #expect(filter.match(AndroidURI("https://e.com/shop/1?ref=web")) == .failure(.path("/shop/1")))
    }

    static let app = AndroidAppIdentity(
        packageName: "com.example", fingerprints: [AssetLinksVerificationTests.release])

    @Test func verdicts() throws {
        let manifest = try Self.manifest(
            Self.worked + Self.filter(#"<data android:scheme="https" android:host="blog.com"/>"#, autoVerify: false)
                + Self.filter(#"<data android:scheme="myapp" android:host="open"/>"#, autoVerify: false))
        let good = try AssetLinksVerificationTests.file(
            rules: #"[{"/": "/shop/private*", "exclude": true}, {"/": "*"}]"#)
        let decider = AndroidLinkDecider(manifest: manifest, app: Self.app) { host in
            host == "example.com" ? good : nil
        }
        #expect(decider.verificationHosts == ["example.com", "*.example.com"])
        let opens = decider.decide("https://www.example.com/shop/1")
        #expect(opens.verdict == .opens)
        #expect(opens.declaredHost == "*.example.com")
        #expect(opens.fileHost == "example.com")
        #expect(opens.dynamicRule?.index == 1)
        #expect(opens.acceptingFilter?.location == .text(line: 4, column: 1))
        #expect(decider.decide("https://example.com/shop/private/1").verdict == .excluded)
        #expect(decider.decide("https://example.com/about").verdict == .noFilter)
        // A filter without autoVerify accepts it, but nothing verifies blog.com.
        #expect(decider.decide("https://blog.com/x").verdict == .notVerified)
        #expect(decider.decide("myapp://open/x").verdict == .opens)
        let wrongKey = try AssetLinksVerificationTests.file(fingerprints: [AssetLinksVerificationTests.upload])
        let unverified = AndroidLinkDecider(manifest: manifest, app: Self.app) { _ in wrongKey }
        let decision = unverified.decide("https://example.com/shop")
        #expect(decision.verdict == .notVerified)
        #expect(decision.verification?.failure == .fingerprintNotListed(listed: [AssetLinksVerificationTests.upload]))
    }

    @Test func beforeAndroid12OneFailingHostFailsAll() throws {
        let manifest = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="a.com"/><data android:host="b.com"/>"#))
        let good = try AssetLinksVerificationTests.file()
        let decide = { (api: Int) in
            AndroidLinkDecider(manifest: manifest, app: Self.app, deviceAPILevel: api) { host in
                host == "a.com" ? good : nil
            }.decide("https://a.com/x").verdict
        }
        #expect(decide(31) == .opens)
        #expect(decide(30) == .notVerified)
    }

    @Test func appsTargetingBelow31VerifyEveryWebFiltersHosts() throws {
        let manifest = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="a.com"/>"#)
                + Self.filter(#"<data android:scheme="https" android:host="b.com"/>"#, autoVerify: false))
        let file = try AssetLinksVerificationTests.file()
        let modern = AndroidLinkDecider(manifest: manifest, app: Self.app) { _ in file }
        let legacy = AndroidLinkDecider(manifest: manifest, app: Self.app, targetSDK: 30) { _ in file }
        #expect(modern.verificationHosts == ["a.com"])
        #expect(legacy.verificationHosts == ["a.com", "b.com"])
        #expect(modern.decide("https://b.com/").verdict == .notVerified)
        #expect(legacy.decide("https://b.com/").verdict == .opens)
    }

    @Test func aNonWebSchemeInAnAutoVerifyFilterVerifiesNothing() throws {
        // Expo's development client adds its own scheme to the app's filter.
        let manifest = try Self.manifest(
            Self.filter(#"<data android:scheme="https" android:host="a.com"/><data android:scheme="exp+app"/>"#))
        let file = try AssetLinksVerificationTests.file()
        let decider = AndroidLinkDecider(manifest: manifest, app: Self.app) { _ in file }
        #expect(decider.verificationHosts.isEmpty)
        #expect(decider.decide("https://a.com/").verdict == .notVerified)
    }

    @Test func withoutAManifestTheFileAloneDecides() throws {
        let file = try AssetLinksVerificationTests.file(rules: #"[{"/": "/app/*"}]"#)
        let decider = AndroidLinkDecider(manifest: nil, app: Self.app) { _ in file }
        #expect(decider.decide("https://e.com/app/1").verdict == .opens)
        #expect(decider.decide("https://e.com/web").verdict == .excluded)
    }
}
