import AndroidAppLinks
import FileLocations
import LinkDeployment
import LinkRouting
import RichMediaKitSupport

/// Walks one URL through the chain Android walks, from a tap to the app's route, and names the first broken link
/// (what `link-router doctor URL --manifest FILE` prints).
///
/// The links, in order (see ``DoctorReport/Step/Name``), each decided as `AndroidLinkDecider.decide(_:)` decides
/// (spec §5):
/// 1. `url`: an http or https link is an App Link when verified; a custom-scheme link goes to an app whose filter
///    accepts it, with no verification.
/// 2. `filter`: an intent filter must accept the URL (`VIEW`, `BROWSABLE`, `DEFAULT`, and a `<data>` combination of
///    scheme, host and path); when none does, the nearest filter (the one that got furthest) and why not.
/// 3. `host` (web): an `autoVerify` filter must declare a host covering the URL's host; a wildcard `*.example.com`
///    is verified with the bare domain's file.
/// 4. `file` (web): the `assetlinks.json` of that host, local (standing for every host's file) or fetched.
/// 5. `statement` (web): a statement must grant `delegate_permission/common.handle_all_urls` to the package with one
///    of its fingerprints.
/// 6. `dynamic-rule` (web): when the verifying statement has dynamic rules, the first that matches decides, and
///    none matching excludes the URL.
/// 7. `route`: the app's routes must route the URL (as `RouteTable.decision(for:)` decides).
///
/// Every link is decided from the inputs alone, so a later link is reported even when an earlier one is broken
/// (the host's verification whatever the filters say), unless it needs what the broken link lacks.
///
/// What no file shows, and so no report: the user's per-host "Open by default" choice, a URL typed into the
/// browser's address bar, and, for an app targeting API 30 or lower on Android 11 or lower, a failing host that
/// fails every host (see Docs/Android.md).
public enum AndroidLinkDoctor {
    /// Walks `url` through the chain Android walks.
    ///
    /// <!-- snippet: AndroidLinkDoctorDocExample -->
    /// ```swift
    /// let manifest = try AndroidManifest(
    ///     parsing: manifestBytes, resources: ManifestResources(placeholders: ["webHost": "example.com"]))
    /// let file = try AssetLinksSiteFile.local(path: "assetlinks.json", bytes: assetLinksBytes)
    /// let report = AndroidLinkDoctor.diagnose(
    ///     "https://example.com/help/faq", manifest: manifest,
    ///     app: AndroidAppIdentity(packageName: "com.example.app", fingerprints: [fingerprint]), routes: table,
    ///     files: { _ in file })
    /// print(report.firstBroken?.name.description ?? "opens the app")
    /// ```
    /// - Parameters:
    ///   - url: The URL, as a user would tap it.
    ///   - manifest: The app's manifest (placeholders and strings resolved).
    ///   - app: The app's package name and signing fingerprints.
    ///   - routes: The app's route table.
    ///   - files: The `assetlinks.json` served for a file host (a wildcard host's bare domain, lower case), or nil
    ///     when none was given (the `file` step is then unverified).
    ///   - targetSDK: The app's target SDK; nil takes the manifest's, else 35.
    ///   - names: The manifest and routes files' names, for messages and fixes (a position reads
    ///     `AndroidManifest.xml:5:13`).
    /// - Returns: The report (its ``DoctorReport/platform`` is ``DoctorReport/Platform/android`` and its
    ///   ``DoctorReport/appID`` the package name).
    /// - Complexity: Linear in the manifest's filters, the file's statements and rules, and the URL.
    public static func diagnose(
        _ url: String, manifest: AndroidManifest, app: AndroidAppIdentity, routes: RouteTable,
        files: @escaping @Sendable (String) -> AssetLinksSiteFile?, targetSDK: Int? = nil,
        names: (manifest: String, routes: String) = ("AndroidManifest.xml", "the routes file")
    ) -> DoctorReport {
        let decider = AndroidLinkDecider(
            manifest: manifest, app: app, targetSDK: targetSDK ?? manifest.targetSDK ?? 35
        ) { files($0)?.file }
        let walk = Walk(
            url: url, uri: AndroidURI(url), manifest: manifest, manifestName: names.manifest, app: app,
            decider: decider)
        var steps: [DoctorReport.Step] = []
        steps.append(walk.urlStep)
        let decision = decider.decide(url)
        switch walk.kind {
        case .web(let host):
            steps.append(walk.filterStep(decision))
            let standing = decider.standing(ofHost: host, in: walk.uri)
            steps.append(walk.hostStep(host, standing: standing, decision: decision))
            let site = standing.fileHost.flatMap(files)
            steps.append(walk.fileStep(standing, site: site))
            let statement = walk.statementStep(standing, site: site)
            steps.append(statement.step)
            if statement.step.verdict == .ok, statement.verification == nil {
                steps.append(
                    .init(
                        .dynamicRule, .skipped,
                        "the verifying statement is in an included file: its dynamic rules are not decided here"))
            } else {
                steps.append(walk.dynamicRuleStep(statement.verification, site: site))
            }
        case .custom(let scheme):
            steps.append(walk.filterStep(decision))
            let reason = "a custom-scheme link: Android hands it to an app whose filter accepts \(scheme), unverified"
            for name in [DoctorReport.Step.Name.host, .file, .statement, .dynamicRule] {
                steps.append(.init(name, .skipped, reason))
            }
        case .none:
            for name in [DoctorReport.Step.Name.filter, .host, .file, .statement, .dynamicRule] {
                steps.append(.init(name, .skipped, "not a link Android opens an app for"))
            }
        }
        steps.append(
            LinkDoctor.routeStep(url, link: LinkDoctor.Link(url), routes: routes, routesName: names.routes))
        var report = DoctorReport(url: url, appID: app.packageName, steps: steps)
        report.platform = .android
        return report
    }

