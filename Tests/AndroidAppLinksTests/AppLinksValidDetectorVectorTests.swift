import Testing

@testable import AndroidAppLinks

/// The inputs and expected outcomes of Android Lint's app-link detector tests (`AppLinksValidDetectorTest.kt`,
/// tools/base `lint/libs/lint-tests/src/test/java/com/android/tools/lint/checks/`, as stored in the mirror
/// `Flank/mirror-goog-studio-main`), as data.
///
/// Two kinds of vectors: the `tools:validation testUrl` cases, where Lint matches a URL against an activity's
/// `<data>` elements (here `IntentFilter.match(_:)`, inside a filter with `VIEW`, `DEFAULT` and `BROWSABLE`
/// because Lint's `testElement` compares the data only), and the manifest cases whose finding has a code here.
/// Where Lint's expectation is not what Android's code does, Android's code decides and the vector says why
/// (`IntentFilter.AuthorityEntry`: a filter without a port accepts any port; hosts compare ignoring case).
@Suite struct AppLinksValidDetectorVectorTests {
    struct URLVector: Sendable, CustomTestStringConvertible {
        /// The Kotlin test the vector comes from.
        var test: String
        /// The `<data>` elements of the filter.
        var data: String
        var url: String
        var accepted: Bool
        var testDescription: String { "\(test): \(url)" }
    }

    static let gizmos =
        #"<data android:scheme="http" android:host="example.com" android:pathPrefix="/gizmos"/>"#
        + #"<data android:path="/literal/path"/>"#
    static let twitter =
        #"<data android:scheme="http"/><data android:scheme="https"/><data android:host="www.twitter.com"/>"#
        + #"<data android:host="twitter.com"/><data android:host="*.twitter.com"/><data android:host="*twitter.com"/>"#
        + #"<data android:pathPattern="/vioside/.*"/>"#
    static let wildcard = #"<data android:scheme="http" android:host="*.example.com" android:pathPrefix="/path"/>"#

    static let urlVectors: [URLVector] = [
        // testValidation1 and testStaticValidation: one error per failing URL, none for the others.
        URLVector(test: "testValidation1", data: gizmos, url: "http://example.com/gizmos/foo/bar", accepted: true),
        URLVector(test: "testValidation1", data: gizmos, url: "http://example.com/notmatch/foo/bar", accepted: false),
        URLVector(test: "testValidation1", data: gizmos, url: "http://notmatch.com/gizmos/foo/bar", accepted: false),
        URLVector(test: "testValidation1", data: gizmos, url: "https://example.com/gizmos/foo/bar", accepted: false),
        URLVector(test: "testValidation1", data: gizmos, url: "http://example.com/literal/path", accepted: true),
        // testValidation2: expectClean.
        URLVector(
            test: "testValidation2", data: twitter, url: "https://twitter.com/vioside/status/761453456683069440",
            accepted: true),
        URLVector(
            test: "testValidation2", data: twitter, url: "https://www.twitter.com/vioside/status/761453456683069440",
            accepted: true),
        // testHostWildcardMatching: only the bare domain fails (`*.example.com` is the suffix `.example.com`).
        URLVector(
            test: "testHostWildcardMatching", data: wildcard, url: "http://example.com/path/foo/bar", accepted: false),
        URLVector(
            test: "testHostWildcardMatching", data: wildcard, url: "http://.example.com/path/foo/bar", accepted: true),
        URLVector(
            test: "testHostWildcardMatching", data: wildcard, url: "http://www.example.com/path/foo/bar",
            accepted: true),
    ]

    @Test(arguments: urlVectors)
    func testURLsMatchAsLintExpects(_ vector: URLVector) throws {
        let manifest = try IntentFilterMatchingTests.manifest(IntentFilterMatchingTests.filter(vector.data))
        let filter = try #require(manifest.intentFilters.first?.filter)
        #expect(((try? filter.match(AndroidURI(vector.url)).get()) != nil) == vector.accepted)
    }

