import AndroidAppLinks
import AppLinkConfiguration
import FileLocations
import LinkDeployment
import LinkRouting

extension LinkProject {
    /// Fetches and judges the deployed site file of every domain and host the project names, on every platform it
    /// names, as `link-router aasa fetch` and `link-router assetlinks fetch` do with the project file: each domain of
    /// ``IOS/siteFiles`` as `aasa fetch DOMAIN` fetches it (with the routes and the app ID when the project has both:
    /// the coverage check), and the hosts of ``Android/siteFiles`` with those the manifest's autoVerify filters
    /// declare as `assetlinks fetch` fetches them (with the package and the fingerprints when the project has them:
    /// each host's verdict).
    ///
    /// The deployed file is fetched whatever the project's `siteFiles` say (a local file or ``LinkProject/fetch``),
    /// as the commands fetch it. The app ID is ``IOS/appID``, else the one the entitlements (and Info.plist) name;
    /// an entitlements file that cannot be read or names none leaves it unknown, as the command leaves it (the
    /// report then has no coverage check). Every file is read, and every value checked, before any request.
    ///
    /// - Parameter fetching: How to fetch: the transport (this package has no network of its own) and the
    ///   configurations `aasa fetch` and `assetlinks fetch` take.
    /// - Returns: Each domain's and the hosts' reports, whose JSON is the command's for a project that fetches one
    ///   thing (``LinkProjectFetchReport``).
    /// - Throws: ``LinkProjectError`` naming the file for a file that cannot be read or is not what it should be
    ///   (the routes, the manifest, a strings file, a certificate), with the command's message; and a usage kind
    ///   (``LinkProjectError/isUsage``) for a project that names no platform, a platform with nothing to fetch
    ///   (`ios` without `siteFiles`, `android` without `siteFiles` or a manifest), a name that is not a host name,
    ///   or fingerprints without a package.
    public func fetch(_ fetching: SiteFetching) async throws(LinkProjectError) -> LinkProjectFetchReport {
        guard ios != nil || android != nil else { throw Self.noPlatform }
        let reader = ProjectInputReader()
        let ios = try self.ios.map { ios throws(LinkProjectError) in try aasaFetchInputs(ios, reader: reader) }
        let android = try self.android.map { android throws(LinkProjectError) in
            try assetLinksFetchInputs(android, reader: reader)
        }
        var aasa: [AASAFetchReport] = []
        for domain in ios?.domains ?? [] {
            let verification = await AASAFetchChecker.verify(
                domain: domain, configuration: fetching.aasa, routes: ios?.routes, appID: ios?.appID,
                transport: fetching.transport, clock: fetching.clock)
            aasa.append(verification.report)
        }
        let assetLinks = await android.asyncMap { inputs in
            await AssetLinksFetchChecker.verify(
                hosts: inputs.hosts, app: inputs.app, configuration: fetching.assetLinks,
                transport: fetching.transport, clock: fetching.clock
            ).report
        }
        return LinkProjectFetchReport(ios: aasa, android: assetLinks)
    }

    /// What `aasa fetch` takes from the project: its domains (each checked as DOMAIN is), and the routes and the app
    /// ID only together (the routes file read).
    private func aasaFetchInputs(
        _ ios: IOS, reader: ProjectInputReader
    ) throws(LinkProjectError) -> (domains: [String], routes: RouteTable?, appID: String?) {
        guard !ios.siteFiles.isEmpty else {
            throw LinkProjectError(.missingValue, "the project's ios names no siteFiles: no domain to fetch")
        }
        var domains: [String] = []
        for (domain, _) in ios.siteFiles { domains.append(try ProjectInputReader.fetchDomain(domain)) }
        guard let routesPath = routes, let appID = knownAppID else { return (domains, nil, nil) }
        return (domains, try reader.routes(routesPath).table, appID)
    }

    /// What `assetlinks fetch` takes from the project: its hosts (each checked as HOST is), the manifest's declared
    /// hosts, and the app's identity when the project names the package.
    private func assetLinksFetchInputs(
        _ android: Android, reader: ProjectInputReader
    ) throws(LinkProjectError) -> (hosts: [String], app: AndroidAppIdentity?) {
        var hosts: [String] = []
        for (host, _) in android.siteFiles { hosts.append(try ProjectInputReader.fetchHost(host)) }
        if let path = android.manifest {
            hosts += try reader.declaredHosts(
                manifest: path, strings: android.strings, placeholders: buildVariables, targetSDK: android.targetSDK)
        } else if !android.strings.isEmpty {
            throw LinkProjectError(.missingValue, "`--strings` needs `--manifest`")
        }
        guard !hosts.isEmpty else {
            throw LinkProjectError(
                .missingValue, "the project's android names no siteFiles and no manifest: no host to fetch")
        }
        let app = try reader.fetchIdentity(
            packageName: android.packageName, fingerprints: android.fingerprints, certificates: android.certificates)
        return (hosts, app)
    }