    /// The host whose `assetlinks.json` decides `url` (the bare domain of a wildcard host), for `--fetch`: nil when
    /// `url` is not a web URL or no `autoVerify` filter declares its host.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - manifest: The app's manifest.
    ///   - targetSDK: The app's target SDK; nil takes the manifest's, else 35.
    /// - Returns: The file's host, lower case, or nil.
    public static func fileHost(of url: String, manifest: AndroidManifest, targetSDK: Int? = nil) -> String? {
        let uri = AndroidURI(url)
        guard uri.isWeb, let host = uri.host, !host.isEmpty else { return nil }
        let decider = AndroidLinkDecider(
            manifest: manifest, app: AndroidAppIdentity(packageName: "", fingerprints: []),
            targetSDK: targetSDK ?? manifest.targetSDK ?? 35
        ) { _ in nil }
        return decider.standing(ofHost: host, in: uri).fileHost
    }
}

extension AndroidLinkDoctor {
    /// Every host whose `assetlinks.json` can decide `url`, for `--fetch`: the file host of
    /// ``fileHost(of:manifest:targetSDK:)``, then that of each declared wildcard whose domain the URL's host ends
    /// with (a verified one approves it, spec §5 step 3), each once; empty when `url` is not a web URL or nothing
    /// declared covers it.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - manifest: The app's manifest.
    ///   - targetSDK: The app's target SDK; nil takes the manifest's, else 35.
    /// - Returns: The files' hosts, lower case.
    public static func fileHosts(of url: String, manifest: AndroidManifest, targetSDK: Int? = nil) -> [String] {
        let uri = AndroidURI(url)
        guard uri.isWeb, let host = uri.host, !host.isEmpty else { return [] }
        let decider = AndroidLinkDecider(
            manifest: manifest, app: AndroidAppIdentity(packageName: "", fingerprints: []),
            targetSDK: targetSDK ?? manifest.targetSDK ?? 35
        ) { _ in nil }
        var hosts = fileHost(of: url, manifest: manifest, targetSDK: targetSDK).map { [$0] } ?? []
        for declared in decider.verificationHosts
        where declared.hasPrefix("*.") && DomainVerificationRules.approves(host, through: declared) {
            let fileHost = DomainVerificationRules.fileHost(for: declared)
            if !hosts.contains(fileHost) { hosts.append(fileHost) }
        }
        return hosts
    }
}

extension AndroidLinkDoctor {
    /// One URL's walk: the inputs every step reads.
    struct Walk {
        enum Kind {
            case web(host: String)
            case custom(scheme: String)
            case none
        }

