import FileLocations
import RichMediaKitSupport

extension ReportFile {
    /// An `assetlinks.json` file.
    public static let assetLinks = ReportFile(rawValue: "assetlinks")
    /// An `AndroidManifest.xml`.
    public static let androidManifest = ReportFile(rawValue: "manifest")
}

/// The lint of an `assetlinks.json` file, an `AndroidManifest.xml`, or both together: one check's report.
///
/// JSON (`--format json`, key names fixed): `{"errors", "warnings", "infos", "diagnostics": [{"file", "severity",
/// "code", "pointer", "line", "column", "message", "hint", "fix", "places"}]}`; `file` is `assetlinks` or
/// `manifest`; `pointer` only for `assetlinks.json` values, `line` and `column` when known; `"fix"` is the same as
/// `"hint"` and `"places"` the places of the entry's ``Entry/locatedFinding``, each `{"file", "pointer", "line",
/// "column"}`, the shape every lint's diagnostic has. With ``claims`` (`app lint --manifest`), also
/// `"filters": [{"activity", "line", "column", "verified", "links", "why", "schemes", "hosts": [{"host", "port"}],
/// "paths": [{"attribute", "value"}], "groups", "origins"}]`, one per intent filter (see ``IntentFilterClaim``).
public struct AndroidLintReport: CheckReport, Sendable, Hashable {
    /// One diagnostic with the file it is in.
    public struct Entry: Sendable, Hashable {
        /// `.assetLinks` or `.androidManifest`.
        public var file: ReportFile
        /// The diagnostic.
        public var diagnostic: AndroidLinkDiagnostic

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - file: The file the diagnostic is in.
        ///   - diagnostic: The diagnostic.
        public init(file: ReportFile, diagnostic: AndroidLinkDiagnostic) {
            self.file = file
            self.diagnostic = diagnostic
        }

        /// The diagnostic as a finding in its file: its message, its hint as the fix, its location as the place.
        public var locatedFinding: LocatedFinding {
            diagnostic.locatedFinding(in: file)
        }
    }

    /// The diagnostics, in order: the file's, then the manifest's, then both together.
    public var entries: [Entry]
    /// What each intent filter of the manifest claims (``IntentFilterClaim``), or nil when no manifest was linted
    /// or the claims are not wanted: JSON writes them as `"filters"`.
    public var claims: [IntentFilterClaim]?
    /// Whether the text output lists ``claims`` too (`app lint --claims`); JSON always does when there are claims.
    public var showsClaimsInText = false

    /// Creates a report.
    ///
    /// - Parameter entries: The diagnostics with their files.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The lint of an `assetlinks.json` file: a file that cannot be read at all gives its one diagnostic.
    ///
    /// - Parameter bytes: The file.
    /// - Returns: The report.
    public static func lint(assetLinks bytes: some Collection<UInt8>) -> AndroidLintReport {
        do throws(AssetLinksError) {
            let file = try AssetLinksFile(parsing: bytes)
            return AndroidLintReport(entries: file.diagnostics.map { Entry(file: .assetLinks, diagnostic: $0) })
        } catch {
            return AndroidLintReport(entries: [Entry(file: .assetLinks, diagnostic: error.diagnostic)])
        }
    }

    /// The `file-location` warning for a repository path the server would not serve at
    /// `/.well-known/assetlinks.json` (`.well_known/`, `assetslinks.json`, `assetlinks.json.txt`, `public/` without
    /// `.well-known/`), with the path the file must have; nil when the path is right or says nothing about where the
    /// server serves it (`Docs/Examples/assetlinks.json`, standard input `-`).
    ///
    /// - Parameter path: The path of the file in its repository, as given to `assetlinks lint`.
    /// - Returns: The diagnostic (at the whole file), or nil.
    public static func fileLocation(assetLinksPath path: String) -> AndroidLinkDiagnostic? {
        guard let problem = SiteFilePaths.problem(path, kind: .assetLinks) else { return nil }
        return AndroidLinkDiagnostic(
            severity: .warning, code: .fileLocation, message: problem.message,
            hint: "move the file to \(problem.expected)", location: .pointer(.root))
    }

    /// The number of errors.
    public var errorCount: Int { entries.filter { $0.diagnostic.severity == .error }.count }
    /// The number of warnings.
    public var warningCount: Int { entries.filter { $0.diagnostic.severity == .warning }.count }
    /// The number of diagnostics that are information (`"infos"` in the JSON).
    public var infoCount: Int { entries.filter { $0.diagnostic.severity == .info }.count }

    /// One finding per diagnostic, in its file.
    public var locatedFindings: [LocatedFinding] { entries.map(\.locatedFinding) }

