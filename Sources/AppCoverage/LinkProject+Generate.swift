import AndroidAppLinks
import LinkCoverage
import LinkRouting

extension LinkProject {
    /// Writes the site files the project's routes call for, on every platform it names, as `link-router aasa
    /// generate` and `link-router assetlinks generate` write them with the project file: for ``ios``, each domain's
    /// apple-app-site-association file (`AASAGenerator`, with the routes, the app ID and the domain); for
    /// ``android``, the assetlinks.json statement and the manifest's intent filters (`AndroidLinksGenerator`, with
    /// the routes, the package and the fingerprints and certificates' fingerprints, the command's defaults otherwise).
    ///
    /// The app ID is ``IOS/appID``, else the one the entitlements (and Info.plist) name, as the command takes it.
    /// Every file is read from disk as its path says (``init(contentsOfFile:)`` makes them relative to the working
    /// directory).
    ///
    /// - Returns: The files, as the commands write them.
    /// - Throws: ``LinkProjectError`` naming the file for a file that cannot be read or is not what it should be (the
    ///   routes, a certificate), with the command's message; ``LinkProjectError/Kind/missingValue`` for a project that
    ///   names no platform or no routes, `ios` without `siteFiles` (no domain to write a file for) or an app ID,
    ///   `android` without a package or a fingerprint; ``LinkProjectError/Kind/invalidValue`` for what the Android
    ///   generator refuses (no https route, a package name that is not one), and
    ///   ``LinkProjectError/Kind/notDecided`` for its exact check past its limits.
    public func generate() throws(LinkProjectError) -> LinkProjectGeneration {
        guard ios != nil || android != nil else { throw Self.noPlatform }
        let routesPath = try routesPath()
        let reader = ProjectInputReader()
        let iosInputs = try ios.map { ios throws(LinkProjectError) in
            guard !ios.siteFiles.isEmpty else {
                throw LinkProjectError(
                    .missingValue,
                    "the project's ios names no siteFiles: no domain to write an apple-app-site-association file for")
            }
            guard let appID = knownAppID else {
                throw LinkProjectError(
                    .missingValue, "the project's ios names no appID, and its entitlements name none (give ios.appID)")
            }
            return (domains: ios.siteFiles.map(\.domain), appID: appID)
        }
        let identity = try android.map { android throws(LinkProjectError) in
            guard let packageName = android.packageName else {
                throw LinkProjectError(.missingValue, "the project's android names no package")
            }
            return try reader.identity(
                packageName: packageName, fingerprints: android.fingerprints, certificates: android.certificates)
        }
        let table = try reader.routes(routesPath).table
        let aasa = iosInputs.map { inputs in
            inputs.domains.map { domain in
                LinkProjectGeneration.AASA(
                    domain: domain, text: AASAGenerator.generate(routes: table, appID: inputs.appID, domain: domain))
            }
        }
        let androidFiles = try identity.map { identity throws(LinkProjectError) in
            do throws(AndroidLinksGeneratorError) {
                return try AndroidLinksGenerator.generate(
                    routes: table, packageName: identity.packageName, fingerprints: identity.fingerprints)
            } catch {
                throw LinkProjectError(error.kind == .coverage ? .notDecided : .invalidValue, error.description)
            }
        }
        return LinkProjectGeneration(ios: aasa ?? [], android: androidFiles)
    }
}

/// What ``LinkProject/generate()`` wrote: the site files the project's routes call for, per platform.
public struct LinkProjectGeneration: Sendable, Hashable {
    /// One iOS domain's apple-app-site-association file.
    public struct AASA: Sendable, Hashable {
        /// The domain, as the project names it.
        public var domain: String
        /// The file's JSON text, ending with a newline: what `link-router aasa generate --domain DOMAIN` writes.
        public var text: String

        /// Creates a domain's file.
        ///
        /// - Parameters:
        ///   - domain: The domain.
        ///   - text: The file's JSON text.
        public init(domain: String, text: String) {
            self.domain = domain
            self.text = text
        }
    }

    /// Each iOS domain's file, in the project's order; empty without an iOS app.
    public var ios: [AASA]
    /// The Android app's assetlinks.json and intent filters, with the URLs where they still differ from the routes
    /// (what `link-router assetlinks generate` writes); nil without an Android app.
    public var android: AndroidLinksGeneration?

    /// Creates the files.
    ///
    /// - Parameters:
    ///   - ios: Each iOS domain's file.
    ///   - android: The Android app's files, if any.
    public init(ios: [AASA] = [], android: AndroidLinksGeneration? = nil) {
        self.ios = ios
        self.android = android
    }
}
