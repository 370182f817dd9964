import AndroidAppLinks
import AppLinkConfiguration
import AppSiteAssociation
import FileLocations
import LinkCoverage
import LinkDeployment
import LinkRouting
import RichMediaKitSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one reading of a check's inputs (package access): the routes, the iOS app's files and its domains' files, the
/// Android app's identity, manifest and hosts' files, each read at most up to its limit and each failure a
/// ``LinkProjectError`` naming the file. ``LinkProject/check(allURLs:fetch:)`` reads a project with it, and
/// `link-router check` its options (with `-` as standard input), so that the two cannot drift apart.
package struct ProjectInputReader: Sendable {
    /// The most read of an entitlements file or Info.plist.
    package static let propertyListLimit = 16 << 20
    /// The most read of a manifest, a strings file, a certificate or an assetlinks.json.
    package static let androidFileLimit = 16 << 20
    /// The most read of an apple-app-site-association file (the 128 KB limit is then reported by the linter).
    package static let siteFileLimit = 64 << 20
    /// The target SDK assumed when none is given.
    package static let defaultTargetSDK = 35

    /// Whether the path `-` is standard input (shown as `<stdin>`), as the commands read it; else it is a file.
    package var standardInput: Bool

    /// - Parameter standardInput: Whether `-` is standard input.
    package init(standardInput: Bool = false) {
        self.standardInput = standardInput
    }

    /// The name to show for `path`: `<stdin>` for standard input.
    package func name(_ path: String) -> String {
        standardInput && path == "-" ? "<stdin>" : path
    }

    /// Reads all of `path`, refusing more than `limit` bytes.
    /// - Throws: ``LinkProjectError`` (``LinkProjectError/Kind/unreadable``,
    ///   ``LinkProjectError/Kind/tooLarge``) naming the file.
    package func read(_ path: String, limit: Int) throws(LinkProjectError) -> [UInt8] {
        do {
            return try BoundedFile.read(standardInput && path == "-" ? nil : path, limit: limit)
        } catch {
            throw LinkProjectError(
                error == .tooLarge ? .tooLarge : .unreadable, error.message(limit: limit), file: name(path))
        }
    }

    /// Reads and checks a routes file, keeping its bytes (for positions in annotations).
    package func routes(_ path: String) throws(LinkProjectError) -> (table: RouteTable, bytes: [UInt8]) {
        let bytes = try read(path, limit: RouteTable.maximumFileSize)
        do {
            return (try RouteTable(json: Data(bytes)), bytes)
        } catch {
            throw Self.failure(error, file: name(path))
        }
    }

    /// A routes file's error as the check's, at its place, naming the route.
    package static func failure(_ error: RouteConfigurationError, file: String) -> LinkProjectError {
        let route = error.routeName.map { "route `\($0)`: " } ?? ""
        return LinkProjectError(
            .invalidFile, route + error.message, file: file, at: error.fileLocation ?? FileLocation())
    }

    /// An apple-app-site-association file's error as the check's, with its line and column for JSON syntax.
    package static func failure(_ error: AASAError, file: String) -> LinkProjectError {
        if let line = error.line, let column = error.column {
            return LinkProjectError(
                .invalidFile, error.diagnostic?.message ?? error.description, file: file,
                at: FileLocation(line: line, column: column))
        }
        return LinkProjectError(.invalidFile, error.description, file: file)
    }

    /// Reads a domain's apple-app-site-association file.
    package func siteFile(_ path: String) throws(LinkProjectError) -> SiteFile {
        let bytes = try read(path, limit: Self.siteFileLimit)
        do {
            return try SiteFile.local(path: path, bytes: bytes)
        } catch {
            throw Self.failure(error, file: name(path))
        }
    }

    /// Reads the app's entitlements and Info.plist. A value of the wrong type in them is not refused: it is in
    /// `app.wrongTypeValues`, for the check to report.
    ///
    /// - Parameters:
    ///   - entitlements: The entitlements file.
    ///   - infoPlist: The Info.plist, if any.
    ///   - defines: The build variables.
    ///   - appID: The app ID given, if any (else the entitlements').
    /// - Throws: ``LinkProjectError`` naming the file and place for a malformed file, too many entries or an
    ///   unresolved build variable; ``LinkProjectError/Kind/missingValue`` without an app ID.
    package func appFiles(
        entitlements entitlementsPath: String, infoPlist infoPlistPath: String?, defines: [String: String],
        appID explicitAppID: String?
    ) throws(LinkProjectError) -> ProjectAppFiles {
        let entitlementsBytes = try read(entitlementsPath, limit: Self.propertyListLimit)
        let infoBytes = try infoPlistPath.map { path throws(LinkProjectError) in
            try read(path, limit: Self.propertyListLimit)
        }
        func name(_ file: AppLinkConfiguration.File) -> String {
            self.name(file == .entitlements ? entitlementsPath : infoPlistPath ?? "Info.plist")
        }
        func textPosition(_ place: FileLocation) -> FileLocation {
            place.isTextPosition ? place : FileLocation()
        }
        let app: AppLinkConfiguration
        do {
            app = try AppLinkConfiguration(
                entitlements: entitlementsBytes, infoPlist: infoBytes, defines: defines, appID: explicitAppID)
        } catch {
            throw LinkProjectError(
                .invalidFile, error.message, file: name(error.file), at: error.fileLocation ?? FileLocation())
        }
        if let first = app.firstUnreadEntry {
            // A check of the first entries only would be silently wrong about the rest: refused (`app lint` reports it).
            throw LinkProjectError(
                .invalidFile,
                "more than \(AppLinkConfiguration.entryLimit) entries (\(app.unreadEntryCount) more); "
                    + "link-router reads at most \(AppLinkConfiguration.entryLimit)",
                file: name(first.file), at: textPosition(first.fileLocation))
        }
        for variable in app.unresolvedVariables where !variable.isSetByXcode {
            let usedForAppID =
                variable.location.keyPath.contains("application-identifier")
                || variable.location.keyPath.contains("team-identifier")
                || variable.location.keyPath == "CFBundleIdentifier"
            if usedForAppID, explicitAppID != nil { continue }
            if variable.location.keyPath.contains("parent-application-identifiers") { continue }
            // The text position when there is one (a binary file's byte offset is not named here).
            throw LinkProjectError(
                .invalidFile,
                "the build variable $(\(variable.name)) is not defined (give --define \(variable.name)=VALUE)",
                file: name(variable.location.file), at: textPosition(variable.location.fileLocation))
        }
        var files = ProjectAppFiles(
            app: app, hasInfoPlist: infoPlistPath != nil, entitlementsPath: entitlementsPath,
            infoPlistPath: infoPlistPath, appID: "")
        if explicitAppID == nil, app.appIDIsSetByXcode, let written = app.applicationIdentifier?.written {
            // Xcode sets it when it signs the app: derived later from the sites' files, as `app lint` assumes it.
            files.appID = written
            files.appIDIsSetByXcode = true
            return files
        }
        guard let id = explicitAppID ?? app.appID else {
            throw LinkProjectError(
                .missingValue, "give --app-id ID: \(self.name(entitlementsPath)) has no application-identifier")
        }
        files.appID = id
        return files
    }

    /// Reads each domain's file and, with `fetch`, fetches the file of every domain the app claims, as
    /// `aasa fetch` verifies it.
    ///
    /// - Parameters:
    ///   - app: The app's files.
    ///   - routes: The routes.
    ///   - paths: Each domain's local file.
    ///   - fetch: The fetcher, to fetch the claimed domains' deployed files.
    /// - Returns: The files by domain (a claimed domain without a file is left out: the check reports it).
    package func siteFiles(
        app: ProjectAppFiles, routes: RouteTable, paths: [(domain: String, path: String)],
        fetch: LinkProject.SiteFetching?
    ) async throws(LinkProjectError) -> [String: SiteFile] {
        var files: [String: SiteFile] = [:]
        for (domain, path) in paths { files[domain] = try siteFile(path) }
        let domains = AppCoverageChecker.domainsToCheck(app: app.app, routes: routes, given: Array(files.keys))
        if let fetch {
            for domain in domains {
                files[domain.domain] = SiteFile.fetched(
                    await AASAFetchChecker.verify(
                        domain: domain.domain, configuration: fetch.aasa, transport: fetch.transport,
                        clock: fetch.clock))
            }
        }
        return files
    }

    /// The fingerprints of the certificates in `paths` (PEM or DER).
    package func certificateFingerprints(_ paths: [String]) throws(LinkProjectError) -> [String] {
        var fingerprints: [String] = []
        for path in paths {
            let bytes = try read(path, limit: Self.androidFileLimit)
            do throws(CertificateError) {
                fingerprints.append(try CertificateFingerprint.of(certificate: bytes))
            } catch {
                throw LinkProjectError(.invalidFile, error.message, file: name(path))
            }
        }
        return fingerprints
    }

    /// The Android app's identity: the package, the fingerprints and the certificates' (at least one in all).
    /// - Throws: ``LinkProjectError/Kind/missingValue`` without a fingerprint,
    ///   ``LinkProjectError/Kind/invalidValue`` for one that is not a SHA-256 fingerprint, and the
    ///   certificates' errors.
    package func identity(
        packageName: String, fingerprints: [String], certificates: [String]
    ) throws(LinkProjectError) -> AndroidAppIdentity {
        let fingerprints = fingerprints + (try certificateFingerprints(certificates))
        guard !fingerprints.isEmpty else {
            throw LinkProjectError(
                .missingValue, "missing `--fingerprint HEX` or `--certificate FILE` (the signing certificate's)")
        }
        for fingerprint in fingerprints where CertificateFingerprint.normalized(fingerprint) == nil {
            throw LinkProjectError(
                .invalidValue, "`--fingerprint \(fingerprint)` is not a SHA-256 fingerprint (32 hexadecimal octets)")
        }
        return AndroidAppIdentity(packageName: packageName, fingerprints: fingerprints)
    }

    /// Reads the strings files, then the manifest with them and the placeholders: the manifest, or why it is not
    /// one (a lint reports that as a finding, where a check refuses it).
    /// - Throws: ``LinkProjectError`` for a file that cannot be read or a strings file that is not one.
    package func manifest(
        _ path: String, strings: [String], placeholders: [String: String]
    ) throws(LinkProjectError) -> Result<AndroidManifest, AndroidManifestError> {
        var resources = ManifestResources(placeholders: placeholders)
        for stringsPath in strings {
            let bytes = try read(stringsPath, limit: Self.androidFileLimit)
            do throws(AndroidManifestError) {
                try resources.addStrings(parsing: bytes)
            } catch {
                throw LinkProjectError(.invalidFile, error.message, file: name(stringsPath), at: error.location)
            }
        }
        let bytes = try read(path, limit: Self.androidFileLimit)
        do throws(AndroidManifestError) {
            return .success(try AndroidManifest(parsing: bytes, resources: resources))
        } catch {
            return .failure(error)
        }
    }

    /// A manifest that is not one, as the check's error.
    package func failure(_ error: AndroidManifestError, manifest path: String) -> LinkProjectError {
        LinkProjectError(.invalidFile, error.message, file: name(path), at: error.location)
    }

    /// Reads an assetlinks.json.
    package func assetLinks(_ path: String) throws(LinkProjectError) -> (file: AssetLinksFile, bytes: [UInt8]) {
        let bytes = try read(path, limit: Self.androidFileLimit)
        do throws(AssetLinksError) {
            return (try AssetLinksFile(parsing: bytes), bytes)
        } catch {
            throw LinkProjectError(.invalidFile, error.diagnostic.message, file: name(path), at: error.location)
        }
    }

    /// Reads each host's assetlinks.json (`given`: a nil host is the file of every host the manifest declares and
    /// the routes name) or, with `fetch`, fetches the file of every host a verified filter declares, and makes the
    /// decider of the Android check from them.
    ///
    /// - Parameters:
    ///   - manifest: The manifest.
    ///   - identity: The app's identity.
    ///   - targetSDK: The app's target SDK.
    ///   - routes: The routes.
    ///   - given: Each host's local file.
    ///   - fetch: The fetcher, to fetch the hosts' deployed files instead.
    package func androidInputs(
        manifest: AndroidManifest, identity: AndroidAppIdentity, targetSDK: Int, routes: RouteTable,
        given: [(host: String?, path: String)], fetch: LinkProject.SiteFetching?
    ) async throws(LinkProjectError) -> ProjectAndroidFiles {
        let hosts = AndroidLinkDecider(manifest: manifest, app: identity, targetSDK: targetSDK) { _ in nil }
            .verificationHosts
        // The file hosts a file may be asked for: the declared hosts' (a wildcard's bare domain) and the routes'.
        let candidates =
            hosts.map { AssetLinksFetchChecker.fileHost(for: $0.lowercased()) }
            + routes.associatedDomains.filter { !$0.isWildcard }.map(\.host)
        var fileHosts: [String] = []
        for host in candidates where !fileHosts.contains(host) { fileHosts.append(host) }

        var files: [String: AssetLinksFile] = [:]
        var result = ProjectAndroidFiles(
            decider: AndroidLinkDecider(manifest: manifest, app: identity, targetSDK: targetSDK) { _ in nil })
        if let fetch {
            let verification = await AssetLinksFetchChecker.verify(
                hosts: hosts, app: identity, configuration: fetch.assetLinks, transport: fetch.transport,
                clock: fetch.clock)
            for site in verification.report.sites {
                guard let response = verification.responses[site.host] else { continue }
                result.sources[site.host] = response.url
                let error = site.findings.first { $0.severity == .error }
                guard response.isOK, let file = try? AssetLinksFile(parsing: response.body) else {
                    result.unavailable[site.host] = error?.message ?? "not served"
                    continue
                }
                files[site.host] = file
                result.read.append((site.host, name: response.url, path: response.url, bytes: response.body))
            }
        } else {
            for (host, path) in given {
                let (file, bytes) = try assetLinks(path)
                for fileHost in host.map({ [$0] }) ?? fileHosts {
                    files[fileHost] = file
                    result.sources[fileHost] = name(path)
                    result.read.append(
                        (fileHost, name: name(path), path: standardInput && path == "-" ? nil : path, bytes: bytes))
                }
            }
        }
        let knownFiles = files
        result.decider = AndroidLinkDecider(manifest: manifest, app: identity, targetSDK: targetSDK) { knownFiles[$0] }
        return result
    }
}