        var url: String
        var uri: AndroidURI
        var manifest: AndroidManifest
        var manifestName: String
        var app: AndroidAppIdentity
        var decider: AndroidLinkDecider

        var kind: Kind {
            guard let scheme = uri.scheme, URLSchemes.isSchemeName(scheme) else { return .none }
            if uri.isWeb { return uri.host.map { $0.isEmpty ? .none : .web(host: $0) } ?? .none }
            if scheme.lowercased() == "http" || scheme.lowercased() == "https" { return .none }
            return URLSchemes.forbidden.contains(scheme.lowercased()) ? .none : .custom(scheme: scheme)
        }

        func at(_ location: FileLocation) -> String { location.written(after: manifestName) }

        var urlStep: DoctorReport.Step {
            guard let scheme = uri.scheme, URLSchemes.isSchemeName(scheme) else {
                return .init(
                    .url, .broken, "not an absolute URL: Android opens no app for it",
                    fix: "give the whole link, such as https://example.com/path")
            }
            let lowered = scheme.lowercased()
            if lowered == "http" || lowered == "https" {
                guard uri.isWeb else {
                    return .init(
                        .url, .broken,
                        "the scheme \(scheme) is not \(lowered): Android compares schemes case-sensitively, and "
                            + "verifies only http and https",
                        fix: "write the scheme in lower case: \(lowered)")
                }
                guard let host = uri.host, !host.isEmpty else {
                    return .init(.url, .broken, "an \(scheme) URL without a host", fix: "give the link's host")
                }
                return .init(
                    .url, .ok,
                    "an \(scheme) link on \(host): an App Link if a filter accepts it and the host is verified")
            }
            if URLSchemes.forbidden.contains(lowered) {
                return .init(.url, .broken, "a \(lowered): URL: no app is ever opened for it")
            }
            return .init(
                .url, .ok,
                "a custom-scheme link (\(scheme)://): Android opens an app whose filter accepts it, unverified")
        }

        // MARK: filter

        func filterStep(_ decision: AndroidLinkDecision) -> DoctorReport.Step {
            if let rejected = decision.rejectedPattern {
                var step = DoctorReport.Step(
                    .filter, .broken,
                    "Android refuses to install the app: android:\(rejected.attribute)=\"\(rejected.value.source)\" "
                        + "at \(at(rejected.value.location)) is rejected (\(rejected.error)), so the package parser "
                        + "throws and no URL opens the app",
                    fix: "fix the pattern at \(at(rejected.value.location)): tokens (a character, ., [set]) each "
                        + "optionally followed by *, + or {n,m}")
                step.places = [.init(.androidManifest, rejected.value.location)]
                return step
            }
            if let filter = decision.acceptingFilter, let combination = filter.combination {
                var step = DoctorReport.Step(
                    .filter, .ok, "\(filter.activity)'s filter at \(at(filter.location)) accepts it",
                    evidence: [
                        "data: " + AndroidMatchReport.describe(combination),
                        filter.autoVerify ? "autoVerify: yes" : "autoVerify: no (not a candidate for verification)",
                    ])
                step.places = [.init(.androidManifest, filter.location)]
                for value in [combination.scheme, combination.host, combination.path?.value].compactMap({ $0 }) {
                    step.places.append(.init(.androidManifest, value.location))
                }
                return step
            }
            let filters = manifest.intentFilters
            // The nearest: the first filter whose check failed latest.
            guard let nearest = decision.filters.map({ Self.rank($0.mismatch) }).max(),
                let index = decision.filters.firstIndex(where: { Self.rank($0.mismatch) == nearest })
            else {
                return .init(
                    .filter, .broken, "no intent filter accepts the URL: \(manifestName) declares none",
                    fix: "add an intent filter with VIEW, DEFAULT, BROWSABLE and <data> elements for the URL to an "
                        + "activity of \(manifestName)")
            }
            let result = decision.filters[index]
            let filter = filters[index].filter
            let place = at(result.location)
            guard let mismatch = result.mismatch else { return .init(.filter, .ok, "a filter accepts it") }
            let why = nearestWhy(filter, mismatch: mismatch, place: place)
            var step = DoctorReport.Step(
                .filter, .broken,
                "no intent filter accepts the URL: the nearest, \(result.activity)'s at \(place), " + why.message,
                evidence: why.evidence, fix: why.fix)
            step.places = why.places + [.init(.androidManifest, result.location)]
            if decision.filters.count > 1 {
                step.evidence.append(
                    "\(decision.filters.count) filters tried: "
                        + decision.filters.map {
                            "\(at($0.location)) \($0.mismatch.map(AndroidMatchReport.describe) ?? "")"
                        }
                        .joined(separator: "; "))
            }
            return step
        }

