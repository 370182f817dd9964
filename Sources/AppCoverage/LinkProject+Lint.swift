import AndroidAppLinks
import AppLinkConfiguration
import FileLocations
import LinkRouting

extension LinkProject {
    /// Reads the project's app files and lints them, as `link-router app lint` does with the project file: ``ios``'s
    /// entitlements and Info.plist (with the build variables, the app ID and the routes), ``android``'s manifest
    /// (with its strings files, the build variables as placeholders and the target SDK), or both.
    ///
    /// Every file is read from disk as its path says (``init(contentsOfFile:)`` makes them relative to the working
    /// directory). A file the lint reads that is not what it should be (an entitlements file that is not a property
    /// list, a manifest that is not XML) is a finding, as the command reports it; a file that cannot be read, a
    /// routes file or a strings file that is not one, is thrown. The project's site files and Android identity are
    /// not read: the lint is of the app's side.
    ///
    /// - Parameter release: Whether the entitlements are a release build's: `?mode=developer` is an error, not a
    ///   warning (`--release`).
    /// - Returns: The report of the platforms named.
    /// - Throws: ``LinkProjectError`` naming the file for a file that cannot be read (the command's message), and
    ///   ``LinkProjectError/Kind/missingValue`` for a project that names no platform, or a platform without its
    ///   app file (`ios` without entitlements, `android` without a manifest).
    public func lint(release: Bool = false) throws(LinkProjectError) -> LinkProjectLintReport {
        let reader = ProjectInputReader()
        let (entitlements, manifest) = try appFilePaths()
        let defines = buildVariables
        // Read in the command's order: the manifest first, then the routes and the iOS app's files.
        let androidReport = try manifest.map { path throws(LinkProjectError) in
            ProjectInputReader.lintReport(
                of: try reader.manifest(path, strings: android?.strings ?? [], placeholders: defines), minSDK: nil,
                targetSDK: android?.targetSDK)
        }
        let iosReport = try entitlements.map { path throws(LinkProjectError) in
            try reader.lintApp(
                entitlements: path, infoPlist: ios?.infoPlist, defines: defines, appID: ios?.appID, routes: routes,
                release: release)
        }
        guard let report = LinkProjectLintReport(ios: iosReport, android: androidReport) else {
            throw Self.noPlatform
        }
        return report
    }
}

extension ProjectInputReader {
    /// The lint of a manifest as `app lint --manifest` reads it (``manifest(_:strings:placeholders:)``): its
    /// diagnostics and what each intent filter claims, or the `xml-syntax` error of a manifest that is not one.
    ///
    /// - Parameters:
    ///   - manifest: The manifest, or why it is not one.
    ///   - minSDK: The app's minSdkVersion, if given.
    ///   - targetSDK: The app's targetSdkVersion, if given.
    /// - Returns: The report.
    package static func lintReport(
        of read: Result<AndroidManifest, AndroidManifestError>, minSDK: Int?, targetSDK: Int?
    ) -> AndroidLintReport {
        let manifest: AndroidManifest
        switch read {
        case .failure(let error):
            return AndroidLintReport(entries: [
                AndroidLintReport.Entry(file: .androidManifest, diagnostic: error.diagnostic)
            ])
        case .success(let read): manifest = read
        }
        var report = AndroidLintReport(
            entries: AndroidManifestLinter.lint(manifest, minSDK: minSDK, targetSDK: targetSDK).map {
                AndroidLintReport.Entry(file: .androidManifest, diagnostic: $0)
            })
        report.claims = IntentFilterClaim.claims(of: manifest, targetSDK: targetSDK)
        return report
    }

