import FileLocations

/// One problem the entitlements lint found: severity, stable code, message, fix and where.
///
/// <!-- snippet: AppLinkDiagnosticDocExample -->
/// ```swift
/// let report = AppLinkLinter.lint(configuration, options: .init(release: true))
/// for diagnostic in report.diagnostics {
///     print(diagnostic.severity, diagnostic.code, diagnostic.message)
/// }
/// ```
public struct AppLinkDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is: the package's one severity, `FindingSeverity` (error, warning or info; an info
    /// is worth knowing before a release and never fails the lint).
    public typealias Severity = FindingSeverity

    /// The diagnostic's severity.
    public var severity: Severity
    /// The stable code, such as `wildcard-without-base`; see ``Code``.
    public var code: Code
    /// What is wrong, in one sentence.
    public var message: String
    /// How to fix it, in one line.
    public var hint: String
    /// How to fix it, in one line: the same as ``hint``, under the name every finding uses (the `"fix"` of
    /// `app lint --format json`, ``LocatedFinding/fix``).
    public var fix: String {
        get { hint }
        set { hint = newValue }
    }
    /// Where the offending value is (nil for a problem of the whole file, such as a missing key).
    public var location: AppLinkConfiguration.Location?

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: Error, warning or information.
    ///   - code: The stable code.
    ///   - message: What is wrong.
    ///   - hint: How to fix it.
    ///   - location: Where the offending value is.
    public init(
        severity: Severity, code: Code, message: String, hint: String, location: AppLinkConfiguration.Location?
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.hint = hint
        self.location = location
    }

    /// The place as the link modules' shared `FileLocation` (line and column in an XML file), nil without a
    /// location.
    public var fileLocation: FileLocation? { location?.fileLocation }

    /// `error[code] entitlements 7:9: message`.
    public var description: String {
        let place = location.map { "\($0.file) \($0.position)" } ?? "entitlements"
        return "\(severity.rawValue)[\(code.rawValue)] \(place): \(message)"
    }
}

extension AppLinkDiagnostic {
    /// A stable diagnostic code such as `developer-mode`.
    ///
    /// Codes never change meaning; new ones may be added. Docs/AppConfiguration.md lists every code with an
    /// example and the fix.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's text.
        public var rawValue: String

        /// Creates a code from its text.
        ///
        /// - Parameter rawValue: The code's text.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code's text.
        public var description: String { rawValue }

