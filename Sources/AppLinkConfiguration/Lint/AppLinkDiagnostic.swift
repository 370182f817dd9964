import FileLocations

/// One problem the entitlements lint found: severity, stable code, message, fix and where; the one diagnostic shape,
/// ``LintDiagnostic``, with the app lint's codes (``AppLinkDiagnosticCode``), in the entitlements (`.entitlements`)
/// or the `Info.plist` (`.infoPlist`).
///
/// Its place is a property list's key path with its position (its `location` gives it as the app's
/// `AppLinkConfiguration.Location`); a problem of the whole file, such as a missing key, has none.
///
/// <!-- snippet: AppLinkDiagnosticDocExample -->
/// ```swift
/// let report = AppLinkLinter.lint(configuration, options: .init(release: true))
/// for diagnostic in report.diagnostics {
///     print(diagnostic.severity, diagnostic.code, diagnostic.message)
/// }
/// ```
public typealias AppLinkDiagnostic = LintDiagnostic<AppLinkDiagnosticCode>

extension LintDiagnostic where C == AppLinkDiagnosticCode {
    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: Error, warning or information.
    ///   - code: The stable code.
    ///   - message: What is wrong.
    ///   - hint: How to fix it (the ``LintDiagnostic/fix``).
    ///   - location: Where the offending value is.
    public init(
        severity: Severity, code: Code, message: String, hint: String, location: AppLinkConfiguration.Location?
    ) {
        self.init(severity: severity, code: code, message: message, fix: hint)
        self.location = location
    }

    /// Where the offending value is (nil for a problem of the whole file, such as a missing key): the
    /// ``LintDiagnostic/file`` and ``LintDiagnostic/place`` as the app's location.
    public var location: AppLinkConfiguration.Location? {
        get {
            let files: [AppLinkConfiguration.File] = [.entitlements, .infoPlist]
            guard let kind = files.first(where: { $0.reportFile == file }) else { return nil }
            let offset = place.byteOffset ?? 0
            let position =
                if let line = place.line, let column = place.column {
                    PropertyListPosition(line: line, column: column, byteOffset: offset)
                } else {
                    PropertyListPosition(byteOffset: offset)
                }
            return AppLinkConfiguration.Location(file: kind, keyPath: place.keyPath ?? "", position: position)
        }
        set {
            file = newValue?.file.reportFile
            place = newValue?.fileLocation ?? FileLocation()
        }
    }

    /// The place as the link modules' shared `FileLocation` (line and column in an XML file), nil without a
    /// location.
    public var fileLocation: FileLocation? { file == nil ? nil : place }
}

/// A stable diagnostic code such as `developer-mode`.
///
/// Codes never change meaning; new ones may be added. Docs/AppConfiguration.md lists every code with an
/// example and the fix.
public struct AppLinkDiagnosticCode: LintDiagnosticCode {
    /// The code's text.
    public var rawValue: String

