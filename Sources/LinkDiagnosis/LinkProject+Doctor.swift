import AndroidAppLinks
import AppCoverage
import FileLocations
import LinkCoverage
import LinkDeployment
import LinkRouting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension LinkProject {
    /// Reads the project's files and walks `url` on every platform the project names, as `link-router doctor URL`
    /// does with the project file: `ios` alone is iOS's chain (``LinkDoctor``), `android` alone Android's
    /// (``AndroidLinkDoctor``), both the two side by side (``PlatformsDoctorReport``).
    ///
    /// The files are read with the reader `check(allURLs:fetch:)` and the commands use, from disk as their paths
    /// say. Only the site files of the URL's host are read: iOS's file of the domain that is the host, Android's
    /// file of the host (or of a domain the host ends with); without one the file and its rule are not verified
    /// (the report is not clean). Site files marked `LinkProject.fetch` are fetched with `fetch`, as
    /// `doctor --fetch` fetches them. An app ID the entitlements leave to Xcode is assumed, as the command assumes
    /// it, to be the one the host's file names that fits.
    ///
    /// - Parameters:
    ///   - url: The URL, as a user would tap it.
    ///   - fetch: How to fetch the deployed site files when the project's `siteFiles` are `LinkProject.fetch`;
    ///     not needed for local files.
    /// - Returns: The walks of the platforms named.
    /// - Throws: `LinkProjectError` naming the file for a file that cannot be read or is not what it should be,
    ///   with the message the command writes for the same file, and `missingValue` for a value the walk needs
    ///   that the project lacks (a platform, the routes, a platform's app file, the package, a fingerprint).
    public func doctor(_ url: String, fetch: SiteFetching? = nil) async throws(LinkProjectError)
        -> LinkProjectDoctorReport
    {
        let reader = ProjectInputReader()
        let (entitlements, manifest) = try appFilePaths()
        let androidApp = android.flatMap { android in manifest.map { (android, $0) } }
        guard ios != nil || android != nil else { throw Self.noPlatform }
        let routesPath = try routesPath()
        let given = Self.doctorSiteFiles(of: url, ios: ios?.siteFiles ?? [], android: android?.siteFiles ?? [])
        let fetching = try siteFetching(fetch, for: "doctor(_:fetch:)")
        let fetch = given.fetch ? fetching : nil
        let iosHost = LinkDoctor.host(of: url)
        let defines = buildVariables

        // Read in the command's order (every file before any request): Android's files first when it is named.
        var routesTable: RouteTable?
        var androidRead: (manifest: AndroidManifest, path: String, identity: AndroidAppIdentity, fileHosts: [String])?
        var assetLinks: [String: AssetLinksSiteFile] = [:]
        var fetchedAssetLinks: [String: AssetLinksSiteFile] = [:]
        if let (android, manifestPath) = androidApp {
            let manifest: AndroidManifest
            switch try reader.manifest(manifestPath, strings: android.strings, placeholders: defines) {
            case .success(let read): manifest = read
            case .failure(let error): throw reader.failure(error, manifest: manifestPath)
            }
            guard let packageName = android.packageName ?? manifest.packageName else {
                throw LinkProjectError(
                    .missingValue,
                    "the project's android names no package, and \(manifestPath) has no package attribute (give "
                        + "the Gradle applicationId)")
            }
            let identity = try reader.identity(
                packageName: packageName, fingerprints: android.fingerprints, certificates: android.certificates)
            routesTable = try reader.routes(routesPath).table
            let fileHosts = AndroidLinkDoctor.fileHosts(of: url, manifest: manifest, targetSDK: android.targetSDK)
            if let entry = given.assetLinks, fileHosts.contains(entry.host) {
                assetLinks[entry.host] = AssetLinksSiteFile(
                    source: reader.name(entry.file), file: try reader.assetLinks(entry.file).file)
            }
            androidRead = (manifest, manifestPath, identity, fileHosts)
        }
        let app = try entitlements.map { path throws(LinkProjectError) in
            try reader.appFiles(entitlements: path, infoPlist: ios?.infoPlist, defines: defines, appID: ios?.appID)
        }
        let routes: RouteTable
        if let routesTable { routes = routesTable } else { routes = try reader.routes(routesPath).table }
        var siteFile = try given.aasa.flatMap { aasa throws(LinkProjectError) in
            aasa.domain == iosHost ? try reader.siteFile(aasa.file) : nil
        }

        if let fetch {
            if androidRead != nil, !AndroidURI(url).isWeb || AndroidURI(url).host?.isEmpty != false {
                throw LinkProjectError(
                    .invalidValue,
                    "the site files are fetched, and fetching needs an http or https URL with a host, "
                        + "not `\(url)`")
            }
            if androidRead == nil, iosHost == nil {
                throw LinkProjectError(
                    .invalidValue,
                    "the site files are fetched, and fetching needs an https URL with a host, not `\(url)`")
            }
            if let androidRead, !androidRead.fileHosts.isEmpty {
                fetchedAssetLinks = await AndroidLinkDoctor.fetchedFiles(
                    hosts: androidRead.fileHosts, app: androidRead.identity, configuration: fetch.assetLinks,
                    transport: fetch.transport, clock: fetch.clock)
            }
            if app != nil, siteFile == nil, let iosHost {
                siteFile = SiteFile.fetched(
                    await AASAFetchChecker.verify(
                        domain: iosHost, configuration: fetch.aasa, transport: fetch.transport, clock: fetch.clock))
            }
        }

        let iosPlatform = app.map { files in
            var files = files
            _ = files.assumeAppID(from: siteFile.map { [$0] } ?? [])
            return IOSDoctorPlatform(
                files: files, routes: routes, routesPath: routesPath, file: siteFile, reader: reader)
        }
        let (files, fetched) = (assetLinks, fetchedAssetLinks)
        let androidPlatform = androidRead.map { read in
            AndroidDoctorPlatform(
                manifest: read.manifest, app: read.identity, routes: routes,
                files: { files[$0.lowercased()] ?? fetched[$0] },
                targetSDK: android?.targetSDK,
                names: (reader.name(read.path), reader.name(routesPath)))
        }
        switch (iosPlatform, androidPlatform) {
        case (let ios?, let android?): return .platforms(PlatformsDoctorReport.walk(url, platforms: [ios, android]))
        case (let ios?, nil): return .ios(ios.walk(url))
        case (nil, let android?): return .android(android.walk(url))
        case (nil, nil): throw Self.noPlatform
        }
    }

    /// The site files of a URL's host, as `doctor` takes them from a project (package access): iOS's file of the
    /// domain that is the host, Android's file of the host or else of a domain the host ends with, and whether one of
    /// them is ``LinkProject/fetch``.
    package struct DoctorSiteFiles: Sendable {
        /// iOS's file: the host (lower case) and the path.
        package var aasa: (domain: String, file: String)?
        /// Android's file: its host (lower case) and the path.
        package var assetLinks: (host: String, file: String)?
        /// Whether a file of the host is fetched.
        package var fetch = false
    }

    /// The site files among `ios` and `android` of the host of `url` (the text, when it is not a URL with a host).
    ///
    /// - Parameters:
    ///   - url: The URL `doctor` walks.
    ///   - ios: iOS's site files.
    ///   - android: Android's site files.
    /// - Returns: The files of the URL's host.
    package static func doctorSiteFiles(
        of url: String, ios: [(domain: String, file: String)], android: [(host: String, file: String)]
    ) -> DoctorSiteFiles {
        let host = (URLComponents(string: url)?.host ?? url).lowercased()
        var files = DoctorSiteFiles()
        if let file = ios.first(where: { $0.domain.lowercased() == host })?.file {
            if file == Self.fetch { files.fetch = true } else { files.aasa = (host, file) }
        }
        let hostFile = android.first { $0.host.lowercased() == host }
        if let entry = hostFile ?? android.first(where: { host.hasSuffix("." + $0.host.lowercased()) }) {
            if entry.file == Self.fetch {
                files.fetch = true
            } else {
                files.assetLinks = (entry.host.lowercased(), entry.file)
            }
        }
        return files
    }
}

