import LinkCoverage

extension AASAFetchReport {
    /// The coverage check of the deployed file: ``AASAFetchReport/coverage`` is now `link-router check`'s own
    /// report type.
    @available(*, deprecated, renamed: "CoverageReport")
    public typealias Coverage = CoverageReport
}

extension CoverageReport {
    /// The report itself (what `AASAFetchReport.Coverage(report)` made of it).
    ///
    /// - Parameter report: The checker's report.
    @available(*, deprecated, message: "AASAFetchReport.coverage is a CoverageReport: use the report itself")
    public init(_ report: CoverageReport) {
        self = report
    }

    /// Whether the file and the routes agree (what `AASAFetchReport.Coverage` called `ok`).
    @available(*, deprecated, renamed: "isClean")
    public var ok: Bool { isClean }
}