    /// Creates a code from its text.
    ///
    /// - Parameter rawValue: The code's text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// An entry's service is not `applinks`, `webcredentials`, `appclips` or `activitycontinuation` (or missing).
    public static let unknownService = Self(rawValue: "unknown-service")
    /// An entry has a URL scheme (`applinks:https://example.com`).
    public static let schemeInEntry = Self(rawValue: "scheme-in-entry")
    /// An entry has a path (`applinks:example.com/app`).
    public static let pathInEntry = Self(rawValue: "path-in-entry")
    /// An entry has a port (`applinks:example.com:8443`): an error, Apple's format has no port.
    public static let portInEntry = Self(rawValue: "port-in-entry")
    /// An entry has no host.
    public static let emptyHost = Self(rawValue: "empty-host")
    /// An entry's host is not a host name (empty label, characters a host cannot hold, a wildcard inside).
    public static let invalidHost = Self(rawValue: "invalid-host")
    /// An entry's host has non-ASCII characters: iOS expects the punycode (`xn--`) form.
    public static let nonASCIIHost = Self(rawValue: "non-ascii-host")
    /// The same service and host appear twice.
    public static let duplicateEntry = Self(rawValue: "duplicate-entry")
    /// `*.host` without `host` itself (the wildcard does not cover it): an error when the routes use `host`, a
    /// warning otherwise.
    public static let wildcardWithoutBase = Self(rawValue: "wildcard-without-base")
    /// `?mode=developer`: a warning, an error in a release build.
    public static let developerMode = Self(rawValue: "developer-mode")
    /// A `?mode=` other than `developer`, `managed` or `developer+managed`.
    public static let unknownMode = Self(rawValue: "unknown-mode")
    /// More entries than iOS is known to handle.
    public static let tooManyEntries = Self(rawValue: "too-many-entries")
    /// A build variable (`$(NAME)`) has no definition.
    public static let unresolvedVariable = Self(rawValue: "unresolved-variable")
    /// An app ID (`application-identifier` or a parent app ID) is not `<team ID>.<bundle ID>`.
    public static let appIDFormat = Self(rawValue: "app-id-format")
    /// An App Clip names no parent app, or more than one.
    public static let parentAppIDCount = Self(rawValue: "parent-app-id-count")
    /// An App Clip's parent app belongs to another team.
    public static let parentTeamMismatch = Self(rawValue: "parent-team-mismatch")
    /// An App Clip's bundle ID does not start with its parent app's bundle ID and a dot.
    public static let clipBundlePrefix = Self(rawValue: "clip-bundle-prefix")
    /// An App Clip has no `appclips:` entry, so no URL of a domain invokes it.
    public static let clipWithoutAppClipsEntry = Self(rawValue: "clip-without-appclips-entry")
    /// A URL scheme in the Info.plist is not a valid scheme (letters, digits, `+`, `-`, `.`; a letter first).
    public static let invalidScheme = Self(rawValue: "invalid-scheme")
    /// The Info.plist declares a URL scheme twice.
    public static let duplicateScheme = Self(rawValue: "duplicate-scheme")
    /// An entry's host is an IP address (v4 or v6): an entry names a fully qualified domain.
    public static let ipAddressHost = Self(rawValue: "ip-address-host")
    /// An entry's host is a single label, such as `localhost`: no public domain.
    public static let singleLabelHost = Self(rawValue: "single-label-host")
    /// An entry's host is a special-use name no public server answers for (RFC 6761's `.test`, `.invalid`,
    /// `.localhost`, `.example`; `.local`, `.onion`, `.home.arpa`, `.internal`).
    public static let specialUseHost = Self(rawValue: "special-use-host")
    /// An entry's host is a documentation placeholder (RFC 2606's `example.com`, `.net`, `.org`).
    public static let documentationDomain = Self(rawValue: "documentation-domain")
    /// An entry's host belongs to a service that has shut down (Firebase Dynamic Links' `*.page.link`).
    public static let shutDownService = Self(rawValue: "shut-down-service")
    /// An entry's host is a developer tunnel's (ngrok, localtunnel, Cloudflare quick tunnels, ...): information.
    public static let developerTunnel = Self(rawValue: "developer-tunnel")
    /// A key the lint reads holds a value of the wrong type (a string where the Associated Domains array
    /// belongs, an array where `CFBundleURLName`'s string belongs); the rest of the file is still checked.
    public static let wrongType = Self(rawValue: "wrong-type")
    /// A build setting Xcode sets when it builds and signs the app (`$(PRODUCT_BUNDLE_IDENTIFIER)`,
    /// `$(AppIdentifierPrefix)`, ...) has no definition: an information naming what was assumed.
    public static let assumedVariable = Self(rawValue: "assumed-variable")
    /// The Info.plist declares a URL scheme the system keeps for itself (`https`, `mailto`, `tel`, ...), and the
    /// app is not the kind the system hands it to (a default web browser, `com.apple.developer.web-browser`, for
    /// `http` and `https`; a default mail app, `com.apple.developer.mail-client`, for `mailto`).
    public static let systemScheme = Self(rawValue: "system-scheme")
    /// An entry's host belongs to a third-party service the app cannot publish a file on (a payment or sign-in
    /// provider's domain, a hosting provider's shared domain): a warning.
    public static let unverifiableHost = Self(rawValue: "unverifiable-host")
    /// With the routes: no `applinks` entry claims any host the routes associate, so no universal link reaches
    /// the app (an error).
    public static let routesNotClaimed = Self(rawValue: "routes-not-claimed")
    /// The file is not a well-formed XML or binary property list (an error: nothing else of it is linted).
    public static let malformedPropertyList = Self(rawValue: "malformed-property-list")
    /// The file's top-level value is not a dictionary (an error: nothing else of it is linted).
    public static let notDictionary = Self(rawValue: "not-dictionary")
}

extension AppLinkDiagnosticCode {
    /// The file and the position, as `entitlements 7:9` or `Info.plist byte 390`; `entitlements` for a problem of
    /// the whole file.
    ///
    /// - Parameters:
    ///   - place: The place in the file.
    ///   - file: The file (`.entitlements` or `.infoPlist`), nil for none.
    /// - Returns: The text.
    public static func describedPlace(_ place: FileLocation, in file: ReportFile?) -> String {
        let name = file == .infoPlist ? AppLinkConfiguration.File.infoPlist : .entitlements
        return file == nil ? "entitlements" : "\(name) \(place)"
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
