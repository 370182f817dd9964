import LinkRouting
import Testing

/// The one Associated Domains entry type: one parser (strict for routes files, lenient for the lint), one
/// `covers(host:)`, the typed mode kept.
@Suite struct AssociatedDomainTests {
    @Test(
        arguments: [
            ("applinks:example.com", "applinks", "example.com", false, nil),
            ("applinks:*.Example.com?mode=developer", "applinks", "example.com", true, "developer"),
            ("example.com?mode=developer+managed", "applinks", "example.com", false, "developer+managed"),
            ("*.example.com", "applinks", "example.com", true, nil),
        ] as [(String, String, String, Bool, String?)])
    func aRoutesFileEntryKeepsItsServiceHostWildcardAndMode(
        entry: String, service: String, host: String, wildcard: Bool, mode: String?
    ) throws {
        let domain = try AssociatedDomain(entry: entry)
        #expect(domain.service.rawValue == service)
        #expect(domain.host == host)
        #expect(domain.isWildcard == wildcard)
        #expect(domain.mode?.rawValue == mode)
        #expect(domain.isWellFormed)
        #expect(domain.description == "applinks:" + (wildcard ? "*." : "") + host)
    }

    /// The strict reading refuses what it refused before, with the same messages.
    @Test(arguments: [
        ("applinks:example.com?mode=dev", "unknown suffix `?mode=dev`"),
        ("applinks:example.com?developer", "unknown suffix `?developer`"),
        ("webcredentials:example.com", "only `applinks:` entries are associated domains for links"),
        ("example.com/app:x", "only `applinks:` entries are associated domains for links"),
        (
            "applinks:https://example.com",
            "`https://example.com` is not a host name (no ports, paths or wildcards inside)"
        ),
        ("applinks:example.com:8443", "`example.com:8443` is not a host name (no ports, paths or wildcards inside)"),
        ("applinks:a..b", "`a..b` is not a host name (empty label)"),
    ])
    func aRoutesFileEntryThatIsNotAnApplinksHostIsRefused(entry: String, message: String) {
        #expect {
            _ = try AssociatedDomain(entry: entry)
        } throws: { error in
            (error as? RouteConfigurationError)?.description.hasSuffix(message) == true
        }
    }

    @Test func theLenientReadingKeepsEveryMistake() {
        let domain = AssociatedDomain(parsing: "applinks:https://Example.com:8443/app?mode=dev")
        #expect(domain.service == .applinks)
        #expect(domain.scheme == "https")
        #expect(domain.host == "example.com")
        #expect(domain.port == "8443")
        #expect(domain.path == "/app")
        #expect(domain.mode?.rawValue == "dev")
        #expect(domain.mode?.isKnown == false)
        #expect(!domain.isWellFormed)
        #expect(!domain.covers(host: "example.com"))
        let missing = AssociatedDomain(parsing: "example.com")
        #expect(missing.service.rawValue.isEmpty && !missing.isWellFormed && missing.description == "example.com")
    }

    /// Both readings of a valid entry are the same value, so the routes file, the lint, the whole-app check and
    /// the doctor decide `covers` alike.
    @Test(arguments: ["applinks:example.com", "applinks:*.example.com", "applinks:*.shop.example.com?mode=managed"])
    func bothReadingsAgree(entry: String) throws {
        let strict = try AssociatedDomain(entry: entry)
        let lenient = AssociatedDomain(parsing: entry)
        #expect(strict == lenient)
        for host in [
            "example.com", "shop.example.com", "a.shop.example.com", "EXAMPLE.COM", ".example.com", "xexample.com",
        ] {
            #expect(strict.covers(host: host) == lenient.covers(host: host), "\(host)")
        }
    }

    @Test func aWildcardCoversProperSubdomainsOnly() throws {
        let wildcard = try AssociatedDomain(entry: "applinks:*.example.com")
        #expect(wildcard.covers(host: "shop.example.com"))
        #expect(wildcard.covers(host: "a.b.EXAMPLE.com"))
        #expect(!wildcard.covers(host: "example.com"))
        #expect(!wildcard.covers(host: "badexample.com"))
        #expect(!wildcard.covers(host: ".example.com"))
    }

    @Test func aRoutesFileKeepsOneEntryPerHostWithTheFirstMode() throws {
        let table = try RouteTable(
            json: """
                {"associatedDomains": ["applinks:example.com?mode=developer", "applinks:example.com"],
                 "routes": [{"name": "a", "pattern": "/a"}]}
                """)
        #expect(table.associatedDomains.map(\.description) == ["applinks:example.com"])
        #expect(table.associatedDomains.first?.mode == .developer)
    }
}
