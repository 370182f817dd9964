import FileLocations
import LinkRouting

/// What the whole-app check and the doctor read from the app's configuration: every Associated Domains entry with
/// its service and index in the entitlement, the App Clip's parent, and the declared URL schemes.
package struct AppLinkSide: Sendable {
    /// One Associated Domains entry.
    package struct Entry: Sendable {
        /// The entry as written (after build variables were resolved).
        package var text: String
        /// Its index in `com.apple.developer.associated-domains`.
        package var index: Int
        /// The service the entry names (as written: `applink` stays `applink`).
        package var service: AssociatedDomain.Service = .applinks
        /// The host and wildcard, or nil when iOS ignores the entry (`AssociatedDomain.claimsItsHost`: a scheme, a
        /// path, a port, an unknown service, an unservable host, an unresolved variable).
        package var domain: AssociatedDomain?
        /// Why iOS ignores the entry, when ``domain`` is nil.
        package var problem: String?
        /// Where the entry is in the entitlements file.
        package var location: FileLocation? = nil
        /// The entry taken apart leniently, also when iOS ignores it (its host is empty for an unresolved variable).
        package var parsed: AssociatedDomain? = nil

        /// Whether iOS uses the entry only in developer mode (development-signed builds on devices with Associated
        /// Domains Development turned on): it then fetches the file from the origin, not Apple's CDN.
        package var isDeveloperMode: Bool { domain?.mode?.includesDeveloper ?? false }
        /// Whether iOS uses the entry only on managed (MDM) devices.
        package var isManagedOnly: Bool { domain?.mode == .managed }

        /// Whether the entry claims `host` for `service` (`AssociatedDomain.claims(_:for:)`, the one rule).
        package func claims(_ host: String, for service: AssociatedDomain.Service) -> Bool {
            domain?.claims(host, for: service) ?? false
        }
    }

    /// A value of the wrong type under a key the checks read (`AppLinkConfiguration.WrongTypeValue`): iOS ignores
    /// it, and the rest of the file is read.
    package struct WrongType: Sendable {
        /// Whether the value is in the `Info.plist` (otherwise in the entitlements).
        package var inInfoPlist: Bool
        /// The value's key path, such as `com.apple.developer.associated-domains` or `CFBundleURLTypes.0`.
        package var keyPath: String
        /// `` `key.path` is a string, not an array of strings ``.
        package var description: String
        /// Where the value is in its file.
        package var location: FileLocation

        /// Whether the value is `key` itself or something in it (`key[1]`, `key[0].name`).
        package func isUnder(_ key: String) -> Bool {
            keyPath == key || keyPath.hasPrefix(key + ".") || keyPath.hasPrefix(key + "[")
        }
    }

    /// Every entry, in entitlement order.
    package var all: [Entry]
    /// The values of the wrong type the files hold, in file order (the entitlements' first).
    package var wrongTypes: [WrongType] = []
    /// The URL schemes the `Info.plist` declares (lowercased), or nil when no `Info.plist` was given.
    package var schemes: [String]?
    /// Where each declared scheme (lowercased) is in the `Info.plist`.
    package var schemeLocations: [String: FileLocation] = [:]
    /// Whether the entitlements are an App Clip's.
    package var isAppClip = false
    /// An App Clip's parent app ID (`com.apple.developer.parent-application-identifiers`), if one is named.
    package var parentAppID: String? = nil

    /// The `applinks` entries, in entitlement order (valid or not).
    package var entries: [Entry] { all.filter { $0.service == .applinks } }

    /// The entries of the other services iOS knows (`webcredentials`, `appclips`, `activitycontinuation`).
    package var serviceEntries: [Entry] {
        all.filter { $0.service != .applinks && $0.service.isKnown }
    }

    /// The valid `applinks` entries whose domain claims `host`, developer-mode ones included.
    package func claims(_ host: String) -> [Entry] {
        claims(host, for: .applinks)
    }

    /// The valid entries of `service` that claim `host`, developer-mode ones included.
    package func claims(_ host: String, for service: AssociatedDomain.Service) -> [Entry] {
        all.filter { $0.claims(host, for: service) }
    }

    /// The services some valid entry claims `host` for, in the order of `AssociatedDomain.Service.known`.
    package func services(claiming host: String) -> [AssociatedDomain.Service] {
        AssociatedDomain.Service.known.filter { !claims(host, for: $0).isEmpty }
    }

    /// Whether a wildcard entry `*.base` claims every host a routes-file entry `domain` covers.
    package func claimsEntry(_ domain: AssociatedDomain) -> Bool {
        entries.contains { entry in
            guard let claimed = entry.domain else { return false }
            if domain.isWildcard {
                return claimed.isWildcard && (claimed.host == domain.host || claimed.covers(host: domain.host))
            }
            return claimed.claims(domain.host, for: .applinks)
        }
    }
}

extension AppLinkSide {
    /// A place in the entitlements or the `Info.plist` as a report's finding names it (the doctor's steps): the
    /// value's line and column in an XML property list (its byte offset in a binary one), and its key path written
    /// as a JSON pointer, as the whole-app check's JSON writes it (`/com.apple.developer.associated-domains/0`,
    /// `/CFBundleURLTypes/0/CFBundleURLSchemes/0`).
    ///
    /// - Parameters:
    ///   - file: The file, ``FileLocations/ReportFile/entitlements`` or ``FileLocations/ReportFile/infoPlist``.
    ///   - location: The value's location, as read from the property list.
    /// - Returns: The place.
    package static func place(in file: ReportFile, _ location: FileLocation) -> LocatedFinding.Place {
        var location = location
        if location.pointer == nil, let keyPath = location.keyPath {
            location.pointer = JSONPointer(propertyListKeyPath: keyPath)
        }
        return .init(file, location)
    }
}
