/// The `<data>` combination of a filter that accepted a URL: the scheme, the host entry (with its port), and the
/// path rule (a plain path attribute, or a relative filter group), each with where it is declared.
public struct DataCombination: Sendable, Hashable {
    /// The scheme that matched.
    public var scheme: ManifestValue
    /// The host that matched (nil when the filter has no host: it accepts the scheme alone).
    public var host: ManifestValue?
    /// The port declared on the host's `<data>` element, if any.
    public var port: ManifestValue?
    /// The path attribute that matched (nil: the filter has no path rule, so every path).
    public var path: (name: String, value: ManifestValue)?
    /// The index of the relative filter group that allowed the URL, if a group decided.
    public var relativeFilterGroup: Int?

    /// Equal when every part is.
    public static func == (lhs: DataCombination, rhs: DataCombination) -> Bool {
        lhs.scheme == rhs.scheme && lhs.host == rhs.host && lhs.port == rhs.port && lhs.path?.name == rhs.path?.name
            && lhs.path?.value == rhs.path?.value && lhs.relativeFilterGroup == rhs.relativeFilterGroup
    }

    /// Hashes every part.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(host)
        hasher.combine(port)
        hasher.combine(path?.name)
        hasher.combine(path?.value)
        hasher.combine(relativeFilterGroup)
    }
}

/// Why a filter does not accept a URL: the first check of `IntentFilter.match` that fails.
///
/// New cases may be added in a minor version: switch over it with an `@unknown default` case.
#if hasAttribute(nonexhaustive)
    @nonexhaustive
#endif
public enum FilterMismatch: Error, Sendable, Hashable {
    /// The filter has no `android.intent.action.VIEW`.
    case noViewAction
    /// The filter lacks `android.intent.category.BROWSABLE` or `DEFAULT`, which a link from a browser carries.
    case missingCategory(String)
    /// The filter declares no scheme (it matches only intents without data).
    case noScheme
    /// The URL's scheme is not one of the filter's (compared case-sensitively).
    case scheme(String)
    /// The filter declares a MIME type; a link has none.
    case mimeType
    /// No host of the filter matches the URL's host (or the port differs).
    case host(String)
    /// No path rule (nor relative filter group) of the filter accepts the decoded path.
    case path(String)
}

extension IntentFilter {
    /// The categories a link from a browser carries: `BROWSABLE`, and `DEFAULT` for an implicit start.
    public static let linkCategories = ["android.intent.category.BROWSABLE", "android.intent.category.DEFAULT"]
    /// `android.intent.action.VIEW`.
    public static let viewAction = "android.intent.action.VIEW"

    /// The resolved values of `<data android:NAME>` across the filter's `<data>` elements.
    public func dataValues(_ name: String) -> [ManifestValue] {
        data.compactMap { $0[name] }.filter { $0.value != nil }
    }

    /// The schemes (resolved values only).
    public var schemes: [String] { dataValues("scheme").compactMap(\.value) }

    /// The hosts Android asks to verify for this filter (spec §2): all of its hosts, whatever `<data>` line they
    /// are on, when the filter has `autoVerify`, `VIEW`, `BROWSABLE`, `DEFAULT`, at least one scheme and only `http`
    /// and `https`; otherwise none.
    public var verificationHosts: [String] {
        guard isAutoVerifyEligible else { return [] }
        return dataValues("host").compactMap(\.value)
    }

    /// Whether the filter asks for verification and qualifies (`autoVerify` and web-only).
    public var isAutoVerifyEligible: Bool { autoVerify && handlesWebURIs(onlyWebSchemes: true) }

