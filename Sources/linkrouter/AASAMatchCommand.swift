import LinkRouter

/// `linkrouter aasa match FILE --domain HOST --app-id ID [--explain] URL...`: decide each URL.
enum AASAMatchCommand {
    /// The largest list of URLs read from standard input.
    static let urlListLimit = 256 << 20

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32 {
        if arguments.value("content-type") != nil { throw .usage("`--content-type` applies to `aasa lint` only") }
        try AASACommand.reject(["routes"], flags: ["all-urls"], for: "match", in: arguments)
        let format = try arguments.format()
        let path = try AASACommand.fileOperand(arguments)
        let domain = try arguments.required("domain")
        let appID = try arguments.required("app-id")
        let explain = arguments.flags.contains("explain")
        let urls = Array(arguments.positionals.dropFirst(2))
        guard !urls.isEmpty else {
            throw .usage("no URLs to decide (give URLs, or `-` to read them from standard input)")
        }
        guard [path == "-", urls.contains("-")].filter({ $0 }).count <= 1 else {
            throw .usage("standard input (`-`) can be read only once")
        }
        let bytes = try InputFile.read(path, limit: AASACommand.readLimit)
        let matcher: AASAMatcher
        do {
            matcher = try AASAMatcher(parsing: bytes)
        } catch {
            let file = InputFile.displayName(path)
            if let line = error.line, let column = error.column {
                throw .input("\(file):\(line):\(column): \(error.diagnostic?.message ?? error.description)")
            }
            throw .input("\(file): \(error.description)")
        }
        var results: [(url: String, match: AASAMatch)] = []
        for argument in urls {
            if argument == "-" {
                let list = try InputFile.read("-", limit: urlListLimit)
                for line in String(decoding: list, as: UTF8.self).split(whereSeparator: \.isNewline) {
                    results.append((String(line), decide(matcher, String(line), domain, appID, explain)))
                }
            } else {
                results.append((argument, decide(matcher, argument, domain, appID, explain)))
            }
        }
        switch format {
        case .json:
            Console.out(JSONValue.array(results.map { json($0.url, $0.match, domain, appID, explain) }).lines)
        case .text:
            Console.out(text(results, explain: explain))
        }
        return 0
    }

    private static func decide(
        _ matcher: AASAMatcher, _ url: String, _ domain: String, _ appID: String, _ explain: Bool
    )
        -> AASAMatch
    {
        explain ? matcher.explain(url, domain: domain, appID: appID) : matcher.match(url, domain: domain, appID: appID)
    }

    /// The spec's object for one URL, with `"tried"` under `--explain`.
    static func json(_ url: String, _ match: AASAMatch, _ domain: String, _ appID: String, _ explain: Bool) -> JSONValue
    {
        var members: [(String, JSONValue)] = [
            ("url", .string(url)),
            ("domain", .string(domain)),
            ("appID", .string(appID)),
            ("decision", .string(match.decision.rawValue)),
            ("rule", .optional(match.rule)),
            ("reason", .string(match.reason)),
        ]
        if explain {
            members.append(
                (
                    "tried",
                    .array(
                        match.trials.map { trial in
                            .object([
                                ("rule", .optional(trial.rule)),
                                ("result", .string(result(trial.outcome))),
                                ("failed", .optional(trial.failedPart?.rawValue)),
                                ("detail", .optional(trial.detail)),
                            ])
                        })
                ))
        }
        return .object(members)
    }

    private static func result(_ outcome: AASARuleTrial.Outcome) -> String {
        switch outcome {
        case .match: return "match"
        case .exclude: return "exclude"
        case .failed: return "failed"
        }
    }

    /// Aligned lines: decision, rule (or `-`), URL, (reason); under `--explain` one indented line per rule tried.
    static func text(_ results: [(url: String, match: AASAMatch)], explain: Bool) -> String {
        let decisionWidth = results.map(\.match.decision.rawValue.count).max() ?? 0
        let ruleWidth = results.map { ($0.match.rule ?? "-").count }.max() ?? 0
        let urlWidth = results.map(\.url.count).max() ?? 0
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: width - text.count + 2)
        }
        var lines: [String] = []
        for (url, match) in results {
            lines.append(
                Console.visible(
                    padded(match.decision.rawValue, decisionWidth) + padded(match.rule ?? "-", ruleWidth)
                        + padded(url, urlWidth) + "(\(match.reason))"))
            guard explain else { continue }
            for trial in match.trials {
                let outcome: String
                switch trial.outcome {
                case .match: outcome = "match"
                case .exclude: outcome = "exclude"
                case .failed(let part): outcome = "failed at \(part.rawValue)"
                }
                let detail = trial.detail.map { ": \($0)" } ?? ""
                lines.append(Console.visible("    \(trial.rule ?? "domain")  \(outcome)\(detail)"))
            }
        }
        return lines.joined(separator: "\n")
    }
}
