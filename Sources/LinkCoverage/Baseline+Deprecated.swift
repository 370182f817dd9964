import AppSiteAssociation

// The coverage baselines' names before there was one `Baseline` (see AppSiteAssociation's `Baseline+Deprecated`
// for the spellings every kind shares).

/// The coverage gaps a team has accepted: now `Baseline` of `CoverageReport`.
@available(*, deprecated, message: "use Baseline<CoverageReport>")
public typealias CoverageBaseline = Baseline<CoverageReport>

/// The Android coverage gaps a team has accepted: now `Baseline` of `AndroidCoverageReport`.
@available(*, deprecated, message: "use Baseline<AndroidCoverageReport>")
public typealias AndroidCoverageBaseline = Baseline<AndroidCoverageReport>

extension Baseline where Report == CoverageReport {
    /// A coverage baseline.
    ///
    /// - Parameters:
    ///   - domain: The domain the gaps were found for.
    ///   - appID: The app ID the gaps were found for.
    ///   - gaps: The accepted gaps.
    @available(*, deprecated, renamed: "init(scope:entries:)")
    public init(domain: String, appID: String, gaps: [Entry]) {
        self.init(scope: BaselineScope(domain: domain, appID: appID), entries: gaps)
    }
}

extension Baseline.Comparison where Report == AndroidCoverageReport {
    /// How many gaps the baseline accepts: now `accepted` is the report of them.
    @available(*, deprecated, message: "accepted is the report of the accepted gaps: use accepted.gaps.count")
    public var accepted: Int { accepted.gaps.count }
}

extension CoverageReport.BaselineEntry {
    /// An unrouted gap of a version 1 file: the rule at `rule` claims URLs no route handles.
    ///
    /// - Parameter rule: The JSON pointer of the claiming AASA rule.
    /// - Returns: The gap.
    @available(*, deprecated, renamed: "unrouted(ruleContent:)", message: "rules are identified by content")
    public static func unrouted(rule: String) -> Self {
        Self(kind: .unrouted, route: nil, ruleContent: nil, rulePointer: rule)
    }

    /// An unclaimed gap of a version 1 file: URLs the route `route` handles are blocked by `rule`, or matched by
    /// no rule.
    ///
    /// - Parameters:
    ///   - route: The route's name.
    ///   - rule: The JSON pointer of the blocking exclude rule, or nil.
    /// - Returns: The gap.
    @available(
        *, deprecated, renamed: "unclaimed(route:ruleContent:)", message: "rules are identified by content"
    )
    public static func unclaimed(route: String, rule: String?) -> Self {
        Self(kind: .unclaimed, route: route, ruleContent: nil, rulePointer: rule)
    }
}

extension AndroidCoverageReport.BaselineEntry {
    /// The filter's place of a version 1 entry.
    @available(*, deprecated, renamed: "filterPosition", message: "version 2 baselines name filters by content")
    public var filter: String? {
        get { filterPosition }
        set { filterPosition = newValue }
    }
}
