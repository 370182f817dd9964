/// What a ``LinkDispatcher`` did with one delivered link.
public struct LinkDelivery: Sendable, Hashable {
    /// What became of the link.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Outcome: Sendable, Hashable {
        /// Acted on now: the route's handler, the browser or external opener, or nothing (`unhandled`, `reject`,
        /// a URL the rewrite hook refused).
        case dispatched
        /// Held: until the app is ready, or until its guard allows it (see ``HeldLink``).
        case held(HeldLink.Reason)
        /// The same URL was accepted less than the duplicate window ago: not dispatched again.
        case duplicate
        /// Dropped by ``HeldLinkPolicy/keepFirst``: a link was already held.
        case dropped
    }

    /// What became of the link.
    public let outcome: Outcome
    /// The link's decision: what was done when it was dispatched (a `route` without a handler comes back as
    /// `browser` or `unhandled`), else what its URL, after the rewrite hook, decides.
    public let decision: LinkDecision
    /// The links held earlier that this one displaced, in order (``HeldLinkPolicy/keepLatest``, or the oldest
    /// beyond ``HeldLinkPolicy/keepAll(limit:)``'s limit); they will not be dispatched.
    public let displaced: [LinkDecision]

    /// Creates a delivery, for example the one a test expects.
    ///
    /// - Parameters:
    ///   - outcome: What became of the link.
    ///   - decision: Its decision.
    ///   - displaced: The held links it displaced.
    public init(outcome: Outcome, decision: LinkDecision, displaced: [LinkDecision] = []) {
        self.outcome = outcome
        self.decision = decision
        self.displaced = displaced
    }
}

/// A link a ``LinkDispatcher`` holds: its decision, and why it waits.
public struct HeldLink: Sendable, Hashable {
    /// Why a link is held.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Reason: Sendable, Hashable {
        /// The app is not ready yet (``LinkDispatcher/markReady()``).
        case notReady
        /// A guard refuses it (``LinkDispatcher/hold(_:until:)``, ``LinkDispatcher/holdEveryRoute(until:)``).
        case guarded
    }

    /// The link's decision (its URL is the one after the rewrite hook).
    public let decision: LinkDecision
    /// Why it waits.
    public let reason: Reason

    /// Creates a held link, for example the one a test expects.
    ///
    /// - Parameters:
    ///   - decision: The link's decision.
    ///   - reason: Why it waits.
    public init(decision: LinkDecision, reason: Reason) {
        self.decision = decision
        self.reason = reason
    }
}

/// What a ``LinkDispatcher`` keeps when a link must be held while others are held already (not ready yet, or
/// guarded); the same for every held link.
///
/// - ``keepAll``: every link, in order, up to 16; beyond that the oldest is dropped (``keepAll(limit:)`` sets
///   the limit). The default: a cold start's links are all shown, in the order they came.
/// - ``keepLatest``: only the newest; it replaces what was held (a newer push tap wins over an older one).
/// - ``keepFirst``: only the first; later links are dropped until it is dispatched.
///
/// The links a policy drops are reported in ``LinkDelivery/displaced`` (or as ``LinkDelivery/Outcome/dropped``).
public struct HeldLinkPolicy: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case keepAll(limit: Int)
        case keepLatest
        case keepFirst
    }

    let kind: Kind

    /// Every link, in order, up to 16 (then the oldest is dropped).
    public static let keepAll = keepAll(limit: 16)

    /// Every link, in order, up to `limit` (at least 1); beyond it the oldest is dropped.
    ///
    /// - Parameter limit: The most links held.
    /// - Returns: The policy.
    public static func keepAll(limit: Int) -> HeldLinkPolicy { HeldLinkPolicy(kind: .keepAll(limit: max(limit, 1))) }

    /// Only the newest link: it replaces what was held.
    public static let keepLatest = HeldLinkPolicy(kind: .keepLatest)

    /// Only the first link: later ones are dropped while it is held.
    public static let keepFirst = HeldLinkPolicy(kind: .keepFirst)
}
