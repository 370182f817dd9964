import AndroidAppLinks
import FileLocations
import LinkCoverage
import LinkDeployment
import LinkRouting

extension LinkProject {
    /// How ``check(allURLs:fetch:)`` fetches the deployed site files of a project whose `siteFiles` are
    /// ``LinkProject/fetch``: the transport that makes the requests (this package has no network of its own), the
    /// configurations `aasa fetch` and `assetlinks fetch` take, and the clock their deadlines are measured on.
    public struct SiteFetching: Sendable {
        /// Makes the HTTPS requests (the `link-router` command's own, or a test's).
        public var transport: any AASAFetchTransport
        /// How the apple-app-site-association files are fetched (origin, Apple's CDN, client, deadline).
        public var aasa: AASAFetchConfiguration
        /// How the assetlinks.json files are fetched (origin, client, deadline).
        public var assetLinks: AssetLinksFetchConfiguration
        /// The clock the fetches' deadlines are measured on: `ContinuousClock` for real requests; a test gives one
        /// of its own (one that never reaches a deadline, so that a busy machine cannot fail a fetch it serves).
        public var clock: any Clock<Duration>

        /// Creates a way to fetch.
        ///
        /// - Parameters:
        ///   - transport: Makes the requests.
        ///   - aasa: How the apple-app-site-association files are fetched.
        ///   - assetLinks: How the assetlinks.json files are fetched.
        ///   - clock: The clock the deadlines are measured on.
        public init(
            transport: any AASAFetchTransport, aasa: AASAFetchConfiguration = AASAFetchConfiguration(),
            assetLinks: AssetLinksFetchConfiguration = AssetLinksFetchConfiguration(),
            clock: any Clock<Duration> = ContinuousClock()
        ) {
            self.transport = transport
            self.aasa = aasa
            self.assetLinks = assetLinks
            self.clock = clock
        }
    }

    /// Reads the project's files and runs the check of the platforms it names, as `link-router check` does with the
    /// project file: ``ios`` alone is the whole-app check (``AppCoverageChecker``), ``android`` alone the Android
    /// check (`AndroidCoverageChecker`), both the check of both platforms (``PlatformsCoverageChecker``).
    ///
    /// Every file is read from disk as its path says (``init(contentsOfFile:)`` makes them relative to the working
    /// directory), at most as much as the command reads. The project's ``baseline`` and ``format`` are the
    /// command's: the report has every finding. An app ID the entitlements leave to Xcode is assumed, as the command
    /// assumes it, to be the one the sites' files name that fits.
    ///
    /// - Parameters:
    ///   - allURLs: Whether to compare every URL text, not only canonical URLs (`--all-urls`).
    ///   - fetch: How to fetch the deployed site files when the project's `siteFiles` are ``LinkProject/fetch``;
    ///     not needed for local files.
    /// - Returns: The report of the platforms named.
    /// - Throws: ``LinkProjectError`` naming the file for a file that cannot be read or is not what it should
    ///   be, and for a value the check needs that the project lacks (the message the command writes).
    public func check(
        allURLs: Bool = false, fetch: SiteFetching? = nil
    ) async throws(LinkProjectError) -> LinkProjectReport {
        let reader = ProjectInputReader()
        let appFiles = try appFilePaths()
        let ios = ios.flatMap { ios in appFiles.entitlements.map { (ios, $0) } }
        var android: (Android, manifest: String, packageName: String)?
        if let project = self.android, let manifest = appFiles.manifest {
            guard let packageName = project.packageName else {
                throw LinkProjectError(.missingValue, "the project's android names no package")
            }
            android = (project, manifest, packageName)
        }
        guard ios != nil || android != nil else { throw Self.noPlatform }
        let routesPath = try routesPath()
        let fetching = try siteFetching(fetch)
        let defines = buildVariables
        // Read in the command's order: the routes first for both platforms, else after the app's own files.
        var table = ios != nil && android != nil ? try reader.routes(routesPath).table : nil
        func routesTable() throws(LinkProjectError) -> RouteTable {
            if let table { return table }
            let read = try reader.routes(routesPath).table
            table = read
            return read
        }

        var app: (files: ProjectAppFiles, sites: [String: SiteFile])?
        if let (ios, entitlements) = ios {
            var files = try reader.appFiles(
                entitlements: entitlements, infoPlist: ios.infoPlist, defines: defines, appID: ios.appID)
            let table = try routesTable()
            let paths = ios.siteFiles.filter { $0.file != Self.fetch }.map { ($0.domain.lowercased(), $0.file) }
            let sites = try await reader.siteFiles(app: files, routes: table, paths: paths, fetch: fetching)
            _ = files.assumeAppID(from: sites.sorted { $0.key < $1.key }.map(\.value))
            app = (files, sites)
        }
        var androidFiles: ProjectAndroidFiles?
        if let (android, manifestPath, packageName) = android {
            let identity = try reader.identity(
                packageName: packageName, fingerprints: android.fingerprints, certificates: android.certificates)
            let given: [(host: String?, path: String)] = android.siteFiles.filter { $0.file != Self.fetch }.map {
                ($0.host.lowercased(), $0.file)
            }
            if fetching == nil, given.isEmpty {
                throw LinkProjectError(.missingValue, "the project's android names no siteFiles")
            }
            let manifest: AndroidManifest
            switch try reader.manifest(manifestPath, strings: android.strings, placeholders: defines) {
            case .success(let read): manifest = read
            case .failure(let error): throw reader.failure(error, manifest: manifestPath)
            }
            androidFiles = try await reader.androidInputs(
                manifest: manifest, identity: identity,
                targetSDK: android.targetSDK ?? ProjectInputReader.defaultTargetSDK, routes: try routesTable(),
                given: given,
                fetch: fetching)
        }
        guard let table else { throw Self.noPlatform }
        switch (app, androidFiles) {
        case (let app?, let android?):
            return .platforms(
                try decided { () throws(CoverageError) in
                    try PlatformsCoverageChecker.check(
                        app: app.files.app, hasInfoPlist: app.files.hasInfoPlist, routes: table,
                        appID: app.files.appID, files: app.sites, decider: android.decider, sources: android.sources,
                        unavailable: android.unavailable, allURLs: allURLs)
                })
        case (let app?, nil):
            return .ios(
                try decided { () throws(CoverageError) in
                    try AppCoverageChecker.check(
                        app: app.files.app, hasInfoPlist: app.files.hasInfoPlist, routes: table,
                        appID: app.files.appID, files: app.sites, allURLs: allURLs)
                })
        case (nil, let android?):
            return .android(
                try decided { () throws(CoverageError) in
                    try AndroidCoverageChecker.check(
                        decider: android.decider, routes: table, sources: android.sources,
                        unavailable: android.unavailable, allURLs: allURLs)
                })
        case (nil, nil):
            throw Self.noPlatform
        }
    }

