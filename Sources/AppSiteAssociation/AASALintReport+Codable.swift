import FileLocations
import RichMediaKitSupport

extension AASADiagnostic {
    /// The message with `line L, column C: ` in front for syntax errors: the `"message"` of
    /// `link-router aasa lint --format json`.
    public var locatedMessage: String {
        guard let line, let column else { return message }
        return "line \(line), column \(column): \(message)"
    }
}

private enum AASADiagnosticCodingKeys: String, FindingCodingKey {
    case severity, code, pointer, message, hint, line, column, fix, places
}

/// A diagnostic encodes to one element of `"diagnostics"` in `link-router aasa lint --format json`:
/// `{"severity", "code", "pointer", "message", "hint"}`, plus `"line"` and `"column"` for syntax errors (whose
/// message then starts with `line L, column C: `, see ``LintDiagnostic/locatedMessage``), then the shape every lint's
/// diagnostic has: `"fix"` (the same as `"hint"`) and `"places"`, the places of its ``LintDiagnostic/locatedFinding``,
/// each `{"file", "pointer", "line", "column"}`.
extension AASADiagnosticCode: EncodableLintDiagnosticCode {
    /// Encodes the diagnostic as `link-router aasa lint --format json` prints it.
    ///
    /// - Parameters:
    ///   - diagnostic: The diagnostic.
    ///   - encoder: The encoder.
    /// - Throws: What the encoder throws.
    public static func encode(_ diagnostic: AASADiagnostic, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AASADiagnosticCodingKeys.self)
        try container.encode([
            .severity: diagnostic.severity.rawValue, .code: diagnostic.code.rawValue, .pointer: diagnostic.pointer,
            .message: diagnostic.locatedMessage, .hint: diagnostic.fix,
        ])
        if let line = diagnostic.line, let column = diagnostic.column {
            try container.encode([.line: line, .column: column])
        }
        try container.encodeFixAndPlaces(of: diagnostic.locatedFinding)
    }
}

/// An AASA diagnostic decodes from what it encodes to (``AASADiagnosticCode/encode(_:to:)``); a file written before
/// `"fix"` and `"places"` decodes too.
extension LintDiagnostic: Decodable where C == AASADiagnosticCode {
    /// Decodes a diagnostic.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for an unknown severity.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AASADiagnosticCodingKeys.self)
        let severity = try container.decode(Severity.self, forKey: .severity, unknown: "severity")
        let line = try container.decodeIfPresent(Int.self, forKey: .line)
        let column = try container.decodeIfPresent(Int.self, forKey: .column)
        var message = try container.decode(String.self, forKey: .message)
        if let line, let column {
            let prefix = "line \(line), column \(column): "
            if message.hasPrefix(prefix) { message.removeFirst(prefix.count) }
        }
        self.init(
            severity: severity, code: Code(rawValue: try container.decode(String.self, forKey: .code)),
            pointer: try container.decode(String.self, forKey: .pointer), message: message,
            hint: try container.decode(String.self, forKey: .hint), line: line, column: column)
    }
}

/// A report encodes to what `link-router aasa lint --format json` prints: `{"errors", "warnings", "infos",
/// "diagnostics"}`. The decoded file is not part of it: a decoded report's ``file`` is nil.
extension AASALintReport: Codable {
    private enum CodingKeys: String, FindingCountCodingKey {
        case errors, warnings, infos, diagnostics
    }

    /// Decodes a report (its ``file`` is nil; the counts are recomputed from the diagnostics).
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: What decoding the diagnostics throws.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(diagnostics: try container.decode([AASADiagnostic].self, forKey: .diagnostics), file: nil)
    }

    /// Encodes the report as `link-router aasa lint --format json` prints it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeCounts(of: locatedFindings)
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}