        /// How far a filter got: the later the check that failed, the nearer.
        static func rank(_ mismatch: FilterMismatch?) -> Int {
            switch mismatch {
            case nil: 8
            case .noViewAction?: 0
            case .missingCategory?: 1
            case .noScheme?: 2
            case .scheme?: 3
            case .mimeType?: 4
            case .host?: 5
            case .path?: 6
            }
        }

        func nearestWhy(_ filter: IntentFilter, mismatch: FilterMismatch, place: String) -> (
            message: String, evidence: [String], fix: String, places: [LocatedFinding.Place]
        ) {
            switch mismatch {
            case .noViewAction:
                return (
                    "has no VIEW action", [],
                    "add <action android:name=\"\(IntentFilter.viewAction)\" /> to the "
                        + "filter at \(place)", []
                )
            case .missingCategory(let category):
                return (
                    "lacks \(category) (a link from a browser carries BROWSABLE and DEFAULT)", [],
                    "add <category android:name=\"\(category)\" /> to the filter at \(place)", []
                )
            case .noScheme:
                return (
                    "declares no scheme", [],
                    "add <data android:scheme=\"\(uri.scheme ?? "https")\" /> to the filter at \(place)", []
                )
            case .scheme(let scheme):
                return (
                    "does not declare the scheme '\(scheme)' (schemes compare case-sensitively)",
                    ["schemes: " + filter.schemes.joined(separator: ", ")],
                    "add <data android:scheme=\"\(scheme)\" /> to the filter at \(place)", []
                )
            case .mimeType:
                return (
                    "declares a MIME type, and a link has none", [],
                    "remove android:mimeType from the filter at \(place), or give the link its own filter", []
                )
            case .host(let host):
                let declared = filter.data.compactMap { $0["host"] }
                var evidence = [
                    "hosts: " + declared.map { $0.value ?? $0.source }.joined(separator: ", ")
                ]
                var fix = "add <data android:host=\"\(host)\" /> to the filter at \(place)"
                if let unresolved = Self.unresolved(declared) {
                    evidence.append(unresolved.evidence)
                    fix = unresolved.fix
                }
                return ("does not declare the host \(host)", evidence, fix, [])
            case .path(let path):
                return pathWhy(filter, path: path, place: place)
            }
        }

        func pathWhy(_ filter: IntentFilter, path: String, place: String) -> (
            message: String, evidence: [String], fix: String, places: [LocatedFinding.Place]
        ) {
            // The filter's claim, as `app lint --claims` lists it (one reading of the filter).
            let rules = filter.claim.paths
            var evidence = ["path rules: " + rules.map(\.text).joined(separator: ", ")]
            if !filter.relativeFilterGroups.isEmpty {
                evidence.append("\(filter.relativeFilterGroups.count) uri-relative-filter-group(s), none allows it")
            }
            // The manifest's own diagnostics at these rules (a '*' in pathPrefix, a pathPattern pitfall) explain why.
            let locations = Set(rules.map(\.value.location))
            let diagnostics = AndroidManifestLinter.lint(manifest).filter { locations.contains($0.location) }
            evidence += diagnostics.map { "\(at($0.location)): \($0.message)" }
            let message = "accepts the host, but no path rule accepts '\(path)'"
            // A literal '*' that was meant as a wildcard: the text before it, as a prefix, would accept the path.
            for rule in rules where rule.attribute == "pathPrefix" || rule.attribute == "path" {
                guard let text = rule.value.value, let star = text.firstIndex(of: "*") else { continue }
                let prefix = String(text[..<star])
                guard !prefix.isEmpty, path.hasPrefix(prefix) else { continue }
                return (
                    message, evidence,
                    "write android:pathPrefix=\"\(prefix)\" at \(at(rule.value.location)): android:\(rule.attribute) "
                        + "compares '*' literally (a wildcard only in android:pathPattern)",
                    [.init(.androidManifest, rule.value.location)]
                )
            }
            let slash = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/"
            let suggested = slash == "/" ? "android:path=\"\(path)\"" : "android:pathPrefix=\"\(slash)\""
            return (message, evidence, "add <data \(suggested) /> to the filter at \(place)", [])
        }

