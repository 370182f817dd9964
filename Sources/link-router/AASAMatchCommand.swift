import CommandLineToolkit
import LinkRouter

/// `link-router aasa match FILE --domain HOST --app-id ID [--explain] URL...`: decide each URL.
enum AASAMatchCommand {
    static let format = Options.format(
        #"Text (default) or [{"url", "domain", "appID", "decision", "rule", "reason"}], with"#
            + "\n" + #""tried": [{"rule", "result", "failed", "detail"}] under --explain."#)

    static let spec = CommandSpec(
        leadingOperands: "FILE", operands: "URL...",
        discussion: """
            What iOS decides for each URL: match (the app opens), exclude or no_match, with the
            deciding rule's JSON pointer and the reason.
            """,
        options: [.required(Options.domain), .required(Options.appID), .optional(Options.explain), .optional(format)],
        exitStatus: ExitStatusText(
            success: "whatever the decisions", failure: "a file that is not a JSON object under 128 KB"),
        epilogue: "FILE `-` reads standard input; so does a URL argument `-` (one URL a line), but not both.",
        operandsReadStandardInput: true)

    static let command = Command(
        "match", summary: "what iOS decides for each URL, with the deciding rule", spec: spec, run: run)

    /// The largest list of URLs read from standard input.
    static let urlListLimit = 256 << 20

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        guard let path = arguments.positionals.first else { throw .usage("missing FILE (`-` reads standard input)") }
        let domain = try arguments.required(Options.domain)
        let appID = try arguments.required(Options.appID)
        let explain = arguments[Options.explain]
        let urls = Array(arguments.positionals.dropFirst())
        guard !urls.isEmpty else {
            throw .usage("no URLs to decide (give URLs, or `-` to read them from standard input)")
        }
        let matcher = try AASAFileOption.load(path)
        var results: [AASAMatchReport.Result] = []
        for argument in urls {
            if argument == "-" {
                let list = try InputFile.read("-", limit: urlListLimit)
                for line in InputFile.lines(list) {
                    results.append(.init(url: line, match: decide(matcher, line, domain, appID, explain)))
                }
            } else {
                results.append(.init(url: argument, match: decide(matcher, argument, domain, appID, explain)))
            }
        }
        let report = AASAMatchReport(domain: domain, appID: appID, isExplained: explain, results: results)
        var inputs = ReportInputs()
        inputs.add(.aasa, path: path)
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: inputs, json: .lines)
        return .success
    }

    private static func decide(
        _ matcher: AASAMatcher, _ url: String, _ domain: String, _ appID: String, _ explain: Bool
    )
        -> AASAMatch
    {
        explain ? matcher.explain(url, domain: domain, appID: appID) : matcher.match(url, domain: domain, appID: appID)
    }
}