    /// Reads the routes (if any), the entitlements and the Info.plist, and lints the app's configuration, as `app lint
    /// --entitlements` does: a file it lints that is not a property list is an error finding, with its position (a
    /// malformed Info.plist leaves the entitlements to lint).
    ///
    /// - Parameters:
    ///   - entitlements: The entitlements file.
    ///   - infoPlist: The Info.plist, if any.
    ///   - defines: The build variables.
    ///   - appID: The app ID given, if any.
    ///   - routes: The routes file, if any (a wildcard entry without its bare domain the routes use is an error).
    ///   - release: Whether the entitlements are a release build's.
    /// - Returns: The report.
    /// - Throws: ``LinkProjectError`` for a file that cannot be read, or a routes file that is not one.
    package func lintApp(
        entitlements: String, infoPlist: String?, defines: [String: String], appID: String?, routes: String?,
        release: Bool
    ) throws(LinkProjectError) -> AppLinkLintReport {
        let table = try routes.map { path throws(LinkProjectError) in try self.routes(path).table }
        let entitlementsBytes = try read(entitlements, limit: Self.propertyListLimit)
        let infoBytes = try infoPlist.map { path throws(LinkProjectError) in
            try read(path, limit: Self.propertyListLimit)
        }
        let options = AppLinkLinter.Options(release: release, routes: table)
        do {
            return AppLinkLinter.lint(
                try AppLinkConfiguration(
                    entitlements: entitlementsBytes, infoPlist: infoBytes, defines: defines, appID: appID),
                options: options)
        } catch {
            // A lint reports a file it lints and cannot read as a finding, with its position; a malformed Info.plist
            // leaves the entitlements to lint.
            let entitlementsAlone =
                error.file == .infoPlist
                ? try? AppLinkConfiguration(
                    entitlements: entitlementsBytes, infoPlist: nil, defines: defines, appID: appID)
                : nil
            return AppLinkLintReport(
                diagnostics: (entitlementsAlone.map { AppLinkLinter.lint($0, options: options).diagnostics } ?? [])
                    + [AppLinkDiagnostic(error)])
        }
    }
}

/// What ``LinkProject/lint(release:)`` found: the lint of the platforms the project names, as `link-router app lint`
/// writes it.
///
/// A closed enumeration, as ``LinkProjectReport`` is: a program switches on it to reach the report's own members
/// (its diagnostics, the manifest's claims). It is itself a ``CheckReport``, a ``WrappingCheckReport`` (the wrapped
/// report's findings, text and JSON), so that it can be written as the command writes it; it is clean when no
/// finding is an error (`app lint` exits 0).
///
/// Closed: a project names iOS, Android or both, and each has its one report; no case will be added.
public enum LinkProjectLintReport: WrappingCheckReport {
    /// The iOS app alone: the lint of its entitlements and Info.plist.
    case ios(AppLinkLintReport)
    /// The Android app alone: the lint of its manifest.
    case android(AndroidLintReport)
    /// Both apps: both lints as one check.
    case platforms(PlatformsLintReport)

    /// The report of the platforms given (both, iOS's or Android's), or nil for none.
    package init?(ios: AppLinkLintReport?, android: AndroidLintReport?) {
        switch (ios, android) {
        case (let ios?, let android?): self = .platforms(PlatformsLintReport(ios: ios, android: android))
        case (let ios?, nil): self = .ios(ios)
        case (nil, let android?): self = .android(android)
        case (nil, nil): return nil
        }
    }

    /// The wrapped report.
    public var report: any CheckReport {
        switch self {
        case .ios(let report): report
        case .android(let report): report
        case .platforms(let report): report
        }
    }
}

/// The lint of both apps' sides (`link-router app lint --entitlements FILE --manifest FILE`): the iOS app's
/// entitlements and Info.plist, and the Android app's manifest, as one check.
///
/// The text is iOS's lint, an empty line, then Android's; the JSON is `{"apple": <the entitlements lint>,
/// "android": <the manifest lint>}`, each as the lint of one platform encodes it; the findings are iOS's, then
/// Android's.
public struct PlatformsLintReport: CheckReport, Sendable, Equatable {
    /// The lint of the iOS app's entitlements and Info.plist (`"apple"` in the JSON).
    public var ios: AppLinkLintReport
    /// The lint of the Android app's manifest.
    public var android: AndroidLintReport

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - ios: The lint of the iOS app's entitlements and Info.plist.
    ///   - android: The lint of the Android app's manifest.
    public init(ios: AppLinkLintReport, android: AndroidLintReport) {
        self.ios = ios
        self.android = android
    }

    /// iOS's findings, then Android's.
    public var locatedFindings: [LocatedFinding] { ios.locatedFindings + android.locatedFindings }

    /// iOS's text, an empty line, then Android's.
    ///
    /// - Parameter files: The name to show for each file the lints read.
    /// - Returns: The text.
    public func renderedText(files: [ReportFile: String]) -> String {
        ios.renderedText(files: files) + "\n" + android.renderedText(files: files)
    }

    private enum CodingKeys: String, CodingKey { case apple, android }

    /// Encodes `{"apple": <iOS's lint>, "android": <Android's lint>}`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ios, forKey: .apple)
        try container.encode(android, forKey: .android)
    }
}
