import CommandLineToolkit
import LinkRouter

/// The output formats of `linkrouter`'s subcommands. A new format is a new case here (the parser, the help and the
/// error message follow) and a new branch in each subcommand's output switch.
enum OutputFormat: String, CaseIterable, Sendable {
    /// Human-readable lines (the default).
    case text
    /// JSON, as in the contract.
    case json
}

/// Every option `linkrouter` declares, once; subcommands list the ones they take in their ``CommandSpec``.
enum Options {
    /// `--format text|json`, with the subcommand's description of its output.
    static func format(_ help: String) -> Option<OutputFormat> {
        .choice("format", help: help)
    }

    static let routes = Option<String>(
        "routes", value: "FILE", help: "The routes file (JSON). `-` reads standard input.")
    static let push = Option<String>(
        "push", value: "PAYLOAD.json",
        help: "Dispatch the link of a push payload (\"l\", else \"url\"). `-` reads standard input.")
    static let aasa = Option<String>(
        "aasa", value: "FILE", help: "The apple-app-site-association file. `-` reads standard input.")
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
