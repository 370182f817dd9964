import CommandLineToolkit
import LinkRouter
import RichMediaKitSupport

/// What the HTML page of `check` (every mode) lists as its inputs: the files read and the options that decide what
/// was compared.
extension CheckCommand {
    /// The page's inputs: the files read (`read`), the options given (fingerprints, certificates, string files,
    /// target SDK, defines, all URLs, fetching) and the baseline (`summary`).
    ///
    /// - Parameters:
    ///   - arguments: The parsed arguments.
    ///   - read: The files read.
    ///   - summary: The baseline's summary, if one was given.
    /// - Returns: The inputs.
    static func pageInputs(_ arguments: ParsedArguments, read: ReportInputs, summary: BaselineSummary?)
        -> ReportHTMLPage.Inputs
    {
        func codes(_ values: [String]) -> String {
            values.map { "<code>\(MarkupEscaping.escaped($0))</code>" }.joined(separator: "<br/>")
        }
        var options: [(label: String, value: String)] = []
        let lists = [
            ("Fingerprints", arguments.all(AndroidAppOption.fingerprint)),
            ("Certificates", arguments.all(AndroidAppOption.certificate)),
            ("String files", arguments.all(AndroidAppOption.strings)),
            ("Defines", arguments.all(AppFilesOption.define)),
        ]
        for (label, values) in lists where !values.isEmpty { options.append((label, codes(values))) }
        if arguments[AppFilesOption.definesFromEnvironment] {
            options.append(("Defines", "every environment variable (<code>--defines-from-environment</code>)"))
        }
        if let sdk = arguments[AndroidAppOption.targetSDK] { options.append(("Target SDK", "\(sdk)")) }
        options.append(
            (
                "URLs",
                arguments[Options.allURLs]
                    ? "all URLs, including non-canonical ones (<code>--all-urls</code>)"
                    : "canonical URLs (no empty or dot segments); <code>--all-urls</code> compares all"
            ))
        if arguments[SiteFetch.fetch] {
            let origin = arguments[AASAFetchCommand.origin].map { " from <code>\(MarkupEscaping.link($0))</code>" }
            options.append(("Sites' files", "fetched (<code>--fetch</code>)" + (origin ?? "")))
        }
        return ReportHTMLPage.Inputs(
            files: read.names, options: options, sources: read.sources, baseline: summary)
    }
}

extension CheckCommand {
    /// Writes the report of the whole-app, Android or both-platforms check as `check` does (the format chosen,
    /// `--write-baseline`, `--baseline`), its HTML page made by `page` from the report shown and
    /// ``pageInputs(_:read:summary:)``.
    ///
    /// - Parameters:
    ///   - report: Today's report.
    ///   - baseline: The baseline given with `--baseline`.
    ///   - arguments: The parsed arguments.
    ///   - inputs: The files read.
    ///   - page: The check's HTML page, from the report shown and the page's inputs.
    /// - Returns: The exit status.
    /// - Throws: ``CommandFailure/input(_:)`` when a file cannot be written.
    static func writeReport<Baseline: FindingBaseline>(
        _ report: Baseline.Report, baseline: CheckOutput.Given<Baseline>?, arguments: ParsedArguments,
        inputs: ReportInputs, page: @escaping (Baseline.Report, ReportHTMLPage.Inputs) -> String
    ) throws(CommandFailure) -> ExitStatus {
        try CheckOutput.write(
            report, baseline: baseline, arguments: arguments, command: "check", format: arguments[format] ?? .text,
            inputs: inputs
        ) { shown, summary, read in
            page(shown, pageInputs(arguments, read: read, summary: summary))
        }
    }
}
