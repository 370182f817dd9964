import AppSiteAssociation
import FileLocations
import LinkRouting
import RichMediaKitSupport

/// `link-router check --format html`: one self-contained HTML page for a coverage report (package access).
///
/// The page has no scripts, external styles, fonts or images. It shows the verdict, the inputs compared, then the
/// unrouted gaps grouped by the AASA rule that claims them and the unclaimed gaps grouped by route, each with its
/// example URLs and the rule's JSON, as tables one can scan and search without clicking; then the rules and routes
/// that are fully consistent, and the routes that do not apply to the domain, in `<details>` elements that start
/// closed when they are long, so a report for 1,000 routes × 200 rules stays a page one can scan. The markup is also well-formed XML
/// (polyglot HTML), so tests and tools can parse it with an XML parser.
package struct CoverageHTMLPage {
    /// What was compared: the files as given and the options.
    package struct Inputs: Sendable {
        /// The AASA file's path as given (`-` for standard input).
        package var aasaPath: String
        /// The routes file's path as given.
        package var routesPath: String
        /// Whether non-canonical URLs were compared too (`--all-urls`).
        package var allURLs: Bool
        /// The baseline the report was filtered by, if any.
        package var baseline: BaselineSummary?

        /// Creates the inputs.
        package init(aasaPath: String, routesPath: String, allURLs: Bool, baseline: BaselineSummary? = nil) {
            self.aasaPath = aasaPath
            self.routesPath = routesPath
            self.allURLs = allURLs
            self.baseline = baseline
        }
    }

    /// Lists of consistent rules or routes longer than this start closed.
    static let openListLimit = 30

    let report: CoverageReport
    /// The report before a baseline took its accepted gaps out: a rule or route with an accepted gap is not
    /// consistent.
    let whole: CoverageReport
    let inputs: Inputs
    let rules: [(pointer: String, exclude: Bool, json: String)]
    let routes: [Route]
    let routeApplies: [Bool]

    /// Prepares a page.
    ///
    /// - Parameters:
    ///   - report: The coverage report.
    ///   - inputs: The files and options compared.
    ///   - aasa: The AASA matcher the report was computed with.
    ///   - aasaBytes: The AASA file's bytes (to show each rule as written).
    ///   - table: The route table the report was computed with.
    ///   - whole: The report before a baseline took its accepted gaps out (`report` when there is none).
    package init(
        report: CoverageReport, inputs: Inputs, aasa: AASAMatcher, aasaBytes: [UInt8], table: RouteTable,
        whole: CoverageReport? = nil
    ) {
        self.report = report
        self.whole = whole ?? report
        self.inputs = inputs
        let document = try? JSONParser.parse(aasaBytes)
        rules = aasa.rules(for: report.appID).map { rule in
            let json = document?.value(at: rule.pointer)?.orderedJSON.compact ?? ""
            return (rule.pointer, rule.exclude, json)
        }
        routes = table.routes
        let host = report.domain.lowercased()
        routeApplies = table.patterns.map { pattern in
            switch pattern.binding {
            case .any: return true
            case .scheme: return false
            case .host(let bound): return bound == host
            }
        }
    }

    /// The page: ``ReportHTMLPage`` fed with this report's verdict, inputs and sections (the gaps grouped by rule
    /// and by route, the consistent rules and routes).
    ///
    /// - Parameter sources: The files the gaps point into (for their lines and columns).
    /// - Complexity: O(*r* + *u* + *g*) for *r* rules, *u* routes and *g* gaps.
    package func render(sources: ReportSources = ReportSources()) -> String {
        let kinds: [ReportHTMLPage.Split.Part] =
            [
                .init("unrouted", report.unrouted.count, anchor: "unrouted"),
                .init("unclaimed", report.unclaimed.count, anchor: "unclaimed"),
            ]
            + (report.notCompared.isEmpty
                ? [] : [.init("not compared", report.notCompared.count, anchor: "not-compared")])
        let gaps = report.unrouted.count + report.unclaimed.count
        // Where each gap is (its rule in the AASA file, its route in the routes file), in report order.
        let places = sources.resolved(report.locatedFindings).map { ReportHTMLPage.place($0.location) }
        return ReportHTMLPage(
            title: "Coverage of \(report.domain) for \(report.appID)",
            heading: "Coverage: <code>\(e(report.domain))</code> for <code>\(e(report.appID))</code>",
            isClean: report.isClean, verdict: verdict(),
            splits: report.isClean
                ? []
                : [.init("platform", [.init("iOS", gaps)]), .init("kind", kinds)],
            inputs: inputRows(), rules: [], findings: [], sources: sources,
            leading: [
                .init(
                    markup: notComparedSection() + unroutedSection(places: places.prefix(report.unrouted.count))
                        + unclaimedSection(places: places.dropFirst(report.unrouted.count)))
            ],
            sections: [.init(markup: consistentSection())], accepted: inputs.baseline?.acceptedFindings ?? [],
            footer: "Generated by <code>link-router check --format html</code>. Every example URL was run through the "
                + "AASA matcher and the router and really shows its gap."
        ).render()
    }

    func e(_ text: String) -> String { MarkupEscaping.escaped(text) }

    var ruleJSON: [String: String] {
        Dictionary(rules.map { ($0.pointer, $0.json) }, uniquingKeysWith: { first, _ in first })
    }

    private func verdict() -> String {
        let gaps = report.unrouted.count + report.unclaimed.count
        if report.isClean, let baseline = inputs.baseline {
            return "<strong>OK</strong>: no new gap; the \(baseline.accepted) gap"
                + "\(baseline.accepted == 1 ? "" : "s") of the baseline are accepted."
        }
        if report.isClean {
            return "<strong>OK</strong>: the AASA file and the routes agree on every "
                + "\(inputs.allURLs ? "" : "canonical ")URL of \(e(report.domain))."
        }
        let new = inputs.baseline == nil ? "" : " new"
        let notCompared =
            report.notCompared.isEmpty
            ? ""
            : " The check did not finish: <a href=\"#not-compared\">\(report.notCompared.count) rules and routes not "
                + "compared</a>."
        return "<strong>\(gaps)\(new) gap\(gaps == 1 ? "" : "s")</strong>: "
            + "<a href=\"#unrouted\">\(report.unrouted.count) unrouted</a> (the app opens with nothing to show), "
            + "<a href=\"#unclaimed\">\(report.unclaimed.count) unclaimed</a> (Safari opens instead of the app)."
            + notCompared
    }

    private func inputRows() -> [(label: String, value: String)] {
        let consistentRules = self.consistentRules.count
        let appliesCount = routeApplies.filter { $0 }.count
        let rows: [(label: String, value: String)] = [
            (
                "AASA file",
                "<code>\(e(inputs.aasaPath))</code> (\(rules.count) rule\(rules.count == 1 ? "" : "s") for "
                    + "this app, \(consistentRules) fully consistent)"
            ),
            (
                "Routes file",
                "<code>\(e(inputs.routesPath))</code> (\(routes.count) route\(routes.count == 1 ? "" : "s"), "
                    + "\(appliesCount) on this domain)"
            ),
            ("Domain", "<code>\(e(report.domain))</code>"),
            ("App ID", "<code>\(e(report.appID))</code>"),
            (
                "URLs",
                inputs.allURLs
                    ? "all URLs, including non-canonical ones (<code>--all-urls</code>)"
                    : "canonical URLs (no empty or dot segments); <code>--all-urls</code> compares all"
            ),
        ]
        return rows + ReportHTMLPage.rows(.init(files: [:], baseline: inputs.baseline))
    }
}
