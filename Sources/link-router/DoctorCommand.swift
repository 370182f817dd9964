import CommandLineToolkit
import LinkRouter

/// `link-router doctor URL`: the chain iOS walks for one URL, from the tap to the app's route, with the first
/// broken link and its fix. The rules live in ``LinkDoctor``; this command reads the files, fetches when asked,
/// and prints.
///
/// Exit status: 0 when the URL opens the app and a route handles it, 1 when it does not (or a link could not
/// be checked), 2 on usage or unreadable input.
enum DoctorCommand {
    static let aasa = Option<String>(
        "aasa", value: "DOMAIN=FILE",
        help: "The file DOMAIN serves (stands for Apple's CDN copy), as `check` takes it; the URL's host's\n"
            + "is used. A plain FILE is the URL's host's. `-` reads standard input."
    ).keysIgnoringCase().readingStandardInput(afterKey: true)
    static let service = Option<String>(
        "service", value: "SERVICE",
        help: "Walk HOST for webcredentials, appclips or activitycontinuation instead of a URL (no routes).")
    static let format = Options.format(
        #"Text (default) or {"platform": "ios", "url", "appID", "ok", "firstBroken", "fix", "steps":"#
            + "\n" + #"[{"step", "verdict", "message", "evidence", "fix", "unverified", "places"}]}, the steps in"#
            + "\n" + #"chain order, each place {"file", "pointer", "line", "column"}. Android's: {"platform":"#
            + "\n" + #""android", "url", "package", ...}; both platforms: {"url", "ok", "ios", "android"}."#)

    static let spec = CommandSpec(
        leadingOperands: "URL",
        discussion: """
            Walks URL through the chain iOS walks and gives each link a verdict (ok, broken, skipped) and its
            evidence:
              url          an https link (a universal link), a custom-scheme link, or neither;
              entitlement  the applinks entry that claims the host (or none, and why: a wildcard
                           covers only subdomains, an entry that is not valid, a missing entry);
              file         where the file comes from: Apple's CDN copy (current or stale), the origin
                           in developer mode, or the local --aasa DOMAIN=FILE of the URL's host
                           (a plain --aasa FILE is the host's; other domains' files are not read);
              rule         the file's deciding rule for the app ID, as `aasa match --explain` shows it;
              scheme       for a custom scheme, its declaration in the Info.plist;
              route        the app's route and its parameters.
            Then names the first broken link and its fix. Without --aasa or --fetch the file and its rule
            are not checked (not verified: exit 1). What iOS decides from no file (a tap on a link to the
            same domain in Safari, a URL typed in the address bar, the user's long-press choice) is
            described in Docs/link-router.md.
            With --service webcredentials|appclips|activitycontinuation the operand is a HOST, and the
            same steps ask whether iOS grants the app that service for it: entitlement (the service's
            entry), file, rule (the file's section names the app; for appclips the App Clip, and the
            applinks section its parent); scheme and route are skipped, and --routes is not needed.
            With --manifest (and --package, default the manifest's package attribute, with --fingerprint
            or --certificate), the chain Android walks:
              url           an http or https link (an App Link), a custom-scheme link, or neither;
              filter        the intent filter and <data> combination that accepts it, or the nearest
                            filter and why not;
              host          the autoVerify host that covers the URL's host (a wildcard's file is the
                            bare domain's);
              file          the host's assetlinks.json: --assetlinks FILE, or fetched with --fetch
                            as `assetlinks fetch` does (within 5 s unless --timeout);
              statement     the statement for the package and a fingerprint (or why none);
              dynamic-rule  the verifying statement's dynamic rule that decides;
              route         the app's route and its parameters.
            With both --entitlements and --manifest, both walks side by side, one verdict per platform.
            The project file (.link-router.json in the working directory or the nearest directory above
            it, or --config FILE; see Docs/ProjectFile.md) gives the options not given: an option on the
            command line replaces the file's value (for --define, the value of the same NAME).
            --platform ios or --platform android walks that platform's chain only (the project file's
            values for the other are not used); an option of a platform left out is refused.
            """,
        options: [
            .optional(AppFilesOption.entitlements), .optional(AppFilesOption.infoPlist), .optional(Options.routes),
            .optional(Options.appID).onNewUsageLine, .repeatable(AppFilesOption.define),
            .optional(AppFilesOption.definesFromEnvironment), .repeatable(aasa).excluding(SiteFetch.fetch),
            .optional(service),
        ] + androidOptions + SiteFetch.options + [.optional(format)] + PlatformOption.options,
        exitStatus: ExitStatusText(
            success: "the URL opens the app and a route handles it",
            findings: "it does not, or a link of the chain could not be checked"),
        epilogue: """
            EXAMPLE:
              link-router doctor https://example.com/promotion/7 --entitlements Docs/Examples/App.entitlements \\
                  --info-plist Docs/Examples/Info.plist --routes Docs/Examples/routes.json \\
                  --aasa example.com=Docs/Examples/apple-app-site-association
              link-router doctor https://example.com/help/faq --manifest Docs/Examples/AndroidManifest.xml \\
                  --define webHost=example.com --package com.example.app \\
                  --fingerprint 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5 \\
                  --assetlinks Docs/Examples/assetlinks.json --routes Docs/Examples/routes.json
              link-router doctor https://example.com/promotion/7 --config Docs/Examples/.link-router.json
              link-router doctor https://example.com/help/faq --config Docs/Examples/.link-router.json \\
                  --platform android
            """,
        defaultArguments: ProjectOption.doctorArguments)

    static let command = Command(
        "doctor", summary: "walk one URL from the tap to the app's route; name the first broken link", spec: spec,
        run: run)

    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        try PlatformOption.refuseUnmet(arguments)
        // Required unless Android's walk is asked for: refused first, as the parser refused it before `--manifest`.
        if arguments[AndroidAppOption.manifest] == nil, arguments[AppFilesOption.entitlements] == nil {
            throw .usage("missing `--entitlements <value>`")
        }
        guard let url = arguments.positionals.first else {
            throw .usage("missing URL, e.g. `link-router doctor https://example.com/promotion/7 ...`")
        }
        guard arguments.positionals.count == 1 else {
            throw .usage("`doctor` takes one URL, got \(arguments.positionals.count)")
        }
        let fetch = try SiteFetch.configuration(arguments)
        if arguments[AndroidAppOption.manifest] != nil { return try await runAndroid(url, arguments, fetch: fetch) }
        try refuseAndroidOptions(arguments)
        if let name = arguments[service] { return try await runService(name, host: url, arguments, fetch: fetch) }
        let routesPath = try arguments.required(Options.routes)
        let aasaPath = try aasaPath(arguments, host: LinkDoctor.host(of: url))
        var loaded = try AppFilesOption.load(arguments)
        let table = try RoutesOption.load(routesPath)
        var file = try localSiteFile(aasaPath)
        if file == nil, let fetch {
            guard let host = LinkDoctor.host(of: url) else {
                throw .usage("--fetch needs an https URL with a host, not `\(url)`")
            }
            file = await SiteFetch.file(host, configuration: fetch)
        }
        let report = iosPlatform(&loaded, routes: table, routesPath: routesPath, file: file).walk(url)
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: ReportInputs())
        return CheckOutput.output.exitStatus(report)
    }

    /// iOS's walk with the app's files read and the site file of the URL's host (local, fetched, or nil); the app
    /// ID is assumed from the file when the entitlements leave it to Xcode.
    static func iosPlatform(
        _ loaded: inout AppFilesOption.Loaded, routes: RouteTable, routesPath: String, file: SiteFile?
    ) -> IOSDoctorPlatform {
        loaded.assumeAppID(from: file.map { [$0] } ?? [], command: "doctor")
        return IOSDoctorPlatform(
            files: loaded, routes: routes, routesPath: routesPath, file: file, reader: AppFilesOption.reader)
    }

    /// The path `--aasa` gives for `host` (`--aasa HOST=FILE`, or a plain `--aasa FILE`), or nil without `--aasa`
    /// or without a host; other domains' files are not read.
    /// - Throws: ``CommandFailure/usage(_:)`` when `--aasa DOMAIN=FILE` names no file for `host` (exit 2).
    static func aasaPath(_ arguments: ParsedArguments, host: String?) throws(CommandFailure) -> String? {
        let values = try AASAFileOption.domainPaths(arguments.all(aasa), plainAllowed: true)
        guard !values.isEmpty else { return nil }
        if values.count == 1, values[0].domain == nil { return values[0].path }
        guard let host = host?.lowercased() else { return nil }
        guard let path = values.first(where: { $0.domain == host })?.path else {
            throw .usage(
                "`--aasa` names no file for \(host): give `--aasa \(host)=FILE` (the file it serves), or `--fetch`")
        }
        return path
    }

    /// The site file at `path` (``aasaPath(_:host:)``), read and decoded, or nil without one.
    static func localSiteFile(_ path: String?) throws(CommandFailure) -> SiteFile? {
        try path.map { path throws(CommandFailure) in
            try CommandFailure.reading { () throws(LinkProjectError) in try AppFilesOption.reader.siteFile(path) }
        }
    }

    /// `doctor --service SERVICE HOST`: the service's walk.
    static func runService(
        _ name: String, host: String, _ arguments: ParsedArguments, fetch: AASAFetchConfiguration?
    ) async throws(CommandFailure) -> ExitStatus {
        let chosen = AssociatedDomain.Service(rawValue: name)
        guard chosen.isKnown, chosen != .applinks else {
            throw .usage(
                "`--service` takes webcredentials, appclips or activitycontinuation, not `\(name)` (for applinks, "
                    + "give a URL without --service)")
        }
        let aasaPath = try aasaPath(arguments, host: host)
        var loaded = try AppFilesOption.load(arguments)
        var file = try localSiteFile(aasaPath)
        if file == nil, let fetch {
            file = await SiteFetch.file(host.lowercased(), configuration: fetch)
        }
        loaded.assumeAppID(from: file.map { [$0] } ?? [], command: "doctor")
        let report = LinkDoctor.diagnose(
            service: chosen, host: host, app: loaded.app, appID: loaded.appIDIsSetByXcode ? nil : loaded.appID,
            file: file,
            entitlementsName: InputFile.displayName(loaded.entitlementsPath))
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: ReportInputs())
        return CheckOutput.output.exitStatus(report)
    }
}
