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
        var read = ios.read
        read.merge(android.read)
        let subjects: [(scope: KeyPath<BaselineScope, String?>, name: String)] = [
            (\.appID, ios.loaded.appID), (\.packageName, android.packageName),
        ]
        return try runAppCheck(arguments, subjects: subjects, inputs: read) {
            () throws(CoverageError) in
            try PlatformsCoverageChecker.check(
                app: ios.loaded.app, hasInfoPlist: ios.loaded.hasInfoPlist, routes: table, appID: ios.loaded.appID,
                files: ios.files, decider: android.decider, sources: android.sources,
                unavailable: android.unavailable, allURLs: arguments[Options.allURLs])
        }
    }
}