        /// The placeholders and string references left unresolved in `values` (in the order met, once each), and how
        /// to resolve them; nil when every value is resolved.
        static func unresolved(_ values: [ManifestValue]) -> (evidence: String, fix: String)? {
            var names: [String] = []
            for name in values.compactMap(\.unresolved) where !names.contains(name) { names.append(name) }
            guard !names.isEmpty else { return nil }
            let fixes = names.map { name in
                name.hasPrefix("${") && name.hasSuffix("}")
                    ? "--define \(name.dropFirst(2).dropLast())=VALUE (Gradle's manifestPlaceholders)"
                    : "--strings FILE (the res/values/strings.xml that defines \(name))"
            }
            return (
                "unresolved: " + names.joined(separator: ", ") + ": Android receives the built value, which is unknown",
                "give " + fixes.joined(separator: " and ") + ", so that the hosts are the ones Android receives"
            )
        }

        // MARK: host

        func hostStep(
            _ host: String, standing: AndroidLinkDecider.HostStanding, decision: AndroidLinkDecision
        ) -> DoctorReport.Step {
            let declaring = manifest.intentFilters.lazy.compactMap { entry -> (String, ManifestValue)? in
                guard entry.filter.isAutoVerifyEligible else { return nil }
                return entry.filter.data.lazy.compactMap { $0["host"] }.first {
                    $0.value?.lowercased() == standing.declaredHost?.lowercased()
                }.map { (entry.activity.name, $0) }
            }.first
            // A wildcard whose domain the host only ends with (the bare domain, `myexample.com`) approves it once
            // verified; until then the host is as good as undeclared.
            let suffixOnly =
                standing.declaredHost.map {
                    $0.hasPrefix("*") && !IntentFilter.hostMatches($0, nil, uri, host)
                } ?? false
            guard let declared = standing.declaredHost, !(suffixOnly && !standing.isVerified) else {
                let hosts = decider.verificationHosts
                let unresolved = Self.unresolved(
                    manifest.intentFilters.filter { $0.filter.autoVerify }.flatMap {
                        $0.filter.data.compactMap { $0["host"] }
                    })
                var evidence = [
                    !hosts.isEmpty
                        ? "hosts declared for verification: " + hosts.joined(separator: ", ")
                        : unresolved == nil
                            ? "no filter asks for verification (android:autoVerify=\"true\" on a web-only filter)"
                            : "no host of an autoVerify filter is resolved"
                ]
                var fix = "declare android:host=\"\(host)\" in an android:autoVerify=\"true\" filter"
                if let accepting = decision.acceptingFilter, !accepting.autoVerify {
                    fix = "add android:autoVerify=\"true\" to the filter at \(at(accepting.location))"
                } else if let unresolved {
                    evidence.append(unresolved.evidence)
                    fix = unresolved.fix
                }
                if let wildcard = standing.declaredHost {
                    evidence.append(
                        "\(wildcard) would approve it once verified (Android approves a host that ends with a verified "
                            + "wildcard's domain), and it is not")
                }
                return .init(
                    .host, .broken,
                    "no autoVerify filter declares \(host): Android 12 and later hand the link to the browser",
                    evidence: evidence, fix: fix)
            }
            let fileHost = standing.fileHost ?? declared
            var evidence: [String] = []
            if let declaring { evidence.append("\(declaring.0)'s filter, \(at(declaring.1.location))") }
            let wildcard = declared.hasPrefix("*")
            evidence.append(
                wildcard
                    ? "a wildcard host: Android verifies it with the bare domain's file, https://\(fileHost)"
                        + AssetLinksFetchChecker.wellKnownPath
                    : "verified with https://\(fileHost)\(AssetLinksFetchChecker.wellKnownPath)")
            if let own = standing.ownHostFailing {
                evidence.append(
                    "\(own) is declared too, and its own file does not verify the app: Android approves it through "
                        + "the verified \(declared) (a host that ends with a verified wildcard's domain)")
            }
            // Approval is by string suffix (AOSP): the bare domain, or a host without the dot, is approved too.
            let bySuffix = suffixOnly
            var step = DoctorReport.Step(
                .host, .ok,
                bySuffix
                    ? "\(host) is approved through \(declared): Android approves any host that ends with a verified "
                        + "wildcard's domain (\(fileHost)), not only its subdomains"
                    : "\(declared) is declared for verification, covering \(host)", evidence: evidence)
            if let declaring { step.places = [.init(.androidManifest, declaring.1.location)] }
            return step
        }

