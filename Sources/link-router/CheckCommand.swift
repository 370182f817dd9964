import CommandLineToolkit
import LinkRouter

/// `link-router check`: which URLs the AASA file sends to the app that no route handles (unrouted), and
/// which URLs routes handle that iOS does not send to the app (unclaimed), decided exactly.
///
/// Exit status: 0 when the file and the routes agree, 1 when a gap was found or the check reached its limit (the
/// report names what it could not compare), 2 for usage errors, unreadable or invalid files.
enum CheckCommand {
    static let format = Options.reportFormat(
        #"Text (default) or {"domain", "appID", "ok", "unrouted": [{"rule", "example"}],"#
            + "\n" + #""unclaimed": [{"route", "example", "rule"}]} (with --baseline also "baseline"; at the"#
            + "\n" + #"limit also "notCompared": [{"rule", "route", "text"}])."#
            + "\n" + Options.annotationFormatsHelp
            + "\nhtml: one self-contained page (verdict, gaps by rule and by route, consistent rules and routes).",
        [.text, .json, .sarif, .github, .xcode, .html])

    static let spec = CommandSpec(
        discussion: """
            Compares, from the patterns themselves (not by sampling), the URLs on HOST that the AASA file sends
            to the app with the URLs its routes handle, and prints one shortest example URL per gap:
              unrouted   the AASA file sends the URL to the app, and no route handles it (the app opens
                         and has nothing to show); grouped by the AASA rule that claims it;
              unclaimed  a route handles the URL, and iOS does not send it to the app (Safari opens);
                         grouped by route and by the exclude rule that blocks it (or none).
            Every example was run through the AASA matcher and the router and really shows the gap.
            A gap that cannot be closed can be accepted: --write-baseline FILE records today's gaps (by kind,
            the rule's content or the route's name, and the blocking rule's content; never by example URL
            or position), --baseline FILE then reports only new ones. HOST must be among the routes' associatedDomains and ID must appear in
            the AASA file's applinks details; otherwise the check would be meaningless (exit 2).

            The whole-app check (--entitlements): the app's entitlements, Info.plist and routes against each
            other, and every domain an entry claims (applinks, webcredentials, appclips, activitycontinuation)
            against its file (--aasa DOMAIN=FILE for each, or --fetch for the deployed ones; a claimed domain
            without a file is reported not-checked, and the check is then incomplete: exit 1). Gaps beside
            unrouted and unclaimed:
              associated-domain-not-entitled  the routes file associates a domain no entry claims;
              route-domain-not-claimed        a route is bound to a host no entry claims;
              domain-without-routes           an entry claims a domain no route serves;
              undeclared-scheme               routes use a scheme the Info.plist does not declare;
              unhandled-scheme                the Info.plist declares a scheme no route handles;
              app-id-not-listed               a claimed domain's file does not name the app ID;
              deployed-file                   a claimed domain's deployed file has an error (--fetch);
              service-without-section         a domain's file has no section for a service it is claimed for;
              service-app-not-listed          that section names other apps, not this one;
              ignored-entry                   a domain's file is ready, and iOS ignores the entry meant to
                                              claim it (a typo'd service, a port);
              wrong-type                      a value of the wrong type in the entitlements or Info.plist
                                              (iOS ignores it; the rest of the file is still checked).
            --app-id defaults to the entitlements' application-identifier; one left to Xcode
            ($(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)) is assumed to be the app ID the sites'
            files name that fits (an info on standard error), as app lint assumes Xcode's settings.

            The Android check (--manifest without --entitlements): the manifest's intent filters, the
            routes and the assetlinks.json of every host a verified (autoVerify) filter claims
            (--assetlinks HOST=FILE for each, one --assetlinks FILE for all, or --fetch), exactly. A
            wildcard host is checked on the hosts below it that the routes name; a host is approved as
            Android approves it (itself verified, or ending with a verified wildcard's domain). Gaps:
              unrouted                  Android opens the URL in the app and no route handles it;
                                        at the intent filter's line and column in the manifest;
              unclaimed                 a route handles the URL and Android opens the browser: no
                                        filter accepts it, the host is not verified, or a dynamic
                                        rule excludes it (at the rule in the host's assetlinks.json);
              route-domain-not-claimed  the routes name a host no verified filter claims;
              domain-without-routes     a verified filter claims a host no route serves;
              host-not-verified         a claimed host's file does not grant App Links to the
                                        package with one of its fingerprints;
              deployed-file             a claimed host's deployed file could not be read (--fetch).
            Every example reproduces with `link-router route` and `link-router assetlinks match`.

            Both platforms (--entitlements and --manifest): one report with the whole-app check's gaps
            (iOS), the Android check's gaps (Android), and the URLs a route handles that open the app on
            one platform and not on the other, decided exactly on every host both checks know:
              opens-only-on-ios      iOS opens the app, Android the browser; at the intent filter,
                                     the dynamic rule or the assetlinks.json that blocks it;
              opens-only-on-android  Android opens the app, iOS Safari; at the AASA rule or file,
                                     or the entitlements, that blocks it.
            One shortest example per host, route and blocking place; a host one platform does not open
            at all (not claimed, not verified) gives one per route. Each example reproduces with
            `route`, `aasa match` and `assetlinks match`.
            The project file (.link-router.json in the working directory or the nearest directory above
            it, or --config FILE; see Docs/ProjectFile.md) gives the options not given: an option on the
            command line replaces the file's value (for --define, --aasa and --assetlinks, the value of
            the same NAME, DOMAIN or HOST).
            What a run checks follows from the platforms named: the project file's ios and android (or
            --entitlements and --manifest), every one unless --platform selects some. --platform ios is
            the whole-app check (or the one-file check), --platform android the Android check; the
            project file's values for a platform left out are not used (nor its baseline), an option of
            a platform left out is refused, and a platform selected without its app file (entitlements,
            manifest) is a usage error.
            """,
        options: [
            .repeatable(Options.aasa).excluding(SiteFetch.fetch), .required(Options.routes), .optional(Options.domain),
            .optional(Options.appID),
            .optional(AppFilesOption.entitlements).onNewUsageLine, .optional(AppFilesOption.infoPlist),
            .repeatable(AppFilesOption.define), .optional(AppFilesOption.definesFromEnvironment),
            .optional(AndroidAppOption.manifest).onNewUsageLine,
            .repeatable(AndroidAppOption.assetLinks).excluding(SiteFetch.fetch),
            .optional(AndroidAppOption.packageName).onNewUsageLine, .repeatable(AndroidAppOption.fingerprint),
            .repeatable(AndroidAppOption.certificate), .repeatable(AndroidAppOption.strings),
            .optional(AndroidAppOption.targetSDK),
        ] + SiteFetch.options + [
            .optional(Options.allURLs).onNewUsageLine, .optional(Options.baseline), .optional(Options.writeBaseline),
            .optional(format),
        ] + PlatformOption.options,
        exitStatus: ExitStatusText(
            success: "no gap (with --baseline: no new gap; with --write-baseline alone: always, unless the check "
                + "reached its limit)",
            findings: "gaps found, the check reached its limit (`not-compared`: the report names what it could not "
                + "compare), or (--entitlements) a claimed domain not checked",
            failure: "a meaningless --domain or --app-id (the one-file form)"),
        epilogue: """
            EXAMPLES:
              link-router check --aasa Docs/Examples/apple-app-site-association \\
                  --routes Docs/Examples/routes.json --domain example.com --app-id ABCDE12345.com.example.app
              link-router check --entitlements Docs/Examples/App.entitlements \\
                  --info-plist Docs/Examples/Info.plist --routes Docs/Examples/routes.json \\
                  --aasa example.com=Docs/Examples/apple-app-site-association
              link-router check --manifest Docs/Examples/AndroidManifest.xml --define webHost=example.com \\
                  --routes Docs/Examples/routes.json --package com.example.app --fingerprint HEX \\
                  --assetlinks example.com=Docs/Examples/assetlinks.json
              link-router check --entitlements Docs/Examples/App.entitlements \\
                  --aasa example.com=Docs/Examples/apple-app-site-association \\
                  --manifest Docs/Examples/AndroidManifest.xml --define webHost=example.com \\
                  --routes Docs/Examples/routes.json --package com.example.app --fingerprint HEX \\
                  --assetlinks Docs/Examples/assetlinks.json
              link-router check --config Docs/Examples/.link-router.json
              link-router check --config Docs/Examples/.link-router.json --platform ios
            """,
        defaultArguments: ProjectOption.checkArguments)