    /// The app ID the project's iOS app is known by before any check (package access): ``IOS/appID``, else the one
    /// its entitlements (and Info.plist) name with the build variables; nil when neither names one, or a file cannot
    /// be read or parsed (what reads the files reports that). `aasa fetch`, `aasa generate` and ``fetch(_:)`` take it.
    package var knownAppID: String? {
        guard let ios else { return nil }
        if let id = ios.appID { return id }
        let reader = ProjectInputReader()
        guard let path = ios.entitlements,
            let entitlements = try? reader.read(path, limit: ProjectInputReader.propertyListLimit),
            let app = try? AppLinkConfiguration(
                entitlements: entitlements,
                infoPlist: ios.infoPlist.flatMap { try? reader.read($0, limit: ProjectInputReader.propertyListLimit) },
                defines: buildVariables)
        else { return nil }
        return app.appID
    }
}

extension Optional {
    /// The value transformed by an asynchronous `transform`, or nil.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async -> T) async -> T? {
        guard let self else { return nil }
        return await transform(self)
    }
}

extension ProjectInputReader {
    /// A domain to fetch (`aasa fetch DOMAIN`), lower-cased.
    /// - Throws: ``LinkProjectError/Kind/invalidValue`` for a name that is not a host name (the command's usage
    ///   error).
    package static func fetchDomain(_ text: String) throws(LinkProjectError) -> String {
        do throws(RouteConfigurationError) {
            try AssociatedDomain.validateServingDomain(text)
        } catch {
            throw LinkProjectError(.invalidValue, "DOMAIN must be a host name such as example.com; \(error.message)")
        }
        return text.lowercased()
    }

    /// A host to fetch (`assetlinks fetch HOST`, `*.HOST` for a wildcard), lower-cased.
    /// - Throws: ``LinkProjectError/Kind/invalidValue`` for a name that is not a host name (the command's usage
    ///   error).
    package static func fetchHost(_ text: String) throws(LinkProjectError) -> String {
        do throws(RouteConfigurationError) {
            try AssociatedDomain.validateServingDomain(text.hasPrefix("*.") ? String(text.dropFirst(2)) : text)
        } catch {
            throw LinkProjectError(
                .invalidValue, "HOST must be a host name such as example.com or *.example.com; \(error.message)")
        }
        return text.lowercased()
    }

    /// Reads the manifest (with its strings files and placeholders) and returns the hosts its autoVerify filters
    /// declare, lower-cased, as `assetlinks fetch --manifest` fetches them.
    /// - Throws: ``LinkProjectError`` for a file that cannot be read or is not one, and
    ///   ``LinkProjectError/Kind/invalidFile`` for a manifest that declares no host to verify (saying which
    ///   placeholder or string was not resolved, if one was not).
    package func declaredHosts(
        manifest path: String, strings: [String], placeholders: [String: String], targetSDK: Int?
    ) throws(LinkProjectError) -> [String] {
        let manifest: AndroidManifest
        switch try self.manifest(path, strings: strings, placeholders: placeholders) {
        case .success(let read): manifest = read
        case .failure(let error): throw failure(error, manifest: path)
        }
        return try declaredHosts(of: manifest, path: path, targetSDK: targetSDK)
    }

    /// The hosts a manifest's autoVerify filters declare, lower-cased (`path` names it in the error).
    /// - Throws: ``LinkProjectError/Kind/invalidFile`` when it declares none.
    package func declaredHosts(
        of manifest: AndroidManifest, path: String, targetSDK: Int?
    ) throws(LinkProjectError) -> [String] {
        let decider = AndroidLinkDecider(
            manifest: manifest, app: AndroidAppIdentity(packageName: "", fingerprints: []),
            targetSDK: targetSDK ?? Self.defaultTargetSDK
        ) { _ in nil }
        let declared = decider.verificationHosts
        guard !declared.isEmpty else {
            let unresolved = manifest.diagnostics.filter {
                $0.code == .unresolvedPlaceholder || $0.code == .unresolvedString
            }
            let why =
                unresolved.isEmpty ? "" : "; \(unresolved[0].message) (give --define NAME=VALUE or --strings FILE)"
            throw LinkProjectError(
                .invalidFile, "no autoVerify filter declares a host to verify" + why, file: name(path))
        }
        return declared.map { $0.lowercased() }
    }

