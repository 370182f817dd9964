import Testing

@testable import AndroidAppLinks

/// What a filter claims (schemes × hosts with ports × path rules), as `match` decides with it.
@Suite struct IntentFilterClaimTests {
    @Test func theClaimIsTheMergedSetsWithPortsOnTheirOwnElement() throws {
        let manifest = try ProjectManifestTests.manifest(
            ProjectManifestTests.filter(
                #"<data android:scheme="https" android:host="example.com" android:port="8443" />"#
                    + #"<data android:scheme="http" android:host="www.example.com" />"#
                    + #"<data android:pathPrefix="/shop" /><data android:pathAdvancedPattern="/p/[0-9]+" />"#,
                autoVerify: true))
        let claim = try #require(IntentFilterClaim.claims(of: manifest).first)
        #expect(claim.activity == ".MainActivity")
        #expect(claim.verified)
        #expect(claim.takesLinks)
        #expect(
            claim.origins == [
                "https://example.com:8443", "https://www.example.com", "http://example.com:8443",
                "http://www.example.com",
            ])
        #expect(claim.pathsText == "pathPrefix=/shop, pathAdvancedPattern=/p/[0-9]+")
        #expect(claim.authorities.map(\.text) == ["example.com:8443", "www.example.com"])
        // Every combination the claim lists is one `match` accepts, and only those.
        let filter = manifest.intentFilters[0].filter
        #expect(filter.match(AndroidURI("http://example.com:8443/shop/1")).isAccepted)
        #expect(filter.match(AndroidURI("http://www.example.com/p/7")).isAccepted)
        #expect(!filter.match(AndroidURI("https://example.com/shop")).isAccepted)  // no explicit port
        #expect(!filter.match(AndroidURI("https://www.example.com/about")).isAccepted)
    }

    @Test func whatAFilterDoesNotClaim() throws {
        let manifest = try ProjectManifestTests.manifest(
            [
                ProjectManifestTests.filter(#"<data android:scheme="shop" /><data android:pathPrefix="/x" />"#),
                ProjectManifestTests.filter(#"<data android:scheme="https" android:mimeType="text/plain" />"#),
                "<intent-filter>" + ProjectManifestTests.view + #"<data android:scheme="https" /></intent-filter>"#,
                ProjectManifestTests.filter(#"<data android:host="${host}" android:scheme="https" />"#),
            ].joined(separator: "\n"))
        let claims = IntentFilterClaim.claims(of: manifest)
        // A filter without a host claims every URL of its schemes, and its paths are ignored.
        #expect(claims[0].origins == ["shop:"])
        #expect(claims[0].pathsText == "every path")
        #expect(claims[0].ignoredPaths.map(\.text) == ["pathPrefix=/x"])
        #expect(claims[1].noLinks == .mimeType)
        #expect(claims[2].noLinks == .missingCategory("android.intent.category.BROWSABLE"))
        // An unresolved host shows its source and matches nothing.
        #expect(claims[3].origins == ["https://${host}"])
        #expect(!manifest.intentFilters[3].filter.match(AndroidURI("https://example.com/")).isAccepted)
    }

    /// Targeting API 30, every web filter's hosts are verified once one filter asks (spec §2).
    @Test func belowAPI31EveryWebFilterIsVerifiedOnceOneAsks() throws {
        let manifest = try ProjectManifestTests.manifest(
            ProjectManifestTests.filter(#"<data android:scheme="https" android:host="a.com" />"#, autoVerify: true)
                + ProjectManifestTests.filter(#"<data android:scheme="https" android:host="b.com" />"#))
        #expect(IntentFilterClaim.claims(of: manifest, targetSDK: 35).map(\.verified) == [true, false])
        #expect(IntentFilterClaim.claims(of: manifest, targetSDK: 30).map(\.verified) == [true, true])
    }
}
