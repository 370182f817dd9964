import FileLocations
import RichMediaKitSupport

// The rules on what a filter claims as web links: scheme case, hosts written as more than a host, hosts the app
// cannot verify (one list with the iOS lint's, `HostClaims`), web filters without `autoVerify`, and `<data>`
// elements that read like separate host-path pairs but merge into their cross product.
extension AndroidManifestLinter {
    /// The link rules' diagnostics for every filter of `manifest` (unsorted).
    static func linkDiagnostics(_ manifest: AndroidManifest, minSDK: Int, targetSDK: Int) -> [AndroidLinkDiagnostic] {
        var diagnostics: [AndroidLinkDiagnostic] = []
        func report(
            _ severity: AndroidLinkDiagnostic.Severity, _ code: AndroidLinkDiagnostic.Code, _ location: FileLocation,
            _ message: String, _ hint: String
        ) {
            diagnostics.append(
                AndroidLinkDiagnostic(severity: severity, code: code, message: message, hint: hint, location: location))
        }
        let decider = AndroidLinkDecider(
            manifest: manifest, app: AndroidAppIdentity(packageName: "", fingerprints: []), targetSDK: targetSDK
        ) { _ in nil }
        let verified = Set(decider.verificationHosts.map { $0.lowercased() })
        // The approval's rule (`DomainVerificationRules.approves(_:through:)`) for every declared host at once: the
        // host itself, or a wildcard's domain among the host's string suffixes (linear in the host's length).
        let wildcardDomains = Set(
            verified.filter { $0.hasPrefix("*.") && $0.count > 2 }.map { String($0.dropFirst(2)) })
        func approved(_ host: String) -> Bool {
            let lowered = host.lowercased()
            if verified.contains(lowered) { return true }
            var suffix = Substring(lowered)
            while !suffix.isEmpty {
                if wildcardDomains.contains(String(suffix)) { return true }
                suffix = suffix.dropFirst()
            }
            return false
        }
        for (activity, filter) in manifest.intentFilters {
            let schemes = filter.dataValues("scheme")
            for scheme in schemes {
                guard let name = scheme.value, name.utf8.contains(where: { (0x41...0x5A).contains($0) }) else {
                    continue
                }
                let lower = name.lowercased()
                let web = URLSchemes.web.contains(lower)
                report(
                    .error, .schemeCase, scheme.location,
                    "android:scheme=\"\(name)\": Android compares schemes case-sensitively and links arrive with the "
                        + "scheme in lower case, so the filter never matches a\(web ? " web" : "") \(lower): link"
                        + (web && filter.autoVerify ? ", and Android verifies none of its hosts" : ""),
                    "write android:scheme=\"\(lower)\"")
            }
            let web = schemes.contains { $0.value.map { URLSchemes.web.contains($0.lowercased()) } ?? false }
            for element in filter.data {
                guard let host = element["host"], let text = host.value, let problem = hostProblem(text, web: web)
                else { continue }
                report(
                    .error, .invalidHost, host.location,
                    "android:host=\"\(text)\" \(problem.message)", problem.hint)
            }
            let takesWebLinks =
                filter.actions.contains { $0.value == IntentFilter.viewAction }
                && filter.categories.contains { $0.value == IntentFilter.linkCategories[0] }
                && schemes.contains { $0.value.map(URLSchemes.web.contains) ?? false }
            guard takesWebLinks else { continue }
            let hosts = filter.data.compactMap { $0["host"] }.filter {
                $0.value.map { hostProblem($0) == nil } ?? false
            }
            for host in hosts {
                reportService(host, verified: verified, minSDK: minSDK, report)
            }
            if !filter.autoVerify {
                let unapproved = hosts.filter { !approved($0.value!) }
                if !unapproved.isEmpty {
                    let names = unapproved.map { $0.value! }
                    let webOnly = schemes.allSatisfy {
                        $0.value.map { URLSchemes.web.contains($0.lowercased()) } ?? true
                    }
                    report(
                        .warning, .webFilterWithoutAutoVerify, filter.location,
                        "the filter of \(activity.name) takes web links to \(names.joined(separator: ", ")) without "
                            + "android:autoVerify=\"true\", and no verified filter declares "
                            + (names.count == 1 ? "it" : "them")
                            + ": Android opens these links in the browser (Android 12 and later) or a chooser, "
                            + "never in the app directly",
                        webOnly
                            ? "add android:autoVerify=\"true\" to the filter and serve assetlinks.json at "
                                + (names.count == 1 ? "the host" : "each host")
                            : "move the web hosts to a filter of their own with android:autoVerify=\"true\" (the "
                                + "custom scheme keeps this one)")
                }
            }
            if let crossProduct = crossProduct(filter) {
                report(.warning, .dataCrossProduct, filter.location, crossProduct.message, crossProduct.hint)
            }
        }
        return diagnostics
    }