extension IOSDoctorPlatform {
    /// iOS's walk with the app's files as ``ProjectInputReader`` read them and the site file of the URL's host
    /// (local, fetched, or nil); an app ID still left to Xcode is not known.
    ///
    /// - Parameters:
    ///   - files: The app's files, their app ID assumed when Xcode sets it (`ProjectAppFiles.assumeAppID(from:)`).
    ///   - routes: The routes.
    ///   - routesPath: The routes file's path.
    ///   - file: The URL's host's site file, if any.
    ///   - reader: The reader, which names the files.
    package init(
        files: ProjectAppFiles, routes: RouteTable, routesPath: String, file: SiteFile?, reader: ProjectInputReader
    ) {
        self.init(
            app: files.app, hasInfoPlist: files.hasInfoPlist, routes: routes,
            appID: files.appIDIsSetByXcode ? nil : files.appID, file: file,
            names: (reader.name(files.entitlementsPath), reader.name(routesPath)))
    }
}

extension AndroidLinkDoctor {
    /// Fetches the `assetlinks.json` of each host, as `assetlinks fetch` verifies them (`doctor --fetch`).
    ///
    /// - Parameters:
    ///   - hosts: The files' hosts (``fileHosts(of:manifest:targetSDK:)``).
    ///   - app: The app's identity.
    ///   - configuration: How to fetch.
    ///   - transport: Makes the requests.
    ///   - clock: The clock the deadline is measured on.
    /// - Returns: Each host's file as fetched.
    package static func fetchedFiles(
        hosts: [String], app: AndroidAppIdentity, configuration: AssetLinksFetchConfiguration,
        transport: some AASAFetchTransport, clock: any Clock<Duration> = ContinuousClock()
    ) async -> [String: AssetLinksSiteFile] {
        let verification = await AssetLinksFetchChecker.verify(
            hosts: hosts, app: app, configuration: configuration, transport: transport, clock: clock)
        var files: [String: AssetLinksSiteFile] = [:]
        for site in verification.report.sites {
            files[site.host] = .fetched(site, response: verification.responses[site.host])
        }
        return files
    }
}

/// What `LinkProject.doctor(_:fetch:)` found: the walks of the platforms the project names, as `link-router doctor`
/// writes them.
///
/// A closed enumeration, as `LinkProjectReport` is: a program switches on it to reach each walk's steps. It is
/// itself a `CheckReport`, a `WrappingCheckReport` (the wrapped report's findings, text and JSON), clean when the URL
/// opens the app and a route handles it on every platform walked (`doctor` exits 0).
///
/// Closed: a project names iOS, Android or both, and each has its one report; no case will be added.
public enum LinkProjectDoctorReport: WrappingCheckReport {
    /// The iOS app alone: iOS's chain (``LinkDoctor``).
    case ios(DoctorReport)
    /// The Android app alone: Android's chain (``AndroidLinkDoctor``).
    case android(DoctorReport)
    /// Both apps: both chains side by side.
    case platforms(PlatformsDoctorReport)

    /// The wrapped report.
    public var report: any CheckReport {
        switch self {
        case .ios(let report): report
        case .android(let report): report
        case .platforms(let report): report
        }
    }
}
