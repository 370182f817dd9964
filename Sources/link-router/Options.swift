import CommandLineToolkit
import LinkRouter

/// Every option `link-router` declares, once; subcommands list the ones they take in their ``CommandSpec``.
enum Options {
    /// `--format text|json`, with the subcommand's description of its output.
    static func format(_ help: String) -> Option<ReportFormat> {
        .format([.text, .json], help: help)
    }

    /// `--format text|json` for a subcommand that writes a value rather than a report (`url`, `aasa generate`).
    static func valueFormat(_ help: String) -> Option<ValueFormat> {
        .format([.text, .json], help: help)
    }

    /// `--format` for a checking subcommand, offering `choices`.
    static func reportFormat(_ help: String, _ choices: [ReportFormat]) -> Option<ReportFormat> {
        .format(choices, help: help)
    }

    /// The `--format` help lines for SARIF, GitHub annotations and Xcode's issues, shared by the checking
    /// subcommands.
    static let annotationFormatsHelp =
        "sarif: a SARIF 2.1.0 log (upload it to GitHub code scanning); github: one GitHub\n"
        + "Actions annotation per finding (::error file=F,line=L,col=C,title=CODE::message);\n"
        + "xcode: one issue line per finding, as Xcode shows a build phase's output\n"
        + "(FILE:LINE:COLUMN: error: message [CODE])."

    static let baseline = Option<String>(
        "baseline", value: "FILE",
        help: "Accept the findings recorded in FILE (see --write-baseline): only new ones are\n"
            + "reported and decide the exit status; entries that no longer occur are listed as stale\n"
            + "(a version 1 file, which named rules by position, is still read, with a note)."
    ).readingStandardInput()
    static let writeBaseline = Option<String>(
        "write-baseline", value: "FILE",
        help: "Record today's findings in FILE (small, reviewable JSON) and exit 0 unless --baseline\n"
            + "is also given.")

    static let routes = Option<String>(
        "routes", value: "FILE", help: "The routes file (JSON). `-` reads standard input."
    ).readingStandardInput()
    static let push = Option<String>(
        "push", value: "PAYLOAD.json",
        help: "Dispatch the link of a push payload (\"l\", else \"url\"). `-` reads standard input."
    ).readingStandardInput()
    static let aasa = Option<String>(
        "aasa", value: "FILE", help: "The apple-app-site-association file. `-` reads standard input."
    ).keysIgnoringCase().readingStandardInput(afterKey: true)
    static let appID = Option<String>("app-id", value: "ID", help: "The app ID, e.g. ABCDE12345.com.example.app.")
    static let contentType = Option<String>(
        "content-type", value: "TYPE", help: "The Content-Type the server sends; anything but application/json warns.")
    static let explain = Flag("explain", help: "List every rule tried and which part (/, ?, #, domain) failed.")
    static let allURLs = Flag(
        "all-urls",
        help:
            "Also compare non-canonical URLs (empty or dot segments, lower-case or\nneedless escapes, escapes that do not decode to text)."
    )

    /// `--domain HOST[:PORT]`: the domain serving the AASA file, checked by the library's rule.
    static let domain = domainOption(help: "The domain serving the AASA file: a host, or host:port.")
    /// `aasa generate --domain HOST`: the same value, another help line.
    static let generateDomain = domainOption(
        help: "The domain the file is for: also use routes bound to this https host.")

    private static func domainOption(help: String) -> Option<String> {
        Option("domain", value: "HOST", help: help) { text throws(InvalidOptionValue) in
            do throws(RouteConfigurationError) {
                try AssociatedDomain.validateServingDomain(text)
            } catch {
                throw InvalidOptionValue(
                    "must be a host name such as example.com or example.com:8443; \(error.message)")
            }
            return text
        }
    }
}
