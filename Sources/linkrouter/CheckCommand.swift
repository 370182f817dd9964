import LinkRouter

/// `linkrouter check`: which URLs the AASA file sends to the app that no route handles (unrouted), and
/// which URLs routes handle that iOS does not send to the app (unclaimed), decided exactly.
///
/// Exit status: 0 when the file and the routes agree, 1 when a gap was found, 2 for usage errors,
/// unreadable or invalid files, or patterns too complex to compare.
enum CheckCommand: Subcommand {
    static let name = "check"
    static let summary = "find URLs the AASA file and the routes disagree about (exact)"
    static let help = """
        USAGE: linkrouter check --aasa FILE --routes FILE --domain HOST --app-id ID [--all-urls]
                                [--format text|json]

        Compares, from the patterns themselves (not by sampling), the URLs on HOST that the AASA file sends
        to the app with the URLs its routes handle, and prints one shortest example URL per gap:
          unrouted   the AASA file sends the URL to the app, and no route handles it (the app opens
                     and has nothing to show); grouped by the AASA rule that claims it;
          unclaimed  a route handles the URL, and iOS does not send it to the app (Safari opens);
                     grouped by route and by the exclude rule that blocks it (or none).
        Every example was run through the AASA matcher and the router and really shows the gap.

        OPTIONS:
          --aasa FILE          The apple-app-site-association file. `-` reads standard input.
          --routes FILE        The routes file (JSON). `-` reads standard input.
          --domain HOST        The domain serving the AASA file.
          --app-id ID          The app ID, e.g. ABCDE12345.com.example.app.
          --all-urls           Also compare non-canonical URLs (empty or dot segments, lower-case or
                               needless escapes, escapes that do not decode to text).
          --format text|json   Text (default) or {"domain", "appID", "ok", "unrouted": [{"rule", "example"}],
                               "unclaimed": [{"route", "example", "rule"}]}.
          -h, --help           Show this help.

        Exit status: 0 no gap, 1 gaps found, 2 bad usage, unreadable or invalid files.

        EXAMPLE:
          linkrouter check --aasa Docs/Examples/apple-app-site-association \\
              --routes Docs/Examples/routes.json --domain example.com --app-id ABCDE12345.com.example.app
        """
    static let spec = ArgumentSpec(options: ["aasa", "routes", "domain", "app-id", "format"], flags: ["all-urls"])

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw .usage("unexpected argument `\(arguments.positionals[0])`")
        }
        let aasaPath = try arguments.required("aasa")
        let routesPath = try arguments.required("routes")
        let domain = try AASAFileOption.domain(arguments)
        let appID = try arguments.required("app-id")
        let format = try arguments.format()
        guard !(aasaPath == "-" && routesPath == "-") else {
            throw .usage("standard input (`-`) can be read only once")
        }
        let matcher = try AASAFileOption.load(aasaPath)
        let table = try RoutesOption.load(routesPath)
        let report: CoverageReport
        do {
            report = try CoverageChecker.check(
                aasa: matcher, routes: table, domain: domain, appID: appID,
                allURLs: arguments.flags.contains("all-urls"))
        } catch {
            throw AASAFileOption.failure(error)
        }
        switch format {
        case .json: Console.out(json(report).compact)
        case .text: Console.out(text(report))
        }
        return report.isClean ? 0 : 1
    }

    static func json(_ report: CoverageReport) -> JSONValue {
        .object([
            ("domain", .string(report.domain)),
            ("appID", .string(report.appID)),
            ("ok", .bool(report.isClean)),
            (
                "unrouted",
                .array(report.unrouted.map { .object([("rule", .string($0.rule)), ("example", .string($0.example))]) })
            ),
            (
                "unclaimed",
                .array(
                    report.unclaimed.map {
                        .object([
                            ("route", .string($0.route)), ("example", .string($0.example)),
                            ("rule", .optional($0.rule)),
                        ])
                    })
            ),
        ])
    }

    static func text(_ report: CoverageReport) -> String {
        var lines: [String] = []
        let summary = "\(report.unrouted.count) unrouted, \(report.unclaimed.count) unclaimed"
        lines.append("\(report.isClean ? "ok" : "gaps"): \(report.domain) for \(report.appID): \(summary)")
        if !report.unrouted.isEmpty {
            lines.append("")
            lines.append("unrouted: the app opens, and no route handles the URL")
            let width = report.unrouted.map(\.rule.count).max() ?? 0
            for gap in report.unrouted {
                lines.append("  " + gap.rule + String(repeating: " ", count: width - gap.rule.count + 2) + gap.example)
            }
        }
        if !report.unclaimed.isEmpty {
            lines.append("")
            lines.append("unclaimed: a route handles the URL, and iOS opens Safari")
            let width = report.unclaimed.map(\.route.count).max() ?? 0
            let exampleWidth = report.unclaimed.map(\.example.count).max() ?? 0
            for gap in report.unclaimed {
                let why = gap.rule.map { "excluded by " + $0 } ?? "no rule matches"
                lines.append(
                    "  " + gap.route + String(repeating: " ", count: width - gap.route.count + 2) + gap.example
                        + String(repeating: " ", count: exampleWidth - gap.example.count + 2) + "(\(why))")
            }
        }
        return lines.map(Console.visible).joined(separator: "\n")
    }
}
