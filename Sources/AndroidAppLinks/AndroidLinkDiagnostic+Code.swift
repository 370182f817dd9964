import FileLocations

/// A stable diagnostic code such as `fingerprint-format`.
///
/// Codes never change meaning; new ones may be added. Docs/Android.md lists every code with an example and the
/// fix.
public struct AndroidLinkDiagnosticCode: LintDiagnosticCode {
    /// The code's text.
    public var rawValue: String

    /// Creates a code from its text.
    ///
    /// - Parameter rawValue: The code's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    // MARK: assetlinks.json

    /// The file is not valid JSON, not UTF-8, or nested absurdly deep (with line and column).
    public static let jsonSyntax = Self(rawValue: "json-syntax")
    /// The file is larger than Android's verifier reads (1 MiB).
    public static let sizeLimit = Self(rawValue: "size-limit")
    /// The top-level value is not an array of statements.
    public static let notArray = Self(rawValue: "not-array")
    /// The array holds no statement.
    public static let emptyList = Self(rawValue: "empty-list")
    /// A statement is not an object, or misses `relation` or `target`: Android skips it.
    public static let invalidStatement = Self(rawValue: "invalid-statement")
    /// A known key holds a value of the wrong JSON type.
    public static let wrongType = Self(rawValue: "wrong-type")
    /// A key that no verifier reads (often a misspelling).
    public static let unknownKey = Self(rawValue: "unknown-key")
    /// A relation string is not `kind/detail` with lower-case letters, digits, `_` and `.`.
    public static let relationFormat = Self(rawValue: "relation-format")
    /// A statement for an Android app without `delegate_permission/common.handle_all_urls`: no App Link.
    public static let noHandleAllURLs = Self(rawValue: "no-handle-all-urls")
    /// A target's `namespace` is neither `android_app` nor `web`.
    public static let unknownNamespace = Self(rawValue: "unknown-namespace")
    /// `package_name` is missing, empty or not an Android package name.
    public static let packageName = Self(rawValue: "package-name")
    /// A fingerprint is not 32 upper-case hexadecimal octets separated by colons.
    public static let fingerprintFormat = Self(rawValue: "fingerprint-format")
    /// A fingerprint is a placeholder such as `XX:XX:...` or `SHA256_HERE`.
    public static let fingerprintPlaceholder = Self(rawValue: "fingerprint-placeholder")
    /// `sha256_cert_fingerprints` is missing, empty or not an array.
    public static let noFingerprints = Self(rawValue: "no-fingerprints")
    /// The same fingerprint is listed twice in one statement.
    public static let duplicateFingerprint = Self(rawValue: "duplicate-fingerprint")
    /// A `web` target's `site` is not an origin (`https://host[:port]`, no path, query or fragment, a port from 1
    /// to 65535): Android skips the statement.
    public static let webSite = Self(rawValue: "web-site")
    /// An include is not an `https` URL.
    public static let insecureInclude = Self(rawValue: "insecure-include")
    /// An include statement also carries `target` or `relation`: Android skips it.
    public static let includeWithTarget = Self(rawValue: "include-with-target")
    /// An include: AOSP's verifier follows one level of includes, Google's API deeper ones.
    public static let includeDepth = Self(rawValue: "include-depth")
    /// A dynamic rule (`dynamic_app_link_components`) is malformed or empty: all dynamic rules are discarded.
    public static let dynamicRuleInvalid = Self(rawValue: "dynamic-rule-invalid")
    /// The dynamic rules only exclude: a URL that no rule matches is excluded, so every URL is excluded.
    public static let dynamicRulesExcludeAll = Self(rawValue: "dynamic-rules-exclude-all")
    /// A `relation_extensions` key names a relation the statement does not have.
    public static let extensionWithoutRelation = Self(rawValue: "extension-without-relation")
    /// The file has statements about apps, and none grants a relation any verifier acts on (`handle_all_urls`,
    /// `get_login_creds`, `use_as_origin`), often a misspelled relation (`common.handle_all_url`): the file
    /// grants nothing to any app (an error).
    public static let grantsNothing = Self(rawValue: "grants-nothing")
    /// The file's path in a repository is not where a server serves it at `/.well-known/assetlinks.json`
    /// (`.well_known/`, `assetslinks.json`, `assetlinks.json.txt`, a web root without `.well-known/`): a warning
    /// naming the path it must have.
    public static let fileLocation = Self(rawValue: "file-location")
}

extension AndroidLinkDiagnosticCode {
    // MARK: AndroidManifest.xml and strings.xml

