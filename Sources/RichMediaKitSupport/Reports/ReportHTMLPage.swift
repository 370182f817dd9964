import FileLocations

/// The one HTML page of every check's report (package access: not public API): every mode of `check` and every
/// command with `--format html` feeds it its verdict, inputs, findings and sections of its own, and the design
/// (markup and style) is written here once.
///
/// The page: the heading and the verdict, split by platform, by kind (linked to each kind's section) and by file;
/// every input (files by role, options such as the app ID, package, fingerprints and defines, the baseline); the
/// findings grouped by rule, each group with its fix and each finding with where it is (a `file:line:column` that
/// never wraps), its message (code spans as `<code>`, `http(s)` URLs as links) and its own fix; the findings a
/// baseline accepted, apart; then the report's own sections. Self-contained (no scripts, external styles, fonts or
/// images; links only to `#` anchors and `http(s)` URLs), readable from a phone's 390 pixels to a desktop's, and
/// well-formed XML (polyglot HTML), so tests and tools can parse it.
package struct ReportHTMLPage {
    /// A section a report adds: its markup, already escaped.
    package struct Section: Sendable {
        /// The section's markup (`<section>...</section>\n`).
        package var markup: String

        /// A section of markup.
        package init(markup: String) {
            self.markup = markup
        }
    }

    /// One way of splitting the verdict's count: a label (`platform`) and its parts (`iOS 2`, `Android 16`).
    package struct Split: Sendable {
        /// One part: its name, its count and the anchor of the section that lists it, if any.
        package struct Part: Sendable {
            /// The part's name (text).
            package var name: String
            /// How many findings it has.
            package var count: Int
            /// The id of the section listing them (without `#`), if any.
            package var anchor: String?

            /// A part.
            package init(_ name: String, _ count: Int, anchor: String? = nil) {
                self.name = name
                self.count = count
                self.anchor = anchor
            }
        }

        /// What the split is by (`platform`, `kind`, `file`).
        package var label: String
        /// Its parts, in order.
        package var parts: [Part]

        /// A split.
        package init(_ label: String, _ parts: [Part]) {
            self.label = label
            self.parts = parts
        }
    }

    /// What a check read, as the page lists it: the files by role, the options that decide what it compared, and the
    /// baseline.
    package struct Inputs: Sendable {
        /// The files read, by role, as the user named them.
        package var files: [ReportFile: String]
        /// The other inputs, as rows (label, markup): app ID, package, fingerprints, defines...
        package var options: [(label: String, value: String)]
        /// The files' paths and bytes (for the findings' lines and columns).
        package var sources: ReportSources
        /// The baseline's summary, if one was given.
        package var baseline: BaselineSummary?

        /// The inputs.
        ///
        /// - Parameters:
        ///   - files: The files read, by role, as the user named them.
        ///   - options: The other inputs, as rows (label, markup).
        ///   - sources: The files' paths and bytes.
        ///   - baseline: The baseline's summary, if one was given.
        package init(
            files: [ReportFile: String], options: [(label: String, value: String)] = [],
            sources: ReportSources = ReportSources(), baseline: BaselineSummary? = nil
        ) {
            self.files = files
            self.options = options
            self.sources = sources
            self.baseline = baseline
        }
    }

    private let title: String
    private let heading: String
    private let verdict: String
    private let isClean: Bool
    private let splits: [Split]
    private let inputs: [(label: String, value: String)]
    private let rules: [FindingRule]
    private let findings: [(finding: LocatedFinding, location: ReportFinding.Location?)]
    private let leading: [Section]
    private let sections: [Section]
    private let footer: String
    private let accepted: [(finding: LocatedFinding, location: ReportFinding.Location?)]

    /// Prepares a page.
    ///
    /// - Parameters:
    ///   - title: The document's title.
    ///   - heading: The page's heading, as markup.
    ///   - isClean: Whether the check passed.
    ///   - verdict: The verdict's sentence, as markup.
    ///   - splits: The verdict's splits given by the report (by platform...); the page adds the split by kind and by
    ///     file of `findings`.
    ///   - inputs: The files and options read, as rows (label, markup).
    ///   - rules: The rules, in the order the page lists their findings.
    ///   - findings: The findings.
    ///   - sources: The files they point into (for their lines and columns).
    ///   - names: The files' names, by role (for the split by file).
    ///   - leading: What the report shows before the findings (a report that groups its findings its own way).
    ///   - sections: What the report adds after the findings.
    ///   - accepted: The findings a baseline accepted, shown apart in a section of their own after the new ones.
    ///   - footer: The footer, as markup.
    package init(
        title: String, heading: String, isClean: Bool, verdict: String, splits: [Split] = [],
        inputs: [(label: String, value: String)], rules: [FindingRule], findings: [LocatedFinding],
        sources: ReportSources, names: [ReportFile: String] = [:], leading: [Section] = [], sections: [Section] = [],
        accepted: [LocatedFinding] = [], footer: String
    ) {
        self.accepted = Array(zip(accepted, sources.resolved(accepted).map(\.location)))
        self.title = title
        self.heading = heading
        self.isClean = isClean
        self.verdict = verdict
        self.splits = splits + Self.splits(of: findings, rules: rules, names: names)
        self.inputs = inputs
        self.rules = rules
        self.findings = Array(zip(findings, sources.resolved(findings).map(\.location)))
        self.leading = leading
        self.sections = sections
        self.footer = footer
    }

    /// The page of a check whose findings are its report's located findings: the verdict (`OK: <agreeing>`, or how
    /// many (new) findings), the inputs (``rows(_:)``), the findings by rule, the accepted ones, `sections`.
    ///
    /// - Parameters:
    ///   - report: The report (with a baseline: its new findings).
    ///   - title: The document's title (text).
    ///   - heading: The heading, as markup.
    ///   - noun: What a finding is called (`gap`, `finding`).
    ///   - agreeing: What agrees when the check passed (text).
    ///   - inputs: What the check read.
    ///   - splits: The verdict's splits the report gives (by platform).
    ///   - sections: The report's own sections.
    ///   - footer: The footer, as markup.
    package init(
        report: some CheckReport, title: String, heading: String, noun: String = "finding", agreeing: String,
        inputs: Inputs, splits: [Split] = [], sections: [Section] = [], footer: String
    ) {
        let count = report.locatedFindings.count
        let accepted = inputs.baseline?.accepted
        let verdict =
            report.isClean
            ? "<strong>OK</strong>: \(MarkupEscaping.escaped(agreeing))"
                + (accepted.map { "; the \($0) \(noun)\($0 == 1 ? "" : "s") of the baseline are accepted" } ?? "")
                + "."
            : "<strong>\(count)\(accepted == nil ? "" : " new") \(noun)\(count == 1 ? "" : "s")</strong>."
        self.init(
            title: title, heading: heading, isClean: report.isClean, verdict: verdict, splits: splits,
            inputs: Self.rows(inputs), rules: report.findingRules, findings: report.locatedFindings,
            sources: inputs.sources, names: inputs.files, sections: sections,
            accepted: inputs.baseline?.acceptedFindings ?? [], footer: footer)
    }

    /// A section of the places a check considered (iOS's domains, Android's hosts), one row each: its name as code,
    /// then every other cell labelled with its column (the label a phone's narrow layout shows).
    ///
    /// - Parameters:
    ///   - id: The section's id (`domains`).
    ///   - heading: Its heading, as text (`iOS: domains`); the page adds the count.
    ///   - columns: The columns' names (`Domain`, `State`, ...).
    ///   - rows: One row a place: its name (text), then the other cells (markup).
    /// - Returns: The section.
    package static func table(id: String, heading: String, columns: [String], rows: [(String, [String])])
        -> Section
    {
        func e(_ text: String) -> String { MarkupEscaping.escaped(text) }
        var html = "<section id=\"\(e(id))\">\n<h2>\(e(heading)) <span class=\"count\">\(rows.count)</span></h2>\n"
        html += "<table>\n<tr>" + columns.map { "<th>\(e($0))</th>" }.joined() + "</tr>\n"
        for (name, cells) in rows {
            html += "<tr><td><code>\(e(name))</code></td>"
            for (column, cell) in zip(columns.dropFirst(), cells) {
                html += "<td data-label=\"\(e(column))\">\(cell)</td>"
            }
            html += "</tr>\n"
        }
        return Section(markup: html + "</table>\n</section>\n")
    }

    /// The default page of a report: its findings, the files named in `names`.
    ///
    /// - Parameters:
    ///   - report: The report.
    ///   - title: What the check is called (the tool's name).
    ///   - names: The files read, by role, as the user named them.
    ///   - sources: The files' paths and bytes.
    ///   - accepted: The findings a baseline accepted.
    package init(
        report: some CheckReport, title: String, names: [ReportFile: String], sources: ReportSources,
        accepted: [LocatedFinding] = []
    ) {
        let findings = report.locatedFindings
        let count = findings.count
        self.init(
            title: title, heading: MarkupEscaping.escaped(title), isClean: report.isClean,
            verdict: report.isClean
                ? "<strong>OK</strong>: no error." : "<strong>\(count) finding\(count == 1 ? "" : "s")</strong>.",
            inputs: Self.rows(Inputs(files: names)), rules: report.findingRules, findings: findings, sources: sources,
            names: names, accepted: accepted, footer: "Generated by <code>\(MarkupEscaping.escaped(title))</code>.")
    }

    private func e(_ text: String) -> String { MarkupEscaping.escaped(text) }

    /// The page, ending with a newline.
    ///
    /// - Complexity: O(*r* + *f*) for *r* rules and *f* findings.
    package func render() -> String {
        var html = "<section id=\"inputs\">\n<h2>Inputs</h2>\n<table class=\"inputs\">\n"
        for input in inputs { html += "<tr><th>\(e(input.label))</th><td>\(input.value)</td></tr>\n" }
        html += "</table>\n</section>\n"
        for section in leading { html += section.markup }
        var listed = Set<String>()
        let codes = (rules.map(\.code) + findings.map(\.finding.code)).filter { listed.insert($0).inserted }
        let groups = Dictionary(grouping: findings, by: \.finding.code)
        var ruleOf: [String: FindingRule] = [:]
        for rule in rules where ruleOf[rule.code] == nil { ruleOf[rule.code] = rule }
        for code in codes {
            guard let group = groups[code] else { continue }
            let rule = ruleOf[code]
            html += "<section id=\"\(e(code))\">\n<h2><code>\(e(code))</code>"
            html += rule.map { ": \(MarkupEscaping.prose($0.summary))" } ?? ""
            html += " <span class=\"count\">\(group.count)</span></h2>\n"
            if let help = rule?.help, !help.isEmpty {
                html += "<p class=\"help\">How to fix: \(MarkupEscaping.prose(help))</p>\n"
            }
            html += Self.table(group, code: false) + "</section>\n"
        }
        if !accepted.isEmpty { html += Self.acceptedSection(accepted) }
        for section in sections { html += section.markup }
        return Self.document(
            title: title,
            header: "<h1>\(heading)</h1>\n<p class=\"verdict \(isClean ? "ok" : "gaps")\">\(verdict)</p>\n"
                + Self.splitsMarkup(splits),
            main: html, footer: footer)
    }

    /// The verdict's splits, one line each (`By kind: unrouted 2 · unclaimed 3`), each part linked to its section.
    private static func splitsMarkup(_ splits: [Split]) -> String {
        let shown = splits.filter { !$0.parts.isEmpty }
        guard !shown.isEmpty else { return "" }
        var html = "<ul class=\"splits\">\n"
        for split in shown {
            let parts = split.parts.map { part in
                let text = "\(MarkupEscaping.escaped(part.name)) <span class=\"count\">\(part.count)</span>"
                return part.anchor.map { "<a href=\"#\(MarkupEscaping.escaped($0))\">\(text)</a>" } ?? text
            }
            html += "<li><span class=\"by\">By \(MarkupEscaping.escaped(split.label))</span> "
            html += parts.map { "<span class=\"part\">\($0)</span>" }.joined(separator: " ") + "</li>\n"
        }
        return html + "</ul>\n"
    }

    /// The splits by kind (each rule's code, linked to its section) and by file (each finding's first place) of
    /// `findings`.
    private static func splits(of findings: [LocatedFinding], rules: [FindingRule], names: [ReportFile: String])
        -> [Split]
    {
        guard !findings.isEmpty else { return [] }
        var codes: [String] = []
        var byCode: [String: Int] = [:]
        for code in rules.map(\.code) + findings.map(\.code) where byCode[code] == nil {
            codes.append(code)
            byCode[code] = 0
        }
        var files: [String] = []
        var byFile: [String: Int] = [:]
        for finding in findings {
            byCode[finding.code, default: 0] += 1
            let file = finding.places.first.map { label(of: $0.file) } ?? "no file"
            if byFile[file] == nil { files.append(file) }
            byFile[file, default: 0] += 1
        }
        return [
            Split(
                "kind",
                codes.compactMap { code in byCode[code].flatMap { $0 == 0 ? nil : .init(code, $0, anchor: code) } }),
            Split("file", files.map { .init($0, byFile[$0] ?? 0) }),
        ]
    }

    /// What a file is, by its role, for people (`Routes file`, `AASA file of example.com`).
    ///
    /// - Parameter file: The file's role.
    /// - Returns: Its label.
    package static func label(of file: ReportFile) -> String {
        let raw = file.rawValue
        if raw.hasPrefix("site:") { return "AASA file of " + raw.dropFirst(5) }
        if raw.hasPrefix("assetlinks:") { return "assetlinks.json of " + raw.dropFirst(11) }
        let labels = [
            "aasa": "AASA file", "routes": "Routes file", "entitlements": "Entitlements", "info-plist": "Info.plist",
            "manifest": "Android manifest", "baseline": "Baseline", "old": "Old file", "new": "New file",
            "body": "Body served",
        ]
        return labels[raw] ?? raw
    }

    /// The inputs' rows: each file (app files first, then the routes, the sites' files by domain or host), each
    /// option, then the baseline (how many findings it accepted, linked to them; its note; its stale entries).
    ///
    /// - Parameter inputs: What the check read.
    /// - Returns: The rows (label, markup).
    package static func rows(_ inputs: Inputs) -> [(label: String, value: String)] {
        let order = ["aasa", "entitlements", "info-plist", "manifest", "routes", "old", "new", "body"]
        func rank(_ file: ReportFile) -> (Int, String) {
            (order.firstIndex(of: file.rawValue) ?? order.count, file.rawValue)
        }
        var rows = inputs.files.filter { $0.key != .baseline }.sorted { rank($0.key) < rank($1.key) }.map {
            (label: label(of: $0.key), value: "<code>\(MarkupEscaping.link($0.value))</code>")
        }
        rows += inputs.options
        if let baseline = inputs.baseline {
            var value = "<code>\(MarkupEscaping.escaped(baseline.path))</code>: \(baseline.accepted) accepted"
            if baseline.accepted > 0 { value += " (<a href=\"#accepted\">listed apart</a>)" }
            if let note = baseline.versionNote { value += "; note: " + MarkupEscaping.prose(note.message) }
            if !baseline.stale.isEmpty {
                value += "; stale entries (no longer found, remove them): "
                value += baseline.stale.map { "<code>\(MarkupEscaping.escaped($0.description))</code>" }
                    .joined(separator: ", ")
            }
            rows.append((label: "Baseline", value: value))
        }
        return rows
    }

    /// A table of findings, one row each: where (`path:line:column` on one line, or `-`) and what (with the code
    /// first when `code`): the severity, the message and its own fix.
    private static func table(
        _ findings: [(finding: LocatedFinding, location: ReportFinding.Location?)], code: Bool
    ) -> String {
        func e(_ text: String) -> String { MarkupEscaping.escaped(text) }
        var html = "<table class=\"findings\">\n<tr><th>Where</th><th>What</th></tr>\n"
        for (finding, location) in findings {
            var what = "<span class=\"severity \(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
            what += (code ? "<code>\(e(finding.code))</code>: " : "") + MarkupEscaping.prose(finding.message)
            if let fix = finding.fix { what += "<br/><span class=\"fix\">Fix: \(MarkupEscaping.prose(fix))</span>" }
            html += "<tr><td>\(place(location) ?? "-")</td><td>\(what)</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// Where a finding is, as `path:line:column` on one line (`<code class="where">`: it never wraps inside), or nil
    /// when it has no place to show.
    ///
    /// - Parameter location: The finding's resolved location.
    /// - Returns: The markup, or nil.
    package static func place(_ location: ReportFinding.Location?) -> String? {
        location.map {
            "<code class=\"where\">\(MarkupEscaping.escaped("\($0.path):\($0.line):\($0.column)"))</code>"
        }
    }

    /// The section of the findings a baseline accepted (`<section id="accepted">`), apart from the new ones: they
    /// are known and decide nothing, but they are still there.
    private static func acceptedSection(
        _ findings: [(finding: LocatedFinding, location: ReportFinding.Location?)]
    ) -> String {
        "<section id=\"accepted\">\n<h2>Accepted (in the baseline), not counted <span class=\"count\">"
            + "\(findings.count)</span></h2>\n<p class=\"explain\">Known findings the baseline accepts: they decide "
            + "nothing, but they are still there.</p>\n" + table(findings, code: true) + "</section>\n"
    }

    /// The whole document of a report page: the head (title and style), the header (heading and verdict), the main
    /// sections and the footer.
    ///
    /// - Parameters:
    ///   - title: The document's title (escaped here).
    ///   - header: The header's markup.
    ///   - main: The sections' markup.
    ///   - footer: The footer's markup.
    /// - Returns: The page, ending with a newline.
    private static func document(title: String, header: String, main: String, footer: String) -> String {
        head(title: title) + "<header>\n" + header + "</header>\n<main>\n" + main + "</main>\n<footer>" + footer
            + "</footer>\n</body>\n</html>\n"
    }

    /// The document up to `<body>`: the title and the page's style (shared by every report page).
    private static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>\(MarkupEscaping.escaped(title))</title>
        <style>
        :root { color-scheme: light; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --line: #d0d7de; --muted: #57606a; }
        body { font: 15px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0; color: #1f2328;
          background: #fff; }
        header, main, footer { max-width: 1100px; margin: 0 auto; padding: 0 24px; }
        header { padding-top: 20px; }
        h1 { font-size: 22px; margin: 0 0 12px; overflow-wrap: anywhere; }
        h2 { font-size: 18px; margin: 28px 0 6px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
        code { font: 13px/1.4 ui-monospace, "SF Mono", Menlo, Consolas, monospace; overflow-wrap: anywhere; }
        td code, p code, li code { background: #f6f8fa; border-radius: 4px; padding: 0 3px; }
        code.where { white-space: nowrap; overflow-wrap: normal; word-break: normal; background: none; padding: 0; }
        code.json { color: var(--muted); }
        code.url, code.url a { color: #0550ae; }
        .verdict { padding: 10px 14px; border-radius: 6px; margin: 0; }
        .verdict.ok { background: #dafbe1; border: 1px solid var(--ok); }
        .verdict.gaps { background: #ffebe9; border: 1px solid var(--bad); }
        ul.splits { list-style: none; padding: 0; margin: 8px 0 0; font-size: 14px; }
        ul.splits li { margin: 4px 0; }
        ul.splits .by { color: var(--muted); display: inline-block; min-width: 6.5em; }
        ul.splits .part { white-space: nowrap; margin-right: 10px; }
        ul.splits a { text-decoration: none; }
        .explain, .help { color: var(--muted); margin: 4px 0 10px; }
        .fix { color: var(--muted); }
        .severity { display: inline-block; font-size: 11px; padding: 0 5px; border-radius: 8px; color: #fff;
          background: var(--muted); vertical-align: 1px; }
        .severity.error { background: var(--bad); }
        .severity.warning { background: var(--warn); }
        .none { color: var(--ok); }
        .corner { color: var(--warn); font-size: 13px; }
        .count { display: inline-block; min-width: 1.6em; padding: 0 6px; border-radius: 10px; background: #eaeef2;
          font-size: 12px; text-align: center; color: #1f2328; font-weight: normal; }
        details.group { border: 1px solid var(--line); border-left: 4px solid var(--line); border-radius: 6px;
          margin: 6px 0; background: #fff; }
        details.unrouted, details.unclaimed { border-left-color: var(--bad); }
        details.ok { border-left-color: var(--ok); }
        details.other { border-left-color: var(--muted); }
        summary { cursor: pointer; padding: 6px 10px; }
        details[open] > summary { border-bottom: 1px solid var(--line); background: #f6f8fa; }
        tr.first td { border-top: 1px solid var(--line); }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; vertical-align: top; padding: 4px 10px; border-bottom: 1px solid #eaeef2; }
        td, p, li { overflow-wrap: anywhere; }
        th { background: #f6f8fa; font-weight: 600; font-size: 13px; }
        details th:first-child { width: 36%; }
        table.findings th:first-child { width: 1%; }
        table.by-route th:first-child { width: 24%; }
        table.by-route th:nth-child(2) { width: 36%; }
        table.inputs th { width: 150px; color: var(--muted); font-weight: normal; background: none; }
        footer { color: var(--muted); font-size: 13px; margin: 32px auto 24px; }
        a { color: #0969da; }
        @media (max-width: 640px) {
          body { font-size: 14px; }
          header, main, footer { padding: 0 12px; }
          table, tbody, tr, td { display: block; width: auto; }
          tr:first-child:has(th) { display: none; }
          table.inputs tr:first-child { display: block; }
          table.inputs th { display: block; width: auto; padding-bottom: 0; }
          td { border-bottom: 0; padding: 2px 8px; }
          tr { border-bottom: 1px solid #eaeef2; padding: 4px 0; }
          details th:first-child, table.by-route th { width: auto; }
          ul.splits .by { display: block; }
          code.where { font-size: 12px; }
          td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: 13px; }
        }
        </style>
        </head>
        <body>

        """
    }
}
