import Testing

@testable import AndroidAppLinks

/// The approval through a verified wildcard (spec §5 step 3, AOSP `DomainVerificationService`): a host is approved
/// when it verified itself, or when a verified `*.d` of the app has it as a string suffix.
@Suite struct DomainApprovalTests {
    static let app = AndroidAppIdentity(packageName: "com.example", fingerprints: [AssetLinksVerificationTests.release])

    /// `*.example.com` verifies (example.com's file names the app); shop.example.com declares itself and its own
    /// file names another app; example.com and myexample.com are in a filter without autoVerify.
    static func decider(wildcardVerifies: Bool = true, deviceAPILevel: Int = 35) throws -> AndroidLinkDecider {
        let manifest = try ProjectManifestTests.manifest(
            ProjectManifestTests.filter(
                #"<data android:scheme="https" android:host="*.example.com" />"#, autoVerify: true)
                + ProjectManifestTests.filter(
                    #"<data android:scheme="https" android:host="shop.example.com" />"#, autoVerify: true)
                + ProjectManifestTests.filter(
                    #"<data android:scheme="https" android:host="example.com" />"#
                        + #"<data android:host="myexample.com" /><data android:host="example.org" />"#))
        let good = try AssetLinksVerificationTests.file()
        let other = try AssetLinksVerificationTests.file(package: "com.other")
        return AndroidLinkDecider(manifest: manifest, app: app, deviceAPILevel: deviceAPILevel) { host in
            host == "example.com" ? (wildcardVerifies ? good : other) : other
        }
    }

    @Test(arguments: [
        // Its own file fails; *.example.com approves it.
        ("https://shop.example.com/a", AndroidLinkDecision.Verdict.opens),
        ("https://example.com/a", .opens),  // the bare domain, in a filter without autoVerify
        ("https://myexample.com/a", .opens),  // no dot required: a plain string suffix
        ("https://www.example.com/a", .opens),
        ("https://example.org/a", .notVerified),
    ])
    func aVerifiedWildcardApprovesEveryHostEndingWithItsDomain(
        _ url: String, _ verdict: AndroidLinkDecision.Verdict
    ) throws {
        let decision = try Self.decider().decide(url)
        #expect(decision.verdict == verdict)
        if verdict == .opens { #expect(decision.declaredHost == "*.example.com") }
    }

    @Test func withoutTheWildcardsFileNothingIsApproved() throws {
        for url in ["https://shop.example.com/a", "https://example.com/a", "https://myexample.com/a"] {
            #expect(try Self.decider(wildcardVerifies: false).decide(url).verdict == .notVerified)
        }
        // The filter must still match: the wildcard approves, but no filter takes example.net.
        #expect(try Self.decider().decide("https://example.net/a").verdict == .noFilter)
    }

    /// Before Android 12 one failing host fails every host: shop.example.com's file fails, so nothing opens.
    @Test func olderDevicesAreAllOrNothing() throws {
        #expect(try Self.decider(deviceAPILevel: 30).decide("https://www.example.com/a").verdict == .notVerified)
    }

    @Test func theRuleItself() {
        #expect(DomainVerificationRules.approves("shop.example.com", through: "*.example.com"))
        #expect(DomainVerificationRules.approves("Example.COM", through: "*.example.com"))
        #expect(DomainVerificationRules.approves("myexample.com", through: "*.example.com"))
        #expect(DomainVerificationRules.approves("example.com", through: "example.com"))
        #expect(!DomainVerificationRules.approves("shop.example.com", through: "example.com"))
        #expect(!DomainVerificationRules.approves("example.org", through: "*.example.com"))
        #expect(!DomainVerificationRules.approves("example.com", through: "*."))
    }

    /// Both files together: a host whose own file fails is a warning when a verified wildcard approves it.
    @Test func theLintOfBothFilesSaysTheWildcardApproves() throws {
        let manifest = try #require(Self.decider().manifest)
        let good = try AssetLinksVerificationTests.file()
        let other = try AssetLinksVerificationTests.file(package: "com.other")
        let diagnostics = AndroidManifestLinter.lint(manifest, app: Self.app) { $0 == "example.com" ? good : other }
        let shop = try #require(diagnostics.first { $0.code == .hostNotVerified })
        #expect(shop.severity == .warning)
        #expect(shop.message.hasPrefix("shop.example.com is not verified"))
        #expect(shop.message.contains("the verified *.example.com approves"))
    }
}
