import RichMediaKitSupport

/// The lint diagnostics a team has accepted, so that `link-router aasa lint --baseline FILE` fails only on new
/// ones.
///
/// A diagnostic is identified by its code and what it is about by content (never by its message, which may be
/// reworded, nor by its position: inserting, deleting or reordering other rules changes no identity): its
/// ``Entry/subject``, the way from the file's root to the offending value, each array element named by its content
/// (a `details` entry by its app IDs, a component or `paths` string whole). Two elements with the same content are the
/// same subject. The file is small, reviewable JSON, one diagnostic a line:
///
/// ```json
/// {
///   "version": 2,
///   "diagnostics": [
///     {"code": "unknown-key", "subject": ["applinks", "details", {"appIDs": ["ABCDE12345.com.example.app"]}, "components", {"/": "/help/*", "casesensitive": false}, "casesensitive"]}
///   ]
/// }
/// ```
///
/// A version 1 file (`{"code", "pointer"}`) is still read: its entry accepts the diagnostic now at that pointer, and
/// the run notes that the file should be written again.
///
/// <!-- snippet: AASALintBaselineDocExample -->
/// ```swift
/// let report = AASALinter.lint(fileBytes, passes: [.unreachableRules])  // LinkCoverage's pass, as `aasa lint` runs
/// let comparison = try AASALintBaseline(json: baselineBytes).compare(report)
/// for diagnostic in comparison.new { print(diagnostic) }
/// ```
public struct AASALintBaseline: Sendable, Hashable, Codable {
    /// One accepted diagnostic: its code and subject (a version 1 entry: its code and pointer).
    public struct Entry: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The diagnostic's code, such as `unknown-key`.
        public var code: String
        /// The offending value by content: a JSON array of the keys and array elements from the file's root to it,
        /// as one line with object keys sorted; nil for an entry of a version 1 file (``position``).
        public var subject: String?
        /// The JSON pointer of an entry read from a version 1 file, which named values by position; nil for a
        /// version 2 entry. Such an entry accepts the diagnostic now at that pointer.
        public var position: String?

        /// The JSON pointer of a version 1 entry (`""` for a version 2 entry).
        @available(*, deprecated, renamed: "position", message: "version 2 baselines name values by subject")
        public var pointer: String {
            get { position ?? "" }
            set { position = newValue }
        }

        /// An entry of a version 1 file: a code and a JSON pointer.
        ///
        /// - Parameters:
        ///   - code: The diagnostic's code.
        ///   - pointer: Its JSON pointer.
        @available(*, deprecated, renamed: "init(code:subject:)", message: "values are identified by content")
        public init(code: String, pointer: String) {
            self.code = code
            self.position = pointer
        }

        /// An entry: a code and a subject.
        ///
        /// - Parameters:
        ///   - code: The diagnostic's code.
        ///   - subject: The offending value by content (see ``subject``), as JSON text.
        public init(code: String, subject: String) {
            self.code = code
            self.subject = BaselineSubject.text(json: subject)
        }

        /// The identity of a diagnostic: its code and subject (its pointer when the report does not know the
        /// subject: a diagnostic made by hand).
        ///
        /// - Parameter diagnostic: A diagnostic from an ``AASALintReport``.
        public init(_ diagnostic: AASADiagnostic) {
            code = diagnostic.code.rawValue
            if let subject = diagnostic.subject { self.subject = subject } else { position = diagnostic.pointer }
        }

        /// The entry a version 1 file has for a diagnostic.
        static func positional(_ diagnostic: AASADiagnostic) -> Entry {
            var entry = Entry(diagnostic)
            entry.subject = nil
            entry.position = diagnostic.pointer
            return entry
        }

        private enum CodingKeys: String, CodingKey {
            case code, subject, pointer
        }

        /// Decodes an entry: `code` and `subject`, or (version 1) `code` and `pointer`.
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for a missing or mistyped key.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = try container.decode(String.self, forKey: .code)
            if container.contains(.subject) {
                subject = try container.decode(BaselineSubjectValue.self, forKey: .subject).text
            } else {
                position = try container.decode(String.self, forKey: .pointer)
            }
        }

        /// Encodes the entry as the file writes it.
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            try AASALintBaseline.json(self).encode(to: encoder)
        }

        /// `code subject`, such as `unknown-key ["applinks", "details", {"appIDs": ["A.b"]}]` (a version 1 entry:
        /// `code pointer`).
        public var description: String {
            "\(code) " + (subject ?? (position.map { $0.isEmpty ? "/" : $0 } ?? ""))
        }
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

    /// The file format's version, written as `"version"`: 2 (version 1 files are still read; others are refused).
    public static let version = formatVersion

    /// The version of the file the baseline was read from (``version`` for one made from a report): 1 when its
    /// entries name values by pointer.
    public var fileVersion: Int = formatVersion

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
        fileVersion = try BaselineDecoding.checkVersion(container, key: .version, expected: Self.version)
        diagnostics = try container.decode([Entry].self, forKey: .diagnostics)
    }

    /// Encodes the baseline with its ``version``.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fileVersion, forKey: .version)
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
        let split = partition(report.diagnostics, identity: Entry.init, positional: Entry.positional)
        return Comparison(new: split.new, accepted: split.accepted, stale: split.stale)
    }
}
