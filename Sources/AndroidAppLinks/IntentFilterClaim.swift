import FileLocations

/// What one intent filter claims as links from a browser: its schemes × hosts (each with the port of its own
/// `<data>` element) × path rules, as Android receives the values (after `${placeholders}`, `@string/` references
/// and the resource compiler's escapes), and whether Android verifies its hosts.
///
/// This is the claim ``IntentFilter/match(_:)`` decides URLs with: the lint (`app lint --manifest`), `assetlinks
/// match`, `check --manifest` and `doctor` all read a filter through it, so they agree on what it claims.
///
/// The `<data>` elements of a filter merge into sets (spec §3): every scheme combines with every host and every
/// path rule, whatever element each is written on. A host counts only when the filter has a scheme, path rules only
/// when it has a host (else ``ignoredPaths``), and a port only on its host's own element. No host means every host
/// of the schemes; no path rule (and no relative filter group) means every path.
///
/// <!-- snippet: IntentFilterClaimDocExample -->
/// ```swift
/// let manifest = try AndroidManifest(
///     parsing: manifestBytes, resources: ManifestResources(placeholders: ["webHost": "example.com"]))
/// for claim in IntentFilterClaim.claims(of: manifest) where claim.takesLinks {
///     print(claim.activity, claim.verified ? "verified" : "not verified", claim.origins, claim.pathsText)
/// }
/// ```
public struct IntentFilterClaim: Sendable, Hashable {
    /// A host entry: the host with the port written on its own `<data>` element.
    public struct Authority: Sendable, Hashable {
        /// `android:host` (its ``ManifestValue/value`` is nil when a placeholder or reference is unresolved: such a
        /// host matches no URL).
        public var host: ManifestValue
        /// `android:port` of the same `<data>` element, or nil.
        public var port: ManifestValue?

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - host: The host.
        ///   - port: The port of its element.
        public init(host: ManifestValue, port: ManifestValue? = nil) {
            self.host = host
            self.port = port
        }

        /// `host[:port]`, as Android receives it (the source text when unresolved).
        public var text: String {
            (host.value ?? host.source) + (port.map { ":" + ($0.value ?? $0.source) } ?? "")
        }
    }

    /// A path rule: `path`, `pathPrefix`, `pathSuffix`, `pathPattern` or `pathAdvancedPattern`.
    public struct PathRule: Sendable, Hashable {
        /// The attribute's name without `android:`, such as `pathPrefix`.
        public var attribute: String
        /// Its value.
        public var value: ManifestValue
        /// The compiled pattern, or nil when Android rejects it (an invalid `pathAdvancedPattern`: the app does not
        /// install) or the value is unresolved.
        public var pattern: AndroidPattern?

        /// Creates a rule, compiling its pattern.
        ///
        /// - Parameters:
        ///   - attribute: The attribute's name (`path`, `pathPrefix`, `pathSuffix`, `pathPattern` or
        ///     `pathAdvancedPattern`).
        ///   - value: Its value.
        public init(attribute: String, value: ManifestValue) {
            self.attribute = attribute
            self.value = value
            self.pattern = value.value.flatMap { text in
                IntentFilter.pathKind(attribute, part: "path").flatMap { try? AndroidPattern($0, text) }
            }
        }

        /// Whether Android rejects the rule's pattern: an invalid `pathAdvancedPattern`, which makes the package
        /// parser refuse to install the app.
        public var isRejected: Bool { pattern == nil && value.value != nil }

        /// `attribute=value`, as Android receives the value (the source text when unresolved).
        public var text: String { "\(attribute)=\(value.value ?? value.source)" }
    }

    /// The activity (or activity alias) the filter belongs to.
    public var activity: String
    /// Where the `<intent-filter>` is.
    public var location: FileLocation
    /// Whether Android verifies the filter's hosts: for an app targeting API 31 or later, an `autoVerify` filter
    /// with `VIEW`, `BROWSABLE`, `DEFAULT` and only `http`/`https` schemes; below API 31, every web filter once one
    /// filter asks (spec §2). Whether a host then *is* verified depends on its site's file.
    public var verified: Bool
    /// Why the filter takes no link from a browser (no `VIEW`, a missing category, no scheme, a MIME type), or
    /// nil when it takes links.
    public var noLinks: FilterMismatch?
    /// The schemes (compared case-sensitively).
    public var schemes: [ManifestValue]
    /// The host entries (empty: every host of the schemes).
    public var authorities: [Authority]
    /// The path rules (empty, with no relative filter group: every path).
    public var paths: [PathRule]
    /// The `<uri-relative-filter-group>` elements (API 35), tried after the plain path rules.
    public var relativeFilterGroups: [RelativeFilterGroup]
    /// Path rules of a filter without a host: Android ignores them.
    public var ignoredPaths: [PathRule]

