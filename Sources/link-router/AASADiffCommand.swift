import CommandLineToolkit
import LinkRouter

/// `link-router aasa diff OLD NEW`: the URLs that open the app under one version of the file and not
/// the other, with one shortest example per changed region and the rules involved.
///
/// Exit status: 0 no change, 1 something changed, 2 bad usage or unreadable files.
enum AASADiffCommand {
    static let format = Options.reportFormat(
        #"Text (default) or {"gained": [{"example", "old", "new"}], "lost": [...]}."# + "\n"
            + Options.annotationFormatsHelp + "\nEach change is located at the deciding rule of NEW (else of OLD).",
        [.text, .json, .sarif, .github, .xcode])
    static let allURLs = Flag("all-urls", help: "Also compare non-canonical URLs (see `link-router check --help`).")

    static let spec = CommandSpec(
        leadingOperands: "OLD NEW",
        discussion: """
            The URLs that open the app under NEW and not OLD (gained) or the reverse (lost), decided
            exactly from the patterns: one shortest example per changed region, with the rule that
            decides it in each file.
            """,
        options: [.required(Options.domain), .required(Options.appID), .optional(allURLs), .optional(format)],
        exitStatus: ExitStatusText(success: "no change", findings: "something changed"),
        epilogue: "OLD or NEW `-` reads standard input.", operandsReadStandardInput: true)

    static let command = Command(
        "diff", summary: "the URLs whose decision changes between two versions of a file", spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        guard arguments.positionals.count == 2 else {
            throw .usage("`aasa diff` takes two files: OLD and NEW (`-` reads standard input for one of them)")
        }
        let oldPath = arguments.positionals[0]
        let newPath = arguments.positionals[1]
        let domain = try arguments.required(Options.domain)
        let appID = try arguments.required(Options.appID)
        let (old, oldBytes) = try AASAFileOption.loadWithBytes(oldPath)
        let (new, newBytes) = try AASAFileOption.loadWithBytes(newPath)
        guard old.appIDs.contains(appID) || new.appIDs.contains(appID) else {
            throw .input(
                "--app-id \(appID) appears in no applinks entry of \(InputFile.displayName(oldPath)) or "
                    + "\(InputFile.displayName(newPath)): neither file opens the app, so nothing can change")
        }
        let report: AASADiffReport
        do {
            report = try CoverageChecker.diff(
                old: old, new: new, domain: domain, appID: appID, allURLs: arguments[allURLs])
        } catch {
            throw AASAFileOption.failure(error)
        }
        var inputs = ReportInputs()
        inputs.add(.old, path: oldPath, bytes: oldBytes)
        inputs.add(.new, path: newPath, bytes: newBytes)
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: inputs)
        return CheckOutput.output.exitStatus(report)
    }
}
