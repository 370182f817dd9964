import CommandLineToolkit
import LinkRouter

/// `link-router check --entitlements FILE --manifest FILE ...`: both platforms in one report
/// (``PlatformsCoverageChecker``): the whole-app check's gaps, the Android check's, and the URLs a route handles that
/// open the app on one platform and not on the other.
extension CheckCommand {
    static func runBothPlatforms(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .usage("unexpected argument `\(extra)`") }
        let routesPath = try arguments.required(Options.routes)
        let (table, routesBytes) = try RoutesOption.loadWithBytes(routesPath)
        let routes = (path: routesPath, table: table, bytes: routesBytes)
        let ios = try await wholeAppInputs(arguments, routes: routes)
        let android = try await androidInputs(arguments, routes: routes)
        let (appID, packageName) = (ios.loaded.appID, android.packageName)
        let baseline = try CheckOutput.baseline(arguments) { bytes throws(BaselineError) in
            try Baseline<PlatformsCoverageReport>(json: bytes)
        } scope: { path, baseline throws(CommandFailure) in
            guard baseline.scope.appID == appID, baseline.scope.packageName == packageName else {
                throw .input(
                    "\(path): the baseline is for \(baseline.scope.appID ?? "") and \(baseline.scope.packageName ?? ""), not \(appID) and "
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
        return try writeReport(report, baseline: baseline, arguments: arguments, inputs: read) { shown, inputs in
            PlatformsCoverageHTMLPage(report: shown, inputs: inputs).render()
        }
    }
}
