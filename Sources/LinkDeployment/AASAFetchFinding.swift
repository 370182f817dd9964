import AppSiteAssociation
import FileLocations

/// One thing `link-router aasa fetch` found about a deployed apple-app-site-association file: how it is
/// served, what Apple's CDN holds, a lint diagnostic of the body, or a coverage gap.
///
/// Every finding has a stable ``Code`` (kebab-case), a severity, a one-sentence message and a one-line
/// fix hint; findings about a request name its URL, lint findings keep their JSON pointer (and line and
/// column for syntax errors).
///
/// In the JSON of `aasa fetch` and `assetlinks fetch` a finding's own keys are followed by the one diagnostic shape
/// every lint's diagnostic has: `"fix"` (the same as `"hint"`) and `"places"`, the places of the report's located
/// finding (``AASAFetchReport/locatedFindings``), each `{"file", "pointer", "line", "column"}`. Encoded alone, a
/// finding has only its own keys (its places depend on its report).
public struct AASAFetchFinding: Sendable, Hashable, Codable {
    /// How serious a finding is: the package's one severity, `FindingSeverity` (an error fails the check, exit
    /// status 1; a warning works but probably not as intended, or not yet; an info says what was not checked, and why).
    public typealias Severity = FindingSeverity

    /// Which part of the check produced a finding.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Source: String, Sendable, Hashable, Codable {
        /// How the origin serves the file (location, status, redirects, transport, size, content type).
        case origin
        /// Apple's CDN copy.
        case cdn
        /// A lint diagnostic of the body (`AASALinter`).
        case lint
        /// The coverage check against the routes.
        case coverage
        /// Whether the file verifies the app (`assetlinks fetch` with the app's identity).
        case verification
    }

    /// A stable finding code such as `redirect`; lint findings keep the linter's code.
    ///
    /// Codes never change meaning; new ones may be added. Docs/AASA.md shows each with an example.
    ///
    /// A string literal is a code (`gap.code == "redirect"` compiles, as it did when `AppCoverageReport.Gap.code` was
    /// a `String`).
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible,
        ExpressibleByStringLiteral
    {
        /// The code's text, such as `cdn-stale`.
        public var rawValue: String

        /// Creates a code from its text.
        ///
        /// - Parameter rawValue: The code's text.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates a code from its text written as a literal.
        ///
        /// - Parameter value: The code's text, such as `"redirect"`.
        public init(stringLiteral value: String) {
            self.init(rawValue: value)
        }

        /// The code's text.
        public var description: String { rawValue }

        /// Neither location has the file (404 at both).
        public static let notFound = Code(rawValue: "not-found")
        /// Only the legacy location `/apple-app-site-association` serves the file.
        public static let legacyLocation = Code(rawValue: "legacy-location")
        /// The server answers with a redirect; iOS does not follow redirects.
        public static let redirect = Code(rawValue: "redirect")
        /// The server answers with a status other than 200 (and not a redirect or a 404 with a fallback).
        public static let httpStatus = Code(rawValue: "http-status")
        /// No complete response within the deadline (10 seconds unless configured): no header, or a body that
        /// had not finished by then (the message says how far it got).
        public static let timeout = Code(rawValue: "timeout")
        /// The host name does not resolve.
        public static let hostNotFound = Code(rawValue: "host-not-found")
        /// Nothing accepts the connection.
        public static let connectionFailed = Code(rawValue: "connection-failed")
        /// The TLS handshake fails (for instance an untrusted or expired certificate).
        public static let tlsFailure = Code(rawValue: "tls-failure")
        /// Another transport failure (the connection was lost before the response header, ...).
        public static let transportFailure = Code(rawValue: "transport-failure")
        /// The connection closed after the response header, before the body was complete.
        public static let incompleteBody = Code(rawValue: "incomplete-body")
        /// The server's answer is not valid HTTP, such as a header that never ends.
        public static let badResponse = Code(rawValue: "bad-response")
        /// The body is larger than 128 KB (131,072 bytes); iOS does not read it. Same code as the linter's.
        public static let sizeLimit = Code(rawValue: "size-limit")
        /// The `Content-Type` is not `application/json`, or missing. Same code as the linter's.
        public static let contentType = Code(rawValue: "content-type")
        /// Apple's CDN has no copy of the file for the domain.
        public static let cdnMiss = Code(rawValue: "cdn-miss")
        /// Apple's CDN copy could not be fetched or read.
        public static let cdnUnavailable = Code(rawValue: "cdn-unavailable")
        /// Apple's CDN copy opens the app for different URLs than the origin's file.
        public static let cdnStale = Code(rawValue: "cdn-stale")
        /// Apple's CDN copy could not be compared exactly with the origin's file.
        public static let cdnNotCompared = Code(rawValue: "cdn-not-compared")
        /// The file sends URLs to the app that no route handles (as `link-router check` reports).
        public static let unrouted = Code(rawValue: "unrouted")
        /// A route handles URLs that iOS does not send to the app (as `link-router check` reports).
        public static let unclaimed = Code(rawValue: "unclaimed")
        /// The coverage check was asked for and could not be answered.
        public static let coverageNotChecked = Code(rawValue: "coverage-not-checked")
        /// The coverage check reached its limit before it compared a rule or a route: gaps it is part of may be
        /// missing (as `link-router check` reports).
        public static let notCompared = Code(rawValue: "not-compared")
    }

    /// The finding's severity.
    public var severity: Severity
    /// The stable code.
    public var code: Code
    /// The part of the check that found it.
    public var source: Source
    /// The URL of the request it is about, if any.
    public var url: String?
    /// For lint and coverage findings: the JSON pointer of the rule or value (`""` is the whole file).
    public var pointer: String?
    /// For syntax errors: the 1-based line in the body.
    public var line: Int?
    /// For syntax errors: the 1-based column in the body.
    public var column: Int?
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it, in one line.
    public var hint: String

    /// Where the finding is in the served file: the pointer of the rule or value, with the line and column of a
    /// syntax error (a syntax error has no pointer); nil for findings about a request.
    public var fileLocation: FileLocation? {
        guard pointer != nil || line != nil else { return nil }
        let isTextPosition = line != nil && column != nil
        let value = pointer.flatMap { isTextPosition && $0.isEmpty ? nil : JSONPointer(known: $0) }
        return FileLocation(pointer: value, line: line, column: column)
    }

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - severity: Error, warning or info.
    ///   - code: The stable code.
    ///   - source: The part of the check that found it.
    ///   - url: The request it is about.
    ///   - pointer: The JSON pointer, for lint and coverage findings.
    ///   - line: The 1-based line, for syntax errors.
    ///   - column: The 1-based column, for syntax errors.
    ///   - message: What is wrong.
    ///   - hint: How to fix it.
    public init(
        severity: Severity, code: Code, source: Source, url: String? = nil, pointer: String? = nil,
        line: Int? = nil, column: Int? = nil, message: String, hint: String
    ) {
        self.severity = severity
        self.code = code
        self.source = source
        self.url = url
        self.pointer = pointer
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// A lint diagnostic of the fetched body as a finding (same code, pointer, message and hint).
    ///
    /// - Parameter diagnostic: The linter's diagnostic.
    public init(_ diagnostic: AASADiagnostic) {
        self.init(
            severity: diagnostic.severity,
            code: Code(rawValue: diagnostic.code.rawValue), source: .lint, pointer: diagnostic.pointer,
            line: diagnostic.line, column: diagnostic.column, message: diagnostic.message, hint: diagnostic.fix)
    }
}
