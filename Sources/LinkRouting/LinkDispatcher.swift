#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opens links the way an app should: the route's handler, else the browser fallback, else nothing.
///
/// Register a handler per route name, inject how to open a URL in the browser (the Safari fallback) and how
/// to hand a URL to the system, then call ``open(_:)-(String)`` with every URL the app receives:
///
/// | decision | what `open` does |
/// |---|---|
/// | `route` with a handler | calls the handler |
/// | `route` without a handler | https: the browser opener; custom scheme: nothing (`unhandled`) |
/// | `browser` | calls the browser opener with the original URL |
/// | `external` | calls the external opener with the original URL |
/// | `unhandled`, `reject` | nothing |
///
/// ## Isolation
/// `LinkDispatcher` is deliberately **not** `Sendable`, and its closures are plain (non-`@Sendable`)
/// closures. Swift 6 region-based isolation therefore keeps a dispatcher, and every closure stored in it, in
/// the isolation domain that created it: a dispatcher made in `@MainActor` code (a scene delegate) calls its
/// handlers synchronously on the main actor, and they may touch UI state directly; a dispatcher made inside
/// an actor or a task on a server calls them there, with no main actor involved. The ``RouteTable`` inside is
/// `Sendable`: share the table between threads, and give each isolation domain its own dispatcher.
///
/// <!-- snippet: LinkDispatcherDocExample -->
/// ```swift
/// @MainActor final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
///     lazy var links: LinkDispatcher = {
///         var links = LinkDispatcher(table: Routes.table, openInBrowser: { url in
///             UIApplication.shared.open(URL(string: url)!)
///         })
///         try! links.register("promotion") { [unowned self] link in
///             self.showPromotion(id: link.parameters["id"]!)
///         }
///         return links
///     }()
/// }
/// ```
public struct LinkDispatcher {
    /// The table dispatch uses.
    public let table: RouteTable
    private var handlers: [String: (RoutedLink) -> Void] = [:]
    private let openInBrowser: (String) -> Void
    private let openExternally: (String) -> Void

    /// Creates a dispatcher with no handlers.
    /// - Parameters:
    ///   - table: The route table.
    ///   - openInBrowser: Opens an http(s) URL in the browser; only ever called with the original URL string.
    ///   - openExternally: Hands a URL with an external scheme (`mailto:`, `tel:`) to the system.
    public init(
        table: RouteTable, openInBrowser: @escaping (String) -> Void,
        openExternally: @escaping (String) -> Void = { _ in }
    ) {
        self.table = table
        self.openInBrowser = openInBrowser
        self.openExternally = openExternally
    }

    /// Registers the handler of a route, replacing an earlier one.
    /// - Parameters:
    ///   - route: The route's name.
    ///   - handler: Called with the route's parameters and query when a URL matches it.
    /// - Throws: ``RouteConfigurationError`` if the table has no route with this name.
    public mutating func register(_ route: String, handler: @escaping (RoutedLink) -> Void)
        throws(RouteConfigurationError)
    {
        guard table.routeIndex(named: route) != nil else { throw .unknownRoute(route) }
        handlers[route] = handler
    }

    /// Opens a URL: calls the route's handler, the browser opener, the external opener, or nothing.
    /// - Parameter url: The URL as text.
    /// - Returns: What was done (a `route` without a handler comes back as `browser` or `unhandled`).
    /// - Complexity: O(*n*) in the URL's length, plus the handler.
    @discardableResult
    public func open(_ url: String) -> LinkDecision {
        act(on: table.decision(for: url))
    }

    /// Opens a `URL` (its `absoluteString`).
    /// - Parameter url: The URL.
    /// - Returns: What was done.
    /// - Complexity: O(*n*) in the URL's length, plus the handler.
    @discardableResult
    public func open(_ url: URL) -> LinkDecision {
        open(url.absoluteString)
    }

    /// Opens a push notification's link (`"l"`, else `"url"`).
    /// - Parameter payload: The payload.
    /// - Returns: What was done (`reject` when the payload has no link).
    /// - Complexity: O(*n*) in the link's length, plus the handler.
    @discardableResult
    public func open(_ payload: PushPayload) -> LinkDecision {
        act(on: table.decision(for: payload))
    }

    private func act(on decision: LinkDecision) -> LinkDecision {
        switch decision.kind {
        case .route:
            guard let routed = decision.routed, let url = decision.url else { return decision }
            if let handler = handlers[routed.route] {
                handler(routed)
                return decision
            }
            if Self.isWeb(url) {
                openInBrowser(url)
                return LinkDecision(kind: .browser, url: url, reason: .noHandler)
            }
            return LinkDecision(kind: .unhandled, url: url, reason: .noHandler)
        case .browser:
            if let url = decision.url { openInBrowser(url) }
        case .external:
            if let url = decision.url { openExternally(url) }
        case .unhandled, .reject:
            break
        }
        return decision
    }

    private static func isWeb(_ url: String) -> Bool {
        url.utf8.prefix(6).map(RouteBytes.asciiLower).elementsEqual("https:".utf8)
    }
}
