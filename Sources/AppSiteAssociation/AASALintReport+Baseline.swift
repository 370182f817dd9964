import RichMediaKitSupport

/// A lint report is one a ``Baseline`` can accept diagnostics of: `link-router aasa lint --baseline FILE` fails only
/// on new ones.
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
/// let comparison = try Baseline<AASALintReport>(json: baselineBytes).compare(report)
/// for diagnostic in comparison.new.diagnostics { print(diagnostic) }
/// ```
extension AASALintReport: BaselineReport {
    /// One accepted diagnostic: its code and subject (a version 1 entry: its code and pointer).
    public struct BaselineEntry: FindingIdentifying {
        /// The diagnostic's code, such as `unknown-key`.
        public var code: String
        /// The offending value by content: a JSON array of the keys and array elements from the file's root to it,
        /// as one line with object keys sorted; nil for an entry of a version 1 file (``position``).
        public var subject: String?
        /// The JSON pointer of an entry read from a version 1 file, which named values by position; nil for a
        /// version 2 entry. Such an entry accepts the diagnostic now at that pointer.
        public var position: String?

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
        static func positional(_ diagnostic: AASADiagnostic) -> BaselineEntry {
            var entry = BaselineEntry(diagnostic)
            entry.subject = nil
            entry.position = diagnostic.pointer
            return entry
        }

        /// The file writes the code as `code`.
        public static var identityCodeName: String { "code" }

        /// The entry's identity: `code` and `subject`, or (version 1) `code` and `pointer`, described as `code
        /// subject`, such as `unknown-key ["applinks", "details", {"appIDs": ["A.b"]}]` (a version 1 entry: `code
        /// pointer`).
        public var identity: FindingIdentity {
            FindingIdentity(
                code: code,
                facts: [
                    position.map { .init("pointer", .position($0), shown: .bare) }
                        ?? .init("subject", .subject(subject ?? "[]"), shown: .bare)
                ])
        }

        /// The entry of an identity: `code` and `subject`, or (version 1) `code` and `pointer`.
        ///
        /// - Parameter identity: The identity.
        /// - Throws: A `BaselineError` when it has neither a `subject` nor a string `pointer`.
        public init(identity: FindingIdentity) throws(BaselineError) {
            code = identity.code
            switch identity["subject"] {
            case .subject(let text): subject = text
            case .string(let text), .position(let text): subject = BaselineSubject.text(.string(text))
            case nil: position = try identity.requiredString("pointer")
            }
        }
    }

    /// The scope the baseline file writes before its entries.
    public static var baselineScopeFields: [BaselineScope.Field] { [] }
    /// The entries' array is `diagnostics`.
    public static var baselineEntriesKey: String { "diagnostics" }
    /// A finding is a diagnostic.
    public static var baselineNoun: String { "diagnostic" }
    /// What the findings were found for.
    public var baselineScope: BaselineScope { BaselineScope() }

    /// Splits the report by what a baseline accepts (see ``BaselineReport/baselineSplit(_:)``).
    public func baselineSplit(
        _ accepts: (_ identity: BaselineEntry, _ positional: BaselineEntry) -> Bool
    ) -> (new: AASALintReport, accepted: AASALintReport) {
        baselineSplit(\.diagnostics) { accepts(BaselineEntry($0), .positional($0)) }
    }
}
