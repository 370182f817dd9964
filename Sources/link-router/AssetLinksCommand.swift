import CommandLineToolkit
import LinkRouter

/// `link-router assetlinks lint|match`: check an `assetlinks.json` file, or decide URLs as Android does.
///
/// Exit status: `lint` 1 when the file has errors; `match` 0 whatever the decisions; both 2 for usage errors and
/// unreadable files, and `match` 2 for a file or manifest that cannot be read at all.
enum AssetLinksCommand {
    static let command = Command.group(
        "assetlinks", summary: "lint, match, fetch or generate assetlinks.json files as Android does",
        epilogue: """
            FILE `-` reads standard input.

            EXAMPLES:
              link-router assetlinks lint Docs/Examples/assetlinks.json
              link-router assetlinks match Docs/Examples/assetlinks.json --package com.example.app \\
                  --fingerprint 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5 \\
                  --manifest Docs/Examples/AndroidManifest.xml https://example.com/promotion/7
              link-router assetlinks generate --routes Docs/Examples/routes.json --package com.example.app \\
                  --fingerprint 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5
            """,
        childNoun: "action",
        subcommands: [
            AssetLinksLintCommand.command, AssetLinksMatchCommand.command, AssetLinksFetchCommand.command,
            AssetLinksGenerateCommand.command,
        ])

    /// The largest file read: a little more than Android reads, so that the size limit is reported, not refused.
    static let readLimit = ProjectInputReader.androidFileLimit
}

/// `link-router assetlinks lint FILE`.
enum AssetLinksLintCommand {
    static let format = Options.reportFormat(
        "Text (default) or {\"errors\", \"warnings\", \"infos\", \"diagnostics\": [{\"file\", \"severity\",\n"
            + "\"code\", \"pointer\", \"line\", \"column\", \"message\", \"hint\", \"fix\", \"places\"}]} (\"fix\" is\n"
            + "\"hint\"; a place is {\"file\", \"pointer\", \"line\", \"column\"}).\n" + Options.annotationFormatsHelp,
        [.text, .json, .sarif, .github, .xcode])

    static let spec = CommandSpec(
        leadingOperands: "FILE",
        discussion: """
            Diagnostics for an assetlinks.json file as Android's verifiers read it: JSON syntax (line and
            column), the 1 MiB limit, statements Android skips, relations, package names, fingerprints
            (lower case, missing octets, placeholders), web sites, includes and dynamic rules; each with a
            code, JSON pointer, line, column and fix. With --manifest, the manifest's diagnostics too (as
            `app lint --manifest`); with --package and --fingerprint or --certificate as well, both files
            together: each autoVerify host whose file (FILE, taken as the file of every host, as `assetlinks
            match` takes it) does not name the package and one of its fingerprints, and where a wildcard
            host's file is fetched.
            """,
        options: [
            .optional(AndroidAppOption.manifest), .repeatable(AndroidAppOption.strings),
            .repeatable(AppFilesOption.define), .optional(AndroidAppOption.minSDK),
            .optional(AndroidAppOption.targetSDK), .optional(AndroidAppOption.packageName).onNewUsageLine,
            .repeatable(AndroidAppOption.fingerprint), .repeatable(AndroidAppOption.certificate),
            .optional(format).onNewUsageLine,
        ],
        exitStatus: ExitStatusText(
            success: "no errors (warnings alone)", findings: "errors",
            failure: "a strings.xml that is not one\n(a malformed file it lints is an error finding: 1)"),
        epilogue: "FILE `-` reads standard input.", operandsReadStandardInput: true)

