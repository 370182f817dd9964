import CommandLineToolkit
import LinkRouter

/// `link-router doctor URL --manifest FILE --routes FILE [--package NAME] (--fingerprint HEX | --certificate
/// FILE)... [--assetlinks FILE | --fetch]`: the chain Android walks for one URL (``AndroidLinkDoctor``); with
/// `--entitlements` too, both platforms' walks side by side (``PlatformsDoctorReport``).
extension DoctorCommand {
    /// Android's options, as `assetlinks match` has them; `--package` defaults to the manifest's `package`.
    static let androidOptions: [OptionUse] = [
        .optional(AndroidAppOption.manifest).onNewUsageLine, .repeatable(AndroidAppOption.strings),
        .optional(AndroidAppOption.packageName), .repeatable(AndroidAppOption.fingerprint).onNewUsageLine,
        .repeatable(AndroidAppOption.certificate), .optional(AndroidAppOption.targetSDK),
        .repeatable(AndroidAppOption.assetLinks).excluding(SiteFetch.fetch),
    ]

    /// Refuses Android's options without `--manifest` (they would be ignored).
    static func refuseAndroidOptions(_ arguments: ParsedArguments) throws(CommandFailure) {
        let given =
            !arguments.all(AndroidAppOption.assetLinks).isEmpty || arguments[AndroidAppOption.packageName] != nil
            || !arguments.all(AndroidAppOption.fingerprint).isEmpty
            || !arguments.all(AndroidAppOption.certificate).isEmpty || arguments[AndroidAppOption.targetSDK] != nil
            || !arguments.all(AndroidAppOption.strings).isEmpty
        if given {
            throw .usage(
                "`--assetlinks`, `--package`, `--fingerprint`, `--certificate`, `--target-sdk` and `--strings` go "
                    + "with `--manifest FILE`")
        }
    }

    /// `doctor URL --manifest FILE ...`: Android's walk, and iOS's beside it with `--entitlements`.
    static func runAndroid(
        _ url: String, _ arguments: ParsedArguments, fetch: AASAFetchConfiguration?
    ) async throws(CommandFailure) -> ExitStatus {
        if arguments[service] != nil {
            throw .usage("`--service` walks an iOS service: give it without `--manifest`")
        }
        let assetLinksPaths = try CheckCommand.assetLinksPaths(arguments.all(AndroidAppOption.assetLinks))
        let both = arguments[AppFilesOption.entitlements] != nil
        if !both,
            !arguments.all(aasa).isEmpty || arguments[AppFilesOption.infoPlist] != nil
                || arguments[Options.appID] != nil
        {
            throw .usage("`--aasa`, `--info-plist` and `--app-id` go with `--entitlements FILE` (iOS's walk)")
        }
        if !both, fetch?.cdn != nil || fetch?.checksCDN == false || fetch?.client == .apple {
            throw .usage("`--cdn`, `--no-cdn` and `--as-apple` go with `--entitlements FILE` (iOS's walk)")
        }
        let routesPath = try arguments.required(Options.routes)
        let aasaPath = both ? try aasaPath(arguments, host: LinkDoctor.host(of: url)) : nil
        guard let (manifest, manifestPath) = try AndroidAppOption.manifest(arguments) else {
            throw .usage("missing `--manifest <value>`")
        }
        guard let packageName = arguments[AndroidAppOption.packageName] ?? manifest.packageName else {
            throw .usage(
                "missing `--package NAME`: \(InputFile.displayName(manifestPath)) has no package attribute (give "
                    + "the Gradle applicationId)")
        }
        let identity = try AndroidAppOption.identity(packageName: packageName, arguments)
        let table = try RoutesOption.load(routesPath)
        let targetSDK = arguments[AndroidAppOption.targetSDK]
        // A plain FILE stands for every host's file; HOST=FILE for that file host's.
        let fileHosts = AndroidLinkDoctor.fileHosts(of: url, manifest: manifest, targetSDK: targetSDK)
        var sites: [String?: AssetLinksSiteFile] = [:]
        for (host, path) in assetLinksPaths where host.map({ fileHosts.contains($0) }) ?? true {
            let file = try CommandFailure.reading { () throws(LinkProjectError) in
                try AppFilesOption.reader.assetLinks(path).file
            }
            sites[host] = AssetLinksSiteFile(source: InputFile.displayName(path), file: file)
        }
        // Read iOS's files before any request, so that a bad input fails without waiting for the network.
        let loaded = both ? try AppFilesOption.load(arguments) : nil
        let aasaFile = both ? try localSiteFile(aasaPath) : nil
        if fetch != nil, !AndroidURI(url).isWeb || AndroidURI(url).host?.isEmpty != false {
            throw .usage("--fetch needs an http or https URL with a host, not `\(url)`")
        }
        // With --fetch: the host's own file, and that of each declared wildcard that may approve it.
        var fetchedSites: [String: AssetLinksSiteFile] = [:]
        if let fetch, !fileHosts.isEmpty {
            let configuration = AssetLinksFetchConfiguration(
                origin: fetch.origin,
                timeout: arguments[AASAFetchCommand.timeout] ?? AssetLinksFetchChecker.timeout)
            fetchedSites = await AndroidLinkDoctor.fetchedFiles(
                hosts: fileHosts, app: identity, configuration: configuration, transport: AASAFetcher())
        }
        let files = sites
        let fetched = fetchedSites
        let android = AndroidDoctorPlatform(
            manifest: manifest, app: identity, routes: table,
            files: { files[$0.lowercased()] ?? files[nil] ?? fetched[$0] }, targetSDK: targetSDK,
            names: (InputFile.displayName(manifestPath), InputFile.displayName(routesPath)))
        let format = arguments[format] ?? .text
        guard var loaded else {
            let report = android.walk(url)
            try CheckOutput.output.write(report, as: format, inputs: ReportInputs())
            return CheckOutput.output.exitStatus(report)
        }
        var siteFile = aasaFile
        if siteFile == nil, let fetch, let host = LinkDoctor.host(of: url) {
            siteFile = await SiteFetch.file(host, configuration: fetch)
        }
        let ios = iosPlatform(&loaded, routes: table, routesPath: routesPath, file: siteFile)
        let report = PlatformsDoctorReport.walk(url, platforms: [ios, android])
        try CheckOutput.output.write(report, as: format, inputs: ReportInputs())
        return CheckOutput.output.exitStatus(report)
    }
}
