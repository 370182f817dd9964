import FileLocations
import RichMediaKitSupport

/// An app's links in one place: the project file `.link-router.json` that `link-router` commands read instead of
/// their options (where the routes are and, per platform, the app's files and identity).
///
/// ```json
/// {
///   "version": 1,
///   "routes": "routes.json",
///   "ios": { "entitlements": "App.entitlements", "siteFiles": { "example.com": "apple-app-site-association" } }
/// }
/// ```
///
/// Paths are kept as written in the file; ``resolved(in:)`` makes the relative ones relative to another
/// directory (the file's own, as a command finds it). A program loads the project as the commands do with
/// ``nearestFile(from:)`` and ``init(contentsOfFile:)``, here in the shipped example's folder, `Docs/Examples`:
///
/// <!-- snippet: LinkProjectDocExample -->
/// ```swift
/// // The file the commands read: in the working directory or the nearest directory above it.
/// guard let file = LinkProject.nearestFile(from: ".") else { fatalError("no .link-router.json") }
/// let project = try LinkProject(contentsOfFile: file)
/// print(file, project.routes ?? "no routes")
/// for (domain, siteFile) in project.ios?.siteFiles ?? [] { print(domain, siteFile) }
/// print(project.android?.packageName ?? "no package")
/// // .link-router.json routes.json
/// // example.com apple-app-site-association
/// // com.example.app
/// ```
public struct LinkProject: Sendable, Equatable {
    /// The project file's name, as `link-router` looks for it from the working directory upward.
    public static let fileName = ".link-router.json"
    /// The only version of the file format so far.
    public static let currentVersion = 1
    /// The value of a site-file entry that asks for the deployed file instead of a local one.
    public static let fetch = "fetch"

    /// The routes file (`--routes`).
    public var routes: String?
    /// Build variables for both platforms: Xcode's build settings and the manifest's placeholders (`--define`).
    public var defines: [String: String]
    /// The baseline of accepted findings (`--baseline`).
    public var baseline: String?
    /// The output format used when a command offers it and none is given (`--format`).
    public var format: String?
    /// The iOS app, if the project has one.
    public var ios: IOS?
    /// The Android app, if the project has one.
    public var android: Android?

    /// The iOS app's files and identity.
    public struct IOS: Sendable, Equatable {
        /// The `.entitlements` file (`--entitlements`).
        public var entitlements: String?
        /// The `Info.plist` (`--info-plist`).
        public var infoPlist: String?
        /// The app ID, `TEAMID.bundle.id` (`--app-id`).
        public var appID: String?
        /// Each domain's apple-app-site-association file, or ``LinkProject/fetch`` (`--aasa DOMAIN=FILE`,
        /// `--fetch`), in the file's order.
        public var siteFiles: [(domain: String, file: String)]

        /// Creates an iOS app description.
        public init(
            entitlements: String? = nil, infoPlist: String? = nil, appID: String? = nil,
            siteFiles: [(domain: String, file: String)] = []
        ) {
            self.entitlements = entitlements
            self.infoPlist = infoPlist
            self.appID = appID
            self.siteFiles = siteFiles
        }

        /// Whether two descriptions say the same, site files in the same order.
        public static func == (lhs: IOS, rhs: IOS) -> Bool {
            lhs.entitlements == rhs.entitlements && lhs.infoPlist == rhs.infoPlist && lhs.appID == rhs.appID
                && lhs.siteFiles.elementsEqual(rhs.siteFiles) { $0 == $1 }
        }
    }

    /// The Android app's files and identity.
    public struct Android: Sendable, Equatable {
        /// The app module's source `AndroidManifest.xml` (`--manifest`).
        public var manifest: String?
        /// The `strings.xml` files that resolve `@string/NAME` (`--strings`).
        public var strings: [String]
        /// The manifest's placeholders (`--define`), beside the project's build variables.
        public var defines: [String: String]
        /// The package name, the Gradle `applicationId` (`--package`).
        public var packageName: String?
        /// SHA-256 fingerprints of the signing certificates (`--fingerprint`).
        public var fingerprints: [String]
        /// The signing certificates, PEM or DER (`--certificate`).
        public var certificates: [String]
        /// The app's `targetSdkVersion` (`--target-sdk`).
        public var targetSDK: Int?
        /// Each host's assetlinks.json, or ``LinkProject/fetch`` (`--assetlinks HOST=FILE`, `--fetch`), in the
        /// file's order.
        public var siteFiles: [(host: String, file: String)]

        /// Creates an Android app description.
        public init(
            manifest: String? = nil, strings: [String] = [], defines: [String: String] = [:],
            packageName: String? = nil, fingerprints: [String] = [], certificates: [String] = [],
            targetSDK: Int? = nil, siteFiles: [(host: String, file: String)] = []
        ) {
            self.manifest = manifest
            self.strings = strings
            self.defines = defines
            self.packageName = packageName
            self.fingerprints = fingerprints
            self.certificates = certificates
            self.targetSDK = targetSDK
            self.siteFiles = siteFiles
        }

        /// Whether two descriptions say the same, site files in the same order.
        public static func == (lhs: Android, rhs: Android) -> Bool {
            lhs.manifest == rhs.manifest && lhs.strings == rhs.strings && lhs.defines == rhs.defines
                && lhs.packageName == rhs.packageName && lhs.fingerprints == rhs.fingerprints
                && lhs.certificates == rhs.certificates && lhs.targetSDK == rhs.targetSDK
                && lhs.siteFiles.elementsEqual(rhs.siteFiles) { $0 == $1 }
        }
    }

    /// Creates a project from values (what the file would say).
    public init(
        routes: String? = nil, defines: [String: String] = [:], baseline: String? = nil, format: String? = nil,
        ios: IOS? = nil, android: Android? = nil
    ) {
        self.routes = routes
        self.defines = defines
        self.baseline = baseline
        self.format = format
        self.ios = ios
        self.android = android
    }

    /// The project with every relative path (not a site-file ``fetch``) prefixed by `directory`, so that it is
    /// relative to where the command runs; `""` or `"."` leaves them as they are, and absolute paths stay.
    public func resolved(in directory: String) -> LinkProject {
        guard !directory.isEmpty, directory != "." else { return self }
        func path(_ text: String) -> String {
            if text.hasPrefix("/") || text == "-" { return text }
            return directory.hasSuffix("/") ? directory + text : directory + "/" + text
        }
        func site(_ text: String) -> String { text == Self.fetch ? text : path(text) }
        var project = self
        project.routes = routes.map(path)
        project.baseline = baseline.map(path)
        project.ios?.entitlements = ios?.entitlements.map(path)
        project.ios?.infoPlist = ios?.infoPlist.map(path)
        project.ios?.siteFiles = ios?.siteFiles.map { ($0.domain, site($0.file)) } ?? []
        project.android?.manifest = android?.manifest.map(path)
        project.android?.strings = android?.strings.map(path) ?? []
        project.android?.certificates = android?.certificates.map(path) ?? []
        project.android?.siteFiles = android?.siteFiles.map { ($0.host, site($0.file)) } ?? []
        return project
    }
}