        /// An entry's service is not `applinks`, `webcredentials`, `appclips` or `activitycontinuation` (or missing).
        public static let unknownService = Code(rawValue: "unknown-service")
        /// An entry has a URL scheme (`applinks:https://example.com`).
        public static let schemeInEntry = Code(rawValue: "scheme-in-entry")
        /// An entry has a path (`applinks:example.com/app`).
        public static let pathInEntry = Code(rawValue: "path-in-entry")
        /// An entry has a port (`applinks:example.com:8443`): an error, Apple's format has no port.
        public static let portInEntry = Code(rawValue: "port-in-entry")
        /// An entry has no host.
        public static let emptyHost = Code(rawValue: "empty-host")
        /// An entry's host is not a host name (empty label, characters a host cannot hold, a wildcard inside).
        public static let invalidHost = Code(rawValue: "invalid-host")
        /// An entry's host has non-ASCII characters: iOS expects the punycode (`xn--`) form.
        public static let nonASCIIHost = Code(rawValue: "non-ascii-host")
        /// The same service and host appear twice.
        public static let duplicateEntry = Code(rawValue: "duplicate-entry")
        /// `*.host` without `host` itself (the wildcard does not cover it): an error when the routes use `host`, a
        /// warning otherwise.
        public static let wildcardWithoutBase = Code(rawValue: "wildcard-without-base")
        /// `?mode=developer`: a warning, an error in a release build.
        public static let developerMode = Code(rawValue: "developer-mode")
        /// A `?mode=` other than `developer`, `managed` or `developer+managed`.
        public static let unknownMode = Code(rawValue: "unknown-mode")
        /// More entries than iOS is known to handle.
        public static let tooManyEntries = Code(rawValue: "too-many-entries")
        /// A build variable (`$(NAME)`) has no definition.
        public static let unresolvedVariable = Code(rawValue: "unresolved-variable")
        /// An app ID (`application-identifier` or a parent app ID) is not `<team ID>.<bundle ID>`.
        public static let appIDFormat = Code(rawValue: "app-id-format")
        /// An App Clip names no parent app, or more than one.
        public static let parentAppIDCount = Code(rawValue: "parent-app-id-count")
        /// An App Clip's parent app belongs to another team.
        public static let parentTeamMismatch = Code(rawValue: "parent-team-mismatch")
        /// An App Clip's bundle ID does not start with its parent app's bundle ID and a dot.
        public static let clipBundlePrefix = Code(rawValue: "clip-bundle-prefix")
        /// An App Clip has no `appclips:` entry, so no URL of a domain invokes it.
        public static let clipWithoutAppClipsEntry = Code(rawValue: "clip-without-appclips-entry")
        /// A URL scheme in the Info.plist is not a valid scheme (letters, digits, `+`, `-`, `.`; a letter first).
        public static let invalidScheme = Code(rawValue: "invalid-scheme")
        /// The Info.plist declares a URL scheme twice.
        public static let duplicateScheme = Code(rawValue: "duplicate-scheme")
        /// An entry's host is an IP address (v4 or v6): an entry names a fully qualified domain.
        public static let ipAddressHost = Code(rawValue: "ip-address-host")
        /// An entry's host is a single label, such as `localhost`: no public domain.
        public static let singleLabelHost = Code(rawValue: "single-label-host")
        /// An entry's host is a special-use name no public server answers for (RFC 6761's `.test`, `.invalid`,
        /// `.localhost`, `.example`; `.local`, `.onion`, `.home.arpa`, `.internal`).
        public static let specialUseHost = Code(rawValue: "special-use-host")
        /// An entry's host is a documentation placeholder (RFC 2606's `example.com`, `.net`, `.org`).
        public static let documentationDomain = Code(rawValue: "documentation-domain")
        /// An entry's host belongs to a service that has shut down (Firebase Dynamic Links' `*.page.link`).
        public static let shutDownService = Code(rawValue: "shut-down-service")
        /// An entry's host is a developer tunnel's (ngrok, localtunnel, Cloudflare quick tunnels, ...): information.
        public static let developerTunnel = Code(rawValue: "developer-tunnel")
        /// A key the lint reads holds a value of the wrong type (a string where the Associated Domains array
        /// belongs, an array where `CFBundleURLName`'s string belongs); the rest of the file is still checked.
        public static let wrongType = Code(rawValue: "wrong-type")
        /// A build setting Xcode sets when it builds and signs the app (`$(PRODUCT_BUNDLE_IDENTIFIER)`,
        /// `$(AppIdentifierPrefix)`, ...) has no definition: an information naming what was assumed.
        public static let assumedVariable = Code(rawValue: "assumed-variable")
        /// The Info.plist declares a URL scheme the system keeps for itself (`https`, `mailto`, `tel`, ...), and the
        /// app is not the kind the system hands it to (a default web browser, `com.apple.developer.web-browser`, for
        /// `http` and `https`; a default mail app, `com.apple.developer.mail-client`, for `mailto`).
        public static let systemScheme = Code(rawValue: "system-scheme")
        /// An entry's host belongs to a third-party service the app cannot publish a file on (a payment or sign-in
        /// provider's domain, a hosting provider's shared domain): a warning.
        public static let unverifiableHost = Code(rawValue: "unverifiable-host")
        /// With the routes: no `applinks` entry claims any host the routes associate, so no universal link reaches
        /// the app (an error).
        public static let routesNotClaimed = Code(rawValue: "routes-not-claimed")
        /// The file is not a well-formed XML or binary property list (an error: nothing else of it is linted).
        public static let malformedPropertyList = Code(rawValue: "malformed-property-list")
        /// The file's top-level value is not a dictionary (an error: nothing else of it is linted).
        public static let notDictionary = Code(rawValue: "not-dictionary")
    }
}

extension AppLinkDiagnostic {
    /// The diagnostic of a file the lint cannot read as a property list of settings: a malformed property list
    /// (`malformed-property-list`) or one whose top level is not a dictionary (`not-dictionary`), an error at the
    /// error's position, so that `app lint` reports a malformed file it lints as a finding (exit 1), as every lint
    /// does.
    ///
    /// - Parameter error: What reading the entitlements or the Info.plist threw.
    public init(_ error: AppLinkConfigurationError) {
        let isMalformed = error.kind == .malformedPropertyList
        self.init(
            severity: .error, code: isMalformed ? .malformedPropertyList : .notDictionary,
            message: error.message,
            hint: isMalformed
                ? "fix the property list at this position (`plutil -lint FILE` shows the context)"
                : "make the file's top-level value a <dict>",
            location: error.position.map { .init(file: error.file, keyPath: "", position: $0) })
    }
}
