import CommandLineToolkit
import LinkRouter

/// `linkrouter check`: which URLs the AASA file sends to the app that no route handles (unrouted), and
/// which URLs routes handle that iOS does not send to the app (unclaimed), decided exactly.
///
/// Exit status: 0 when the file and the routes agree, 1 when a gap was found, 2 for usage errors,
/// unreadable or invalid files, or patterns too complex to compare.
enum CheckCommand {
    static let format = Options.format(
        #"Text (default) or {"domain", "appID", "ok", "unrouted": [{"rule", "example"}],"#
            + "\n" + #""unclaimed": [{"route", "example", "rule"}]}."#)

    static let spec = CommandSpec(
        usage: ["--aasa FILE --routes FILE --domain HOST --app-id ID [--all-urls] [--format text|json]"],
        discussion: """
            Compares, from the patterns themselves (not by sampling), the URLs on HOST that the AASA file sends
            to the app with the URLs its routes handle, and prints one shortest example URL per gap:
              unrouted   the AASA file sends the URL to the app, and no route handles it (the app opens
                         and has nothing to show); grouped by the AASA rule that claims it;
              unclaimed  a route handles the URL, and iOS does not send it to the app (Safari opens);
                         grouped by route and by the exclude rule that blocks it (or none).
            Every example was run through the AASA matcher and the router and really shows the gap.
            """,
        options: [
            .required(Options.aasa), .required(Options.routes), .required(Options.domain), .required(Options.appID),
            .optional(Options.allURLs), .optional(format),
        ],
        epilogue: """
            Exit status: 0 no gap, 1 gaps found, 2 bad usage, unreadable or invalid files.

            EXAMPLE:
              linkrouter check --aasa Docs/Examples/apple-app-site-association \\
                  --routes Docs/Examples/routes.json --domain example.com --app-id ABCDE12345.com.example.app
            """)

    static let command = Command(
        "check", summary: "find URLs the AASA file and the routes disagree about (exact)", spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .usage("unexpected argument `\(extra)`") }
        let aasaPath = try arguments.required(Options.aasa)
        let routesPath = try arguments.required(Options.routes)
        let domain = try arguments.required(Options.domain)
        let appID = try arguments.required(Options.appID)
        guard !(aasaPath == "-" && routesPath == "-") else {
            throw .usage("standard input (`-`) can be read only once")
        }
        let matcher = try AASAFileOption.load(aasaPath)
        let table = try RoutesOption.load(routesPath)
        let report: CoverageReport
        do {
            report = try CoverageChecker.check(
                aasa: matcher, routes: table, domain: domain, appID: appID, allURLs: arguments[Options.allURLs])
        } catch {
            throw AASAFileOption.failure(error)
        }
        switch arguments[format] ?? .text {
        case .json: Console.out(try json(report).compact)
        case .text: Console.out(text(report))
        }
        return report.isClean ? .success : .findings
    }

    /// The library's `Codable` shape of the report.
    static func json(_ report: CoverageReport) throws(CommandFailure) -> JSONValue {
        try JSONValue.encoding(report)
    }

    static func text(_ report: CoverageReport) -> String {
        var lines: [String] = []
        let summary = "\(report.unrouted.count) unrouted, \(report.unclaimed.count) unclaimed"
        lines.append("\(report.isClean ? "ok" : "gaps"): \(report.domain) for \(report.appID): \(summary)")
        if !report.unrouted.isEmpty {
            lines.append("")
            lines.append("unrouted: the app opens, and no route handles the URL")
            lines += TextColumns.align(
                report.unrouted.map { [$0.rule, $0.example].map(Console.visible) }, indent: "  ")
        }
        if !report.unclaimed.isEmpty {
            lines.append("")
            lines.append("unclaimed: a route handles the URL, and iOS opens Safari")
            let rows = report.unclaimed.map { gap in
                [gap.route, gap.example, "(\(gap.rule.map { "excluded by " + $0 } ?? "no rule matches"))"]
                    .map(Console.visible)
            }
            lines += TextColumns.align(rows, indent: "  ")
        }
        return lines.map(Console.visible).joined(separator: "\n")
    }
}
