import LinkRouting
import RichMediaKitSupport

/// What an app's own files say about its links: its app IDs, its Associated Domains entries and its URL schemes.
///
/// Read it from the entitlements file (`.entitlements`, XML or binary property list) and, optionally, the
/// `Info.plist`; build variables such as `$(ASSOCIATED_DOMAIN)` are resolved from `defines`, and any left without
/// a definition are named (``unresolvedVariables``), never taken for a literal host. Every entry and setting keeps
/// its ``Location``, so findings point into the file the user edits.
///
/// <!-- snippet: AppLinkConfigurationDocExample -->
/// ```swift
/// let configuration = try AppLinkConfiguration(
///     entitlements: Array(entitlements), infoPlist: Array(infoPlist), defines: ["TEAM": "ABCDE12345"])
/// for entry in configuration.associatedDomains where entry.domain.service == .applinks {
///     print(entry.domain.host, entry.domain.isWildcard, entry.location)
/// }
/// ```
public struct AppLinkConfiguration: Sendable, Hashable {
    /// `application-identifier` (`com.apple.application-identifier` on macOS): `<team ID>.<bundle ID>`.
    public var applicationIdentifier: Setting?
    /// `com.apple.developer.team-identifier`.
    public var teamIdentifier: Setting?
    /// An App Clip's `com.apple.developer.parent-application-identifiers`: the full app's app ID.
    public var parentApplicationIdentifiers: [Setting]
    /// `com.apple.developer.on-demand-install-capable`: true in an App Clip's entitlements.
    public var isOnDemandInstallCapable: Bool
    /// `com.apple.developer.web-browser`: the app may be the default web browser, so it declares `http` and
    /// `https` in its `CFBundleURLTypes` (Apple, "Preparing your app to be the default web browser").
    public var isDefaultWebBrowser = false
    /// `com.apple.developer.mail-client`: the app may be the default mail app, so it declares `mailto` (Apple,
    /// "Preparing your app to be the default mail app").
    public var isDefaultMailClient = false
    /// The Info.plist's `CFBundleIdentifier`, when an Info.plist was read.
    public var bundleIdentifier: Setting?
    /// The entries of `com.apple.developer.associated-domains`, in file order.
    public var associatedDomains: [DomainEntry]
    /// The schemes of the Info.plist's `CFBundleURLTypes`, in file order.
    public var urlSchemes: [URLScheme]
    /// Where the Associated Domains array is (nil when the entitlements have none).
    public var associatedDomainsLocation: Location?
    /// The values of the wrong type under the keys this type reads, in file order (entitlements first); each was
    /// left out, and the rest of the file was read.
    public var wrongTypeValues: [WrongTypeValue] = []
    /// How many entries past ``entryLimit`` were not read (Associated Domains entries, parent app IDs and URL
    /// schemes together); 0 when every entry was read.
    public var unreadEntryCount = 0
    /// Where the first entry that was not read is, or nil when every entry was read.
    public var firstUnreadEntry: Location?

    /// The most entries read from an app's files in one reading: Associated Domains entries, parent app IDs and URL
    /// schemes together, 10 times as many as apps were reported to crash with (``AppLinkLinter/maximumEntries``).
    /// Past it, entries are counted (``unreadEntryCount``), not read, so what a file of hundreds of thousands of
    /// entries allocates stays bounded; `app lint` reports them as a `too-many-entries` error.
    public static let entryLimit = 10_000

    /// Creates a configuration from its parts (tests and tools that build one without files).
    ///
    /// - Parameters:
    ///   - applicationIdentifier: `application-identifier`.
    ///   - teamIdentifier: `com.apple.developer.team-identifier`.
    ///   - parentApplicationIdentifiers: An App Clip's parent app IDs.
    ///   - isOnDemandInstallCapable: Whether the entitlements are an App Clip's.
    ///   - bundleIdentifier: The Info.plist's `CFBundleIdentifier`.
    ///   - associatedDomains: The Associated Domains entries.
    ///   - urlSchemes: The URL schemes.
    ///   - associatedDomainsLocation: Where the Associated Domains array is.
    public init(
        applicationIdentifier: Setting? = nil, teamIdentifier: Setting? = nil,
        parentApplicationIdentifiers: [Setting] = [], isOnDemandInstallCapable: Bool = false,
        bundleIdentifier: Setting? = nil, associatedDomains: [DomainEntry] = [], urlSchemes: [URLScheme] = [],
        associatedDomainsLocation: Location? = nil
    ) {
        self.applicationIdentifier = applicationIdentifier
        self.teamIdentifier = teamIdentifier
        self.parentApplicationIdentifiers = parentApplicationIdentifiers
        self.isOnDemandInstallCapable = isOnDemandInstallCapable
        self.bundleIdentifier = bundleIdentifier
        self.associatedDomains = associatedDomains
        self.urlSchemes = urlSchemes
        self.associatedDomainsLocation = associatedDomainsLocation
    }

    /// The app ID (`<team ID>.<bundle ID>`): the resolved `application-identifier`, or else the team identifier
    /// and the Info.plist's bundle identifier joined; nil when neither is known.
    public var appID: String? {
        if let identifier = applicationIdentifier { return identifier.value }
        if let team = teamIdentifier?.value, let bundle = bundleIdentifier?.value { return team + "." + bundle }
        return nil
    }