        // MARK: file

        func fileStep(_ standing: AndroidLinkDecider.HostStanding, site: AssetLinksSiteFile?) -> DoctorReport.Step {
            guard let fileHost = standing.fileHost, let declared = standing.declaredHost else {
                return .init(.file, .skipped, "no host to verify (see the host step)")
            }
            let wellKnown = "https://\(fileHost)\(AssetLinksFetchChecker.wellKnownPath)"
            let whose = declared.hasPrefix("*") ? " (the bare domain's file, which verifies \(declared))" : ""
            guard let site else {
                return .init(
                    .file, .skipped,
                    "no file given: pass --assetlinks FILE (the file \(fileHost) serves) or --fetch to check the "
                        + "deployed one", unverified: true)
            }
            if let nothing = site.file?.diagnostics.first(where: { $0.code == .grantsNothing }) {
                var step = DoctorReport.Step(
                    .file, .broken, "the file of \(fileHost) grants nothing to any app: \(nothing.message)",
                    evidence: ["\(site.source) \(Self.pointer(nothing.location))"], fix: nothing.fix)
                step.places = [
                    .init(site.fetch.map { ReportFile.deployedAssetLinks($0.host) } ?? .assetLinks, nothing.location)
                ]
                return step
            }
            guard let fetch = site.fetch else {
                return .init(.file, .ok, "the local file \(site.source) stands for \(wellKnown)\(whose)")
            }
            let errors = fetch.findings.filter { $0.severity == .error && $0.source != .verification }
            let evidence = fetch.findings.filter { $0.source != .verification }.map {
                "\($0.severity.rawValue): \($0.message)"
            }
            guard site.file != nil, errors.isEmpty || fetch.verdict == .verified || fetch.verdict == .notVerified
            else {
                return .init(
                    .file, .broken, "\(fileHost) serves no valid assetlinks.json at \(wellKnown)\(whose)",
                    evidence: evidence,
                    fix: errors.first?.hint
                        ?? "serve the file at \(wellKnown) with status 200, no redirect, as application/json")
            }
            let status = fetch.request.status.map { " (status \($0))" } ?? ""
            return .init(.file, .ok, "the deployed file, \(site.source)\(status)\(whose)", evidence: evidence)
        }

        // MARK: statement

        func statementStep(_ standing: AndroidLinkDecider.HostStanding, site: AssetLinksSiteFile?) -> (
            step: DoctorReport.Step, verification: AssetLinksVerification?
        ) {
            guard let file = site?.file, let verification = standing.verification, let site,
                !file.diagnostics.contains(where: { $0.code == .grantsNothing })
            else {
                return (.init(.statement, .skipped, "no file to verify with (see the file step)"), nil)
            }
            let role = site.fetch.map { ReportFile.deployedAssetLinks($0.host) } ?? .assetLinks
            let fingerprint = app.fingerprints.first ?? "of the signing certificate"
            if let statement = verification.statement {
                let signed = statement.target.flatMap { target -> String? in
                    guard case .androidApp(_, let fingerprints) = target else { return nil }
                    return fingerprints.first(where: app.fingerprints.contains)
                }
                var step = DoctorReport.Step(
                    .statement, .ok,
                    "the statement at \(Self.pointer(statement.location)) grants App Links to \(app.packageName)",
                    evidence: ["fingerprint: \(signed ?? fingerprint)"])
                step.places = [.init(role, statement.location)]
                return (step, verification)
            }
            if site.fetch?.verdict == .verified {
                return (
                    .init(
                        .statement, .ok,
                        "an included file grants App Links to \(app.packageName) (as `assetlinks fetch` reports)"),
                    nil
                )
            }
            let failure = verification.failure
            var places: [LocatedFinding.Place] = []
            let fix: String
            switch failure {
            case .packageNotListed?:
                fix =
                    "add a statement for \(app.packageName) (the app's applicationId) with the fingerprint "
                    + fingerprint + " to the file"
            case .fingerprintNotListed?:
                fix = "add \(fingerprint) to sha256_cert_fingerprints of the statement for \(app.packageName)"
                if let statement = file.statements.first(where: {
                    guard case .androidApp(let name, _)? = $0.target else { return false }
                    return name == app.packageName
                }) {
                    places = [.init(role, statement.location)]
                }
            default:
                fix =
                    "add a statement granting \(AssetLinksStatement.handleAllURLs) to \(app.packageName) with "
                    + "the fingerprint \(fingerprint)"
            }
            var step = DoctorReport.Step(
                .statement, .broken,
                "the file does not verify \(app.packageName): " + (failure?.reason(for: app) ?? "no statement"),
                evidence: ["the app: \(app.packageName), " + app.fingerprints.joined(separator: ", ")], fix: fix)
            step.places = places
            return (step, nil)
        }

