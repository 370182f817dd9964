#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opens links the way an app should: the route's handler, else the browser fallback, else nothing; and only
/// once the app is ready for them.
///
/// Register a handler per route name, inject how to open a URL in the browser (the Safari fallback) and how
/// to hand a URL to the system, then call ``open(_:)-(String)`` with every URL the app receives:
///
/// | decision | what `open` does |
/// |---|---|
/// | `route` with a handler | calls the handler |
/// | `route` without a handler | https: the browser opener; custom scheme: nothing (`unhandled`) |
/// | `browser` | calls the browser opener with the URL |
/// | `external` | calls the external opener with the URL |
/// | `unhandled`, `reject` | nothing |
///
/// ## Ready when the app is
/// The links that matter most arrive before the app can show them: the scene's connection options, the same
/// universal link again through `scene(_:continue:)`, a SwiftUI `onOpenURL` before the navigation state exists,
/// a push tap while the app launches. A dispatcher made with
/// ``init(table:startsReady:heldLinks:duplicateWindow:openInBrowser:openExternally:)`` handles them:
///
/// - **Not ready at first** (`startsReady: false`): links are held, in order, and dispatched when the app
///   calls ``markReady()``. ``HeldLinkPolicy`` says what happens when more arrive while some are held: keep
///   them all (the default, up to a limit), keep only the latest (a newer push tap replaces an older one), or
///   keep only the first.
/// - **Once** within `duplicateWindow`: the same URL delivered twice (the connection options, then
///   `continue userActivity`) is dispatched once, on the injected clock.
/// - **A rewrite hook** (``rewrite(_:)``) runs before the route table: it may unwrap a click-tracking redirect,
///   drop tracking parameters, map an old path to a new one, or refuse the URL. What it returns goes through
///   the route table like any URL, so a rewrite can never skip the rejection of a dangerous link.
/// - **Guards** (``hold(_:until:)``, ``holdEveryRoute(until:)``) hold a routed link until a condition holds
///   (signed in, onboarding done); ``releaseHeldLinks()`` lets those whose guards now allow them through, in
///   order.
///
/// ``deliver(_:)-(String)`` says what became of a link (dispatched, held, a duplicate, dropped); ``open(_:)-(String)``
/// is the same call returning the link's decision, and ``heldLinks`` lists what waits. A dispatcher made with
/// ``init(table:openInBrowser:openExternally:)`` is ready at once and has no duplicate window: it acts on every
/// link when it arrives, as before. Everything runs without UIKit; ``ColdStart`` replays a launch in a test.
///
/// ## Isolation
/// `LinkDispatcher` is deliberately **not** `Sendable`, and its closures are plain (non-`@Sendable`)
/// closures. Swift 6 region-based isolation therefore keeps a dispatcher, and every closure stored in it, in
/// the isolation domain that created it: a dispatcher made in `@MainActor` code (a scene delegate) calls its
/// handlers synchronously on the main actor, and they may touch UI state directly; a dispatcher made inside
/// an actor or a task on a server calls them there, with no main actor involved. The ``RouteTable`` inside is
/// `Sendable`: share the table between threads, and give each isolation domain its own dispatcher. The held
/// links, the readiness and the recent deliveries live in the dispatcher's own storage, which its copies share
/// (so `open` and ``markReady()`` need no `mutating`); its handlers, hook and guards are values of each copy.
///
/// <!-- snippet: LinkDispatcherDocExample -->
/// ```swift
/// @MainActor final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
///     lazy var links: LinkDispatcher = {
///         var links = LinkDispatcher(table: Routes.table, startsReady: false, openInBrowser: { url in
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
    private var rewriteHook: ((String) -> String?)?
    private var guards: [LinkGuard] = []
    private let policy: HeldLinkPolicy
    private let duplicateWindow: Duration
    /// The time since the dispatcher was made, on its clock.
    private let elapsed: () -> Duration
    private let state: DispatcherState

    /// Creates a dispatcher with no handlers that is ready at once and has no duplicate window: every link is
    /// acted on when it arrives.
    /// - Parameters:
    ///   - table: The route table.
    ///   - openInBrowser: Opens an http(s) URL in the browser; only ever called with the URL the table decided on.
    ///   - openExternally: Hands a URL with an external scheme (`mailto:`, `tel:`) to the system.
    public init(
        table: RouteTable, openInBrowser: @escaping (String) -> Void,
        openExternally: @escaping (String) -> Void = { _ in }
    ) {
        self.init(
            table: table, startsReady: true, heldLinks: .keepAll, duplicateWindow: .zero, clock: ContinuousClock(),
            openInBrowser: openInBrowser, openExternally: openExternally)
    }

    /// Creates a dispatcher with no handlers that holds links until the app is ready and dispatches a link
    /// delivered twice in a short window once, on the continuous clock.
    ///
    /// - Parameters:
    ///   - table: The route table.
    ///   - startsReady: `false` to hold every link until ``markReady()``.
    ///   - heldLinks: What to keep when more links arrive while some are held.
    ///   - duplicateWindow: A URL delivered again less than this after it was last accepted is dispatched
    ///     once; `.zero` turns this off.
    ///   - openInBrowser: Opens an http(s) URL in the browser; only ever called with the URL the table decided on.
    ///   - openExternally: Hands a URL with an external scheme (`mailto:`, `tel:`) to the system.
    public init(
        table: RouteTable, startsReady: Bool, heldLinks: HeldLinkPolicy = .keepAll,
        duplicateWindow: Duration = .seconds(2), openInBrowser: @escaping (String) -> Void,
        openExternally: @escaping (String) -> Void = { _ in }
    ) {
        self.init(
            table: table, startsReady: startsReady, heldLinks: heldLinks, duplicateWindow: duplicateWindow,
            clock: ContinuousClock(), openInBrowser: openInBrowser, openExternally: openExternally)
    }

    /// Creates a dispatcher as ``init(table:startsReady:heldLinks:duplicateWindow:openInBrowser:openExternally:)``
    /// does, measuring the duplicate window on `clock` (tests pass a clock they move).
    ///
    /// - Parameters:
    ///   - table: The route table.
    ///   - startsReady: `false` to hold every link until ``markReady()``.
    ///   - heldLinks: What to keep when more links arrive while some are held.
    ///   - duplicateWindow: A URL delivered again less than this after it was last accepted is dispatched
    ///     once; `.zero` turns this off.
    ///   - clock: The clock of the duplicate window.
    ///   - openInBrowser: Opens an http(s) URL in the browser; only ever called with the URL the table decided on.
    ///   - openExternally: Hands a URL with an external scheme (`mailto:`, `tel:`) to the system.
    public init<C: Clock>(
        table: RouteTable, startsReady: Bool, heldLinks: HeldLinkPolicy = .keepAll,
        duplicateWindow: Duration = .seconds(2), clock: C, openInBrowser: @escaping (String) -> Void,
        openExternally: @escaping (String) -> Void = { _ in }
    ) where C.Duration == Duration {
        self.table = table
        self.openInBrowser = openInBrowser
        self.openExternally = openExternally
        self.policy = heldLinks
        self.duplicateWindow = max(duplicateWindow, .zero)
        let origin = clock.now
        self.elapsed = { origin.duration(to: clock.now) }
        self.state = DispatcherState(isReady: startsReady)
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

    /// Sets the hook every URL goes through before the route table, replacing an earlier one.
    ///
    /// Return the URL to open: the same one, or another (unwrap a click-tracking redirect's `?url=`, drop
    /// tracking parameters, map an old path to a new one); or `nil` to refuse it (a `reject` decision with
    /// ``DecisionReason/refusedByRewrite``). What the hook returns is decided by the route table like any URL,
    /// so it cannot open what the table rejects (a `javascript:` URL a redirect wraps is still rejected), and
    /// the browser opener gets the returned URL only if the table sends it to the browser.
    ///
    /// <!-- snippet: LinkRewriteDocExample -->
    /// ```swift
    /// links.rewrite { url in
    ///     guard let parts = URLComponents(string: url) else { return url }
    ///     if parts.host == "click.example.com" {   // a click-tracking redirect: open what it wraps
    ///         return parts.queryItems?.first { $0.name == "url" }?.value
    ///     }
    ///     return url
    /// }
    /// ```
    ///
    /// - Parameter hook: Called with each URL as delivered; returns the URL to decide on, or `nil`.
    public mutating func rewrite(_ hook: @escaping (String) -> String?) {
        rewriteHook = hook
    }

    /// Holds the links of these routes until `allows` returns `true` for them.
    ///
    /// A routed link to one of the routes that `allows` refuses is held (``HeldLink/Reason/guarded``) instead
    /// of dispatched; call ``releaseHeldLinks()`` when the condition may have changed (the user signed in) and
    /// the held links it now allows are dispatched, in the order they arrived. Every guard that applies to a
    /// route must allow a link.
    ///
    /// - Parameters:
    ///   - routes: The routes' names.
    ///   - allows: Whether a link may be dispatched now.
    /// - Throws: ``RouteConfigurationError`` if the table has no route with one of the names.
    public mutating func hold(_ routes: String..., until allows: @escaping (RoutedLink) -> Bool)
        throws(RouteConfigurationError)
    {
        for route in routes where table.routeIndex(named: route) == nil { throw .unknownRoute(route) }
        guards.append(LinkGuard(routes: Set(routes), allows: allows))
    }

    /// Holds every routed link until `allows` returns `true` for it (see ``hold(_:until:)``): for example until
    /// onboarding is done.
    ///
    /// - Parameter allows: Whether a link may be dispatched now.
    public mutating func holdEveryRoute(until allows: @escaping (RoutedLink) -> Bool) {
        guards.append(LinkGuard(routes: nil, allows: allows))
    }

    /// Opens a URL: calls the route's handler, the browser opener, the external opener, or nothing; or holds
    /// it until the app is ready or its guard allows it.
    /// - Parameter url: The URL as text.
    /// - Returns: The decision: what was done, or for a link held or a duplicate, what its URL decides (a
    ///   `route` without a handler comes back as `browser` or `unhandled` once dispatched). See
    ///   ``deliver(_:)-(String)`` for what became of it.
    /// - Complexity: O(*n*) in the URL's length, plus the hook, the guards and the handler.
    @discardableResult
    public func open(_ url: String) -> LinkDecision {
        deliver(url).decision
    }

    /// Opens a `URL` (its `absoluteString`).
    /// - Parameter url: The URL.
    /// - Returns: The decision, as ``open(_:)-(String)``.
    /// - Complexity: O(*n*) in the URL's length, plus the hook, the guards and the handler.
    @discardableResult
    public func open(_ url: URL) -> LinkDecision {
        open(url.absoluteString)
    }

    /// Opens a push notification's link (`"l"`, else `"url"`).
    /// - Parameter payload: The payload.
    /// - Returns: The decision (`reject` when the payload has no link).
    /// - Complexity: O(*n*) in the link's length, plus the hook, the guards and the handler.
    @discardableResult
    public func open(_ payload: PushPayload) -> LinkDecision {
        deliver(payload).decision
    }

    /// Delivers a URL: rewrites it, decides it, and dispatches it now, holds it, or drops it as a duplicate.
    /// - Parameter url: The URL as text.
    /// - Returns: What became of it, with its decision.
    /// - Complexity: O(*n*) in the URL's length, plus the hook, the guards, the handler and the links
    ///   delivered within the duplicate window.
    @discardableResult
    public func deliver(_ url: String) -> LinkDelivery {
        deliver(url, at: elapsed())
    }

    /// Delivers a `URL` (its `absoluteString`), as ``deliver(_:)-(String)``.
    /// - Parameter url: The URL.
    /// - Returns: What became of it.
    @discardableResult
    public func deliver(_ url: URL) -> LinkDelivery {
        deliver(url.absoluteString)
    }

    /// Delivers a push notification's link (`"l"`, else `"url"`), as ``deliver(_:)-(String)``.
    /// - Parameter payload: The payload.
    /// - Returns: What became of its link; a payload without one is a dispatched `reject` (``DecisionReason/noLink``).
    @discardableResult
    public func deliver(_ payload: PushPayload) -> LinkDelivery {
        deliver(payload, at: elapsed())
    }

    /// Delivers a push notification's link at `time`.
    func deliver(_ payload: PushPayload, at time: Duration) -> LinkDelivery {
        guard let link = payload.link else {
            return LinkDelivery(outcome: .dispatched, decision: LinkDecision(kind: .reject, url: nil, reason: .noLink))
        }
        return deliver(link, at: time)
    }

    /// Delivers a URL at `time` (the time since the dispatcher was made; ``ColdStart`` replays with its own).
    func deliver(_ url: String, at time: Duration) -> LinkDelivery {
        let effective: String
        if let rewriteHook {
            guard let rewritten = rewriteHook(url) else {
                let refused = LinkDecision(kind: .reject, url: url, reason: .refusedByRewrite)
                return LinkDelivery(outcome: .dispatched, decision: refused)
            }
            effective = rewritten
        } else {
            effective = url
        }
        let decision = table.decision(for: effective)
        if duplicateWindow > .zero {
            state.recent.removeAll { time - $0.at >= duplicateWindow || $0.at > time }
            if state.recent.contains(where: { $0.url == effective }) {
                return LinkDelivery(outcome: .duplicate, decision: decision)
            }
            state.recent.append((effective, time))
        }
        if state.isReleasing {
            // A handler delivers while held links are released: it waits for them (and no policy drops them).
            state.held.append(HeldLink(decision: decision, reason: .notReady))
            return LinkDelivery(outcome: .held(.notReady), decision: decision)
        }
        if !state.isReady { return hold(decision, .notReady) }
        if !allows(decision) { return hold(decision, .guarded) }
        return LinkDelivery(outcome: .dispatched, decision: act(on: decision))
    }

    /// Whether every guard that applies to a routed decision allows it (other decisions have no guard).
    private func allows(_ decision: LinkDecision) -> Bool {
        guard decision.kind == .route, let routed = decision.routed else { return true }
        return guards.allSatisfy { !$0.applies(to: routed.route) || $0.allows(routed) }
    }

    /// Holds a decided link as the policy says.
    private func hold(_ decision: LinkDecision, _ reason: HeldLink.Reason) -> LinkDelivery {
        let link = HeldLink(decision: decision, reason: reason)
        switch policy.kind {
        case .keepAll(let limit):
            state.held.append(link)
            let excess = max(0, state.held.count - limit)
            let displaced = state.held.prefix(excess).map(\.decision)
            state.held.removeFirst(excess)
            return LinkDelivery(outcome: .held(reason), decision: decision, displaced: displaced)
        case .keepLatest:
            let displaced = state.held.map(\.decision)
            state.held = [link]
            return LinkDelivery(outcome: .held(reason), decision: decision, displaced: displaced)
        case .keepFirst:
            guard state.held.isEmpty else { return LinkDelivery(outcome: .dropped, decision: decision) }
            state.held = [link]
            return LinkDelivery(outcome: .held(reason), decision: decision)
        }
    }

    /// Whether links are dispatched now (``markReady()`` was called, or the dispatcher started ready).
    public var isReady: Bool { state.isReady }

    /// The links held now, in the order they arrived.
    public var heldLinks: [HeldLink] { state.held }

    /// Marks the app ready for links: the held links are dispatched in the order they arrived, except those a
    /// guard still holds.
    ///
    /// Call it once the app can show a link's screen: after the scene's window has its root view controller,
    /// or when the SwiftUI navigation state exists. Calling it again only releases what guards now allow.
    ///
    /// - Returns: What became of each held link, in order.
    @discardableResult
    public func markReady() -> [LinkDelivery] {
        state.isReady = true
        return releaseHeldLinks()
    }

    /// Dispatches, in the order they arrived, the held links that are no longer held back: all of them once the
    /// app is ready, except those a guard still refuses (they stay held, in order). Call it when a guard's
    /// condition may have changed (the user signed in, onboarding ended).
    ///
    /// A link a handler delivers while this runs waits for the held ones: it is dispatched after them, in the
    /// same call (and reported among them).
    ///
    /// - Returns: What became of each held link, in order (`dispatched`, or `held` for those a guard still
    ///   holds); empty while the app is not ready.
    @discardableResult
    public func releaseHeldLinks() -> [LinkDelivery] {
        guard state.isReady, !state.isReleasing else { return [] }
        state.isReleasing = true
        defer { state.isReleasing = false }
        var stillHeld: [HeldLink] = []
        var deliveries: [LinkDelivery] = []
        while !state.held.isEmpty {
            let link = state.held.removeFirst()
            if allows(link.decision) {
                deliveries.append(LinkDelivery(outcome: .dispatched, decision: act(on: link.decision)))
            } else {
                stillHeld.append(HeldLink(decision: link.decision, reason: .guarded))
                deliveries.append(LinkDelivery(outcome: .held(.guarded), decision: link.decision))
            }
        }
        state.held = stillHeld
        return deliveries
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

/// A guard: the routes it applies to (`nil`: every route) and whether it lets a link through now.
private struct LinkGuard {
    let routes: Set<String>?
    let allows: (RoutedLink) -> Bool

    func applies(to route: String) -> Bool { routes?.contains(route) ?? true }
}

/// What a dispatcher's copies share: whether the app is ready, the held links, the recent deliveries.
private final class DispatcherState {
    var isReady: Bool
    /// Whether ``LinkDispatcher/releaseHeldLinks()`` is running (a handler may deliver meanwhile).
    var isReleasing = false
    var held: [HeldLink] = []
    /// The URLs accepted within the duplicate window, with when.
    var recent: [(url: String, at: Duration)] = []

    init(isReady: Bool) {
        self.isReady = isReady
    }
}
