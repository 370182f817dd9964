/// A rule of an AASA file that can never decide a URL.
struct UnreachableRule: Sendable, Hashable {
    /// The rule's JSON pointer.
    var pointer: String
    /// The pointers of the earlier rules that decide every URL the rule matches (empty when the rule
    /// matches no URL at all).
    var shadowedBy: [String]
    /// Whether ``shadowedBy`` names every such rule (false when the analysis ran out of budget while
    /// collecting them; the rule is unreachable all the same).
    var shadowersComplete = true
}