    /// The XML is malformed, too large, too deep, or uses an entity or document-type subset (with line and column).
    public static let xmlSyntax = Self(rawValue: "xml-syntax")
    /// A `${name}` placeholder has no definition (`--define NAME=VALUE`): the value is not taken as a host.
    public static let unresolvedPlaceholder = Self(rawValue: "unresolved-placeholder")
    /// A `@string/name` reference is in none of the `strings.xml` files given.
    public static let unresolvedString = Self(rawValue: "unresolved-string")
}

extension AndroidLinkDiagnosticCode {
    // MARK: The manifest's intent filters (AndroidManifestLinter)

    /// An `autoVerify` filter lacks `VIEW`, `BROWSABLE` or `DEFAULT`: Android verifies none of its hosts.
    public static let autoVerifyIncomplete = Self(rawValue: "autoverify-incomplete")
    /// An `autoVerify` filter declares a scheme other than `http`/`https`: Android verifies none of its hosts.
    public static let autoVerifyNonWebScheme = Self(rawValue: "autoverify-non-web-scheme")
    /// Paths given in a filter without a host: Android ignores them.
    public static let pathWithoutHost = Self(rawValue: "path-without-host")
    /// Hosts given in a filter without a scheme: the filter matches no URL.
    public static let hostWithoutScheme = Self(rawValue: "host-without-scheme")
    /// A `pathPattern` that does not do what it looks like (Android's glob).
    public static let pathPatternPitfall = Self(rawValue: "path-pattern-pitfall")
    /// A `*` in a plain `path`, `pathPrefix` or `pathSuffix`: compared literally.
    public static let literalStar = Self(rawValue: "literal-star")
    /// A path that does not start with `/`: no URL path matches it.
    public static let pathWithoutSlash = Self(rawValue: "path-without-slash")
    /// A `pathAdvancedPattern` Android rejects.
    public static let advancedPatternInvalid = Self(rawValue: "advanced-pattern-invalid")
    /// An attribute newer than the app's minimum SDK: older devices ignore it.
    public static let attributeNeedsNewerSDK = Self(rawValue: "attribute-needs-newer-sdk")
    /// A port on a host of an `autoVerify` filter: verification ignores ports, matching does not.
    public static let autoVerifyPort = Self(rawValue: "autoverify-port")
    /// An intent filter no link reaches (`<data>` and no action, or `VIEW` and `BROWSABLE` with no scheme or host).
    public static let unreachableFilter = Self(rawValue: "unreachable-filter")
    /// A scheme with an upper-case letter (`HTTPS`): Android compares schemes case-sensitively and links arrive
    /// in lower case, so the filter never matches (an error, not a custom scheme).
    public static let schemeCase = Self(rawValue: "scheme-case")
    /// `android:host` holds more than a host: a port (`example.com:3000`), a scheme, a path, whitespace or an
    /// upper-case letter (an error: Android compares the whole string, so no URL matches).
    public static let invalidHost = Self(rawValue: "invalid-host")
    /// A web filter without `autoVerify` whose hosts no verified filter declares: its links open the browser or a
    /// chooser, never the app directly (a warning).
    public static let webFilterWithoutAutoVerify = Self(rawValue: "web-filter-without-autoverify")
    /// A filter whose `<data>` elements read like separate host-path pairs: Android merges them into the cross
    /// product, so the filter claims more URLs than written (a warning naming them).
    public static let dataCrossProduct = Self(rawValue: "data-cross-product")
    /// A host of a service that has shut down (Firebase Dynamic Links' `*.page.link`, `*.app.goo.gl`): the same
    /// rule and list as the iOS lint's `shut-down-service` (a warning).
    public static let shutDownService = Self(rawValue: "shut-down-service")
    /// A host Android is asked to verify that belongs to a third-party service the app cannot publish a file on
    /// (a payment or sign-in provider, a hosting provider's shared domain): a warning, with what older Android
    /// versions lose (below Android 12 one failing host fails every host).
    public static let unverifiableHost = Self(rawValue: "unverifiable-host")
    /// A host Android is asked to verify that is a developer tunnel's (ngrok, localtunnel, ...): information.
    public static let developerTunnel = Self(rawValue: "developer-tunnel")

    // MARK: Both files together

    /// An `autoVerify` host whose `assetlinks.json` does not name the package and one of its fingerprints.
    public static let hostNotVerified = Self(rawValue: "host-not-verified")
    /// A wildcard host: its file is the bare domain's.
    public static let wildcardFileHost = Self(rawValue: "wildcard-file-host")
}
