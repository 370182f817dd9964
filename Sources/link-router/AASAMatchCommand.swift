import CommandLineToolkit
import LinkRouter
import RichMediaKitSupport

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
        epilogue: "FILE `-` reads standard input; so does a URL argument `-` (one URL a line), but not both.")

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
        guard [path == "-", urls.contains("-")].filter({ $0 }).count <= 1 else {
            throw .usage("standard input (`-`) can be read only once")
        }
        let matcher = try AASAFileOption.load(path)
        var results: [(url: String, match: AASAMatch)] = []
        for argument in urls {
            if argument == "-" {
                let list = try InputFile.read("-", limit: urlListLimit)
                for line in InputFile.lines(list) {
                    results.append((line, decide(matcher, line, domain, appID, explain)))
                }
            } else {
                results.append((argument, decide(matcher, argument, domain, appID, explain)))
            }
        }
        let chosen = arguments[format] ?? .text
        switch chosen {
        case .json:
            var objects: [OrderedJSON] = []
            for result in results { objects.append(try json(result.url, result.match, domain, appID, explain)) }
            Console.out(OrderedJSON.array(objects).lines)
        case .text:
            Console.out(AASAMatch.renderedText(results))
        case .sarif, .github, .html, .svg:
            throw .unsupported(chosen, by: "aasa match")
        }
        return .success
    }

    private static func decide(
        _ matcher: AASAMatcher, _ url: String, _ domain: String, _ appID: String, _ explain: Bool
    )
        -> AASAMatch
    {
        explain ? matcher.explain(url, domain: domain, appID: appID) : matcher.match(url, domain: domain, appID: appID)
    }

    /// The spec's object for one URL: `url`, `domain`, `appID`, then the library's `Codable` shape of the match
    /// (with `"tried"` under `--explain`, also when no rule was tried).
    static func json(_ url: String, _ match: AASAMatch, _ domain: String, _ appID: String, _ explain: Bool)
        throws(CommandFailure) -> OrderedJSON
    {
        let object = try OrderedJSON.encoding(match).prepending([
            .init("url", .string(url)), .init("domain", .string(domain)), .init("appID", .string(appID)),
        ])
        guard explain, match.trials.isEmpty else { return object }
        return object.appending([.init("tried", .array([]))])
    }
}
