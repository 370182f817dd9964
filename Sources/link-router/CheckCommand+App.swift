import CommandLineToolkit
import LinkRouter

/// `link-router check --entitlements FILE ...`: the whole-app check (``AppCoverageChecker``): the app's
/// entitlements, Info.plist and routes against each other, and every claimed domain against its file.
extension CheckCommand {
    /// What the whole-app check reads: the app's files, the routes, and each claimed domain's AASA file.
    struct WholeAppInputs {
        var loaded: AppFilesOption.Loaded
        var routesPath: String
        var table: RouteTable
        var files: [String: SiteFile]
        var read: ReportInputs
    }

    static func runWholeApp(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        let inputs = try await wholeAppInputs(arguments)
        let loaded = inputs.loaded
        return try runAppCheck(arguments, subjects: [(\.appID, loaded.appID)], inputs: inputs.read) {
            () throws(CoverageError) in
            try AppCoverageChecker.check(
                app: loaded.app, hasInfoPlist: loaded.hasInfoPlist, routes: inputs.table, appID: loaded.appID,
                files: inputs.files, allURLs: arguments[Options.allURLs])
        }
    }

    /// Reads what the whole-app check compares (fetching the domains' files with `--fetch`), refusing the
    /// one-file form's options.
    ///
    /// - Parameters:
    ///   - arguments: The parsed arguments.
    ///   - routes: The routes already read (path, table and bytes), or nil to read `--routes` here.
    /// - Returns: The inputs, with the files the report points into.
    static func wholeAppInputs(
        _ arguments: ParsedArguments, routes: (path: String, table: RouteTable, bytes: [UInt8])? = nil
    ) async throws(CommandFailure) -> WholeAppInputs {
        if let extra = arguments.positionals.first { throw .usage("unexpected argument `\(extra)`") }
        if arguments[Options.domain] != nil {
            throw .usage(
                "`--domain` checks one file (`--aasa FILE --domain HOST`); with `--entitlements`, every claimed "
                    + "domain is checked: give `--aasa DOMAIN=FILE` for each, or `--fetch`")
        }
        let routesPath = try arguments.required(Options.routes)
        let fetch = try SiteFetch.configuration(arguments)
        let pairs = arguments.all(Options.aasa)
        let sitePaths = try AASAFileOption.domainPaths(pairs).map { (value) throws(CommandFailure) in
            guard let domain = value.domain else {
                throw .usage("with `--entitlements`, `--aasa` takes DOMAIN=FILE, not `\(value.path)`")
            }
            return (domain: domain, path: value.path)
        }

        var loaded = try AppFilesOption.load(arguments)
        let (table, routesBytes): (RouteTable, [UInt8])
        if let routes {
            (table, routesBytes) = (routes.table, routes.bytes)
        } else {
            (table, routesBytes) = try RoutesOption.loadWithBytes(routesPath)
        }
        // A claimed host without a file is reported not-checked, and the check goes on with the others.
        let files: [String: SiteFile]
        do {
            files = try await AppFilesOption.reader.siteFiles(
                app: loaded, routes: table, paths: sitePaths,
                fetch: fetch.map { LinkProject.SiteFetching(transport: AASAFetcher(), aasa: $0) })
        } catch {
            throw CommandFailure(error)
        }
        loaded.assumeAppID(from: files.sorted { $0.key < $1.key }.map(\.value), command: "check")
        var read = ReportInputs()
        read.add(.entitlements, path: loaded.entitlementsPath)
        if let path = loaded.infoPlistPath { read.add(.infoPlist, path: path) }
        read.add(.routes, path: routesPath, bytes: routesBytes)
        for (domain, site) in files {
            read.add(
                .site(domain), name: site.source ?? domain, annotationPath: site.source == "-" ? nil : site.source,
                bytes: site.bytes)
        }
        return WholeAppInputs(loaded: loaded, routesPath: routesPath, table: table, files: files, read: read)
    }
}
