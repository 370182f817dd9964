import CommandLineToolkit
import Foundation
import LinkRouter

/// `link-router route`: dispatch URLs (or a push payload's link) and print each decision.
///
/// Exit status 0 whenever every input was read and decided, whatever the decisions (a `reject` is a
/// successful answer); 2 for usage errors and unreadable or invalid files.
enum RouteCommand {
    static let format = Options.format(
        "Aligned text lines (default) or one JSON array with an object per URL:\n"
            + #"{"url", "decision", "route", "params", "query", "reason"}."#)

    static let spec = CommandSpec(
        operands: "URL...",
        discussion: "Decides what the app does with each URL: route, browser, unhandled, external or reject.",
        options: [.required(Options.routes), .insteadOfOperands(Options.push), .optional(format)],
        exitStatus: ExitStatusText(success: "every URL was decided (whatever the decision)"),
        epilogue: """
            A URL argument of `-` reads URLs from standard input, one a line (empty lines skipped).

            EXAMPLES:
              link-router route --routes Docs/Examples/routes.json shop://promotion/7 https://example.com/product/42
              link-router route --routes Docs/Examples/routes.json --push Docs/Examples/push.json --format json
            """, operandsReadStandardInput: true)

    static let command = Command(
        "route", summary: "dispatch URLs or a push payload's link and print each decision", spec: spec, run: run)

    /// The largest push payload accepted (APNs allows 4 KB; be generous).
    static let payloadLimit = 1 << 20
    /// The largest list of URLs read from standard input.
    static let urlListLimit = 256 << 20

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        let routesPath = try arguments.required(Options.routes)
        let pushPath = arguments[Options.push]
        if pushPath == nil, arguments.positionals.isEmpty {
            throw .usage("no URLs to dispatch (give URLs, `-` to read them from standard input, or `--push FILE`)")
        }
        let table = try RoutesOption.load(routesPath)
        var decisions: [LinkDecision] = []
        if let pushPath {
            let bytes = try InputFile.read(pushPath, limit: payloadLimit)
            let payload: PushPayload
            do {
                payload = try PushPayload(json: Data(bytes))
            } catch {
                let file = InputFile.displayName(pushPath)
                throw .input((error.fileLocation?.written(after: file) ?? file) + ": " + error.message)
            }
            decisions.append(table.decision(for: payload))
        } else {
            for argument in arguments.positionals {
                if argument == "-" {
                    let bytes = try InputFile.read("-", limit: urlListLimit)
                    decisions += InputFile.lines(bytes).map(table.decision(for:))
                } else {
                    decisions.append(table.decision(for: argument))
                }
            }
        }
        try CheckOutput.output.write(
            LinkDecisionReport(decisions: decisions), as: arguments[format] ?? .text, inputs: ReportInputs(),
            json: .lines)
        return .success
    }
}
