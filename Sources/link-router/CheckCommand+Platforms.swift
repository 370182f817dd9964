import CommandLineToolkit
import LinkRouter

/// `link-router check --entitlements FILE --manifest FILE ...`: both platforms in one report
/// (``PlatformsCoverageChecker``): the whole-app check's gaps, the Android check's, and the URLs a route handles that
/// open the app on one platform and not on the other.
extension CheckCommand {
    static func runBothPlatforms(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .usage("unexpected argument `\(extra)`") }
        let routesPath = try arguments.required(Options.routes)
        let given =
            [
                routesPath, arguments[AppFilesOption.entitlements], arguments[AppFilesOption.infoPlist],
                arguments[AndroidAppOption.manifest],
            ].compactMap { $0 } + arguments.all(Options.aasa) + arguments.all(AndroidAppOption.assetLinks)
        // A value that ends in `=-` reads standard input too.
        guard given.filter({ $0 == "-" || $0.hasSuffix("=-") }).count <= 1 else {
            throw .usage("standard input (`-`) can be read only once")
        }
        let (table, routesBytes) = try RoutesOption.loadWithBytes(routesPath)
        let routes = (path: routesPath, table: table, bytes: routesBytes)
        let ios = try await wholeAppInputs(arguments, routes: routes)
        let android = try await androidInputs(arguments, routes: routes)
        let (appID, packageName) = (ios.loaded.appID, android.packageName)
        let baseline = try CheckOutput.baseline(arguments) { bytes throws(BaselineError) in
            try PlatformsCoverageBaseline(json: bytes)
        } scope: { path, baseline throws(CommandFailure) in
            guard baseline.appID == appID, baseline.packageName == packageName else {
                throw .input(
                    "\(path): the baseline is for \(baseline.appID) and \(baseline.packageName), not \(appID) and "
                        + packageName)
            }
        }
        let report: PlatformsCoverageReport
        do {
            report = try PlatformsCoverageChecker.check(
                app: ios.loaded.app, hasInfoPlist: ios.loaded.hasInfoPlist, routes: table, appID: appID,
                files: ios.files, decider: android.decider, sources: android.sources,
                unavailable: android.unavailable, allURLs: arguments[Options.allURLs])
        } catch {
            throw AASAFileOption.failure(error)
        }
        var read = ios.read
        read.merge(android.read)
        return try CheckOutput.write(
            report, baseline: baseline, arguments: arguments, command: "check", format: arguments[format] ?? .text,
            inputs: read
        ) { shown, summary, read in
            PlatformsCoverageHTMLPage(
                report: shown, entitlementsPath: ios.loaded.entitlementsPath, manifestPath: android.manifestPath,
                routesPath: routesPath,
                baseline: summary.map { ($0.path, $0.accepted, $0.stale.map(\.description), $0.versionNote?.message) },
                sources: read.sources, accepted: summary?.acceptedFindings ?? []
            ).render()
        }
    }
}
