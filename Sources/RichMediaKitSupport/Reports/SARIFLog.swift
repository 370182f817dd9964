import FileLocations

/// Writes findings as a SARIF 2.1.0 log, the format GitHub code scanning and other tools import
/// (package access: not public API).
///
/// The log has one run: `tool.driver` with the tool's name and one `rules` entry per `FindingRule`
/// (`id`, `shortDescription`, `help`, `defaultConfiguration.level`), then one `result` per ``ReportFinding``
/// (`ruleId`, `ruleIndex`, `level`, `message.text`, and a `physicalLocation` with the file path as a URI
/// reference and a `region` with `startLine` and `startColumn`). Columns count Unicode scalars, which the run
/// states as `columnKind: unicodeCodePoints`. A finding a baseline accepted has `suppressions`: one of kind
/// `external`, status `accepted`, whose justification names the baseline file (section 3.35), so code scanning
/// shows it as suppressed rather than open.
///
/// Specification: OASIS "Static Analysis Results Interchange Format (SARIF) Version 2.1.0" (sections 3.13
/// sarifLog, 3.14 run, 3.19 toolComponent, 3.49 reportingDescriptor, 3.27 result, 3.28 location, 3.29
/// physicalLocation, 3.4 artifactLocation, 3.30 region, 3.35 suppression).
package enum SARIFLog {
    /// The `$schema` every log names.
    package static let schema =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The SARIF version written.
    package static let version = "2.1.0"

    /// A severity as SARIF's `level`: `error`, `warning`, and `note` for information (SARIF's vocabulary).
    ///
    /// - Parameter severity: The severity.
    /// - Returns: The level.
    package static func level(_ severity: FindingSeverity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// The log for one run of a tool.
    ///
    /// - Parameters:
    ///   - toolName: `tool.driver.name`, such as `link-router`.
    ///   - informationURI: `tool.driver.informationUri`, or nil.
    ///   - rules: Every rule the findings may name, in a stable order; findings naming another id get a rule
    ///     made from their id.
    ///   - findings: The findings, in the order to report them.
    /// - Returns: The log as pretty-printed JSON.
    /// - Complexity: O(*r* + *f*) for *r* rules and *f* findings.
    package static func document(
        toolName: String, informationURI: String? = nil, rules: [FindingRule], findings: [ReportFinding]
    ) -> String {
        var allRules = rules
        var index: [String: Int] = [:]
        for (position, rule) in rules.enumerated() where index[rule.code] == nil { index[rule.code] = position }
        for finding in findings where index[finding.ruleID] == nil {
            index[finding.ruleID] = allRules.count
            allRules.append(
                FindingRule(code: finding.ruleID, summary: finding.ruleID, help: "", severity: finding.level))
        }
        var driver: [OrderedJSON.Member] = [.init("name", .string(toolName))]
        if let informationURI { driver.append(.init("informationUri", .string(informationURI))) }
        driver.append(.init("rules", .array(allRules.map(rule))))
        let run: [OrderedJSON.Member] = [
            .init("tool", .object([.init("driver", .object(driver))])),
            .init("columnKind", .string("unicodeCodePoints")),
            .init("results", .array(findings.map { result($0, ruleIndex: index[$0.ruleID] ?? 0) })),
        ]
        let log = OrderedJSON.object([
            .init("$schema", .string(schema)),
            .init("version", .string(version)),
            .init("runs", .array([.object(run)])),
        ])
        return log.pretty
    }

    private static func rule(_ rule: FindingRule) -> OrderedJSON {
        var members: [OrderedJSON.Member] = [
            .init("id", .string(rule.code)),
            .init("shortDescription", .object([.init("text", .string(rule.summary))])),
        ]
        if !rule.help.isEmpty { members.append(.init("help", .object([.init("text", .string(rule.help))]))) }
        members.append(
            .init("defaultConfiguration", .object([.init("level", .string(level(rule.severity)))])))
        return .object(members)
    }

    private static func result(_ finding: ReportFinding, ruleIndex: Int) -> OrderedJSON {
        var members: [OrderedJSON.Member] = [
            .init("ruleId", .string(finding.ruleID)),
            .init("ruleIndex", .integer(ruleIndex)),
            .init("level", .string(level(finding.level))),
            .init("message", .object([.init("text", .string(finding.message))])),
        ]
        if let location = finding.location {
            let physical = OrderedJSON.object([
                .init("artifactLocation", .object([.init("uri", .string(uriReference(location.path)))])),
                .init(
                    "region",
                    .object([
                        .init("startLine", .integer(location.line)), .init("startColumn", .integer(location.column)),
                    ])),
            ])
            members.append(.init("locations", .array([.object([.init("physicalLocation", physical)])])))
        }
        if let baseline = finding.acceptedIn {
            let suppression = OrderedJSON.object([
                .init("kind", .string("external")), .init("status", .string("accepted")),
                .init("justification", .string("Accepted in the baseline \(baseline).")),
            ])
            members.append(.init("suppressions", .array([suppression])))
        }
        return .object(members)
    }

    /// A file path as a URI reference (RFC 3986): relative paths stay relative (GitHub resolves them against the
    /// repository root), absolute paths become `file://` URIs; bytes that may not appear in a URI are
    /// percent-encoded. An `http://` or `https://` URL (a fetched file, `aasa fetch`) is already a URI and stays as
    /// it is.
    ///
    /// - Parameter path: A file path as the user gave it, or a fetched URL.
    /// - Returns: The URI reference.
    package static func uriReference(_ path: String) -> String {
        if path.hasPrefix("https://") || path.hasPrefix("http://") { return path }
        var encoded = ""
        var sawSlash = false
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") { sawSlash = true }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
                UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
                UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: ":") where !sawSlash:
                // A colon before the first slash would read as a scheme.
                encoded += "%3A"
            case UInt8(ascii: ":"):
                encoded += ":"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
