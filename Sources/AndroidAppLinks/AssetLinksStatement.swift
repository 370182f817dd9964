import FileLocations

/// One statement of an `assetlinks.json` file: relations about a target, or an include of another file.
public struct AssetLinksStatement: Sendable, Hashable {
    /// The relation that makes App Links: `delegate_permission/common.handle_all_urls`.
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    /// The relation that shares credentials: `delegate_permission/common.get_login_creds`.
    public static let getLoginCredentials = "delegate_permission/common.get_login_creds"
    /// The relation that lets a web origin act for the app in Custom Tabs' `postMessage` and Trusted Web Activities:
    /// `delegate_permission/common.use_as_origin`.
    public static let useAsOrigin = "delegate_permission/common.use_as_origin"
    /// The relations a verifier acts on: ``handleAllURLs``, ``getLoginCredentials`` and ``useAsOrigin``. A file
    /// whose statements carry none of them grants nothing (`grants-nothing`).
    public static let knownRelations = [handleAllURLs, getLoginCredentials, useAsOrigin]

    /// The relations, as written (valid `kind/detail` strings only).
    public var relations: [String]
    /// The target asset; nil for an include statement.
    public var target: AssetLinksTarget?
    /// The URL of the file an include statement includes; nil for a statement with a target.
    public var include: String?
    /// The dynamic rules of `relation_extensions["delegate_permission/common.handle_all_urls"]`, in order; nil when
    /// the statement has none or when they are discarded (a malformed or empty rule discards them all).
    public var dynamicRules: [DynamicAppLinkRule]?
    /// Whether the statement had dynamic rules that Android discards because one of them is malformed.
    public var dynamicRulesDiscarded: Bool
    /// Where the statement is: its pointer (`/0`) with its line and column.
    public var location: FileLocation

    /// Creates a statement.
    ///
    /// - Parameters:
    ///   - relations: The relation strings.
    ///   - target: The target asset, or nil for an include.
    ///   - include: The included file's URL, or nil.
    ///   - dynamicRules: The dynamic rules, or nil.
    ///   - dynamicRulesDiscarded: Whether malformed dynamic rules were discarded.
    ///   - location: Where the statement is.
    public init(
        relations: [String], target: AssetLinksTarget?, include: String? = nil,
        dynamicRules: [DynamicAppLinkRule]? = nil, dynamicRulesDiscarded: Bool = false,
        location: FileLocation = FileLocation(pointer: .root)
    ) {
        self.relations = relations
        self.target = target
        self.include = include
        self.dynamicRules = dynamicRules
        self.dynamicRulesDiscarded = dynamicRulesDiscarded
        self.location = location
    }

    /// Whether the statement grants App Links: the `handle_all_urls` relation and an `android_app` target.
    public var grantsAppLinks: Bool {
        guard relations.contains(Self.handleAllURLs), case .androidApp = target else { return false }
        return true
    }
}

/// The asset a statement is about.
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum AssetLinksTarget: Sendable, Hashable {
    /// `{"namespace": "android_app", "package_name": ..., "sha256_cert_fingerprints": [...]}`: the package name and
    /// the fingerprints as written (any of them may sign the app).
    case androidApp(packageName: String, fingerprints: [String])
    /// `{"namespace": "web", "site": ...}`: the site as written.
    case web(site: String)
}

/// One rule of `dynamic_app_link_components` (Dynamic App Links, Android 15 with Google Play services).
///
/// A rule matches a URL when each part it names matches: `/` the decoded path, `?` every listed parameter some
/// parameter of the URL, `#` the decoded fragment. Patterns use `*` (zero or more characters), `?` (one) and `?*`
/// (one or more), case-sensitively. The first rule that matches decides; no match means excluded.
public struct DynamicAppLinkRule: Sendable, Hashable {
    /// The `/` path pattern, or nil for any path.
    public var path: String?
    /// The `?` parameter patterns, in file order: each name must be a parameter of the URL whose value matches.
    public var query: [QueryParameter]
    /// The `#` fragment pattern, or nil for any fragment.
    public var fragment: String?
    /// Whether a URL this rule matches is excluded (`"exclude": true`).
    public var exclude: Bool
    /// Where the rule is.
    public var location: FileLocation

    /// One `name: pattern` pair of a rule's `?` object.
    public struct QueryParameter: Sendable, Hashable {
        /// The parameter's name.
        public var name: String
        /// The pattern its value must match.
        public var pattern: String

        /// Creates a parameter rule.
        ///
        /// - Parameters:
        ///   - name: The parameter's name.
        ///   - pattern: The value pattern.
        public init(name: String, pattern: String) {
            self.name = name
            self.pattern = pattern
        }
    }

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - path: The path pattern, or nil.
    ///   - query: The parameter patterns.
    ///   - fragment: The fragment pattern, or nil.
    ///   - exclude: Whether the rule excludes.
    ///   - location: Where the rule is.
    public init(
        path: String? = nil, query: [QueryParameter] = [], fragment: String? = nil, exclude: Bool = false,
        location: FileLocation = FileLocation(pointer: .root)
    ) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.location = location
    }
}
