import AppSiteAssociation
import LinkCoverage

// The module's names before they were merged: the whole-app baselines' before there was one `Baseline` (see
// AppSiteAssociation's `Baseline+Deprecated` for the spellings every kind shares), and the check's error before it
// was the project's one `LinkProjectError`.

/// The whole-app gaps a team has accepted: now `Baseline` of `AppCoverageReport`.
@available(*, deprecated, message: "use Baseline<AppCoverageReport>")
public typealias AppCoverageBaseline = Baseline<AppCoverageReport>

/// The gaps of both platforms a team has accepted: now `Baseline` of `PlatformsCoverageReport`.
@available(*, deprecated, message: "use Baseline<PlatformsCoverageReport>")
public typealias PlatformsCoverageBaseline = Baseline<PlatformsCoverageReport>

extension Baseline.Comparison where Report == AppCoverageReport {
    /// How many gaps the baseline accepts: now `accepted` is the report of them.
    @available(*, deprecated, message: "accepted is the report of the accepted gaps: use accepted.gaps.count")
    public var accepted: Int { accepted.gaps.count }
}

extension Baseline.Comparison where Report == PlatformsCoverageReport {
    /// How many gaps and differences the baseline accepts: now `accepted` is the report of them.
    @available(*, deprecated, message: "accepted is the report of the accepted gaps: count its findings")
    public var accepted: Int {
        accepted.ios.gaps.count + accepted.android.gaps.count + accepted.differences.count
    }
}

/// Why ``LinkProject/check(allURLs:fetch:)`` could not check a project: now ``LinkProjectError``, the one error of a
/// project, read or checked.
@available(*, deprecated, renamed: "LinkProjectError")
public typealias LinkProjectCheckError = LinkProjectError
