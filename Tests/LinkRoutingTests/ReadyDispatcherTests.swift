import Foundation
import LinkRouting
import Testing

/// A clock the test moves (the dispatcher only reads it: the duplicate window).
final class TestClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Duration.zero

    var now: Instant { lock.withLock { Instant(offset: current) } }
    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        throw CancellationError()  // never called: the dispatcher does not sleep
    }

    func advance(by duration: Duration) { lock.withLock { current += duration } }
}

/// `LinkDispatcher`, ready when the app is: links held until ready (and the policies for more of them), the
/// duplicate window, the rewrite hook, guards, and cold starts replayed, all through the public API.
@Suite struct ReadyDispatcherTests {
    /// What the handlers and openers did, in order.
    final class Log {
        var lines: [String] = []
    }

    static func dispatcher(
        _ log: Log, startsReady: Bool = false, policy: HeldLinkPolicy = .keepAll, clock: TestClock = TestClock()
    ) throws -> LinkDispatcher {
        var links = LinkDispatcher(
            table: RouteFixtures.spec, startsReady: startsReady, heldLinks: policy, clock: clock,
            openInBrowser: { log.lines.append("browser \($0)") }, openExternally: { log.lines.append("external \($0)") }
        )
        for route in ["promotion", "product", "help"] {
            try links.register(route) { link in
                log.lines.append(
                    "\(route) " + (link.parameters["id"] ?? link.parameters["sku"] ?? link.parameters["**"] ?? ""))
            }
        }
        return links
    }

    // MARK: Ready when the app is

