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
        var androidReport = android.map { linted in
            ProjectInputReader.lintReport(
                of: linted.manifest, minSDK: arguments[AndroidAppOption.minSDK],
                targetSDK: arguments[AndroidAppOption.targetSDK])
        }
        androidReport?.showsClaimsInText = arguments[claims]
        let entitlementsPath = arguments[AppFilesOption.entitlements]
        let iosReport = try entitlementsPath.map { path throws(CommandFailure) in
            let defines = try AppFilesOption.defines(arguments)
            return try CommandFailure.reading { () throws(LinkProjectError) in
                try AppFilesOption.reader.lintApp(
                    entitlements: path, infoPlist: arguments[AppFilesOption.infoPlist], defines: defines,
                    appID: arguments[Options.appID], routes: arguments[Options.routes], release: arguments[release])
            }
        }
        guard let report = LinkProjectLintReport(ios: iosReport, android: androidReport) else {
            throw .usage("give `--entitlements FILE`, `--manifest FILE` or both")
        }
        var inputs = ReportInputs()
        if let entitlementsPath {
            inputs.add(.entitlements, path: entitlementsPath)
            inputs.add(.infoPlist, path: arguments[AppFilesOption.infoPlist] ?? "Info.plist")
        }
        if let android { inputs.add(.androidManifest, path: android.path) }
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: inputs)
        return CheckOutput.output.exitStatus(report)
    }
}
