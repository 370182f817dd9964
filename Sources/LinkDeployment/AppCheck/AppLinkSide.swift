import FileLocations
import LinkRouting

/// What the whole-app check and the doctor read from the app's configuration: the `applinks` entries with their
/// index in the entitlement, the other services' entries, and the declared URL schemes.
struct AppLinkSide: Sendable {
    /// One `applinks` entry.
    struct Entry: Sendable {
        /// The entry as written (after build variables were resolved).
        var text: String
        /// Its index in `com.apple.developer.associated-domains`.
        var index: Int
        /// The host and wildcard, or nil when the entry is not valid (a scheme, a path, an unresolved variable).
        var domain: AssociatedDomain?
        /// Why the entry is not valid, when ``domain`` is nil.
        var problem: String?
        /// The `?mode=` suffix's value (`developer`, `managed`, `developer+managed`), or nil.
        var mode: String?
        /// Where the entry is in the entitlements file.
        var location: FileLocation? = nil

        /// Whether iOS uses the entry only in developer mode (development-signed builds on devices with Associated
        /// Domains Development turned on): it then fetches the file from the origin, not Apple's CDN.
        var isDeveloperMode: Bool { mode?.split(separator: "+").contains("developer") ?? false }
        /// Whether iOS uses the entry only on managed (MDM) devices.
        var isManagedOnly: Bool { mode == "managed" }
    }

    /// An entry for another service (`webcredentials:`, `appclips:`, ...), as written.
    struct OtherEntry: Sendable {
        /// The service, such as `webcredentials`.
        var service: String
        /// The host as written after the service.
        var host: String
        /// Its index in the entitlement.
        var index: Int
    }

    /// The `applinks` entries, in entitlement order.
    var entries: [Entry]
    /// The other services' entries.
    var others: [OtherEntry]
    /// The URL schemes the `Info.plist` declares (lowercased), or nil when no `Info.plist` was given.
    var schemes: [String]?
    /// Where each declared scheme (lowercased) is in the `Info.plist`.
    var schemeLocations: [String: FileLocation] = [:]

    /// The valid entries whose domain claims `host`, developer-mode ones included.
    func claims(_ host: String) -> [Entry] {
        entries.filter { $0.domain?.covers(host: host) ?? false }
    }

    /// Whether a wildcard entry `*.base` claims every host a routes-file entry `domain` covers.
    func claimsEntry(_ domain: AssociatedDomain) -> Bool {
        entries.contains { entry in
            guard let claimed = entry.domain else { return false }
            if domain.isWildcard {
                return claimed.isWildcard && (claimed.host == domain.host || claimed.covers(host: domain.host))
            }
            return claimed.covers(host: domain.host)
        }
    }
}