    /// `IntentFilter.handlesWebUris`: `VIEW`, `BROWSABLE`, `DEFAULT`, a scheme, and only web schemes (or any web
    /// scheme when `onlyWebSchemes` is false).
    public func handlesWebURIs(onlyWebSchemes: Bool) -> Bool {
        // Without building arrays: the coverage check decides every example it reports, over every filter.
        guard actions.contains(where: { $0.value == Self.viewAction }),
            Self.linkCategories.allSatisfy({ category in categories.contains { $0.value == category } })
        else { return false }
        var anyScheme = false
        var anyWeb = false
        var allWeb = true
        for element in data {
            guard let scheme = element["scheme"]?.value else { continue }
            anyScheme = true
            let web = scheme == "http" || scheme == "https"
            anyWeb = anyWeb || web
            allWeb = allWeb && web
        }
        guard anyScheme else { return false }
        return onlyWebSchemes ? allWeb : anyWeb
    }

    /// Whether this filter accepts a link to `uri` from a browser (`IntentFilter.match` with action `VIEW`,
    /// categories `BROWSABLE` and `DEFAULT`, no MIME type), and with which `<data>` combination.
    ///
    /// The `<data>` elements form sets: schemes, hosts (each with the port of its own element), paths; the filter
    /// accepts every combination. A host counts only when the filter has a scheme, paths only when it has a host.
    /// Hosts compare ignoring case, `*` at a host's start matches by suffix, a declared port must equal the URL's
    /// explicit port; the path is the decoded `Uri.getPath()`. Relative filter groups (API 35) are tried in order
    /// after the plain paths, and the first that matches decides.
    ///
    /// - Parameter uri: The URL.
    /// - Returns: The combination, or the first mismatch.
    public func match(_ uri: AndroidURI) -> Result<DataCombination, FilterMismatch> {
        claim.match(uri, pathUnits: Array(uri.path.utf16))
    }

    /// The path attributes of the filter's own `<data>` elements, compiled (nil pattern: Android rejects it), whether
    /// or not the filter has a host (``IntentFilterClaim/paths`` are the ones that count).
    public var pathRules: [(name: String, value: ManifestValue, pattern: AndroidPattern?)] {
        let claim = self.claim
        return (claim.paths + claim.ignoredPaths).map { ($0.attribute, $0.value, $0.pattern) }
    }

    /// The pattern kind of `pathPrefix` and friends (`part` is `path`, `query` or `fragment`).
    package static func pathKind(_ name: String, part: String) -> AndroidPattern.Kind? {
        guard name.hasPrefix(part) else { return nil }
        let suffix = name.dropFirst(part.count)
        return AndroidPattern.Kind.allCases.first { $0.attributeSuffix == suffix }
    }

    /// `AuthorityEntry.match`: case-insensitive, `*` prefix by suffix, a declared port equal to the URL's.
    package static func hostMatches(_ declared: String, _ port: String?, _ uri: AndroidURI, _ host: String) -> Bool {
        // Without copying the strings: the coverage check decides every example over every filter. ASCII alone
        // compares as bytes (its UTF-16 units are its UTF-8 bytes).
        let wild = declared.hasPrefix("*")
        // An exact ASCII host, the usual case, compared in one pass over both strings (a string is ASCII exactly
        // when it has as many UTF-8 bytes as UTF-16 units, which an ASCII string knows without a scan).
        if !wild, declared.utf8.count == declared.utf16.count, host.utf8.count == host.utf16.count {
            guard host.utf8.count == declared.utf8.count,
                host.utf8.elementsEqual(declared.utf8, by: { foldCase(UInt16($0)) == foldCase(UInt16($1)) })
            else { return false }
            return portMatches(port, uri)
        }
        if declared.utf8.allSatisfy({ $0 < 0x80 }), host.utf8.allSatisfy({ $0 < 0x80 }) {
            let wanted = declared.utf8.dropFirst(wild ? 1 : 0)
            let bytes = host.utf8
            guard wild ? bytes.count >= wanted.count : bytes.count == wanted.count,
                bytes.suffix(wanted.count).elementsEqual(wanted, by: { foldCase(UInt16($0)) == foldCase(UInt16($1)) })
            else { return false }
            return portMatches(port, uri)
        }
        let wanted = declared.utf16.dropFirst(wild ? 1 : 0)
        let units = host.utf16
        let count = wanted.count
        guard wild ? units.count >= count : units.count == count,
            units.suffix(count).elementsEqual(wanted, by: { foldCase($0) == foldCase($1) })
        else { return false }
        return portMatches(port, uri)
    }

