import FileLocations
import RichMediaKitSupport

/// An app lint report is a check's report: one finding per diagnostic, located at its value in the entitlements
/// (`.entitlements`) or the `Info.plist` (`.infoPlist`): its line and column in an XML
/// property list, the file's start in a binary one (which has no lines). It is clean when no diagnostic is an
/// error.
extension AppLinkLintReport: CheckReport {
    /// One finding per diagnostic, in report order.
    public var locatedFindings: [LocatedFinding] { diagnostics.map(\.locatedFinding) }

    /// One rule per code, in order of first appearance.
    public var findingRules: [FindingRule] {
        FindingRule.rules(for: locatedFindings).map { rule in
            let diagnostic = diagnostics.first { $0.code.rawValue == rule.code }
            return FindingRule(
                code: rule.code, summary: diagnostic?.code.summary ?? rule.summary, help: diagnostic?.fix ?? "",
                severity: rule.severity)
        }
    }

    /// The text of `renderedText(files:)` (by `AppLinkConfiguration.File`) with the names of `.entitlements` and
    /// `.infoPlist`.
    ///
    /// - Parameter files: The names of the files.
    /// - Returns: The lines joined with `\n`.
    public func renderedText(files: [ReportFile: String]) -> String {
        var names: [AppLinkConfiguration.File: String] = [:]
        for file in [AppLinkConfiguration.File.entitlements, .infoPlist] {
            if let name = files[file.reportFile] { names[file] = name }
        }
        return renderedText(files: names)
    }
}

extension AppLinkConfiguration.File {
    /// The file's role in a report.
    public var reportFile: ReportFile {
        switch self {
        case .entitlements: return .entitlements
        case .infoPlist: return .infoPlist
        }
    }
}
extension AppLinkDiagnosticCode {
    /// What the rule finds, in one sentence (the SARIF rule's short description).
    var summary: String {
        switch self {
        case .unknownService: return "An Associated Domains entry names a service iOS does not know."
        case .schemeInEntry: return "An Associated Domains entry has a URL scheme."
        case .pathInEntry: return "An Associated Domains entry has a path."
        case .portInEntry: return "An Associated Domains entry has a port."
        case .emptyHost: return "An Associated Domains entry names no host."
        case .invalidHost: return "An Associated Domains entry's host is not a host name."
        case .nonASCIIHost: return "An Associated Domains entry's host is not in punycode."
        case .duplicateEntry: return "An Associated Domains entry is repeated."
        case .wildcardWithoutBase: return "A *.host entry without host itself."
        case .developerMode: return "An Associated Domains entry is in developer mode."
        case .unknownMode: return "An Associated Domains entry has a mode iOS does not know."
        case .tooManyEntries: return "More Associated Domains entries than iOS is known to handle."
        case .unresolvedVariable: return "A build variable has no definition."
        case .appIDFormat: return "An app ID is not <team ID>.<bundle ID>."
        case .parentAppIDCount: return "An App Clip does not name exactly one parent app."
        case .parentTeamMismatch: return "An App Clip's parent app belongs to another team."
        case .clipBundlePrefix: return "An App Clip's bundle ID does not extend its parent's."
        case .clipWithoutAppClipsEntry: return "An App Clip has no appclips: entry."
        case .invalidScheme: return "An Info.plist URL scheme is not a valid scheme."
        case .duplicateScheme: return "An Info.plist URL scheme is declared twice."
        case .ipAddressHost: return "An Associated Domains entry's host is an IP address."
        case .singleLabelHost: return "An Associated Domains entry's host is a single label, such as localhost."
        case .specialUseHost: return "An Associated Domains entry's host is a special-use name no server answers for."
        case .documentationDomain: return "An Associated Domains entry's host is a documentation placeholder."
        case .shutDownService: return "An Associated Domains entry's host belongs to a service that has shut down."
        case .developerTunnel: return "An Associated Domains entry's host is a developer tunnel."
        case .wrongType: return "A key holds a value of the wrong type."
        case .assumedVariable: return "A build setting Xcode sets at build time was assumed."
        case .systemScheme: return "An Info.plist URL scheme is one the system keeps for itself."
        case .unverifiableHost:
            return
                "An Associated Domains entry's host belongs to a third-party service the app cannot publish a file on."
        case .routesNotClaimed: return "No applinks entry claims any host the routes associate."
        case .malformedPropertyList: return "A file is not a well-formed property list."
        case .notDictionary: return "A file's top-level value is not a dictionary."
        default: return "An app configuration problem."
        }
    }
}
