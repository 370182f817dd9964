import CommandLineToolkit
import LinkRouter

/// `link-router app lint [--entitlements FILE ...] [--manifest FILE ...]`: the app's side of either platform (the
/// entitlements and Info.plist, the Android manifest, or both); exit 1 when there are errors.
enum AppLintCommand {
    static let release = Flag(
        "release", help: "The entitlements are a release build's: ?mode=developer is an error, not a warning.")

    static let claims = Flag(
        "claims",
        help: "With --manifest: also list, in the text output, what each intent filter claims (verified or not,\n"
            + "its schemes x hosts with ports, and its path rules); JSON always has them as \"filters\".")

    static let stamp = Option<String>(
        "stamp", value: "FILE",
        help: "After a run without errors, write FILE (empty), so a build system that reruns a step only when an\n"
            + "input is newer than the step's output lints again only when the files change (the build-tool plugin,\n"
            + "an Xcode build phase). Not written when the lint finds errors.")

    static let format = Options.reportFormat(
        "Text (default) or {\"errors\", \"warnings\", \"infos\", \"diagnostics\": [{\"severity\", \"code\",\n"
            + "\"file\", \"keyPath\", \"line\", \"column\", \"offset\", \"message\", \"hint\", \"fix\", \"places\"}]}\n"
            + "(line and column in XML files, offset in binary ones; \"fix\" is \"hint\"; a place is\n"
            + "{\"file\", \"pointer\", \"line\", \"column\"}).\n" + Options.annotationFormatsHelp,
        [.text, .json, .sarif, .github, .xcode])

    static let spec = CommandSpec(
        discussion: """
            Diagnostics for the app's side of its links: each Associated Domains entry (service, host,
            wildcard, mode; no scheme, path or port), app IDs and App Clip rules, URL schemes (none the
            system keeps for itself), values of the wrong type, and build variables left without a
            definition. Xcode's signing settings ($(AppIdentifierPrefix), $(PRODUCT_BUNDLE_IDENTIFIER),
            ...) follow from --app-id or the file's application-identifier; without either, they are
            assumed (an info, not an error). With --routes, a *.example.com entry without example.com is
            an error when the routes use example.com. With --manifest, the Android side: autoVerify filters,
            schemes, hosts, path attributes (Android's glob pitfalls, rejected advanced patterns, attributes
            newer than --min-sdk), ports, hosts written with a port, scheme or path, schemes in upper case,
            web filters without autoVerify, <data> elements that merge into more URLs than written, hosts
            the app cannot verify (payment, sign-in and hosting services; shut-down services; tunnels), and
            placeholders left unresolved; --claims lists what each filter claims. Give --entitlements,
            --manifest or both.
            The project file (.link-router.json in the working directory or the nearest directory above
            it, or --config FILE; see Docs/ProjectFile.md) gives the options not given (the routes, the
            build variables, ios's entitlements, Info.plist and app ID, android's manifest, strings and
            target SDK, the format): an option on the command line replaces the file's value. --platform
            ios|android lints that platform's side only, as in `check`: the project file's values for the
            other are not used, and an option of the other is refused.
            """,
        options: [
            .optional(AppFilesOption.entitlements), .optional(AppFilesOption.infoPlist),
            .repeatable(AppFilesOption.define), .optional(AppFilesOption.definesFromEnvironment).onNewUsageLine,
            .optional(Options.appID), .optional(release),
            .optional(Options.routes).onNewUsageLine, .optional(AndroidAppOption.manifest),
            .repeatable(AndroidAppOption.strings), .optional(AndroidAppOption.minSDK).onNewUsageLine,
            .optional(AndroidAppOption.targetSDK), .optional(claims), .optional(format).onNewUsageLine,
            .optional(stamp),
        ] + PlatformOption.options,
        exitStatus: ExitStatusText(
            success: "no errors (warnings alone)", findings: "errors",
            failure: "a routes file or strings.xml that is not one\n(a malformed file it lints is an error finding: 1)"),
        epilogue: "FILE `-` reads standard input (one file at most).",
        defaultArguments: ProjectOption.appLintArguments)

    static let command = Command(
        "lint", summary: "diagnostics for the app's entitlements and Info.plist, or Android manifest", spec: spec,
        run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        let status = try lint(arguments)
        if status == .success, let path = arguments[stamp] {
            try CheckOutput.write("", to: path, option: "stamp")
        }
        return status
    }