    static let command = Command(
        "lint", summary: "diagnostics for an assetlinks.json file (and the manifest), with positions and fixes",
        spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        guard let path = arguments.positionals.first else { throw .usage("missing FILE (`-` reads standard input)") }
        guard arguments.positionals.count == 1 else {
            throw .usage("`assetlinks lint` takes one FILE, got \(arguments.positionals.count)")
        }
        let packageName = arguments[AndroidAppOption.packageName]
        let hasFingerprints =
            !(arguments.all(AndroidAppOption.fingerprint).isEmpty
            && arguments.all(AndroidAppOption.certificate).isEmpty)
        if packageName == nil, hasFingerprints { throw .usage("`--fingerprint` and `--certificate` need `--package`") }
        if packageName != nil, arguments[AndroidAppOption.manifest] == nil {
            throw .usage(
                "`--package` needs `--manifest FILE`: both files are linted together (for the file alone, "
                    + "`assetlinks match FILE --package NAME` decides it)")
        }
        let identity = try packageName.map { name throws(CommandFailure) in
            try AndroidAppOption.identity(packageName: name, arguments)
        }
        let bytes = try InputFile.read(path, limit: AssetLinksCommand.readLimit)
        var report = AndroidLintReport.lint(assetLinks: bytes)
        if let misplaced = AndroidLintReport.fileLocation(assetLinksPath: path) {
            report.entries.insert(.init(file: .assetLinks, diagnostic: misplaced), at: 0)
        }
        var inputs = ReportInputs()
        inputs.add(.assetLinks, path: path, bytes: bytes)
        let linted = try AndroidAppOption.lintedManifest(arguments)
        if let linted {
            inputs.add(.androidManifest, path: linted.path)
            if case .failure(let error) = linted.manifest {
                report.entries.append(AndroidLintReport.Entry(file: .androidManifest, diagnostic: error.diagnostic))
            }
        }
        if case .success(let manifest) = linted?.manifest {
            let diagnostics = AndroidManifestLinter.lint(
                manifest, minSDK: arguments[AndroidAppOption.minSDK], targetSDK: arguments[AndroidAppOption.targetSDK]
            )
            report.entries += diagnostics.map { AndroidLintReport.Entry(file: .androidManifest, diagnostic: $0) }
            if let identity {
                let file = try? AssetLinksFile(parsing: bytes)
                let together = AndroidManifestLinter.lint(
                    manifest, app: identity, targetSDK: arguments[AndroidAppOption.targetSDK] ?? 35
                ) { _ in file }
                report.entries += together.map { AndroidLintReport.Entry(file: .androidManifest, diagnostic: $0) }
            }
        }
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: inputs)
        return CheckOutput.output.exitStatus(report)
    }
}

/// The options that describe the Android app: identity and manifest.
enum AndroidAppOption {
    static let packageName = Option<String>(
        "package", value: "NAME", help: "The app's package name (the Gradle applicationId), e.g. com.example.app.")
    static let fingerprint = Option<String>(
        "fingerprint", value: "HEX",
        help: "The SHA-256 fingerprint of a certificate that signs the app (any case, colons optional); repeatable.")
    static let certificate = Option<String>(
        "certificate", value: "FILE",
        help: "An X.509 certificate that signs the app (PEM or DER): its SHA-256 is a fingerprint; repeatable."
    ).readingStandardInput()
    static let manifest = Option<String>(
        "manifest", value: "FILE", help: "The app module's source AndroidManifest.xml."
    ).readingStandardInput()
    static let strings = Option<String>(
        "strings", value: "FILE", help: "A res/values/strings.xml that resolves @string/NAME; repeatable."
    ).readingStandardInput()
    static let targetSDK = Option<Int>("target-sdk", value: "N", help: "The app's targetSdkVersion (default 35).") {
        text throws(InvalidOptionValue) in
        guard let value = Int(text), value > 0 else { throw InvalidOptionValue("`\(text)` is not an API level") }
        return value
    }
    static let minSDK = Option<Int>(
        "min-sdk", value: "N", help: "The app's minSdkVersion (default: the manifest's, else 21)."
    ) {
        text throws(InvalidOptionValue) in
        guard let value = Int(text), value > 0 else { throw InvalidOptionValue("`\(text)` is not an API level") }
        return value
    }

    /// Reads `--manifest FILE` with `--strings` and `--define`, or nil without `--manifest`.
    static func manifest(_ arguments: ParsedArguments) throws(CommandFailure) -> (AndroidManifest, String)? {
        guard let linted = try lintedManifest(arguments) else { return nil }
        switch linted.manifest {
        case .success(let manifest): return (manifest, linted.path)
        case .failure(let error): throw CommandFailure(AppFilesOption.reader.failure(error, manifest: linted.path))
        }
    }

