import RichMediaKitSupport

/// The lint diagnostics a team has accepted, so that `link-router aasa lint --baseline FILE` fails only on new
/// ones.
///
/// A diagnostic is identified by its code and JSON pointer (never by its message, which may be reworded). The
/// file is small, reviewable JSON, one diagnostic a line:
///
/// ```json
/// {
///   "version": 1,
///   "diagnostics": [
///     {"code": "unknown-key", "pointer": "/applinks/details/0/components/2/casesensitive"}
///   ]
/// }
/// ```
///
/// <!-- snippet: AASALintBaselineDocExample -->
/// ```swift
/// let report = AASALinter.lint(fileBytes, passes: [.unreachableRules])  // LinkCoverage's pass, as `aasa lint` runs
/// let comparison = try AASALintBaseline(json: baselineBytes).compare(report)
/// for diagnostic in comparison.new { print(diagnostic) }
/// ```
public struct AASALintBaseline: Sendable, Hashable, Codable {
    /// One accepted diagnostic: its code and pointer.
    public struct Entry: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The diagnostic's code, such as `unknown-key`.
        public var code: String
        /// The JSON pointer of the offending value (`""` is the whole file).
        public var pointer: String

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - code: The diagnostic's code.
        ///   - pointer: Its JSON pointer.
        public init(code: String, pointer: String) {
            self.code = code
            self.pointer = pointer
        }

        /// The identity of a diagnostic.
        ///
        /// - Parameter diagnostic: A diagnostic from an ``AASALintReport``.
        public init(_ diagnostic: AASADiagnostic) {
            self.init(code: diagnostic.code.rawValue, pointer: diagnostic.pointer)
        }

        /// `code pointer`, such as `unknown-key /applinks/details/0`.
        public var description: String { "\(code) \(pointer.isEmpty ? "/" : pointer)" }
    }

    /// A report split by a baseline: see ``AASALintBaseline/compare(_:)``.
    public struct Comparison: Sendable, Hashable {
        /// The diagnostics the baseline does not accept, in report order.
        public var new: [AASADiagnostic]
        /// The diagnostics it accepts.
        public var accepted: [AASADiagnostic]
        /// Accepted diagnostics the report no longer has: the baseline can drop them.
        public var stale: [Entry]
    }

    /// The file format's version, written as `"version"`; files of another version are refused.
    public static let version = formatVersion

    /// The accepted diagnostics, in report order.
    public var diagnostics: [Entry]

    /// Creates a baseline.
    ///
    /// - Parameter diagnostics: The accepted diagnostics.
    public init(diagnostics: [Entry]) {
        self.diagnostics = diagnostics
    }

    /// A baseline accepting every diagnostic of `report`, errors and warnings (what `--write-baseline` writes).
    ///
    /// - Parameter report: Today's report.
    public init(report: AASALintReport) {
        self.init(diagnostics: Self.distinct(report.diagnostics.map(Entry.init)))
    }

    /// Reads a baseline file.
    ///
    /// - Parameter json: The file's bytes.
    /// - Throws: ``BaselineError`` saying where the file is wrong.
    public init(json: some Collection<UInt8>) throws(BaselineError) {
        self = try Self.read(json: json)
    }

    private enum CodingKeys: String, CodingKey {
        case version, diagnostics
    }

    /// Decodes a baseline, refusing another ``version``.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a wrong version or a missing or mistyped key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try BaselineDecoding.checkVersion(container, key: .version, expected: Self.version)
        diagnostics = try container.decode([Entry].self, forKey: .diagnostics)
    }

    /// Encodes the baseline with its ``version``.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.version, forKey: .version)
        try container.encode(diagnostics, forKey: .diagnostics)
    }

    /// The baseline file's text: pretty JSON, one diagnostic a line, ending with a newline.
    public var json: String { fileText }

    /// Splits `report`'s diagnostics into new ones, accepted ones and stale baseline entries.
    ///
    /// - Parameter report: Today's lint report.
    /// - Returns: The comparison.
    /// - Complexity: O(*d* + *b*) for *d* diagnostics and *b* baseline entries.
    public func compare(_ report: AASALintReport) -> Comparison {
        let split = partition(report.diagnostics, identity: Entry.init)
        return Comparison(new: split.new, accepted: split.accepted, stale: split.stale)
    }
}
