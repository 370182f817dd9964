import RichMediaKitSupport
import Testing

/// The hosts an Associated Domains entry must not or should not claim (issue 28's host rules; `HostClaims`).
@Suite struct HostClaimsTests {
    @Test(arguments: [
        ("10.0.0.1", HostClaims.Kind.ipAddress), ("192.168.1.20", .ipAddress), ("0x7f.1", .ipAddress),
        ("127.1", .ipAddress), ("[::1]", .ipAddress), ("fe80::1", .ipAddress), ("example.com.1", .ipAddress),
        ("localhost", .singleLabel), ("intranet", .singleLabel), ("LOCALHOST", .singleLabel),
        ("app.test", .specialUse), ("shop.invalid", .specialUse), ("api.localhost", .specialUse),
        ("links.example", .specialUse), ("printer.local", .specialUse), ("x.onion", .specialUse),
        ("nas.home.arpa", .specialUse), ("wiki.internal", .specialUse), ("App.TEST", .specialUse),
        ("example.com", .documentation), ("www.example.org", .documentation), ("EXAMPLE.NET", .documentation),
        ("example.com.", .documentation),
        ("myapp.page.link", .shutDownService), ("myapp.app.goo.gl", .shutDownService),
        ("abcd-1234.ngrok-free.app", .developerTunnel), ("x.ngrok.io", .developerTunnel),
        ("quiet-river.loca.lt", .developerTunnel), ("a-b-c.trycloudflare.com", .developerTunnel),
        ("x1y2.devtunnels.ms", .developerTunnel), ("abc.serveo.net", .developerTunnel),
        ("1a2b.lhr.life", .developerTunnel), ("u.exp.direct", .developerTunnel),
        ("checkout.stripe.com", .unverifiableService), ("accounts.google.com", .unverifiableService),
        ("www.paypal.com", .unverifiableService), ("herokuapp.com", .unverifiableService),
        ("VERCEL.app", .unverifiableService),
    ])
    func aHostIsClassified(host: String, kind: HostClaims.Kind) throws {
        let finding = try #require(HostClaims.finding(for: host))
        #expect(finding.kind == kind)
        #expect(finding.message.contains("`"))
    }

    /// Public names stay quiet, also when they only contain a listed name inside a label.
    @Test(arguments: [
        "shop.example-store.com", "notexample.com", "example.com.au", "examples.org", "links.testing.io",
        "mytest.app", "page.linkshop.com", "ngrok.example-cdn.net", "acme-store.com", "xn--bcher-kva.de",
        "myapp.herokuapp.com", "shop.vercel.app", "box.com", "notstripe.com",
        "bücher.de", "a.b.c.d.shop", "123.shop", "shop.1a",
    ])
    func aPublicNameHasNoFinding(host: String) {
        #expect(HostClaims.finding(for: host) == nil)
    }

    /// Payment and sign-in providers' hosts are unverifiable whole; a hosting provider's shared domain only itself
    /// (its subdomains are customers' sites).
    @Test func thirdPartyServicesNameTheirService() throws {
        let stripe = try #require(HostClaims.finding(for: "hooks.stripe.com"))
        #expect(stripe.matched == "stripe.com" && stripe.service == "Stripe (payments)" && !stripe.sharedHosting)
        #expect(stripe.severity == .warning)
        let heroku = try #require(HostClaims.finding(for: "herokuapp.com"))
        #expect(heroku.sharedHosting)
        #expect(heroku.message.contains("Heroku"))
    }

    @Test func severitiesFollowWhetherTheFileCanEverBeServed() {
        #expect(HostClaims.finding(for: "localhost")?.severity == .error)
        #expect(HostClaims.finding(for: "10.1.2.3")?.severity == .error)
        #expect(HostClaims.finding(for: "app.test")?.severity == .error)
        #expect(HostClaims.finding(for: "example.com")?.severity == .warning)
        #expect(HostClaims.finding(for: "x.page.link")?.severity == .warning)
        #expect(HostClaims.finding(for: "x.ngrok.app")?.severity == .info)
    }

    @Test func theFindingNamesWhatDecidedIt() {
        #expect(HostClaims.finding(for: "api.App.Test")?.matched == ".test")
        #expect(HostClaims.finding(for: "go.page.link")?.service?.contains("2025-08-25") == true)
        #expect(HostClaims.finding(for: "x.trycloudflare.com")?.service == "Cloudflare quick tunnel")
        #expect(HostClaims.finding(for: "wiki.internal")?.message.contains("special-use") == true)
    }
}