    /// `--manifest FILE` as a lint reads it: the manifest, or why it is not one (a lint reports that as a finding,
    /// exit 1, where other commands refuse it, exit 2); nil without `--manifest`.
    /// - Throws: ``CommandFailure`` for a file that cannot be read or a `--strings` file that is not one (exit 2).
    static func lintedManifest(
        _ arguments: ParsedArguments
    ) throws(CommandFailure) -> (manifest: Result<AndroidManifest, AndroidManifestError>, path: String)? {
        guard let path = arguments[manifest] else {
            guard arguments.all(strings).isEmpty else { throw .usage("`--strings` needs `--manifest`") }
            return nil
        }
        let placeholders = try AppFilesOption.defines(arguments.all(AppFilesOption.define))
        let read = try CommandFailure.reading { () throws(LinkProjectError) in
            try AppFilesOption.reader.manifest(path, strings: arguments.all(strings), placeholders: placeholders)
        }
        return (read, path)
    }
}

/// `link-router assetlinks match FILE --package NAME --fingerprint HEX [--manifest FILE ...] URL...`.
enum AssetLinksMatchCommand {
    static let format = Options.format(
        #"Text (default) or one object a line: {"url", "verdict", "reason", "filter", "data", "host","#
            + "\n" + #""dynamicRule"}, with "filters" under --explain (see Docs/Android.md)."#)

    static let spec = CommandSpec(
        leadingOperands: "FILE", operands: "URL...",
        discussion: """
            What Android decides for each URL: opens, not-verified, excluded or no-filter. Without
            --manifest, FILE's part alone (the statement for the package and fingerprint, and the dynamic
            rules); with it, the whole decision: the filter and <data> combination that accept the URL, the
            host's verification (FILE is taken as the file of every host) and the deciding dynamic rule.
            """,
        options: [
            .required(AndroidAppOption.packageName), .repeatable(AndroidAppOption.fingerprint),
            .repeatable(AndroidAppOption.certificate),
            .optional(AndroidAppOption.manifest).onNewUsageLine, .repeatable(AndroidAppOption.strings),
            .repeatable(AppFilesOption.define), .optional(AndroidAppOption.targetSDK).onNewUsageLine,
            .optional(Options.explain), .optional(format),
        ],
        exitStatus: ExitStatusText(
            success: "whatever the decisions",
            failure: "a file that is not a JSON array under 1 MiB, or a manifest that cannot be read"),
        epilogue: "FILE `-` reads standard input.")

    static let command = Command(
        "match", summary: "what Android decides for each URL, with the filter, host and rule", spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        guard let path = arguments.positionals.first else { throw .usage("missing FILE (`-` reads standard input)") }
        let urls = Array(arguments.positionals.dropFirst())
        guard !urls.isEmpty else { throw .usage("no URLs to decide") }
        let packageName = try arguments.required(AndroidAppOption.packageName)
        let identity = try AndroidAppOption.identity(packageName: packageName, arguments)
        let bytes = try InputFile.read(path, limit: AssetLinksCommand.readLimit)
        let file: AssetLinksFile
        do throws(AssetLinksError) {
            file = try AssetLinksFile(parsing: bytes)
        } catch {
            throw .input("\(error.location.written(after: InputFile.displayName(path))): \(error.diagnostic.message)")
        }
        let manifest = try AndroidAppOption.manifest(arguments)
        let decider = AndroidLinkDecider(
            manifest: manifest?.0, app: identity, targetSDK: arguments[AndroidAppOption.targetSDK] ?? 35
        ) { _ in file }
        let report = AndroidMatchReport(decisions: urls.map(decider.decide), isExplained: arguments[Options.explain])
        var inputs = ReportInputs()
        inputs.add(.assetLinks, path: path)
        if let manifest { inputs.add(.androidManifest, path: manifest.1) }
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: inputs, json: .lines)
        return .success
    }
}

extension AndroidAppOption {
    /// The app's identity from `--package` and every `--fingerprint` and `--certificate` (at least one).
    static func identity(packageName: String, _ arguments: ParsedArguments) throws(CommandFailure)
        -> AndroidAppIdentity
    {
        try CommandFailure.reading { () throws(LinkProjectError) in
            try AppFilesOption.reader.identity(
                packageName: packageName, fingerprints: arguments.all(AndroidAppOption.fingerprint),
                certificates: arguments.all(AndroidAppOption.certificate))
        }
    }

    /// The SHA-256 fingerprint of each certificate file (`--certificate FILE`), in order.
    /// - Throws: ``CommandFailure/input(_:)`` for a file that cannot be read or is not a certificate (exit 2).
    static func certificateFingerprints(_ paths: [String]) throws(CommandFailure) -> [String] {
        try CommandFailure.reading { () throws(LinkProjectError) in
            try AppFilesOption.reader.certificateFingerprints(paths)
        }
    }
}