    /// Why `host` (an `android:host` value) is not a host Android can match, or nil: Android compares the whole
    /// string with the URL's host, so a port, scheme, path or whitespace in it matches no URL; upper case is
    /// against Android's documentation ("host name matching in the Android framework is case-sensitive"); anything
    /// else the package's host-name rule refuses in a web filter (`HostNames`: an empty label, a character no host
    /// has; a custom scheme's "host" is any text, such as `open_page`).
    static func hostProblem(_ host: String, web: Bool = true) -> (message: String, hint: String)? {
        if host.contains(where: \.isWhitespace) {
            let trimmed = String(host.filter { !$0.isWhitespace })
            return (
                "has whitespace: Android compares the whole string with the URL's host, so no URL matches it",
                "write android:host=\"\(trimmed)\""
            )
        }
        var rest = Substring(host)
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
            let scheme = rest[..<colon]
            rest = rest[rest.index(colon, offsetBy: 3)...]
            let bare = rest.prefix { $0 != "/" && $0 != ":" }
            return (
                "has the scheme '\(scheme)://': android:host holds the host alone, so no URL matches it",
                "write android:scheme=\"\(scheme.lowercased())\" android:host=\"\(bare)\""
            )
        }
        if let slash = rest.firstIndex(of: "/") {
            let bare = rest[..<slash]
            let path = rest[slash...]
            return (
                "has the path '\(path)': android:host holds the host alone, so no URL matches it",
                "write android:host=\"\(bare)\" and android:pathPrefix=\"\(path)\" (or android:path)"
            )
        }
        if let colon = rest.lastIndex(of: ":"), !rest.hasPrefix("[") {
            let bare = rest[..<colon]
            let port = rest[rest.index(after: colon)...]
            return (
                "has the port \(port): Android compares the whole string with the URL's host (a port belongs in "
                    + "android:port), so no URL matches it",
                "write android:host=\"\(bare)\" android:port=\"\(port)\" on the same <data> element"
            )
        }
        if host.utf8.contains(where: { (0x41...0x5A).contains($0) }) {
            return (
                "has upper-case letters: Android's documentation warns that host matching in the framework is "
                    + "case-sensitive, and links arrive with their host in lower case",
                "write android:host=\"\(host.lowercased())\""
            )
        }
        // The package's one host-name rule, after Android's leading `*` (a suffix match) and besides an IPv6 literal.
        let name = host.hasPrefix("*.") ? host.dropFirst(2) : host.hasPrefix("*") ? host.dropFirst() : Substring(host)
        if web, host != "*", !host.hasPrefix("["), let problem = HostNames.problem(name) {
            return (
                "is not a host name: \(problem), so no URL matches it",
                "write the host alone, such as android:host=\"example.com\" or android:host=\"*.example.com\""
            )
        }
        return nil
    }

    /// The shared host lists' rules (`HostClaims`, the iOS lint's lists): a shut-down service's host (any web
    /// filter), a host of a service the app cannot publish a file on and a developer tunnel (hosts Android verifies).
    private static func reportService(
        _ host: ManifestValue, verified: Set<String>, minSDK: Int,
        _ report: (AndroidLinkDiagnostic.Severity, AndroidLinkDiagnostic.Code, FileLocation, String, String) -> Void
    ) {
        guard let name = host.value else { return }
        let fileHost = DomainVerificationRules.fileHost(for: name)
        guard let finding = HostClaims.finding(for: fileHost) else { return }
        let isVerified = verified.contains(name.lowercased())
        let olderDevices =
            minSDK < DomainVerificationRules.perHostAPILevel
            ? "; on Android 11 and lower (API 30 and below, which the minimum SDK \(minSDK) includes) one host that "
                + "fails verification fails every host of the app, so none of its App Links open the app there, and "
                + "on Android 12 and later only this host's links open the browser"
            : "; on Android 12 and later (the minimum SDK is \(minSDK)) only this host's links open the browser"
        let shown = name.hasPrefix("*.") ? "\(name) (verified with \(fileHost)'s file)" : name
        switch finding.kind {
        case .shutDownService:
            report(
                .warning, .shutDownService, host.location,
                "android:host=\"\(name)\": \(finding.message)" + (isVerified ? olderDevices : ""),
                "move the links to a domain of your own and declare it instead")
        case .unverifiableService where isVerified:
            report(
                .warning, .unverifiableHost, host.location,
                "\(shown) belongs to \(finding.service ?? "a third-party service"): the app cannot publish "
                    + "assetlinks.json there, so Android never verifies it" + olderDevices,
                finding.sharedHosting
                    ? "declare the app's own host (myapp.\(finding.matched)), not the provider's shared domain"
                    : "remove the host from the autoVerify filter: the provider returns to the app through a URL of "
                        + "the app's own domain or a custom scheme")
        case .developerTunnel where isVerified:
            report(
                .info, .developerTunnel, host.location,
                "\(shown): \(finding.message)" + olderDevices,
                "declare the production host in the build that ships (keep the tunnel for development builds)")
        default: break
        }
    }

    /// The extra URLs a filter claims when its `<data>` elements read like separate host-path pairs (two hosts, each
    /// beside its own paths) but merge into the cross product, or nil.
    ///
    /// A path element without a host belongs to the host written before it; when at least two hosts have paths of
    /// their own, every host combined with another host's path (and not its own) is an extra claim.
    static func crossProduct(_ filter: IntentFilter) -> (message: String, hint: String)? {
        var groups: [(host: String, paths: [String])] = []
        for element in filter.data {
            let paths = element.attributes.compactMap { attribute -> String? in
                guard IntentFilter.pathKind(attribute.name, part: "path") != nil, let value = attribute.value.value
                else { return nil }
                return "\(attribute.name)=\(value)"
            }
            if let host = element["host"]?.value {
                groups.append((host.lowercased(), paths))
            } else if !paths.isEmpty {
                guard !groups.isEmpty else { return nil }  // paths before any host: written as sets
                groups[groups.count - 1].paths += paths
            }
        }
        let withPaths = groups.filter { !$0.paths.isEmpty }
        guard withPaths.count >= 2 else { return nil }
        var written: [String: Set<String>] = [:]
        var hosts: [String] = []
        var paths: [String] = []
        var known = Set<String>()
        for group in groups {
            if written[group.host] == nil { hosts.append(group.host) }
            written[group.host, default: []].formUnion(group.paths)
            for path in group.paths where known.insert(path).inserted { paths.append(path) }
        }
        let schemes = filter.claim.schemes.compactMap(\.value)
        let origins = schemes.isEmpty ? ["https"] : schemes
        // Every host with paths of its own, combined with every other path: counted at once, a few named (linear in
        // the elements, however many pairs).
        var count = 0
        var extras: [String] = []
        for host in hosts {
            guard let own = written[host], !own.isEmpty, own.count < paths.count else { continue }
            count += (paths.count - own.count) * origins.count
            guard extras.count < 4 else { continue }
            for path in paths where !own.contains(path) {
                extras += origins.prefix(4 - extras.count).map { "\($0)://\(host) with \(path)" }
                if extras.count == 4 { break }
            }
        }
        guard count > 0 else { return nil }
        let pairs =
            withPaths.prefix(4).map { "\($0.host) with \($0.paths.prefix(4).joined(separator: ", "))" }
            + (withPaths.count > 4 ? ["and \(withPaths.count - 4) more"] : [])
        let shown = extras.joined(separator: "; ") + (count > extras.count ? "; and \(count - extras.count) more" : "")
        return (
            "the <data> elements read like separate host-path pairs (\(pairs.joined(separator: "; "))), but Android "
                + "combines every scheme, host and path of one filter, so it also claims \(shown)",
            "write one <intent-filter> per host and its paths (each with the scheme, the host and only its paths)"
        )
    }
}
