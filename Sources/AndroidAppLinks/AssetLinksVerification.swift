/// The app's identity, as `assetlinks.json` names it: the package name (the Gradle `applicationId`) and the SHA-256
/// fingerprints of the certificates that sign it.
public struct AndroidAppIdentity: Sendable, Hashable {
    /// The package name, compared exactly.
    public var packageName: String
    /// The signing certificates' fingerprints, upper case and colon-separated (``CertificateFingerprint``).
    public var fingerprints: [String]

    /// Creates an identity.
    ///
    /// - Parameters:
    ///   - packageName: The package name.
    ///   - fingerprints: Fingerprints in any case, with or without colons; each is normalized to Android's form
    ///     (kept as given when it is not 32 octets).
    public init(packageName: String, fingerprints: [String]) {
        self.packageName = packageName
        self.fingerprints = fingerprints.map { CertificateFingerprint.normalized($0) ?? $0 }
    }
}

/// Whether a site's `assetlinks.json` verifies an app (spec §2), and why.
public struct AssetLinksVerification: Sendable, Hashable {
    /// Why a file does not verify the app.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum Failure: Sendable, Hashable {
        /// No statement grants `delegate_permission/common.handle_all_urls` to an `android_app` target.
        case noHandleAllURLs
        /// Statements grant App Links, but to other packages (listed).
        case packageNotListed(listed: [String])
        /// The package is named, but none of its fingerprints is one of the app's (the fingerprints listed for it).
        case fingerprintNotListed(listed: [String])
    }

    /// The statement that verifies the app, or nil.
    public var statement: AssetLinksStatement?
    /// Why the app is not verified, or nil when it is.
    public var failure: Failure?

    /// Whether the file verifies the app.
    public var isVerified: Bool { statement != nil }

    /// The dynamic rules that narrow the verified host, from the verifying statement (nil: none, or discarded).
    public var dynamicRules: [DynamicAppLinkRule]? { statement?.dynamicRules }
}

extension AssetLinksVerification.Failure {
    /// Why the file does not verify `app`, in words: `it names com.other.app, not com.example.app` (package access:
    /// the lint of both files and `assetlinks fetch` say it the same way).
    ///
    /// - Parameter app: The app's identity.
    /// - Returns: The reason, without a final period.
    package func reason(for app: AndroidAppIdentity) -> String {
        switch self {
        case .noHandleAllURLs: return "no statement grants \(AssetLinksStatement.handleAllURLs)"
        case .packageNotListed(let listed):
            return "it names \(listed.joined(separator: ", ")), not \(app.packageName)"
        case .fingerprintNotListed(let listed):
            return "it lists \(listed.count) fingerprint\(listed.count == 1 ? "" : "s") for \(app.packageName), "
                + "none of the app's (Play App Signing's key, not the upload key, signs apps from Google Play)"
        }
    }
}

extension AssetLinksFile {
    /// Whether this file verifies `app`: some statement has the relation `handle_all_urls`, an `android_app` target
    /// with the app's package name (exactly), and a fingerprint equal, as written, to one of the app's.
    ///
    /// - Parameter app: The app's package name and signing fingerprints.
    /// - Returns: The verifying statement, or why there is none.
    /// - Complexity: O(*s* · *f*) for *s* statements of *f* fingerprints.
    public func verification(for app: AndroidAppIdentity) -> AssetLinksVerification {
        var packages: [String] = []
        var listed: [String] = []
        var sawPackage = false
        for statement in statements where statement.relations.contains(AssetLinksStatement.handleAllURLs) {
            guard case .androidApp(let packageName, let fingerprints) = statement.target else { continue }
            guard packageName == app.packageName else {
                if !packages.contains(packageName) { packages.append(packageName) }
                continue
            }
            sawPackage = true
            if fingerprints.contains(where: app.fingerprints.contains) {
                return AssetLinksVerification(statement: statement, failure: nil)
            }
            listed.append(contentsOf: fingerprints.filter { !listed.contains($0) })
        }
        if sawPackage { return AssetLinksVerification(statement: nil, failure: .fingerprintNotListed(listed: listed)) }
        if packages.isEmpty { return AssetLinksVerification(statement: nil, failure: .noHandleAllURLs) }
        return AssetLinksVerification(statement: nil, failure: .packageNotListed(listed: packages))
    }
}

/// The hosts an app asks Android to verify, and which of them Android verifies (spec §2).
public struct DomainVerificationRules: Sendable {
    private init() {}

    /// The API level from which Android verifies each host on its own and collects only `autoVerify` filters'
    /// hosts: 31 (Android 12).
    public static let perHostAPILevel = 31

    /// Where Android fetches the file for `host`: a wildcard host's `*.` is dropped (`*.example.com` is fetched
    /// from `example.com`); hosts are compared and fetched in lower case.
    ///
    /// - Parameter host: A host of an intent filter.
    /// - Returns: The host whose `/.well-known/assetlinks.json` decides.
    public static func fileHost(for host: String) -> String {
        let lower = String(host.lowercased())
        return lower.hasPrefix("*.") ? String(lower.dropFirst(2)) : lower
    }

    /// Whether a verified declared host `declared` approves links to `host` (spec §5 step 3, AOSP
    /// `DomainVerificationService.approvalLevelForDomainInternal`): `host` is `declared` itself, or `declared` is a
    /// wildcard `*.d` and `host` ends with `d` as a plain string: `*.example.com` approves `shop.example.com`, the
    /// bare `example.com`, and even `myexample.com` (no dot is required).
    ///
    /// Approval is per host, not per filter: it is asked for any matching `BROWSABLE` filter, with or without
    /// `autoVerify`. Hosts are compared in lower case.
    ///
    /// - Parameters:
    ///   - host: The URL's host.
    ///   - declared: A host Android verified for the app, as declared (`example.com`, `*.example.com`).
    /// - Returns: Whether the verified `declared` approves `host`.
    /// - Complexity: O(*n*) in the hosts' lengths.
    public static func approves(_ host: String, through declared: String) -> Bool {
        let host = host.lowercased()
        let declared = declared.lowercased()
        if host == declared { return true }
        let domain = String(declared.dropFirst(2))
        return declared.hasPrefix("*.") && !domain.isEmpty && host.hasSuffix(domain)
    }

    /// Which hosts end up verified, given each host's own result.
    ///
    /// On Android 12 and later (`deviceAPILevel` ≥ 31) each host succeeds or fails on its own; on Android 11 and
    /// lower one failing host fails all of them.
    ///
    /// - Parameters:
    ///   - results: Each host's own result (its file verifies the app).
    ///   - deviceAPILevel: The API level of the device.
    /// - Returns: Each host's final state.
    public static func verifiedHosts(_ results: [String: Bool], deviceAPILevel: Int) -> [String: Bool] {
        guard deviceAPILevel < perHostAPILevel else { return results }
        let all = results.values.allSatisfy { $0 }
        return results.mapValues { _ in all }
    }
}