    private static func lint(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw .usage("`app lint` takes no operands, got `\(arguments.positionals[0])`")
        }
        try PlatformOption.refuseUnmet(arguments)
        let android = try AndroidAppOption.lintedManifest(arguments)
        if android == nil, arguments[claims] { throw .usage("`--claims` goes with `--manifest FILE`") }
        let targetSDK = arguments[AndroidAppOption.targetSDK]
        let androidReport = android.map { linted in
            guard case .success(let manifest) = linted.manifest else {
                return AndroidLintReport(entries: AndroidAppOption.entries(of: linted.manifest))
            }
            var report = AndroidLintReport(
                entries: AndroidManifestLinter.lint(
                    manifest, minSDK: arguments[AndroidAppOption.minSDK], targetSDK: targetSDK
                ).map { AndroidLintReport.Entry(file: .androidManifest, diagnostic: $0) })
            report.claims = IntentFilterClaim.claims(of: manifest, targetSDK: targetSDK)
            report.showsClaimsInText = arguments[claims]
            return report
        }
        guard let entitlementsPath = arguments[AppFilesOption.entitlements] else {
            guard let android, let androidReport else {
                throw .usage("give `--entitlements FILE`, `--manifest FILE` or both")
            }
            var inputs = ReportInputs()
            inputs.add(.androidManifest, path: android.path)
            try CheckOutput.output.write(androidReport, as: arguments[format] ?? .text, inputs: inputs)
            return CheckOutput.output.exitStatus(androidReport)
        }
        let infoPlistPath = arguments[AppFilesOption.infoPlist]
        let routesPath = arguments[Options.routes]
        let defines = try AppFilesOption.defines(arguments)
        let routes = try routesPath.map { path throws(CommandFailure) in try RoutesOption.load(path) }
        let entitlementsBytes = try InputFile.read(entitlementsPath, limit: AppFilesOption.readLimit)
        let infoBytes = try infoPlistPath.map { path throws(CommandFailure) in
            try InputFile.read(path, limit: AppFilesOption.readLimit)
        }
        let options = AppLinkLinter.Options(release: arguments[release], routes: routes)
        let report: AppLinkLintReport
        do {
            report = AppLinkLinter.lint(
                try AppLinkConfiguration(
                    entitlements: entitlementsBytes, infoPlist: infoBytes, defines: defines,
                    appID: arguments[Options.appID]),
                options: options)
        } catch {
            // A lint reports a file it lints and cannot read as a finding (exit 1), with its position; a malformed
            // Info.plist leaves the entitlements to lint.
            let entitlementsAlone =
                error.file == .infoPlist
                ? try? AppLinkConfiguration(
                    entitlements: entitlementsBytes, infoPlist: nil, defines: defines, appID: arguments[Options.appID])
                : nil
            report = AppLinkLintReport(
                diagnostics: (entitlementsAlone.map { AppLinkLinter.lint($0, options: options).diagnostics } ?? [])
                    + [AppLinkDiagnostic(error)])
        }
        var inputs = ReportInputs()
        inputs.add(.entitlements, path: entitlementsPath)
        inputs.add(.infoPlist, path: infoPlistPath ?? "Info.plist")
        if let android, let androidReport {
            inputs.add(.androidManifest, path: android.path)
            let both = BothPlatformsReport(apple: report, android: androidReport)
            try CheckOutput.output.write(both, as: arguments[format] ?? .text, inputs: inputs)
            return CheckOutput.output.exitStatus(both)
        }
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: inputs)
        return CheckOutput.output.exitStatus(report)
    }
}

/// `app lint` with both `--entitlements` and `--manifest`: the two platforms' reports as one check.
///
/// JSON: `{"apple": <the entitlements lint>, "android": <the manifest lint>}`.
struct BothPlatformsReport: CheckReport {
    var apple: AppLinkLintReport
    var android: AndroidLintReport

    var locatedFindings: [LocatedFinding] { apple.locatedFindings + android.locatedFindings }

    func renderedText(files: [ReportFile: String]) -> String {
        apple.renderedText(files: files) + "\n" + android.renderedText(files: files)
    }

    private enum CodingKeys: String, CodingKey { case apple, android }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(apple, forKey: .apple)
        try container.encode(android, forKey: .android)
    }
}
