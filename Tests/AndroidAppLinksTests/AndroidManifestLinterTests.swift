import FileLocations
import Testing

@testable import AndroidAppLinks

/// Every rule of the manifest's lint, and both files together. Android Lint's app-link detector vectors, as its
/// `AppLinksValidDetectorTest.kt` writes them, are in `AppLinksValidDetectorVectorTests`.
@Suite struct AndroidManifestLinterTests {
    static func codes(_ filters: String, minSDK: Int = 21) throws -> [String] {
        let manifest = try IntentFilterMatchingTests.manifest(filters)
        return AndroidManifestLinter.lint(manifest, minSDK: minSDK).map(\.code.rawValue)
    }

    static let web = #"<data android:scheme="https" android:host="example.com"/>"#

    @Test func autoVerifyFiltersNeedViewBrowsableAndDefault() throws {
        #expect(
            try Self.codes(IntentFilterMatchingTests.filter(Self.web, categories: ["BROWSABLE"]))
                == ["autoverify-incomplete"])
        #expect(try Self.codes(IntentFilterMatchingTests.filter(Self.web)) == [])
        let noView =
            #"<intent-filter android:autoVerify="true"><category android:name="android.intent.category.BROWSABLE"/>"#
            + #"<category android:name="android.intent.category.DEFAULT"/>"# + Self.web + "</intent-filter>"
        #expect(try Self.codes(noView) == ["autoverify-incomplete"])
    }

    @Test func aCustomSchemeInAnAutoVerifyFilter() throws {
        #expect(
            try Self.codes(IntentFilterMatchingTests.filter(Self.web + #"<data android:scheme="exp+myapp"/>"#))
                == ["autoverify-non-web-scheme"])
    }

    /// Regression (Android Lint's testDataMissing): a filter that takes links and declares no scheme or host.
    @Test func aLinkFilterWithoutSchemeOrHostIsUnreachable() throws {
        #expect(try Self.codes(IntentFilterMatchingTests.filter("", autoVerify: false)) == ["unreachable-filter"])
        #expect(
            try Self.codes(IntentFilterMatchingTests.filter(#"<data android:mimeType="image/*"/>"#, autoVerify: false))
                == [])
        #expect(
            try Self.codes(IntentFilterMatchingTests.filter("", autoVerify: false, categories: ["DEFAULT"])) == [])
    }

    @Test func pathsWithoutHostsAndHostsWithoutSchemes() throws {
        #expect(
            try Self.codes(
                IntentFilterMatchingTests.filter(
                    #"<data android:scheme="https"/><data android:pathPrefix="/shop"/>"#, autoVerify: false))
                == ["path-without-host"])
        #expect(
            try Self.codes(IntentFilterMatchingTests.filter(#"<data android:host="e.com"/>"#, autoVerify: false))
                == ["host-without-scheme"])
    }

    @Test(arguments: [
        (#"android:pathPattern="/p/.*/details""#, ["path-pattern-pitfall"]),
        (#"android:pathPattern="/p/.*""#, []),
        (#"android:pathPattern="/a\\.b""#, ["path-pattern-pitfall"]),
        (#"android:pathPattern="/a\\.*""#, []),
        (#"android:pathPattern="shop/.*""#, ["path-without-slash"]),
        (#"android:path="/shop/*""#, ["literal-star"]),
        (#"android:pathPrefix="/help/*""#, ["literal-star"]),
        (#"android:pathAdvancedPattern="/a{""#, ["advanced-pattern-invalid"]),
        (#"android:pathAdvancedPattern="/[0-9]+""#, []),
    ])
    func pathAttributes(_ attribute: String, _ expected: [String]) throws {
        #expect(
            try Self.codes(IntentFilterMatchingTests.filter(Self.web + "<data \(attribute)/>"), minSDK: 35)
                == expected)
    }

    @Test func attributesNewerThanTheMinimumSDK() throws {
        let suffix = IntentFilterMatchingTests.filter(Self.web + #"<data android:pathSuffix=".pdf"/>"#)
        #expect(try Self.codes(suffix, minSDK: 30) == ["attribute-needs-newer-sdk"])
        #expect(try Self.codes(suffix, minSDK: 31) == [])
        let group = IntentFilterMatchingTests.filter(
            Self.web + #"<uri-relative-filter-group><data android:query="a=b"/></uri-relative-filter-group>"#)
        #expect(try Self.codes(group, minSDK: 34) == ["attribute-needs-newer-sdk"])
        #expect(try Self.codes(group, minSDK: 35) == [])
    }

    @Test func portsOnAutoVerifyHosts() throws {
        let filter = IntentFilterMatchingTests.filter(
            #"<data android:scheme="https" android:host="example.com" android:port="8443"/>"#)
        #expect(try Self.codes(filter) == ["autoverify-port"])
    }

    @Test func aFilterWithDataAndNoActionIsUnreachable() throws {
        let filter = #"<intent-filter><data android:scheme="https" android:host="e.com"/></intent-filter>"#
        #expect(try Self.codes(filter) == ["unreachable-filter"])
    }

    @Test func bothFilesTogether() throws {
        let manifest = try IntentFilterMatchingTests.manifest(
            IntentFilterMatchingTests.filter(
                #"<data android:scheme="https"/><data android:host="example.com"/><data android:host="*.shop.com"/>"#))
        let wrongKey = try AssetLinksVerificationTests.file(fingerprints: [AssetLinksVerificationTests.upload])
        let good = try AssetLinksVerificationTests.file()
        let diagnostics = AndroidManifestLinter.lint(manifest, app: IntentFilterMatchingTests.app) { host in
            host == "example.com" ? wrongKey : good
        }
        #expect(diagnostics.map(\.code) == [.hostNotVerified, .wildcardFileHost])
        #expect(diagnostics[0].message.contains("none of the app's"))
        #expect(diagnostics[0].location == .text(line: 4, column: 247))
        #expect(diagnostics[1].message.contains("https://shop.com/.well-known/assetlinks.json"))
    }
}
