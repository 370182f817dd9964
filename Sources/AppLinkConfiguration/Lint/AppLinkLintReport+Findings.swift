import RichMediaKitSupport

extension AppLinkLintReport {
    /// The diagnostics as findings for SARIF or GitHub annotations, located in the files (package access).
    ///
    /// - Parameters:
    ///   - diagnostics: The diagnostics to report.
    ///   - paths: Each file's path as given (a file without a path, such as standard input, gives findings without
    ///     a location).
    /// - Returns: One finding per diagnostic, and one rule per code that occurs, in order of appearance.
    package static func findings(
        _ diagnostics: [AppLinkDiagnostic], paths: [AppLinkConfiguration.File: String]
    ) -> (rules: [ReportRule], findings: [ReportFinding]) {
        var rules: [ReportRule] = []
        var seen = Set<String>()
        var findings: [ReportFinding] = []
        for diagnostic in diagnostics {
            let level: ReportFinding.Level = diagnostic.severity == .error ? .error : .warning
            if seen.insert(diagnostic.code.rawValue).inserted {
                rules.append(
                    ReportRule(
                        id: diagnostic.code.rawValue, shortDescription: diagnostic.code.summary,
                        help: diagnostic.hint, defaultLevel: level))
            }
            var location: ReportFinding.Location?
            if let place = diagnostic.location, let path = paths[place.file] {
                // A binary property list has no lines: its findings point at the file's start.
                location = .init(path: path, line: place.position.line ?? 1, column: place.position.column ?? 1)
            }
            let at = diagnostic.location.map { " (at \($0.keyPath))." } ?? "."
            findings.append(
                ReportFinding(
                    ruleID: diagnostic.code.rawValue, level: level,
                    message: diagnostic.message + at + " Fix: " + diagnostic.hint, location: location))
        }
        return (rules, findings)
    }
}

extension AppLinkDiagnostic.Code {
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
        case .wildcardWithoutBase: return "A *.host entry without host itself, which the routes use."
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
        default: return "An app configuration problem."
        }
    }
}