    /// Whether the app ID is left to Xcode: the `application-identifier` is written with build settings Xcode sets
    /// when it signs the app (`$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)`) and no definition resolves them,
    /// so ``appID`` is nil. `app lint` assumes them right (the `assumed-variable` information); `check` and `doctor`
    /// take the app ID the sites' files name that fits (``assumedAppID(among:)``).
    public var appIDIsSetByXcode: Bool {
        guard appID == nil, let identifier = applicationIdentifier else { return false }
        return !identifier.unresolvedVariables.isEmpty
            && identifier.unresolvedVariables.allSatisfy(BuildVariables.setByXcode.contains)
    }

    /// The app ID Xcode signs the app with: the team identifier and the Info.plist's bundle ID when both are known
    /// and fit the written `application-identifier`; else assumed to be the first of `candidates` (the app IDs the
    /// sites' files name) that fits what the files say: the written `application-identifier` with each build setting it leaves
    /// unresolved standing for any text (`$(AppIdentifierPrefix)com.example.app` fits `ABCDE12345.com.example.app`),
    /// the team identifier and the Info.plist's bundle ID when they are known. The resolved ``appID`` when there is
    /// one; nil when no candidate fits.
    ///
    /// - Parameter candidates: App IDs, such as every app ID of the sites' `applinks` sections, in file order.
    /// - Returns: The app ID, or nil.
    /// - Complexity: O(*n*·*m*) for *n* candidates of length *m*.
    public func assumedAppID(among candidates: [String]) -> String? {
        if let appID { return appID }
        let template = applicationIdentifier.map { BuildVariables.resolve($0.written, defines: [:]).text }
        // The team identifier and the Info.plist's bundle ID, both known, derive it without any file.
        if let team = teamIdentifier?.value, let bundle = bundleIdentifier?.value,
            template.map({ BuildVariables.fits(team + "." + bundle, template: $0) }) ?? true
        {
            return team + "." + bundle
        }
        return candidates.first { candidate in
            guard AppIDRules.problem(candidate)?.isError != true, let dot = candidate.firstIndex(of: ".") else {
                return false
            }
            if let team = teamIdentifier?.value, team != candidate[..<dot] { return false }
            if let bundle = bundleIdentifier?.value, bundle != candidate[candidate.index(after: dot)...] {
                return false
            }
            return template.map { BuildVariables.fits(candidate, template: $0) } ?? true
        }
    }

    /// The team ID: `com.apple.developer.team-identifier`, or the app ID's prefix (before the first dot).
    public var teamID: String? {
        if let team = teamIdentifier?.value { return team }
        return appID.flatMap { id in id.firstIndex(of: ".").map { String(id[..<$0]) } }
    }

    /// Whether these are an App Clip's entitlements: on-demand-install capable, or naming a parent app.
    public var isAppClip: Bool { isOnDemandInstallCapable || !parentApplicationIdentifiers.isEmpty }

    /// The entries of one service, in file order.
    ///
    /// - Parameter service: A service such as `AssociatedDomain.Service.applinks`.
    /// - Returns: The entries whose `domain.service` is `service`.
    public func entries(for service: AssociatedDomain.Service) -> [DomainEntry] {
        associatedDomains.filter { $0.domain.service == service }
    }

    /// The `applinks` entries that claim `host` for universal links: ``entries(claiming:for:)`` for `applinks`.
    ///
    /// - Parameter host: A host name, as a URL parser reports it.
    /// - Returns: The claiming entries, in file order; empty when the app does not claim the host.
    /// - Complexity: O(*n*·*m*): *n* entries, *m* the length of `host`.
    public func applinksEntries(claiming host: String) -> [DomainEntry] {
        entries(claiming: host, for: .applinks)
    }

    /// The entries that claim `host` for `service`, by the one rule `app lint`, the whole-app check and `doctor`
    /// share (`AssociatedDomain.claims(_:for:)`): an entry with an unresolved build variable, or one iOS ignores
    /// (a port, a scheme, an IP address, `localhost`, a `.test` name, ...), claims nothing.
    ///
    /// - Parameters:
    ///   - host: A host name, as a URL parser reports it.
    ///   - service: The service, such as `AssociatedDomain.Service.webcredentials`.
    /// - Returns: The claiming entries, in file order.
    /// - Complexity: O(*n*·*m*): *n* entries, *m* the length of `host`.
    public func entries(claiming host: String, for service: AssociatedDomain.Service) -> [DomainEntry] {
        associatedDomains.filter { $0.setting.value != nil && $0.domain.claims(host, for: service) }
    }

    /// Whether the Info.plist declares `scheme` (compared case-insensitively, as iOS does).
    ///
    /// - Parameter scheme: A URL scheme such as `shop`.
    /// - Returns: The declaration, or nil.
    public func urlScheme(_ scheme: String) -> URLScheme? {
        let lowered = scheme.lowercased()
        return urlSchemes.first { $0.scheme?.lowercased() == lowered }
    }

    /// Every build variable left without a definition, with where it is used, in file order (entitlements first).
    public var unresolvedVariables: [UnresolvedVariable] {
        var settings: [Setting] = []
        settings += [applicationIdentifier, teamIdentifier].compactMap { $0 }
        settings += parentApplicationIdentifiers
        settings += associatedDomains.map(\.setting)
        settings += [bundleIdentifier].compactMap { $0 }
        settings += urlSchemes.map(\.setting)
        return settings.flatMap { setting in
            setting.unresolvedVariables.map { UnresolvedVariable(name: $0, location: setting.location) }
        }
    }
}
