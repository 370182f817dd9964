import AppCoverage
import AppSiteAssociation
import LinkDiagnosis
import LinkRouting
import TestSupport
import Testing

/// `doctor` splits a URL with the package's one splitter (`URLParts`), as `route` and `aasa match` do, so the three
/// never talk about different hosts. Each URL here is one on which Foundation's `URLComponents`, which the doctor
/// used before, reads another host than the router: a backslash, userinfo, odd ports, percent escapes in the host.
@Suite struct DoctorRouteAgreementTests {
    static let routesJSON = """
        {"associatedDomains": ["applinks:*.example.com"],
         "routes": [{"name": "product", "pattern": "/product/:id"}]}
        """

    /// A URL, and the host the router and the AASA matcher read in it (lowercased).
    static let urls: [(url: String, host: String)] = [
        ("https://shop.example.com/product/1", "shop.example.com"),
        // Userinfo: iOS decides by the host after the last `@`; the router never routes such a URL.
        ("https://user@shop.example.com/product/1", "shop.example.com"),
        ("https://evil.net@shop.example.com/product/1", "shop.example.com"),
        ("https://a@b@shop.example.com/product/1", "shop.example.com"),
        // A backslash is no delimiter to the splitter (Foundation refused the URL and named no host).
        ("https://shop.example.com\\@evil.net/product/1", "evil.net"),
        ("https://shop.example.com\\product/1", "shop.example.com\\product"),
        // Percent escapes in the host are not decoded (Foundation decoded them to shop.example.com).
        ("https://sh%6Fp.example.com/product/1", "sh%6fp.example.com"),
        // Odd ports: empty, a leading zero, out of range.
        ("https://shop.example.com:/product/1", "shop.example.com"),
        ("https://shop.example.com:0443/product/1", "shop.example.com"),
        ("https://shop.example.com:99999/product/1", "shop.example.com"),
        ("https://SHOP.Example.COM/product/1", "shop.example.com"),
        ("https://shop.example.com./product/1", "shop.example.com."),
    ]

    /// The hosts above that are no host names: the doctor's `url` step is broken, as `route` rejects them.
    static let notHostNames: Set<String> = ["shop.example.com\\product", "sh%6fp.example.com"]

    func diagnose(_ url: String) throws -> (DoctorReport, RouteTable) {
        let routes = try AppFixtures.routes(Self.routesJSON)
        let report = LinkDoctor.diagnose(
            url, app: try AppFixtures.app(["applinks:*.example.com"]), hasInfoPlist: false, routes: routes,
            appID: AppFixtures.appID, file: try AppFixtures.site(AppFixtures.aasa(paths: ["/product/*"])))
        return (report, routes)
    }

    @Test(arguments: urls)
    func theDoctorNamesTheHostTheRouterAndTheMatcherRead(url: String, host: String) throws {
        let (report, routes) = try diagnose(url)
        let step = try #require(report.steps.first { $0.name == .url })
        if Self.notHostNames.contains(host) {
            #expect(LinkDoctor.host(of: url) == nil)
            #expect(step.verdict == .broken && step.message.contains("`\(host)` is not a host name"), "\(step.message)")
            #expect(routes.decision(for: url).kind == .reject)
            return
        }
        #expect(LinkDoctor.host(of: url) == host)
        #expect(step.message.hasPrefix("an https link on \(host): "), "\(step.message)")
        // The rule step asks the matcher about the doctor's host: it never finds the URL on another host.
        let rule = try #require(report.steps.first { $0.name == .rule })
        #expect(!(rule.evidence.joined().contains("is not the serving domain '")), "\(rule.evidence)")
    }

    @Test(arguments: urls)
    func theDoctorOpensTheAppOnlyWhenRouteRoutesTheURL(url: String, host: String) throws {
        let (report, routes) = try diagnose(url)
        let routed = routes.decision(for: url).kind == .route
        let route = try #require(report.steps.first { $0.name == .route })
        #expect((route.verdict == .ok) == routed, "\(url): \(route.message)")
        if report.ok { #expect(routed, "\(url): the doctor says it opens the app, `route` does not route it") }
    }

    @Test func aWellFormedLinkStillOpensTheApp() throws {
        let (report, _) = try diagnose("https://shop.example.com/product/1")
        #expect(report.ok)
    }
}
