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
    /// Runs the whole-app, Android or both-platforms check as `check` does: reads `--baseline` (refusing one whose
    /// scope names other subjects than `subjects`, the app ID or package of the check, by their scope's members),
    /// runs `check`, and writes the report (the format chosen, `--write-baseline`, `--baseline`) and its page.
    ///
    /// - Parameters:
    ///   - arguments: The parsed arguments.
    ///   - subjects: What the check is for, each with the baseline scope's member that names it.
    ///   - inputs: The files read.
    ///   - check: The check.
    /// - Returns: The exit status.
    /// - Throws: ``CommandFailure`` for a baseline that cannot be read or is for other subjects, a check that
    ///   cannot be answered, or a file that cannot be written.
    static func runAppCheck<Report: AppCheckPageReport & BaselineReport>(
        _ arguments: ParsedArguments, subjects: [(scope: KeyPath<BaselineScope, String?>, name: String)],
        inputs: ReportInputs, check: () throws(CoverageError) -> Report
    ) throws(CommandFailure) -> ExitStatus {
        let baseline = try CheckOutput.baseline(arguments) { bytes throws(BaselineError) in
            try Baseline<Report>(json: bytes)
        } scope: { path, baseline throws(CommandFailure) in
            guard subjects.allSatisfy({ baseline.scope[keyPath: $0.scope] == $0.name }) else {
                let given = subjects.map { baseline.scope[keyPath: $0.scope] ?? "" }.joined(separator: " and ")
                throw .input(
                    "\(path): the baseline is for \(given), not " + subjects.map(\.name).joined(separator: " and "))
            }
        }
        let report: Report
        do {
            report = try check()
        } catch {
            throw AASAFileOption.failure(error)
        }
        return try CheckOutput.write(
            report, baseline: baseline, arguments: arguments, command: "check", format: arguments[format] ?? .text,
            inputs: inputs
        ) { shown, summary, read in
            AppCheckHTMLPage(report: shown, inputs: pageInputs(arguments, read: read, summary: summary)).render()
        }
    }
}