    static let command = Command(
        "check", summary: "find URLs the AASA file or the manifest and the routes disagree about (exact)", spec: spec,
        run: run)

    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        try PlatformOption.refuseUnmet(arguments, oneFile: true)
        if arguments[AndroidAppOption.manifest] != nil {
            if arguments[AppFilesOption.entitlements] != nil { return try await runBothPlatforms(arguments) }
            return try await runAndroid(arguments)
        }
        try refuseAndroidOptions(arguments)
        if arguments[AppFilesOption.entitlements] != nil { return try await runWholeApp(arguments) }
        let appOnly = [
            (AppFilesOption.infoPlist.name, arguments[AppFilesOption.infoPlist] != nil),
            (AppFilesOption.define.name, !arguments.all(AppFilesOption.define).isEmpty),
            (AppFilesOption.definesFromEnvironment.name, arguments[AppFilesOption.definesFromEnvironment]),
        ].filter(\.1).map(\.0)
        if arguments[SiteFetch.fetch] || !appOnly.isEmpty {
            let name = arguments[SiteFetch.fetch] ? "fetch" : appOnly[0]
            throw .usage("`--\(name)` goes with `--entitlements FILE` (the whole-app check)")
        }
        _ = try SiteFetch.configuration(arguments)
        // The one-file form: its errors in the order the parser used to find them.
        guard arguments.all(Options.aasa).count <= 1 else { throw .usage("`--aasa` is given twice") }
        let aasaPath = try arguments.required(Options.aasa)
        let routesPath = try arguments.required(Options.routes)
        let domain = try arguments.required(Options.domain)
        let appID = try arguments.required(Options.appID)
        if let extra = arguments.positionals.first { throw .usage("unexpected argument `\(extra)`") }
        let (matcher, aasaBytes) = try AASAFileOption.loadWithBytes(aasaPath)
        let (table, routesBytes) = try RoutesOption.loadWithBytes(routesPath)
        try refuseMeaninglessInputs(
            domain: domain, appID: appID, matcher: matcher, table: table, aasaPath: aasaPath, routesPath: routesPath)
        let baseline = try CheckOutput.baseline(arguments) { bytes throws(BaselineError) in
            try Baseline<CoverageReport>(json: bytes)
        } scope: { path, baseline throws(CommandFailure) in
            guard baseline.scope.domain?.lowercased() == domain.lowercased(), baseline.scope.appID == appID else {
                throw .input(
                    "\(path): the baseline is for \(baseline.scope.domain ?? "") and \(baseline.scope.appID ?? ""), not \(domain) and \(appID)"
                )
            }
        }
        let allURLs = arguments[Options.allURLs]
        let report: CoverageReport
        do {
            report = try CoverageChecker.check(
                aasa: matcher, routes: table, domain: domain, appID: appID, allURLs: allURLs)
        } catch {
            throw AASAFileOption.failure(error)
        }
        var inputs = ReportInputs()
        inputs.add(.aasa, path: aasaPath, bytes: aasaBytes)
        inputs.add(.routes, path: routesPath, bytes: routesBytes)
        return try CheckOutput.write(
            report, baseline: baseline, arguments: arguments, command: "check", format: arguments[format] ?? .text,
            inputs: inputs
        ) { shown, summary, read in
            let page = CoverageHTMLPage(
                report: shown,
                inputs: .init(
                    aasaPath: aasaPath, routesPath: routesPath, allURLs: allURLs, baseline: summary),
                aasa: matcher, aasaBytes: aasaBytes, table: table, whole: report)
            return page.render(sources: read.sources)
        }
    }

    /// Refuses a `--domain` that no associated domain of the routes covers and an `--app-id` that no applinks entry
    /// of the AASA file lists: either makes every route look unclaimed, a convincing report of nothing.
    /// - Throws: ``CommandFailure/input(_:)`` saying what the files do list (exit 2).
    static func refuseMeaninglessInputs(
        domain: String, appID: String, matcher: AASAMatcher, table: RouteTable, aasaPath: String, routesPath: String
    ) throws(CommandFailure) {
        let host = domain.lowercased()
        guard table.associatedDomains.contains(where: { $0.covers(host: host) }) else {
            let listed = table.associatedDomains.map(\.description)
            throw .input(
                "--domain \(domain) is not among the associated domains of \(InputFile.displayName(routesPath)) ("
                    + (listed.isEmpty ? "it lists none" : listed.joined(separator: ", "))
                    + "): the app never receives its links, so every route would look unclaimed")
        }
        let appIDs = matcher.appIDs
        guard appIDs.contains(appID) else {
            throw .input(
                "--app-id \(appID) appears in no applinks entry of \(InputFile.displayName(aasaPath)) ("
                    + (appIDs.isEmpty ? "it lists no app ID" : "it lists " + appIDs.joined(separator: ", "))
                    + "): nothing would open the app, so every route would look unclaimed")
        }
    }
}