    @Test func linksWaitInOrderUntilTheAppIsReady() throws {
        let log = Log()
        let links = try Self.dispatcher(log)
        #expect(!links.isReady)
        #expect(links.deliver("https://example.com/promotion/7").outcome == .held(.notReady))
        #expect(links.open("mailto:help@example.com").kind == .external)  // held too: it needs the app's UI
        links.open("https://example.com/product/42")
        #expect(log.lines.isEmpty)
        #expect(
            links.heldLinks.map(\.decision.url) == [
                "https://example.com/promotion/7", "mailto:help@example.com", "https://example.com/product/42",
            ])
        let released = links.markReady()
        #expect(released.map(\.outcome) == [.dispatched, .dispatched, .dispatched])
        #expect(log.lines == ["promotion 7", "external mailto:help@example.com", "product 42"])
        #expect(links.heldLinks.isEmpty)
        // Ready now: the next link is dispatched at once.
        #expect(links.deliver("shop://help/faq").outcome == .dispatched)
        #expect(log.lines.last == "help faq")
    }

    @Test func keepAllDropsTheOldestBeyondItsLimit() throws {
        let log = Log()
        let links = try Self.dispatcher(log, policy: .keepAll(limit: 2))
        links.open("shop://promotion/1")
        links.open("shop://promotion/2")
        let third = links.deliver("shop://promotion/3")
        #expect(third.outcome == .held(.notReady))
        #expect(third.displaced.map(\.url) == ["shop://promotion/1"])
        links.markReady()
        #expect(log.lines == ["promotion 2", "promotion 3"])
    }

    @Test func keepLatestLetsANewerPushTapReplaceAnOlderOne() throws {
        let log = Log()
        let links = try Self.dispatcher(log, policy: .keepLatest)
        links.open(PushPayload(userInfo: ["l": "https://example.com/promotion/old"]))
        let newer = links.deliver(PushPayload(userInfo: ["l": "https://example.com/promotion/new"]))
        #expect(newer.displaced.map(\.url) == ["https://example.com/promotion/old"])
        links.markReady()
        #expect(log.lines == ["promotion new"])
    }

    @Test func keepFirstDropsLaterLinks() throws {
        let log = Log()
        let links = try Self.dispatcher(log, policy: .keepFirst)
        links.open("shop://promotion/first")
        #expect(links.deliver("shop://promotion/second").outcome == .dropped)
        links.markReady()
        #expect(log.lines == ["promotion first"])
    }

    @Test func theOriginalInitializerIsReadyAtOnceAndHasNoDuplicateWindow() {
        var opened: [String] = []
        let links = LinkDispatcher(table: RouteFixtures.spec, openInBrowser: { opened.append($0) })
        #expect(links.isReady)
        links.open("https://elsewhere.org/x")
        links.open("https://elsewhere.org/x")
        #expect(opened == ["https://elsewhere.org/x", "https://elsewhere.org/x"])
    }

    // MARK: Once

    @Test func theSameURLTwiceWithinTheWindowIsDispatchedOnce() throws {
        let log = Log()
        let clock = TestClock()
        let links = try Self.dispatcher(log, startsReady: true, clock: clock)
        #expect(links.deliver("https://example.com/promotion/7").outcome == .dispatched)
        clock.advance(by: .milliseconds(1999))
        #expect(links.deliver("https://example.com/promotion/7").outcome == .duplicate)
        #expect(links.deliver("https://example.com/promotion/8").outcome == .dispatched)
        clock.advance(by: .milliseconds(1))
        // Two seconds after it was accepted, the same link is a new tap.
        #expect(links.deliver("https://example.com/promotion/7").outcome == .dispatched)
        #expect(log.lines == ["promotion 7", "promotion 8", "promotion 7"])
    }

    @Test func aLinkHeldAtLaunchAndDeliveredAgainIsShownOnce() throws {
        let log = Log()
        let clock = TestClock()
        let links = try Self.dispatcher(log, clock: clock)
        links.open("https://example.com/promotion/7")  // the scene's connection options
        clock.advance(by: .milliseconds(300))
        #expect(links.deliver("https://example.com/promotion/7").outcome == .duplicate)  // scene(_:continue:)
        links.markReady()
        #expect(log.lines == ["promotion 7"])
    }

    // MARK: The rewrite hook

    @Test func aRewriteUnwrapsAClickTrackingRedirectAndDropsTrackingParameters() throws {
        let log = Log()
        var links = try Self.dispatcher(log, startsReady: true)
        links.rewrite { url in
            guard var parts = URLComponents(string: url) else { return url }
            if parts.host == "click.example.net" { return parts.queryItems?.first { $0.name == "url" }?.value }
            parts.queryItems = parts.queryItems?.filter { !$0.name.hasPrefix("utm_") }
            if parts.queryItems?.isEmpty == true { parts.queryItems = nil }
            return parts.string
        }
        let wrapped =
            "https://click.example.net/track?url=https%3A%2F%2Fexample.com%2Fpromotion%2F7%3Futm_source%3Dmail"
        let delivery = links.deliver(wrapped)
        #expect(delivery.outcome == .dispatched)
        #expect(delivery.decision.kind == .route)
        #expect(delivery.decision.url == "https://example.com/promotion/7?utm_source=mail")
        links.open("https://example.com/product/42?utm_campaign=x")
        #expect(log.lines == ["promotion 7", "product 42"])
    }

    @Test func aRewriteCanRefuseAURL() throws {
        let log = Log()
        var links = try Self.dispatcher(log, startsReady: true)
        links.rewrite { $0.contains("/promotion/expired") ? nil : $0 }
        let refused = links.deliver("https://example.com/promotion/expired")
        #expect(
            refused.decision
                == LinkDecision(kind: .reject, url: "https://example.com/promotion/expired", reason: .refusedByRewrite))
        #expect(refused.decision.reason?.identifier == "refused-by-rewrite")
        #expect(log.lines.isEmpty)
    }

    @Test(arguments: [
        ("javascript:alert(1)", DecisionReason.forbiddenScheme),
        ("data:text/html,<b>x</b>", .invalidCharacter(at: 15)),
        ("file:///etc/passwd", .forbiddenScheme),
        ("shop://promotion/a b", .invalidCharacter(at: 18)),
    ])
    func aRewriteNeverSkipsTheRejectionOfDangerousLinks(target: String, reason: DecisionReason) throws {
        // An open redirect wraps a dangerous URL; the hook unwraps it; the table still rejects it.
        let log = Log()
        var links = try Self.dispatcher(log, startsReady: true)
        links.rewrite { _ in target }
        let delivery = links.deliver("https://click.example.net/track?url=x")
        #expect(delivery.decision.kind == .reject)
        #expect(delivery.decision.reason == reason)
        #expect(log.lines.isEmpty)
    }

    @Test func theBrowserGetsTheRewrittenURLOnlyWhenTheTableSendsItThere() throws {
        let log = Log()
        var links = try Self.dispatcher(log, startsReady: true)
        links.rewrite { $0.replacingOccurrences(of: "/old-promo/", with: "/promotion/") }
        links.open("https://example.com/old-promo/3")  // mapped to a route
        links.open("https://elsewhere.org/old-promo/3")  // another host: the browser, with the rewritten URL
        #expect(log.lines == ["promotion 3", "browser https://elsewhere.org/promotion/3"])
    }

    // MARK: Guards

    @Test func aGuardHoldsItsRoutesUntilItsConditionHoldsAndReleasesThemInOrder() throws {
        let log = Log()
        var signedIn = false
        var links = try Self.dispatcher(log, startsReady: true)
        try links.hold("product", "help", until: { _ in signedIn })
        #expect(links.deliver("https://example.com/product/1").outcome == .held(.guarded))
        #expect(links.deliver("shop://promotion/5").outcome == .dispatched)  // not guarded
        #expect(links.deliver("shop://help/orders").outcome == .held(.guarded))
        #expect(links.releaseHeldLinks().map(\.outcome) == [.held(.guarded), .held(.guarded)])
        signedIn = true
        #expect(links.releaseHeldLinks().map(\.outcome) == [.dispatched, .dispatched])
        #expect(log.lines == ["promotion 5", "product 1", "help orders"])
    }

    @Test func aGuardForEveryRouteSeesTheLinkAndHoldsOnlyRoutedLinks() throws {
        let log = Log()
        var onboarded = false
        var links = try Self.dispatcher(log, startsReady: true)
        links.holdEveryRoute { link in onboarded || link.route == "help" }
        #expect(links.deliver("shop://promotion/1").outcome == .held(.guarded))
        #expect(links.deliver("shop://help/start").outcome == .dispatched)
        #expect(links.deliver("https://elsewhere.org/").outcome == .dispatched)  // the browser: not a route
        onboarded = true
        links.releaseHeldLinks()
        #expect(log.lines == ["help start", "browser https://elsewhere.org/", "promotion 1"])
    }

    @Test func aGuardForAnUnknownRouteIsRefused() throws {
        var links = try Self.dispatcher(Log())
        #expect(throws: RouteConfigurationError.self) { try links.hold("prodcut", until: { _ in true }) }
    }

    @Test func linksHeldAtLaunchMeetTheirGuardsWhenTheAppIsReady() throws {
        let log = Log()
        var signedIn = false
        var links = try Self.dispatcher(log)
        try links.hold("product", until: { _ in signedIn })
        links.open("https://example.com/product/9")
        links.open("shop://promotion/2")
        #expect(links.heldLinks.map(\.reason) == [.notReady, .notReady])
        #expect(links.markReady().map(\.outcome) == [.held(.guarded), .dispatched])
        #expect(
            links.heldLinks == [
                HeldLink(decision: RouteFixtures.spec.decision(for: "https://example.com/product/9"), reason: .guarded)
            ])
        signedIn = true
        links.releaseHeldLinks()
        #expect(log.lines == ["promotion 2", "product 9"])
    }

    @Test func aLinkAHandlerDeliversDuringARelease() throws {
        // The promotion's handler opens the help page at once: it waits for the other held link, then goes.
        var lines: [String] = []
        var links = LinkDispatcher(table: RouteFixtures.spec, startsReady: false, openInBrowser: { _ in })
        let box = DispatcherBox()
        // The box holds the dispatcher whose handler holds the box: break the cycle (LeakSanitizer reports it).
        defer { box.links = nil }
        try links.register("promotion") { _ in
            lines.append("promotion")
            box.links?.open("shop://help/more")
        }
        try links.register("product") { _ in lines.append("product") }
        try links.register("help") { _ in lines.append("help") }
        box.links = links
        links.open("shop://promotion/1")
        links.open("https://example.com/product/2")
        #expect(links.markReady().map(\.outcome) == [.dispatched, .dispatched, .dispatched])
        #expect(lines == ["promotion", "product", "help"])
        #expect(links.heldLinks.isEmpty)
    }

    /// Lets a handler reach its own dispatcher.
    final class DispatcherBox {
        var links: LinkDispatcher?
    }

    // MARK: Cold starts, replayed

    @Test func aUniversalLinkColdStartIsShownOnceWhenTheAppIsReady() throws {
        let log = Log()
        let links = try Self.dispatcher(log)
        let deliveries = ColdStart.universalLink("https://example.com/promotion/7").replay(on: links)
        #expect(deliveries.map(\.outcome) == [.held(.notReady), .duplicate, .dispatched])
        #expect(log.lines == ["promotion 7"])
    }

    @Test func aColdStartWithLinksAPushTapAndASignIn() throws {
        let log = Log()
        var signedIn = false
        var links = try Self.dispatcher(log)
        try links.hold("help", until: { _ in signedIn })
        links.rewrite { $0.replacingOccurrences(of: "?ref=push", with: "") }
        let deliveries = ColdStart([
            .link("shop://promotion/7"),
            .push(PushPayload(userInfo: ["l": "shop://help/orders?ref=push"]), at: .milliseconds(400)),
            .link("shop://promotion/7", at: .milliseconds(500)),
            .ready(at: .seconds(1)),
            .link("shop://promotion/7", at: .seconds(3)),  // a new tap, after the window
            .releaseHeldLinks(at: .seconds(10)),
        ]).replay(on: links)
        #expect(
            deliveries.map(\.outcome) == [
                .held(.notReady), .held(.notReady), .duplicate, .dispatched, .held(.guarded), .dispatched,
                .held(.guarded),
            ])
        signedIn = true
        links.releaseHeldLinks()
        #expect(log.lines == ["promotion 7", "promotion 7", "help orders"])
    }
}
