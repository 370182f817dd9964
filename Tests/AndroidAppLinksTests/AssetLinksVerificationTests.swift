import Testing

@testable import AndroidAppLinks

/// Host verification (spec §2) and the dynamic rules (spec §4).
@Suite struct AssetLinksVerificationTests {
    static let release = AssetLinksParsingTests.fingerprint
    static let upload =
        "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89"

    static func file(package: String = "com.example", fingerprints: [String] = [release], rules: String? = nil)
        throws -> AssetLinksFile
    {
        let list = fingerprints.map { "\"\($0)\"" }.joined(separator: ", ")
        let extensions = rules.map {
            #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": "#
                + $0 + "}}"
        }
        return try AssetLinksFile(
            parsing: #"[{"relation": ["delegate_permission/common.handle_all_urls"]"# + (extensions ?? "")
                + #", "target": {"namespace": "android_app", "package_name": ""# + package
                + #"", "sha256_cert_fingerprints": ["# + list + "]}}]")
    }

    @Test func verifiedByPackageAndAnyFingerprint() throws {
        let file = try Self.file(fingerprints: [Self.upload, Self.release])
        let app = AndroidAppIdentity(packageName: "com.example", fingerprints: [Self.release])
        #expect(file.verification(for: app).isVerified)
        // The app's fingerprint may be given in any case and without colons; the file's is compared as written.
        let typed = AndroidAppIdentity(
            packageName: "com.example", fingerprints: [Self.release.filter { $0 != ":" }.lowercased()])
        #expect(file.verification(for: typed).isVerified)
    }

    @Test func theUploadKeyIsTheCommonestWrongValue() throws {
        let file = try Self.file(fingerprints: [Self.upload])
        let app = AndroidAppIdentity(packageName: "com.example", fingerprints: [Self.release])
        #expect(file.verification(for: app).failure == .fingerprintNotListed(listed: [Self.upload]))
    }

    @Test func thePackageNameIsComparedExactly() throws {
        let file = try Self.file(package: "com.Example")
        let app = AndroidAppIdentity(packageName: "com.example", fingerprints: [Self.release])
        #expect(file.verification(for: app).failure == .packageNotListed(listed: ["com.Example"]))
    }

    @Test func wildcardHostsAreFetchedFromTheBareDomain() {
        #expect(DomainVerificationRules.fileHost(for: "*.example.com") == "example.com")
        #expect(DomainVerificationRules.fileHost(for: "WWW.Example.com") == "www.example.com")
    }

    @Test func perHostSinceAndroid12AllOrNothingBefore() {
        let results = ["example.com": true, "shop.example.com": false]
        #expect(DomainVerificationRules.verifiedHosts(results, deviceAPILevel: 31) == results)
        #expect(
            DomainVerificationRules.verifiedHosts(results, deviceAPILevel: 30)
                == ["example.com": false, "shop.example.com": false])
        #expect(
            DomainVerificationRules.verifiedHosts(["a.com": true, "b.com": true], deviceAPILevel: 30)
                == ["a.com": true, "b.com": true])
    }

    static func decide(_ rules: String, _ url: String) throws -> (rule: Int?, excluded: Bool) {
        let file = try file(rules: rules)
        let app = AndroidAppIdentity(packageName: "com.example", fingerprints: [release])
        let verification = file.verification(for: app)
        let dynamic = try #require(verification.dynamicRules)
        return DynamicAppLinkRule.decide(dynamic, for: AndroidURI(url))
    }

    @Test func theFirstMatchingRuleDecides() throws {
        let rules = #"[{"/": "/shop/private/*", "exclude": true}, {"/": "/shop/*"}]"#
        #expect(try Self.decide(rules, "https://example.com/shop/private/x") == (0, true))
        #expect(try Self.decide(rules, "https://example.com/shop/42") == (1, false))
        // No rule matches: excluded.
        #expect(try Self.decide(rules, "https://example.com/about") == (nil, true))
    }

    @Test func queryAndFragmentRules() throws {
        let rules = ##"[{"?": {"ref": "?*"}}, {"#": "app"}]"##
        #expect(try Self.decide(rules, "https://example.com/a?x=1&ref=mail") == (0, false))
        #expect(try Self.decide(rules, "https://example.com/a?ref=") == (nil, true))
        #expect(try Self.decide(rules, "https://example.com/a#app") == (1, false))
        #expect(try Self.decide(rules, "https://example.com/a#apps") == (nil, true))
    }

    @Test func patternsCompileAsTheReferenceVerifierDoes() {
        #expect(DynamicAppLinkRule.compile("/a") == (try! AndroidPattern(.literal, "/a")))
        #expect(DynamicAppLinkRule.compile("/a/*") == (try! AndroidPattern(.prefix, "/a/")))
        #expect(DynamicAppLinkRule.compile("/a/*/b") == (try! AndroidPattern(.glob, "/a/.*/b")))
        #expect(DynamicAppLinkRule.compile("/a?c") == (try! AndroidPattern(.glob, "/a.c")))
        // The glob's behaviour applies: "*" stops at the first "/" that follows.
        #expect(DynamicAppLinkRule.compile("/p/*/details").matches("/p/a/details"))
        #expect(!DynamicAppLinkRule.compile("/p/*/details").matches("/p/a/b/details"))
        // Patterns are compared with the decoded path, case-sensitively.
        #expect(DynamicAppLinkRule.compile("/a b").matches(AndroidURI("https://e.com/a%20b").path))
        #expect(!DynamicAppLinkRule.compile("/A").matches("/a"))
    }

    @Test func uriPartsAsAndroidSplitsThem() {
        let uri = AndroidURI("https://user@Example.COM:8443/shop%2Fx/../y?q=a%20b&r=1#frag%21")
        #expect(uri.scheme == "https")
        #expect(uri.host == "Example.COM")
        #expect(uri.port == 8443)
        #expect(uri.path == "/shop/x/../y")
        #expect(uri.query == "q=a b&r=1")
        #expect(uri.queryParameters == ["q=a b", "r=1"])
        #expect(uri.fragment == "frag!")
        #expect(AndroidURI("https://example.com").path == "")
        #expect(AndroidURI("https://example.com").port == nil)
        #expect(AndroidURI("https://example.com:/a").port == nil)
        #expect(AndroidURI("myapp:open").host == nil)
        #expect(AndroidURI("https://e.com/%zz").path == "/\u{FFFD}zz")
    }
}
