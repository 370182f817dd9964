/// What iOS decides for one URL, serving domain and app ID, and why.
public struct AASAMatch: Sendable, Equatable {
    /// The three possible answers.
    public enum Decision: String, Sendable, Equatable {
        /// The app opens.
        case match
        /// An `exclude` rule (or `NOT ` path) blocks the URL; Safari opens.
        case exclude
        /// No rule matched (or the URL is not a universal link for the domain).
        case noMatch = "no_match"
    }

    /// The decision.
    public var decision: Decision
    /// The JSON pointer of the deciding rule (e.g. `/applinks/details/0/components/1`), or nil.
    public var rule: String?
    /// Why, in one sentence.
    public var reason: String
    /// With explanation: every rule tried, in order, and how it fared; otherwise empty.
    public var trials: [AASARuleTrial]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - decision: The decision.
    ///   - rule: The deciding rule's pointer.
    ///   - reason: Why.
    ///   - trials: The rules tried.
    public init(decision: Decision, rule: String?, reason: String, trials: [AASARuleTrial] = []) {
        self.decision = decision
        self.rule = rule
        self.reason = reason
        self.trials = trials
    }
}

/// One rule the matcher tried while explaining a decision.
public struct AASARuleTrial: Sendable, Equatable {
    /// A part of the URL a rule looks at.
    public enum Part: String, Sendable, Equatable {
        /// The scheme and host (checked before any rule).
        case domain
        /// The path, `/`.
        case path = "/"
        /// The query, `?`.
        case query = "?"
        /// The fragment, `#`.
        case fragment = "#"
    }

    /// How a tried rule fared.
    public enum Outcome: Sendable, Equatable {
        /// Every part matched; the rule is not an exclude rule.
        case match
        /// Every part matched; the rule excludes.
        case exclude
        /// This part did not match.
        case failed(Part)
    }

    /// The rule's JSON pointer; nil for the domain check.
    public var rule: String?
    /// The outcome.
    public var outcome: Outcome
    /// Detail, such as the pattern that failed or why a pattern is unusable.
    public var detail: String?

    /// Creates a trial record.
    ///
    /// - Parameters:
    ///   - rule: The rule's pointer.
    ///   - outcome: How it fared.
    ///   - detail: Detail.
    public init(rule: String?, outcome: Outcome, detail: String? = nil) {
        self.rule = rule
        self.outcome = outcome
        self.detail = detail
    }

    /// The part that failed, if any.
    public var failedPart: Part? {
        if case .failed(let part) = outcome { return part }
        return nil
    }
}
