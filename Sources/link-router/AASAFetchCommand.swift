import CommandLineToolkit
import Foundation
import LinkRouter

/// `link-router aasa fetch DOMAIN`: fetch the deployed apple-app-site-association file as iOS does (and
/// Apple's CDN copy), and report what iOS makes of it. The rules and the deadline live in
/// ``AASAFetchChecker``; this command provides the network (``AASAFetcher``), prints the report and saves
/// the body.
///
/// Exit status: 0 when the deployed file has no error, 1 when it has errors, 2 for bad usage.
enum AASAFetchCommand {
    static let origin = baseOption(
        "origin", help: "The base replacing https://DOMAIN (https; plain http only for 127.0.0.0/8,\n[::1], localhost)."
    )
    static let cdn = baseOption(
        "cdn",
        help: "The base replacing Apple's CDN (https://app-site-association.cdn-apple.com/a/v1);\n"
            + "the request is URL/DOMAIN. Plain http only for loopback, as --origin.")
    static let noCDN = Flag("no-cdn", help: "Leave Apple's CDN out.")
    static let save = Option<String>("save", value: "FILE", help: "Write the body that was checked to FILE.")
    /// `--timeout SECONDS`: the deadline of the whole fetch (shared with the commands that fetch).
    static let timeout = timeoutOption(defaultText: "default 10, as iOS")

    /// `--timeout SECONDS` with its default in words (`default 10, as iOS`), for each command that fetches.
    static func timeoutOption(defaultText: String) -> Option<Duration> {
        Option<Duration>(
            "timeout", value: "SECONDS",
            help: "The deadline of the whole fetch: every request (connect, TLS, header, body) and the\n"
                + "checks of what came back; \(defaultText). A number of seconds such as 10 or 0.5, at most 600."
        ) { text throws(InvalidOptionValue) in
            guard let duration = AASAFetchChecker.timeout(seconds: text) else {
                throw InvalidOptionValue(
                    "must be a number of seconds from 0.001 to 600, such as 10 or 0.5, not `\(text)`")
            }
            return duration
        }
    }
    /// `--as-apple`: send the requests as Apple's CDN fetcher is reported to (shared with the commands that fetch).
    static let asApple = Flag(
        "as-apple",
        help: "Send the requests as Apple's CDN fetcher is reported to\n"
            + "(User-Agent: AASA-Bot/1.0.0), so that rules refusing only Apple show up.")
    static let format = Options.reportFormat(
        #"Text (default) or the report as JSON (sorted keys): {"domain", "ok", "errors","#
            + "\n" + #""warnings", "infos", "client", "timeoutMilliseconds", "origin": [...], "servedFrom","#
            + "\n" + #""cdn", "coverage", "findings": [...]} (each finding ends with "fix", the same as"#
            + "\n" + #""hint", and "places", each {"file", "pointer", "line", "column"})."#
            + "\n" + Options.annotationFormatsHelp
            + "\nFindings about the body point into the --save FILE, else into the URL that served it.",
        [.text, .json, .sarif, .github, .xcode])

