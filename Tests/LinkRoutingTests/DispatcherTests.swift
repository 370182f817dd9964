import Foundation
import LinkRouting
import Testing

/// The dispatcher: handlers, the browser fallback, external URLs, push payloads, and isolation.
@Suite struct DispatcherTests {
    @Test func routeCallsItsHandlerWithParametersAndQuery() throws {
        var received: [RoutedLink] = []
        var opened: [String] = []
        var dispatcher = LinkDispatcher(table: RouteFixtures.spec, openInBrowser: { opened.append($0) })
        try dispatcher.register("promotion") { received.append($0) }
        let decision = dispatcher.open("https://example.com/promotion/7?utm=push")
        #expect(decision.kind == .route)
        #expect(received == [RoutedLink(route: "promotion", parameters: ["id": "7"], query: ["utm": ["push"]])])
        #expect(opened.isEmpty)
    }

    @Test func laterRegistrationReplacesTheHandler() throws {
        var calls: [String] = []
        var dispatcher = LinkDispatcher(table: RouteFixtures.spec, openInBrowser: { _ in })
        try dispatcher.register("promotion") { _ in calls.append("first") }
        try dispatcher.register("promotion") { _ in calls.append("second") }
        dispatcher.open("shop://promotion/1")
        #expect(calls == ["second"])
    }

    @Test func unknownRouteNamesCannotBeRegistered() {
        var dispatcher = LinkDispatcher(table: RouteFixtures.spec, openInBrowser: { _ in })
        #expect(throws: RouteConfigurationError.self) { try dispatcher.register("promotoin") { _ in } }
    }

    @Test func routeWithoutHandlerFallsBackToTheBrowserForHTTPSOnly() {
        var opened: [String] = []
        let dispatcher = LinkDispatcher(table: RouteFixtures.spec, openInBrowser: { opened.append($0) })
        let web = dispatcher.open("https://example.com/promotion/7")
        #expect(web.kind == .browser)
        #expect(web.reason == .noHandler)
        let custom = dispatcher.open("shop://promotion/7")
        #expect(custom.kind == .unhandled)
        #expect(custom.reason == .noHandler)
        #expect(opened == ["https://example.com/promotion/7"])
    }

    @Test(arguments: [
        ("https://elsewhere.org/x", LinkDecision.Kind.browser, ["browser"]),
        ("http://example.com/promotion/1", .browser, ["browser"]),
        ("mailto:help@example.com", .external, ["external"]),
        ("shop://nowhere", .unhandled, []),
        ("javascript:alert(1)", .reject, []),
    ])
    func decisionsDriveTheInjectedOpeners(url: String, kind: LinkDecision.Kind, calls: [String]) {
        var log: [String] = []
        let dispatcher = LinkDispatcher(
            table: RouteFixtures.spec,
            openInBrowser: {
                log.append("browser")
                #expect($0 == url)
            },
            openExternally: {
                log.append("external")
                #expect($0 == url)
            })
        #expect(dispatcher.open(url).kind == kind)
        #expect(log == calls)
    }

    @Test func pushPayloadLinkIsOpened() throws {
        var received: [String] = []
        var dispatcher = LinkDispatcher(table: RouteFixtures.spec, openInBrowser: { _ in })
        try dispatcher.register("help") { received.append($0.parameters["**"] ?? "") }
        dispatcher.open(PushPayload(userInfo: ["aps": [:] as [String: String], "l": "https://example.com/help/faq"]))
        dispatcher.open(PushPayload(userInfo: ["url": URL(string: "shop://help/a/b")!]))
        #expect(dispatcher.open(PushPayload(userInfo: ["l": 42])).reason == .noLink)
        #expect(received == ["faq", "a/b"])
    }

    @Test func urlValuesAreDispatchedByTheirAbsoluteString() throws {
        let url = try #require(URL(string: "shop://promotion/9"))
        #expect(RouteFixtures.spec.decision(for: url).routed?.parameters == ["id": "9"])
    }

    @MainActor
    @Test func worksFromMainActorCode() throws {
        let screen = MainActorScreen()
        var dispatcher = LinkDispatcher(
            table: RouteFixtures.spec, openInBrowser: { screen.shown.append("safari " + $0) })
        try dispatcher.register("promotion") { screen.shown.append("promo " + ($0.parameters["id"] ?? "")) }
        dispatcher.open("shop://promotion/5")
        dispatcher.open("https://other.org/")
        #expect(screen.shown == ["promo 5", "safari https://other.org/"])
    }

    @Test func worksInsideAnActorWithoutTheMainActor() async throws {
        let server = LinkServer()
        #expect(await server.handle("https://example.com/product/12") == "product 12")
        #expect(await server.handle("https://example.com/x") == "redirect https://example.com/x")
    }

    @Test func tableIsSharedAcrossConcurrentTasks() async {
        let table = RouteFixtures.spec
        let results = await withTaskGroup(of: String?.self) { group in
            for index in 0..<32 {
                group.addTask { table.decision(for: "shop://promotion/\(index)").routed?.parameters["id"] }
            }
            var values: [String] = []
            for await value in group { values.append(value ?? "") }
            return values
        }
        #expect(Set(results) == Set((0..<32).map(String.init)))
    }
}

/// Stands in for a view controller.
@MainActor final class MainActorScreen {
    var shown: [String] = []
}

/// Stands in for a server-side link service: its own dispatcher, inside an actor.
actor LinkServer {
    private var response = ""
    private var dispatcher: LinkDispatcher?

    func handle(_ url: String) -> String {
        if dispatcher == nil {
            // `unowned`: the actor holds the dispatcher, so capturing `self` strongly would leak both.
            var links = LinkDispatcher(
                table: RouteFixtures.spec, openInBrowser: { [unowned self] in self.response = "redirect " + $0 })
            try? links.register("product") { [unowned self] in
                self.response = "product " + ($0.parameters["sku"] ?? "")
            }
            dispatcher = links
        }
        dispatcher?.open(url)
        return response
    }
}