    /// Whether the URL's explicit port equals the declared one (any port when none is declared).
    private static func portMatches(_ port: String?, _ uri: AndroidURI) -> Bool {
        guard let port else { return true }
        guard let declaredPort = Int32(port) else { return false }
        return uri.port == Int(declaredPort)
    }

    /// `String.compareToIgnoreCase` on one UTF-16 unit (ASCII and Latin letters; other units compare exactly).
    private static func foldCase(_ unit: UInt16) -> UInt16 {
        // ASCII without building a string (what `lowercased()` gives for it).
        if unit < 0x80 { return unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit }
        guard let scalar = Unicode.Scalar(unit) else { return unit }
        let lower = String(scalar).lowercased().utf16
        return lower.count == 1 ? lower.first! : unit
    }
}

extension IntentFilterClaim {
    /// ``IntentFilter/match(_:)`` on the claim itself: the one implementation, which a caller deciding many URLs
    /// against the same filters (`AndroidLinkDecider.Prepared`) uses without reading the claim again each time.
    ///
    /// - Parameters:
    ///   - uri: The URL.
    ///   - pathUnits: The UTF-16 units of `uri.path` (read once for all the filters).
    /// - Returns: The combination, or the first mismatch.
    package func match(_ uri: AndroidURI, pathUnits: [UInt16]) -> Result<DataCombination, FilterMismatch> {
        switch noLinks {
        case .noViewAction?, .missingCategory?, .noScheme?: return .failure(noLinks!)
        default: break
        }
        guard let scheme = schemes.first(where: { $0.value == (uri.scheme ?? "") }) else {
            return .failure(.scheme(uri.scheme ?? ""))
        }
        if let noLinks { return .failure(noLinks) }
        var combination = DataCombination(scheme: scheme)
        guard !authorities.isEmpty else { return .success(combination) }
        guard let urlHost = uri.host,
            let authority = authorities.first(where: { entry in
                entry.host.value.map { IntentFilter.hostMatches($0, entry.port?.value, uri, urlHost) } ?? false
            })
        else { return .failure(.host(uri.host ?? "")) }
        combination.host = authority.host
        combination.port = authority.port
        if paths.isEmpty, relativeFilterGroups.isEmpty { return .success(combination) }
        if let rule = paths.first(where: { $0.pattern?.matches(units: pathUnits) ?? false }) {
            combination.path = (rule.attribute, rule.value)
            return .success(combination)
        }
        for (index, group) in relativeFilterGroups.enumerated() where group.matches(uri) {
            guard group.allow else { break }
            combination.relativeFilterGroup = index
            return .success(combination)
        }
        return .failure(.path(uri.path))
    }
}

extension RelativeFilterGroup {
    /// `UriRelativeFilterGroup.matchData`: every path, query and fragment rule of the group matches (a query rule
    /// matches any one decoded `key=value` parameter).
    ///
    /// - Parameter uri: The URL.
    /// - Returns: Whether the group matches.
    public func matches(_ uri: AndroidURI) -> Bool {
        for element in data {
            for attribute in element.attributes {
                guard let text = attribute.value.value else { return false }
                for part in ["path", "query", "fragment"] {
                    guard let kind = IntentFilter.pathKind(attribute.name, part: part) else { continue }
                    guard let pattern = try? AndroidPattern(kind, text) else { return false }
                    switch part {
                    case "path": if !pattern.matches(uri.path) { return false }
                    case "query": if !uri.queryParameters.contains(where: pattern.matches) { return false }
                    default:
                        guard let fragment = uri.fragment, pattern.matches(fragment) else { return false }
                    }
                }
            }
        }
        return true
    }
}
