import FileLocations
import LinkRouting

/// What the whole-app check and the doctor read from the app's configuration: the `applinks` entries with their
/// index in the entitlement, the other services' entries, and the declared URL schemes.
package struct AppLinkSide: Sendable {
    /// One `applinks` entry.
    package struct Entry: Sendable {
        /// The entry as written (after build variables were resolved).
        package var text: String
        /// Its index in `com.apple.developer.associated-domains`.
        package var index: Int
        /// The host and wildcard, or nil when the entry is not valid (a scheme, a path, an unresolved variable).
        package var domain: AssociatedDomain?
        /// Why the entry is not valid, when ``domain`` is nil.
        package var problem: String?
        /// The `?mode=` suffix's value (`developer`, `managed`, `developer+managed`), or nil.
        package var mode: String?
        /// Where the entry is in the entitlements file.
        package var location: FileLocation? = nil

        /// Whether iOS uses the entry only in developer mode (development-signed builds on devices with Associated
        /// Domains Development turned on): it then fetches the file from the origin, not Apple's CDN.
        package var isDeveloperMode: Bool { mode?.split(separator: "+").contains("developer") ?? false }
        /// Whether iOS uses the entry only on managed (MDM) devices.
        package var isManagedOnly: Bool { mode == "managed" }
    }

    /// An entry for another service (`webcredentials:`, `appclips:`, ...), as written.
    package struct OtherEntry: Sendable {
        /// The service, such as `webcredentials`.
        package var service: String
        /// The host as written after the service.
        package var host: String
        /// Its index in the entitlement.
        package var index: Int
    }

    /// The `applinks` entries, in entitlement order.
    package var entries: [Entry]
    /// The other services' entries.
    package var others: [OtherEntry]
    /// The URL schemes the `Info.plist` declares (lowercased), or nil when no `Info.plist` was given.
    package var schemes: [String]?
    /// Where each declared scheme (lowercased) is in the `Info.plist`.
    package var schemeLocations: [String: FileLocation] = [:]

    /// The valid entries whose domain claims `host`, developer-mode ones included.
    package func claims(_ host: String) -> [Entry] {
        entries.filter { $0.domain?.covers(host: host) ?? false }
    }

    /// Whether a wildcard entry `*.base` claims every host a routes-file entry `domain` covers.
    package func claimsEntry(_ domain: AssociatedDomain) -> Bool {
        entries.contains { entry in
            guard let claimed = entry.domain else { return false }
            if domain.isWildcard {
                return claimed.isWildcard && (claimed.host == domain.host || claimed.covers(host: domain.host))
            }
            return claimed.covers(host: domain.host)
        }
    }
}
