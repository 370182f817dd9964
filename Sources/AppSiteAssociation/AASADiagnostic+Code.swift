import FileLocations

/// A stable diagnostic code such as `undefined-variable`.
///
/// Codes never change meaning; new ones may be added. Docs/AASA.md lists every code with an
/// example and the fix.
public struct AASADiagnosticCode: LintDiagnosticCode {
    /// The code's text, such as `wrong-type`.
    public var rawValue: String

    /// Creates a code from its text.
    ///
    /// - Parameter rawValue: The code's text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The file is not valid JSON (reported with line and column).
    public static let jsonSyntax = Self(rawValue: "json-syntax")
    /// The file is not valid UTF-8 (reported with line and column).
    public static let invalidUTF8 = Self(rawValue: "invalid-utf8")
    /// Arrays and objects nest deeper than any real file (reported with line and column).
    public static let nestingLimit = Self(rawValue: "nesting-limit")
    /// The file is larger than 128 KB (131,072 bytes).
    public static let sizeLimit = Self(rawValue: "size-limit")
    /// The top-level value is not a JSON object.
    public static let notObject = Self(rawValue: "not-object")
    /// A known key holds a value of the wrong JSON type.
    public static let wrongType = Self(rawValue: "wrong-type")
    /// A `details` entry has neither `appID` nor `appIDs`.
    public static let missingAppID = Self(rawValue: "missing-app-id")
    /// An app ID is the empty string, or `appIDs` is empty.
    public static let emptyAppID = Self(rawValue: "empty-app-id")
    /// An app ID is not `<team ID>.<bundle ID>` with both parts non-empty (such as a team ID with
    /// no bundle ID).
    public static let appIDFormat = Self(rawValue: "app-id-format")
    /// An app ID's prefix is not a 10-character alphanumeric team ID (also an app ID that starts
    /// with the bundle ID), so it matches no app: an error since this release, a warning before.
    public static let teamIDLength = Self(rawValue: "team-id-length")
    /// An app ID has a placeholder such as `TEAMID`, `APPLE_TEAM_ID` or `$(AppIdentifierPrefix)`
    /// where the team ID belongs.
    public static let placeholderAppID = Self(rawValue: "placeholder-app-id")
    /// An app ID that may still work but probably does not: a lower-case team ID, or a bundle ID
    /// with characters bundle IDs cannot hold.
    public static let unusualAppID = Self(rawValue: "unusual-app-id")
    /// A `?` dictionary holds a non-string value, so iOS ignores the whole dictionary.
    public static let queryNonString = Self(rawValue: "query-non-string")
    /// A pattern uses `$(name)` for a variable that is neither built in nor defined.
    public static let undefinedVariable = Self(rawValue: "undefined-variable")
    /// A pattern has a `$(` without a closing `)`, or an empty or invalid name inside.
    public static let malformedVariable = Self(rawValue: "malformed-variable")
    /// A substitution variable's value uses another variable.
    public static let nestedVariable = Self(rawValue: "nested-variable")
    /// A substitution variable's name contains `$`, `(` or `)`, or is empty.
    public static let invalidVariableName = Self(rawValue: "invalid-variable-name")
    /// An entry mixes `appID` with `components`.
    public static let mixedAppIDComponents = Self(rawValue: "mixed-appid-components")
    /// An entry mixes `appIDs` with legacy `paths`.
    public static let mixedAppIDsPaths = Self(rawValue: "mixed-appids-paths")
    /// The legacy `applinks.apps` array is not empty.
    public static let appsNotEmpty = Self(rawValue: "apps-not-empty")
    /// A `/` pattern contains `#`, which never occurs in a path.
    public static let hashInPath = Self(rawValue: "hash-in-path")
    /// A `/` pattern contains `?` followed by `=`, apparently meant as a query.
    public static let queryInPath = Self(rawValue: "query-in-path")
    /// An `exclude` rule's query dictionary uses `*` for an item, which also matches URLs without it.
    public static let excludeQueryWildcard = Self(rawValue: "exclude-query-wildcard")
    /// A rule can never decide because an earlier rule covers every URL it could match.
    public static let unreachableRule = Self(rawValue: "unreachable-rule")
    /// A key iOS does not know; it is silently ignored.
    public static let unknownKey = Self(rawValue: "unknown-key")
    /// A key appears twice in one object; the last one wins.
    public static let duplicateKey = Self(rawValue: "duplicate-key")
    /// An entry has both `components` and `paths`; `paths` is ignored.
    public static let pathsIgnored = Self(rawValue: "paths-ignored")
    /// The server sends the file with a content type other than `application/json`.
    public static let contentType = Self(rawValue: "content-type")
    /// A substitution variable is defined but never used.
    public static let unusedVariable = Self(rawValue: "unused-variable")
    /// A key is nested at the wrong level (`details` at the top level, `components` directly in
    /// `applinks`, `details` as one entry object instead of an array, `details` in
    /// `webcredentials`), so iOS ignores it.
    public static let wrongNesting = Self(rawValue: "wrong-nesting")
    /// A service such as `webcredentials` lists no app (`"apps": []` or no `apps`).
    public static let serviceWithoutApps = Self(rawValue: "service-without-apps")
    /// The file has an `appclips` section but no `applinks`: the App Clip's URLs never open the full app once it is
    /// installed.
    public static let appClipsWithoutAppLinks = Self(rawValue: "appclips-without-applinks")
    /// `applinks` has no `details`, so it claims no URL.
    public static let applinksWithoutDetails = Self(rawValue: "applinks-without-details")
    /// An entry has `"components": []`, so it claims no URL.
    public static let emptyComponents = Self(rawValue: "empty-components")
    /// A legacy path starts with `NOT` without the space (`NOT/x`) or in lower case (`not /x`):
    /// it is a literal path, not an exclusion.
    public static let notPrefix = Self(rawValue: "not-prefix")
    /// A path pattern starts with a URL or a host (`https://example.com/buy/*`, `example.com/buy`).
    public static let urlInPattern = Self(rawValue: "url-in-pattern")
    /// A `defaults` dictionary has `"exclude": true`, which turns every rule into an exclusion.
    public static let defaultsExclude = Self(rawValue: "defaults-exclude")
    /// A path pattern starts with `*/`, which does not match the path without a segment before it.
    public static let leadingStarSlash = Self(rawValue: "leading-star-slash")
    /// The file starts with a UTF-8 byte-order mark.
    public static let byteOrderMark = Self(rawValue: "byte-order-mark")
    /// The unreachable-rule analysis gave up on some rules (its work budget ran out); nothing is
    /// known about them (severity info).
    public static let analysisSkipped = Self(rawValue: "analysis-skipped")
    /// The file has no section iOS reads (`{}`, only misspelled keys such as `appLinks` or `applink`): it grants
    /// nothing to any app (an error).
    public static let grantsNothing = Self(rawValue: "grants-nothing")
    /// The file's path in a repository is not where a server serves it at
    /// `/.well-known/apple-app-site-association` (`apple-app-site-association.json`, a web root without
    /// `.well-known/`, `.well_known/`): a warning naming the path it must have.
    public static let fileLocation = Self(rawValue: "file-location")
}