    /// Whether the filter takes links from a browser at all (``noLinks`` is nil).
    public var takesLinks: Bool { noLinks == nil }

    /// Every scheme combined with every host entry, as `scheme://host[:port]` (`scheme:` alone when the filter has
    /// no host: every URL of the scheme); unresolved values show their source text.
    public var origins: [String] {
        schemes.flatMap { scheme -> [String] in
            let name = scheme.value ?? scheme.source
            return authorities.isEmpty ? [name + ":"] : authorities.map { name + "://" + $0.text }
        }
    }

    /// The path rules in words: `path=/, pathPrefix=/shop/`, with the relative filter groups counted, or
    /// `every path`.
    public var pathsText: String {
        var parts = paths.map(\.text)
        if !relativeFilterGroups.isEmpty {
            parts.append(
                "\(relativeFilterGroups.count) uri-relative-filter-group\(relativeFilterGroups.count == 1 ? "" : "s")")
        }
        return parts.isEmpty ? "every path" : parts.joined(separator: ", ")
    }

    /// The claim of every intent filter of `manifest`, in file order.
    ///
    /// - Parameters:
    ///   - manifest: The manifest (placeholders and strings resolved as it was read).
    ///   - targetSDK: The app's target SDK (default: the manifest's, else 35): below 31 every web filter's hosts are
    ///     verified once one filter asks.
    /// - Returns: One claim per filter.
    /// - Complexity: O(*n*) in the filters' `<data>` attributes.
    public static func claims(of manifest: AndroidManifest, targetSDK: Int? = nil) -> [IntentFilterClaim] {
        let target = targetSDK ?? manifest.targetSDK ?? 35
        let anyAsks = manifest.intentFilters.contains { $0.filter.isAutoVerifyEligible }
        return manifest.intentFilters.map { activity, filter in
            var claim = filter.claim
            claim.activity = activity.name
            claim.verified =
                target >= DomainVerificationRules.perHostAPILevel
                ? filter.isAutoVerifyEligible : anyAsks && filter.handlesWebURIs(onlyWebSchemes: false)
            return claim
        }
    }
}

extension IntentFilter {
    /// The filter's claim as links (``IntentFilterClaim``), the one reading of its `<data>` elements that
    /// ``match(_:)`` decides with; ``IntentFilterClaim/activity`` is empty and ``IntentFilterClaim/verified`` is
    /// whether the filter itself asks for verification (``isAutoVerifyEligible``).
    public var claim: IntentFilterClaim {
        let categories = self.categories.compactMap(\.value)
        var noLinks: FilterMismatch?
        if !actions.contains(where: { $0.value == Self.viewAction }) {
            noLinks = .noViewAction
        } else if let missing = Self.linkCategories.first(where: { !categories.contains($0) }) {
            noLinks = .missingCategory(missing)
        }
        // `IntentFilter.addDataScheme` keeps each scheme once.
        var schemes: [ManifestValue] = []
        var seen = Set<String>()
        for scheme in dataValues("scheme") where seen.insert(scheme.value ?? "").inserted {
            schemes.append(scheme)
        }
        if noLinks == nil, schemes.isEmpty { noLinks = .noScheme }
        if noLinks == nil, !dataValues("mimeType").isEmpty { noLinks = .mimeType }
        // An unresolved host still makes the filter one with hosts, but never matches.
        let authorities = data.compactMap { element in
            element["host"].map { IntentFilterClaim.Authority(host: $0, port: element["port"]) }
        }
        let rules = data.flatMap { element in
            element.attributes.compactMap { attribute in
                Self.pathKind(attribute.name, part: "path") == nil || attribute.value.value == nil
                    ? nil : IntentFilterClaim.PathRule(attribute: attribute.name, value: attribute.value)
            }
        }
        let hasHosts = !authorities.isEmpty
        return IntentFilterClaim(
            activity: "", location: location, verified: isAutoVerifyEligible, noLinks: noLinks, schemes: schemes,
            authorities: schemes.isEmpty ? [] : authorities, paths: hasHosts ? rules : [],
            relativeFilterGroups: hasHosts ? relativeFilterGroups : [], ignoredPaths: hasHosts ? [] : rules)
    }
}