    static let spec = CommandSpec(
        leadingOperands: "DOMAIN",
        discussion: """
            Verifies the deployed file the way iOS fetches it: https://DOMAIN/.well-known/apple-app-site-association,
            then /apple-app-site-association only if that is not found (404). Only 200 counts; redirects are
            not followed (an error); the whole fetch ends within 10 s (--timeout), whatever the server does; at
            most 128 KB; Content-Type application/json; then every lint diagnostic of the body, Apple's CDN
            copy (a miss or a stale copy is a warning, the difference shown as `aasa diff` shows it, with the
            CDN's own reason and cache age from its response headers) and, with --routes and --app-id, the
            coverage check as `link-router check` does it.
            The project file (.link-router.json in the working directory or the nearest directory above
            it, or --config FILE; see Docs/ProjectFile.md) gives what is not given: DOMAIN (the one
            domain of its ios.siteFiles; with several, give DOMAIN), the routes and the app ID (ios.appID,
            else the entitlements'), and the format; an option on the command line replaces the file's value.
            """,
        options: [
            .optional(origin), .either(cdn, noCDN), .optional(save), .together(Options.routes, Options.appID),
            .optional(timeout).onNewUsageLine, .optional(asApple), .optional(format),
        ] + ProjectOption.options,
        exitStatus: ExitStatusText(
            success: "the deployed file has no error (warnings alone, such as a stale CDN copy)",
            findings: "the deployed file has errors"),
        epilogue: """
            DOMAIN is a host name such as example.com.

            EXAMPLE:
              link-router aasa fetch example.com --routes Docs/Examples/routes.json \\
                  --app-id ABCDE12345.com.example.app
            """,
        defaultArguments: ProjectOption.aasaFetchArguments)

    static let command = Command(
        "fetch", summary: "verify the deployed file as iOS fetches it, and Apple's CDN copy", spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        guard let operand = arguments.positionals.first else {
            throw .usage("missing DOMAIN, e.g. `link-router aasa fetch example.com`")
        }
        guard arguments.positionals.count == 1 else {
            throw .usage("`aasa fetch` takes one DOMAIN, got \(arguments.positionals.count)")
        }
        let domain = try CommandFailure.reading { () throws(LinkProjectError) in
            try ProjectInputReader.fetchDomain(operand)
        }
        let appID = arguments[Options.appID]
        let routes = try arguments[Options.routes].map { path throws(CommandFailure) in
            let (table, bytes) = try RoutesOption.loadWithBytes(path)
            return (bytes: bytes, table: table)
        }

        let configuration = AASAFetchConfiguration(
            origin: arguments[origin], cdn: arguments[cdn], checksCDN: !arguments[noCDN],
            client: arguments[asApple] ? .apple : .linkRouter, timeout: arguments[timeout] ?? AASAFetchChecker.timeout)
        let verification = await AASAFetchChecker.verify(
            domain: domain, configuration: configuration, routes: routes?.table, appID: appID, transport: AASAFetcher())
        let report = verification.report
        let served = verification.served
        if let path = arguments[save] { try write(served, to: path) }
        var inputs = ReportInputs()
        let bodyPath = served.map { arguments[save] ?? $0.url }
        inputs.add(.body, name: bodyPath ?? domain, annotationPath: bodyPath, bytes: served?.body ?? [])
        if let routesPath = arguments[Options.routes], let routes {
            inputs.add(.routes, path: routesPath, bytes: routes.bytes)
        }
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: inputs, json: .sortedKeys)
        return CheckOutput.output.exitStatus(report)
    }

    /// `--origin URL` / `--cdn URL`, checked by the library (https, or http for loopback only); with a
    /// `placeholder` (`{host}`), the base may hold it, and it is checked with a host in its place.
    static func baseOption(_ name: String, help: String, placeholder: String? = nil) -> Option<String> {
        Option(name, value: "URL", help: help) { text throws(InvalidOptionValue) in
            let stand = "link-router-host"
            do throws(AASAFetchError) {
                guard let placeholder else { return try AASAFetchChecker.validatedBase(text) }
                return try AASAFetchChecker.validatedBase(text.replacing(placeholder, with: stand))
                    .replacing(stand, with: placeholder)
            } catch {
                throw InvalidOptionValue("is refused: \(error.description)")
            }
        }
    }

    /// Writes the body that was checked to `path` (`--save`); says so on standard error when there is none.
    private static func write(_ response: AASAFetchResponse?, to path: String) throws(CommandFailure) {
        guard let response else {
            Console.error("link-router aasa fetch: nothing saved to \(path): no location served the file")
            return
        }
        do {
            try Data(response.body).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .input("\(path): cannot write: \(error.localizedDescription)")
        }
    }
}