        static func pointer(_ location: FileLocation) -> String {
            location.pointer.map { $0.text.isEmpty ? "/" : $0.text } ?? location.description
        }

        // MARK: dynamic rule

        func dynamicRuleStep(_ verification: AssetLinksVerification?, site: AssetLinksSiteFile?)
            -> DoctorReport.Step
        {
            guard let verification, verification.isVerified else {
                return .init(.dynamicRule, .skipped, "no verifying statement (see the statement step)")
            }
            let role = site?.fetch.map { ReportFile.deployedAssetLinks($0.host) } ?? .assetLinks
            guard let rules = verification.dynamicRules, !rules.isEmpty else {
                let discarded = verification.statement?.dynamicRulesDiscarded == true
                return .init(
                    .dynamicRule, .skipped,
                    discarded
                        ? "the statement's dynamic rules are discarded (malformed): the manifest alone decides"
                        : "the statement has no dynamic rules: every URL the filters accept opens")
            }
            let (index, excluded) = DynamicAppLinkRule.decide(rules, for: uri)
            let evidence = rules.enumerated().map { offset, rule in
                "rule \(offset): \(Self.describe(rule))"
                    + (offset == index ? "  (decides)" : "")
            }
            guard let index else {
                var step = DoctorReport.Step(
                    .dynamicRule, .broken,
                    "no dynamic rule matches the URL, so it is excluded (Android 15+): the browser opens",
                    evidence: evidence,
                    fix: "add a rule that allows the URL, such as {\"/\": \"\(uri.path)\"}, or end the rules with "
                        + "{\"/\": \"*\"}")
                step.places = rules.last.map { [.init(role, $0.location)] } ?? []
                return step
            }
            let rule = rules[index]
            var step: DoctorReport.Step
            if excluded {
                step = .init(
                    .dynamicRule, .broken,
                    "dynamic rule \(index) (\(Self.describe(rule))) excludes the URL (Android 15+): the browser opens",
                    evidence: evidence,
                    fix: "narrow or remove the exclude rule at \(Self.pointer(rule.location)), or put a rule that "
                        + "allows the URL before it")
            } else {
                step = .init(
                    .dynamicRule, .ok, "dynamic rule \(index) (\(Self.describe(rule))) allows it", evidence: evidence)
            }
            step.places = [.init(role, rule.location)]
            return step
        }

        /// A rule as the file writes it: `{"/": "/orders/*", "exclude": true}`.
        static func describe(_ rule: DynamicAppLinkRule) -> String {
            var parts: [String] = []
            if let path = rule.path { parts.append("\"/\": " + JSONQuoting.quoted(path)) }
            if !rule.query.isEmpty {
                parts.append(
                    "\"?\": {"
                        + rule.query.map { JSONQuoting.quoted($0.name) + ": " + JSONQuoting.quoted($0.pattern) }
                        .joined(separator: ", ") + "}")
            }
            if let fragment = rule.fragment { parts.append("\"#\": " + JSONQuoting.quoted(fragment)) }
            if rule.exclude { parts.append("\"exclude\": true") }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }
}