    /// The identity `assetlinks fetch` judges each host's file for: nil without a package (the files are checked
    /// only for how they are served and what they say).
    /// - Throws: ``LinkProjectError/Kind/missingValue`` for fingerprints or certificates without a package, and
    ///   ``identity(packageName:fingerprints:certificates:)``'s errors.
    package func fetchIdentity(
        packageName: String?, fingerprints: [String], certificates: [String]
    ) throws(LinkProjectError) -> AndroidAppIdentity? {
        guard let packageName else {
            guard fingerprints.isEmpty, certificates.isEmpty else {
                throw LinkProjectError(.missingValue, "`--fingerprint` and `--certificate` need `--package NAME`")
            }
            return nil
        }
        return try identity(packageName: packageName, fingerprints: fingerprints, certificates: certificates)
    }
}

/// What ``LinkProject/fetch(_:)`` found: the report of each iOS domain's deployed apple-app-site-association file
/// (`aasa fetch DOMAIN`), and of the Android hosts' deployed assetlinks.json files (`assetlinks fetch`).
///
/// A report of the platforms' reports rather than a closed enumeration: a project has any number of iOS domains,
/// each with its own report, and one Android report for all its hosts. It is itself a ``CheckReport``, clean when
/// every report is:
/// - a project that fetches one thing (one iOS domain alone, or Android alone) is that report: its findings, text
///   and JSON are the command's (`aasa fetch --format json`, `assetlinks fetch --format json`);
/// - otherwise (several iOS domains, or both platforms: no command fetches them in one run) the text is each report's
///   text, iOS's domains first, separated by an empty line; the JSON is `{"ok", "errors", "warnings", "infos",
///   "ios": [<each domain's aasa fetch JSON>], "android": <the assetlinks fetch JSON>}` (`"android"` left out without
///   an Android app); the findings are each report's, a domain's findings about its body located in
///   `ReportFile.site(domain)` (where `aasa fetch` says `ReportFile.body`), so that one run's bodies stay apart.
public struct LinkProjectFetchReport: CheckReport, Sendable, Hashable {
    /// Each iOS domain's report, in the project's order.
    public var ios: [AASAFetchReport]
    /// The Android hosts' report, or nil when the project names no Android app.
    public var android: AssetLinksFetchReport?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - ios: Each iOS domain's report.
    ///   - android: The Android hosts' report, if any.
    public init(ios: [AASAFetchReport] = [], android: AssetLinksFetchReport? = nil) {
        self.ios = ios
        self.android = android
    }

    /// The one report, when there is exactly one (it is then the whole report).
    private var only: (any CheckReport)? {
        switch (ios.count, android) {
        case (1, nil): ios[0]
        case (0, let android?): android
        default: nil
        }
    }

    /// The one report's findings; else each domain's (about its body: in `ReportFile.site(domain)`), then Android's.
    public var locatedFindings: [LocatedFinding] {
        if let only { return only.locatedFindings }
        let iosFindings = ios.flatMap { report in
            report.locatedFindings.map { finding in
                var finding = finding
                finding.places = finding.places.map { place in
                    place.file == .body ? LocatedFinding.Place(.site(report.domain), place.location) : place
                }
                return finding
            }
        }
        return iosFindings + (android?.locatedFindings ?? [])
    }

    /// The one report's rules; else one rule per code of the findings.
    public var findingRules: [FindingRule] { only?.findingRules ?? FindingRule.rules(for: locatedFindings) }

    /// Whether every report is clean.
    public var isClean: Bool { ios.allSatisfy(\.isClean) && android?.isClean != false }

    /// The one report's text; else each report's, separated by an empty line.
    ///
    /// - Parameter files: The name to show for each file (the fetch reports name URLs, not files).
    /// - Returns: The text.
    public func renderedText(files: [ReportFile: String]) -> String {
        if let only { return only.renderedText(files: files) }
        let texts = ios.map { $0.renderedText(files: files) } + (android.map { [$0.renderedText(files: files)] } ?? [])
        return texts.joined(separator: "\n\n")
    }

    private enum CodingKeys: String, VerdictCodingKey, FindingCountCodingKey {
        case ok, errors, warnings, infos, ios, android
    }

    /// The one report's JSON; else `{"ok", "errors", "warnings", "infos", "ios": [...], "android": {...}}`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        if let only { return try only.encode(to: encoder) }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeVerdict(of: self)
        try container.encodeCounts(of: locatedFindings)
        try container.encode(ios, forKey: .ios)
        try container.encodeIfPresent(android, forKey: .android)
    }
}