    /// testPortMatching: three `autoVerify` filters (no port, port 85, `android.com` with port 86) and six URLs; Lint
    /// expects errors for `http://example.com:80/path/foo/bar` and `http://android.com/path/foo/bar` only.
    @Test func testPortMatchingWithAndroidsRuleForAFilterWithoutAPort() throws {
        let filters = [
            #"<data android:scheme="http" android:host="example.com" android:pathPrefix="/path"/>"#,
            #"<data android:scheme="http" android:host="example.com" android:port="85" android:pathPrefix="/path"/>"#,
            #"<data android:scheme="http" android:host="android.com" android:port="86" android:pathPrefix="/path"/>"#,
        ]
        let manifest = try IntentFilterMatchingTests.manifest(
            filters.map { IntentFilterMatchingTests.filter($0) }.joined())
        func accepted(_ url: String) -> [Bool] {
            manifest.intentFilters.map { (try? $0.filter.match(AndroidURI(url)).get()) != nil }
        }
        #expect(accepted("http://example.com/path/foo/bar") == [true, false, false])
        #expect(accepted("http://example.com:85/path/foo/bar") == [true, true, false])
        #expect(accepted("http://android.com:86/path/foo/bar") == [false, false, true])
        // Lint: "did not match host example.com or did not match port 86".
        #expect(accepted("http://android.com/path/foo/bar") == [false, false, false])
        // Lint expects "did not match port none": its own rule. Android's `AuthorityEntry.match` compares the port only
        // when the filter declares one, so the filter without a port accepts port 80.
        #expect(accepted("http://example.com:80/path/foo/bar") == [true, false, false])
    }

    struct LintVector: Sendable, CustomTestStringConvertible {
        var test: String
        /// The `<intent-filter>` as the test writes it (inside an activity).
        var filter: String
        /// The codes found here, in order.
        var codes: [String]
        var testDescription: String { test }
    }

    static let view = #"<action android:name="android.intent.action.VIEW"/>"#
    static let categories =
        #"<category android:name="android.intent.category.DEFAULT"/>"#
        + #"<category android:name="android.intent.category.BROWSABLE"/>"#

    static let lintVectors: [LintVector] = [
        // testPathsBeginWithSlash: Lint flags android:pathPrefix="samplePrefix" and android:path="samplePath" (the
        // pathPattern "samplePattern" too is a path no URL path matches, which Lint does not check).
        LintVector(
            test: "testPathsBeginWithSlash",
            filter: "<intent-filter>" + view
                + #"<data android:scheme="http" android:host="example.com" android:pathPrefix="samplePrefix" "#
                + #"android:path="samplePath" android:pathPattern="samplePattern"/>"# + categories + "</intent-filter>",
            codes: ["path-without-slash", "path-without-slash", "path-without-slash"]),
        // testWrongPathPrefix: android:pathPrefix="gizmos".
        LintVector(
            test: "testWrongPathPrefix",
            filter: "<intent-filter>" + view
                + #"<data android:scheme="http" android:host="example.com" android:pathPrefix="gizmos"/>"#
                + categories + "</intent-filter>",
            codes: ["path-without-slash"]),
        // testSchemeAndHostMissing: "At least one host must be specified", "At least one scheme must be specified":
        // here the path without a host (Android ignores it) and a filter no URL reaches (no scheme).
        LintVector(
            test: "testSchemeAndHostMissing",
            filter: "<intent-filter>" + view + #"<data android:pathPrefix="/gizmos"/>"# + categories
                + "</intent-filter>",
            codes: ["unreachable-filter", "path-without-host"]),
        // testMultiIntentWithError: "At least one host must be specified".
        LintVector(
            test: "testMultiIntentWithError",
            filter: "<intent-filter>" + view + #"<data android:scheme="http" android:pathPrefix="/gizmos"/>"#
                + categories + "</intent-filter>",
            codes: ["path-without-host"]),
        // testMultiData and testMultiIntent: expectClean.
        LintVector(
            test: "testMultiData",
            filter: "<intent-filter>" + view
                + #"<data android:scheme="http"/><data android:host="example.com"/><data android:pathPrefix="/gizmos"/>"#
                + categories + "</intent-filter>",
            codes: []),
        LintVector(
            test: "testMultiIntent",
            filter: #"<intent-filter><action android:name="android.intent.action.MAIN"/>"#
                + #"<category android:name="android.intent.category.LAUNCHER"/></intent-filter>"#
                + "<intent-filter>" + view
                + #"<data android:scheme="http" android:host="example.com" android:pathPrefix="/gizmos"/>"#
                + categories + "</intent-filter>",
            codes: []),
        // testDataMissing: "Missing data element": a VIEW filter without <data> reaches no URL.
        LintVector(
            test: "testDataMissing", filter: "<intent-filter>" + view + categories + "</intent-filter>",
            codes: ["unreachable-filter"]),
    ]

