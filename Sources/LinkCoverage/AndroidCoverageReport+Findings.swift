import AndroidAppLinks
import FileLocations
import RichMediaKitSupport

extension ReportFile {
    /// The `assetlinks.json` of one host (the Android coverage check reads one per file host; the same role as
    /// `deployedAssetLinks(_:)`, `assetlinks:HOST`).
    ///
    /// - Parameter host: The file's host, lower case.
    /// - Returns: The file.
    public static func assetLinks(_ host: String) -> ReportFile {
        ReportFile(rawValue: "assetlinks:" + host)
    }
}

/// An Android coverage report is a check's report: one error per gap, located in the file that holds the mistake:
/// the manifest (`.androidManifest`, an intent filter's line and column), a host's `assetlinks.json`
/// (``ReportFile/assetLinks(_:)``, a JSON pointer) or the routes file (`.routes`).
extension AndroidCoverageReport: CheckReport, StandaloneTextCheckReport, CoverageGapReport {}

extension AndroidCoverageReport.Gap.Place {
    /// The report file the place is in.
    var reportFile: ReportFile {
        switch self {
        case .intentFilter, .manifest: return .androidManifest
        case .routes: return .routes
        case .assetLinks(let host, _): return .assetLinks(host)
        }
    }

    /// The place as a finding's, with the position `fileLocation` in its file.
    func reportPlace(_ fileLocation: FileLocation?) -> LocatedFinding.Place {
        switch self {
        case .intentFilter, .manifest:
            return .init(reportFile, .text(line: fileLocation?.line ?? 1, column: fileLocation?.column ?? 1))
        case .routes(let pointer), .assetLinks(_, let pointer):
            return .init(reportFile, fileLocation ?? .pointer(pointer))
        }
    }
}

extension AndroidCoverageReport.Gap: CoverageGap {
    /// Where the gap's finding points, then where in the other file, if it has a counterpart.
    package var reportPlaces: [LocatedFinding.Place] {
        [place.reportPlace(fileLocation)] + (counterpart.map { [$0.reportPlace(counterpartLocation)] } ?? [])
    }
}

extension AndroidCoverageReport.Gap.Kind: CoverageGapKind {
    /// What the kind finds, in one sentence.
    package var summary: String {
        switch self {
        case .unrouted:
            return "Android opens URLs in the app that no route handles: the app gets a link it cannot show."
        case .unclaimed:
            return "A route handles URLs that Android does not open in the app: the link opens in the browser."
        case .routeDomainNotClaimed: return "The routes name a host that no verified intent filter claims."
        case .domainWithoutRoutes: return "A verified intent filter claims a host no route serves."
        case .hostNotVerified: return "The assetlinks.json of a claimed host does not verify the app."
        case .deployedFile: return "The deployed assetlinks.json of a claimed host could not be read."
        case .notCompared: return CoverageReport.notComparedRule.summary
        }
    }

    /// How to fix what the kind finds.
    package var help: String {
        switch self {
        case .unrouted:
            return "Add a route for the example URL, or narrow the intent filter (or exclude the URL with a dynamic "
                + "rule). If the gap cannot be closed, accept it with --write-baseline/--baseline. See "
                + "Docs/Coverage.md."
        case .unclaimed:
            return "Add an intent filter (or a data pattern) that accepts the example URL, verify the host, or "
                + "remove the dynamic rule that excludes it; or remove the route. If the gap cannot be closed, accept "
                + "it with --write-baseline/--baseline. See Docs/Coverage.md."
        case .routeDomainNotClaimed:
            return "Declare the host in an autoVerify intent filter (VIEW, BROWSABLE, DEFAULT, https), or remove it "
                + "from the routes file. See Docs/Coverage.md."
        case .domainWithoutRoutes:
            return "Add the host to the routes file's associatedDomains and routes for it, or remove it from the "
                + "intent filter. See Docs/Coverage.md."
        case .hostNotVerified:
            return "Add a statement granting delegate_permission/common.handle_all_urls to the package with the "
                + "signing certificate's SHA-256 fingerprint. See Docs/Android.md."
        case .deployedFile: return "Fix what `link-router assetlinks fetch HOST` reports. See Docs/Android.md."
        case .notCompared:
            return "Make the comparison cheaper: fewer `.*` in a pathPattern, fewer filters or dynamic rules with "
                + "wildcards in front, or split them; then run the check again. See Docs/Coverage.md (How the engine "
                + "works)."
        }
    }
}