/// The iOS app's files as read (package access): its configuration, and its app ID.
package struct ProjectAppFiles: Sendable {
    /// The configuration.
    package var app: AppLinkConfiguration
    /// Whether an `Info.plist` was read.
    package var hasInfoPlist: Bool
    /// The entitlements path as given.
    package var entitlementsPath: String
    /// The `Info.plist` path as given, if any.
    package var infoPlistPath: String?
    /// The app ID: the one given, else the entitlements'; while Xcode's signing settings leave it unknown
    /// (`$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)`), the written text until ``assumeAppID(from:)``.
    package var appID: String
    /// Whether the app ID is Xcode's and not yet known (see `AppLinkConfiguration.appIDIsSetByXcode`).
    package var appIDIsSetByXcode = false

    /// What ``assumeAppID(from:)`` did: the application-identifier as written, the app ID assumed (nil when none
    /// fits) and whether a site's file names it.
    package struct Assumption: Sendable {
        /// The application-identifier as written.
        package var written: String
        /// The app ID assumed, or nil when no site's file names one that fits.
        package var assumed: String?
        /// Whether a site's file names the assumed app ID (else it is the team identifier and the bundle ID).
        package var isNamedBySite: Bool
    }

    /// Takes the app ID Xcode signs with to be the one the sites' files name that fits the entitlements (as
    /// `app lint` assumes Xcode's settings right); nothing when the app ID is known.
    ///
    /// - Parameter files: The sites' files.
    /// - Returns: What was assumed, for a command to say; nil when the app ID was known.
    package mutating func assumeAppID(from files: [SiteFile]) -> Assumption? {
        guard appIDIsSetByXcode else { return nil }
        let written = appID
        var named: [String] = []
        for file in files {
            for id in file.matcher?.appIDs ?? [] where !named.contains(id) { named.append(id) }
        }
        guard let assumed = app.assumedAppID(among: named) else {
            return Assumption(written: written, assumed: nil, isNamedBySite: false)
        }
        appID = assumed
        appIDIsSetByXcode = false
        return Assumption(written: written, assumed: assumed, isNamedBySite: named.contains(assumed))
    }
}

/// The Android check's inputs as read (package access).
package struct ProjectAndroidFiles: Sendable {
    /// What Android decides, with the hosts' files.
    package var decider: AndroidLinkDecider
    /// Where each host's file came from: the path as shown, or the URL that served it.
    package var sources: [String: String] = [:]
    /// Why each fetched host's file could not be read.
    package var unavailable: [String: String] = [:]
    /// The files read, in order, for positions in annotations: the host, the name to show, the path annotations
    /// name (nil for standard input) and the bytes.
    package var read: [(host: String, name: String, path: String?, bytes: [UInt8])] = []
}
