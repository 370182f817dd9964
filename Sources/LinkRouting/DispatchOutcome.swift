/// The allocation-free result of matching a URL: the decision kind, the route's index, and the reason.
///
/// Use ``RouteTable/outcome(for:)`` on hot paths that only need to know where a URL goes (for example a
/// redirect service counting or forwarding links); use ``RouteTable/decision(for:)-(String)`` when you also need the
/// captured parameters and the query.
public struct DispatchOutcome: Sendable, Hashable {
    /// The decision.
    public let kind: LinkDecision.Kind
    /// For ``LinkDecision/Kind/route``: the index of the matched route in ``RouteTable/routes``.
    public let routeIndex: Int?
    /// Why, for every kind but ``LinkDecision/Kind/route``.
    public let reason: DecisionReason?

    init(_ kind: LinkDecision.Kind, route: Int? = nil, reason: DecisionReason? = nil) {
        self.kind = kind
        self.routeIndex = route
        self.reason = reason
    }
}
