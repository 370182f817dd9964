import CommandLineToolkit
import LinkRouter

extension AndroidAppOption {
    static let assetLinks = Option<String>(
        "assetlinks", value: "[HOST=]FILE",
        help: "With --manifest: the assetlinks.json of HOST (a file host: a wildcard's bare domain);\n"
            + "one FILE alone is taken as the file of every host, as `assetlinks match` takes it."
    ).keysIgnoringCase().readingStandardInput(afterKey: true)
}

/// `link-router check --manifest FILE ...`: the Android coverage check (``AndroidCoverageChecker``): the manifest's
/// intent filters, every claimed host's `assetlinks.json` and the routes against each other, exactly.
extension CheckCommand {
    /// What the Android check reads: the manifest, the routes, and each claimed host's `assetlinks.json`.
    struct AndroidInputs {
        var packageName: String
        var manifestPath: String
        var routesPath: String
        var table: RouteTable
        var decider: AndroidLinkDecider
        var sources: [String: String]
        var unavailable: [String: String]
        var read: ReportInputs
    }

    static func runAndroid(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .usage("unexpected argument `\(extra)`") }
        try refuseIOSOptions(arguments)
        let inputs = try await androidInputs(arguments)
        return try runAppCheck(arguments, subjects: [(\.packageName, inputs.packageName)], inputs: inputs.read) {
            () throws(CoverageError) in
            try AndroidCoverageChecker.check(
                decider: inputs.decider, routes: inputs.table, sources: inputs.sources,
                unavailable: inputs.unavailable, allURLs: arguments[Options.allURLs])
        }
    }

    /// Refuses the options of the iOS checks in the Android check.
    static func refuseIOSOptions(_ arguments: ParsedArguments) throws(CommandFailure) {
        for (name, given) in [
            (Options.domain.name, arguments[Options.domain] != nil),
            (Options.appID.name, arguments[Options.appID] != nil),
            (Options.aasa.name, !arguments.all(Options.aasa).isEmpty),
            (AppFilesOption.infoPlist.name, arguments[AppFilesOption.infoPlist] != nil),
            (AASAFetchCommand.cdn.name, arguments[AASAFetchCommand.cdn] != nil),
            (AASAFetchCommand.noCDN.name, arguments[AASAFetchCommand.noCDN]),
            (AASAFetchCommand.asApple.name, arguments[AASAFetchCommand.asApple]),
        ] where given {
            throw .usage(
                "`--\(name)` is for iOS; the Android check (`--manifest`) takes `--assetlinks` and `--package`")
        }
    }

    /// Reads what the Android check compares (fetching the hosts' files with `--fetch`).
    ///
    /// - Parameters:
    ///   - arguments: The parsed arguments.
    ///   - routes: The routes already read (path, table and bytes), or nil to read `--routes` here.
    /// - Returns: The inputs, with the files the report points into.
    static func androidInputs(
        _ arguments: ParsedArguments, routes: (path: String, table: RouteTable, bytes: [UInt8])? = nil
    ) async throws(CommandFailure) -> AndroidInputs {
        let routesPath = try arguments.required(Options.routes)
        let packageName = try arguments.required(AndroidAppOption.packageName)
        let identity = try AndroidAppOption.identity(packageName: packageName, arguments)
        let fetch = arguments[SiteFetch.fetch]
        if !fetch, arguments[AASAFetchCommand.origin] != nil || arguments[AASAFetchCommand.timeout] != nil {
            throw .usage("`--origin` and `--timeout` go with `--fetch`")
        }
        let given = try assetLinksPaths(arguments.all(AndroidAppOption.assetLinks))
        if !fetch, given.isEmpty {
            throw .usage("missing `--assetlinks [HOST=]FILE` or `--fetch` (the sites' assetlinks.json files)")
        }

        guard let (manifest, manifestPath) = try AndroidAppOption.manifest(arguments) else {
            throw .usage("missing `--manifest FILE`")
        }
        let (table, routesBytes): (RouteTable, [UInt8])
        if let routes {
            (table, routesBytes) = (routes.table, routes.bytes)
        } else {
            (table, routesBytes) = try RoutesOption.loadWithBytes(routesPath)
        }
        let android: ProjectAndroidFiles
        do {
            android = try await AppFilesOption.reader.androidInputs(
                manifest: manifest, identity: identity,
                targetSDK: arguments[AndroidAppOption.targetSDK] ?? ProjectInputReader.defaultTargetSDK,
                routes: table, given: given,
                fetch: fetch
                    ? LinkProject.SiteFetching(
                        transport: AASAFetcher(),
                        assetLinks: AssetLinksFetchConfiguration(
                            origin: arguments[AASAFetchCommand.origin],
                            timeout: arguments[AASAFetchCommand.timeout] ?? AssetLinksFetchChecker.timeout))
                    : nil)
        } catch {
            throw CommandFailure(error)
        }
        var read = ReportInputs()
        read.add(.androidManifest, path: manifestPath)
        read.add(.routes, path: routesPath, bytes: routesBytes)
        for file in android.read {
            read.add(.assetLinks(file.host), name: file.name, annotationPath: file.path, bytes: file.bytes)
        }
        return AndroidInputs(
            packageName: packageName, manifestPath: manifestPath, routesPath: routesPath, table: table,
            decider: android.decider, sources: android.sources, unavailable: android.unavailable, read: read)
    }

    /// Refuses the Android check's options without `--manifest FILE`.
    static func refuseAndroidOptions(_ arguments: ParsedArguments) throws(CommandFailure) {
        for (name, given) in [
            (AndroidAppOption.assetLinks.name, !arguments.all(AndroidAppOption.assetLinks).isEmpty),
            (AndroidAppOption.packageName.name, arguments[AndroidAppOption.packageName] != nil),
            (AndroidAppOption.fingerprint.name, !arguments.all(AndroidAppOption.fingerprint).isEmpty),
            (AndroidAppOption.certificate.name, !arguments.all(AndroidAppOption.certificate).isEmpty),
            (AndroidAppOption.strings.name, !arguments.all(AndroidAppOption.strings).isEmpty),
            (AndroidAppOption.targetSDK.name, arguments[AndroidAppOption.targetSDK] != nil),
        ] where given {
            throw .usage("`--\(name)` goes with `--manifest FILE` (the Android check)")
        }
    }

    /// The `--assetlinks` values of `check` and `doctor`: `HOST=FILE` pairs (each host once), or one `FILE` for
    /// every host.
    static func assetLinksPaths(_ values: [String]) throws(CommandFailure) -> [(host: String?, path: String)] {
        var pairs: [(host: String?, path: String)] = []
        for value in values {
            var host: String?
            var path = value
            if let equals = value.firstIndex(of: "="), equals != value.startIndex {
                let name = String(value[..<equals])
                if (try? AssociatedDomain.validateServingDomain(name)) != nil {
                    host = name.lowercased()
                    path = String(value[value.index(after: equals)...])
                }
            }
            if let host, pairs.contains(where: { $0.host == host }) {
                throw .usage("`--assetlinks \(host)=...` is given twice")
            }
            pairs.append((host, path))
        }
        if pairs.count > 1, pairs.contains(where: { $0.host == nil }) {
            throw .usage(
                "`--assetlinks FILE` alone is the file of every host; for several, give `--assetlinks HOST=FILE` each")
        }
        return pairs
    }
}