    /// `FILE:LINE:COLUMN: severity[code]: message` lines with `  fix: hint`, then a summary line.
    ///
    /// - Parameter files: The names of the files.
    /// - Returns: The text.
    public func renderedText(files: [ReportFile: String]) -> String {
        var lines: [String] = []
        for entry in entries {
            let name = files[entry.file] ?? "<stdin>"
            let diagnostic = entry.diagnostic
            var place = name
            if let line = diagnostic.location.line, let column = diagnostic.location.column {
                place += ":\(line):\(column)"
            }
            if let pointer = diagnostic.location.pointer, !(diagnostic.location.line != nil && pointer.text.isEmpty) {
                place += " " + (pointer.text.isEmpty ? "/" : pointer.text)
            }
            lines.append(
                "\(place): \(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]: \(diagnostic.message)")
            lines.append("  fix: \(diagnostic.fix)")
        }
        if showsClaimsInText, let claims {
            lines.append(claims.isEmpty ? "claims: the manifest has no intent filter" : "claims:")
            let manifest = files[.androidManifest] ?? "<stdin>"
            for claim in claims {
                let place = claim.location.written(after: manifest)
                guard let why = claim.noLinks else {
                    lines.append(
                        "  \(place): \(claim.activity), \(claim.verified ? "verified" : "not verified"): "
                            + claim.origins.joined(separator: ", "))
                    lines.append("    paths: \(claim.pathsText)")
                    continue
                }
                lines.append("  \(place): \(claim.activity), takes no link (\(AndroidMatchReport.describe(why)))")
            }
        }
        let errors = errorCount
        let warnings = warningCount
        lines.append(
            entries.isEmpty
                ? "no problems found"
                : "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }

    private enum CodingKeys: String, FindingCountCodingKey {
        case errors, warnings, infos, diagnostics, filters
    }

    private enum ClaimKeys: String, CodingKey {
        case activity, line, column, verified, links, why, schemes, hosts, paths, groups, origins
    }

    private enum HostKeys: String, CodingKey {
        case host, port
    }

    private enum PathKeys: String, CodingKey {
        case attribute, value
    }

    private enum EntryKeys: String, FindingCodingKey {
        case file, severity, code, pointer, line, column, message, hint, fix, places
    }

    /// `{"errors", "warnings", "infos", "diagnostics": [...]}` (and `"filters"` with ``claims``).
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeCounts(of: locatedFindings)
        var list = container.nestedUnkeyedContainer(forKey: .diagnostics)
        for entry in entries {
            var item = list.nestedContainer(keyedBy: EntryKeys.self)
            try item.encode([
                .file: entry.file.rawValue, .severity: entry.diagnostic.severity.rawValue,
                .code: entry.diagnostic.code.rawValue,
            ])
            try item.encodeIfPresent(entry.diagnostic.location.pointer?.text, forKey: .pointer)
            try item.encodeIfPresent(entry.diagnostic.location.line, forKey: .line)
            try item.encodeIfPresent(entry.diagnostic.location.column, forKey: .column)
            try item.encode([.message: entry.diagnostic.message, .hint: entry.diagnostic.fix])
            try item.encodeFixAndPlaces(of: entry.locatedFinding)
        }
        guard let claims else { return }
        var filters = container.nestedUnkeyedContainer(forKey: .filters)
        for claim in claims {
            var item = filters.nestedContainer(keyedBy: ClaimKeys.self)
            try item.encode(claim.activity, forKey: .activity)
            try item.encodeIfPresent(claim.location.line, forKey: .line)
            try item.encodeIfPresent(claim.location.column, forKey: .column)
            try item.encode([
                .verified: claim.verified, .links: claim.takesLinks,
                .why: claim.noLinks.map(AndroidMatchReport.describe),
                .schemes: claim.schemes.map { $0.value ?? $0.source },
            ])
            var hosts = item.nestedUnkeyedContainer(forKey: .hosts)
            for authority in claim.authorities {
                var host = hosts.nestedContainer(keyedBy: HostKeys.self)
                try host.encode([
                    .host: authority.host.value ?? authority.host.source,
                    .port: authority.port.map { $0.value ?? $0.source },
                ])
            }
            var paths = item.nestedUnkeyedContainer(forKey: .paths)
            for rule in claim.paths {
                var path = paths.nestedContainer(keyedBy: PathKeys.self)
                try path.encode([.attribute: rule.attribute, .value: rule.value.value ?? rule.value.source])
            }
            try item.encode([.groups: claim.relativeFilterGroups.count, .origins: claim.origins])
        }
    }
}