    /// The app file of each platform the project names, which every run of the project's app reads first:
    /// ``ios``'s entitlements and ``android``'s manifest (nil for a platform the project does not name).
    ///
    /// - Returns: The two paths.
    /// - Throws: ``LinkProjectError/Kind/missingValue`` for a platform named without its app file (`ios` first).
    package func appFilePaths() throws(LinkProjectError) -> (entitlements: String?, manifest: String?) {
        if let ios, ios.entitlements == nil {
            throw LinkProjectError(.missingValue, "the project's ios names no entitlements")
        }
        if let android, android.manifest == nil {
            throw LinkProjectError(.missingValue, "the project's android names no manifest")
        }
        return (ios?.entitlements, android?.manifest)
    }

    /// The project's routes file, which every run of the project's app reads.
    ///
    /// - Returns: ``routes``.
    /// - Throws: ``LinkProjectError/Kind/missingValue`` when the project names none.
    package func routesPath() throws(LinkProjectError) -> String {
        guard let routes else { throw LinkProjectError(.missingValue, "the project names no routes file") }
        return routes
    }

    /// What a project that names neither platform is told.
    package static let noPlatform = LinkProjectError(
        .missingValue, "the project names no platform: give it ios or android")

    /// Runs a check, its limit (`CoverageError`) as ``LinkProjectError/Kind/notDecided``.
    private func decided<Report>(
        _ check: () throws(CoverageError) -> Report
    ) throws(LinkProjectError) -> Report {
        do { return try check() } catch { throw LinkProjectError(.notDecided, error.description) }
    }

    /// The fetcher when the project's site files are ``LinkProject/fetch`` (every one: a run fetches every site
    /// file or none), nil when they are local; `method` is named in the error without a fetcher.
    package func siteFetching(
        _ fetch: SiteFetching?, for method: String = "check(fetch:)"
    ) throws(LinkProjectError) -> SiteFetching? {
        let files = (ios?.siteFiles.map(\.file) ?? []) + (android?.siteFiles.map(\.file) ?? [])
        guard files.contains(Self.fetch) else { return nil }
        guard !files.contains(where: { $0 != Self.fetch }) else {
            throw LinkProjectError(.invalidValue, Self.mixedSiteFilesMessage)
        }
        guard let fetch else {
            throw LinkProjectError(
                .fetchUnavailable,
                "the project file's siteFiles are \"fetch\": give \(method) a transport to fetch them with")
        }
        return fetch
    }

    /// What a project whose site files mix local files and ``LinkProject/fetch`` is told.
    package static let mixedSiteFilesMessage =
        "the project file's siteFiles mix local files and \"fetch\", and a run fetches every site file or "
        + "none: give each domain and host a file, or \"fetch\" for all (or --fetch on the command line)"

    /// The build variables of both platforms: the project's, and Android's (a name in both is the project's).
    package var buildVariables: [String: String] {
        defines.merging(android?.defines ?? [:]) { shared, _ in shared }
    }
}

/// What ``LinkProject/check(allURLs:fetch:)`` found: the report of the platforms the project names.
///
/// A closed enumeration rather than `any CheckReport`: a program switches on it to reach the report's own
/// members (its gaps, hosts and domains), and a new platform combination is a new case the compiler points out.
/// It is itself a ``CheckReport``, a ``WrappingCheckReport`` (the wrapped report's findings, text and JSON: its JSON is
/// what `link-router check --format json` writes), so that it can be written as the command writes it.
///
/// Closed: a project names iOS, Android or both, and each has its one report; no case will be added.
public enum LinkProjectReport: WrappingCheckReport {
    /// The iOS app alone: the whole-app check.
    case ios(AppCoverageReport)
    /// The Android app alone: the Android check.
    case android(AndroidCoverageReport)
    /// Both apps: the check of both platforms.
    case platforms(PlatformsCoverageReport)

    /// The wrapped report.
    public var report: any CheckReport {
        switch self {
        case .ios(let report): report
        case .android(let report): report
        case .platforms(let report): report
        }
    }
}