    /// Codes of rules the detector has no counterpart for: its vectors' web filters mostly lack `autoVerify`, which
    /// this package reports (`ProjectManifestTests`) and the detector leaves to another check.
    static let beyondTheDetector: Set<String> = ["web-filter-without-autoverify"]

    /// The lint's codes, without ``beyondTheDetector``.
    static func detectorCodes(_ manifest: AndroidManifest) -> [String] {
        AndroidManifestLinter.lint(manifest).map(\.code.rawValue).filter { !beyondTheDetector.contains($0) }
    }

    @Test(arguments: lintVectors)
    func manifestFindingsAsLintExpects(_ vector: LintVector) throws {
        let manifest = try IntentFilterMatchingTests.manifest(vector.filter)
        #expect(Self.detectorCodes(manifest) == vector.codes)
    }

    static let resourceFilter =
        "<intent-filter>" + view
        + #"<data android:scheme="http" android:host="example.com" android:pathPrefix="@string/path_prefix" "#
        + #"android:port="@string/port"/>"# + categories + "</intent-filter>"

    /// testOkWithResource (expectClean) and testWrongWithResource (the prefix `pathprefix` from strings.xml does not
    /// start with `/`; Lint's "not a valid port number" for the port `gizmos` has no code here: the manifest's lint
    /// does not check port numbers).
    @Test(arguments: [
        (
            "testOkWithResource", #"<string name="path_prefix">/pathprefix</string><string name="port">8080</string>"#,
            [String]()
        ),
        (
            "testWrongWithResource",
            #"<string name="path_prefix">pathprefix</string><string name="port">gizmos</string>"#,
            ["path-without-slash"]
        ),
    ])
    func valuesFromStringsXMLAreLintedAsLintExpects(_ test: String, _ strings: String, _ codes: [String]) throws {
        var resources = ManifestResources()
        try resources.addStrings(parsing: Array("<resources>\(strings)</resources>".utf8))
        let manifest = try AndroidManifest(
            parsing: """
                <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                  <application><activity android:name=".FullscreenActivity">\(Self.resourceFilter)</activity></application>
                </manifest>
                """, resources: resources)
        #expect(Self.detectorCodes(manifest) == codes, "\(test)")
    }

    /// Lint's expectClean cases this package reports on purpose, because Android's code does: test62810553 (a
    /// custom scheme with a path and no host: Android ignores the path, so the filter takes every `myscheme:` URI)
    /// and test68322249 (a `${placeholder}` left unresolved is named, never taken as a path).
    @Test func whereLintIsCleanAndAndroidIsNot() throws {
        let custom = try IntentFilterMatchingTests.manifest(
            #"<intent-filter><data android:scheme="myscheme" android:pathPrefix="/path/to/there"/></intent-filter>"#)
        // The filter has no action either, as the test writes it: no intent reaches it.
        #expect(AndroidManifestLinter.lint(custom).map(\.code.rawValue) == ["unreachable-filter", "path-without-host"])
        let placeholder = try IntentFilterMatchingTests.manifest(
            #"<intent-filter android:autoVerify="true"><data android:scheme="http" android:host="example.com" "#
                + #"android:pathPrefix="${DEEP_LINK_PREFIX}"/></intent-filter>"#)
        #expect(placeholder.diagnostics.map(\.code.rawValue) == ["unresolved-placeholder"])
    }
}
