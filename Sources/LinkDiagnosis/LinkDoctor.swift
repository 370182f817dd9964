import AppCoverage
import AppSiteAssociation
import FileLocations
import LinkCoverage
import LinkDeployment
import LinkRouting
import RichMediaKitSupport

/// Walks one URL through the chain iOS walks, from a tap to the app's route, and names the first broken link
/// (what `link-router doctor URL` prints).
///
/// The links, in order (see ``DoctorReport/Step/Name``):
/// 1. `url`: only https links are universal links; a custom-scheme link goes to the app that declares the scheme.
/// 2. `entitlement` (https): an `applinks` entry must claim the host; `*.example.com` covers the subdomains and
///    not `example.com` itself; an entry that is not valid (a scheme, a path, an unresolved variable) is ignored.
/// 3. `file` (https): devices read Apple's CDN copy of the file; in developer mode (`?mode=developer`) they fetch
///    it from the origin. A local file stands for it offline.
/// 4. `rule` (https): the file must name the app ID, and its deciding rule must be a matching one (as
///    `AASAMatcher.explain(_:domain:appID:)` decides).
/// 5. `scheme` (custom scheme): the `Info.plist` must declare the scheme in `CFBundleURLTypes`.
/// 6. `route`: the app's routes must route the URL (as `RouteTable.decision(for:)` decides).
///
/// Every link is decided from the inputs alone, so a later link is reported even when an earlier one is broken,
/// unless it needs what the broken link lacks (then it is skipped).
public enum LinkDoctor {
    /// Walks `url` through the chain.
    ///
    /// - Parameters:
    ///   - url: The URL, as a user would tap it.
    ///   - app: The app's side, read from its entitlements and `Info.plist`.
    ///   - entitlementsName: The entitlements file's name, for fixes.
    ///   - routes: The app's route table.
    ///   - routesName: The routes file's name, for fixes.
    ///   - appID: The signed app's ID, or nil when none is known (the `rule` step is then unverified).
    ///   - file: The file of the URL's host (local or fetched), or nil when none was given.
    /// - Returns: The report.
    static func diagnose(
        _ url: String, app: AppLinkSide, entitlementsName: String, routes: RouteTable, routesName: String,
        appID: String?, file: SiteFile?
    ) -> DoctorReport {
        var steps: [DoctorReport.Step] = []
        let link = Link(url)
        steps.append(link.step)
        switch link.kind {
        case .universal(let host):
            let entry = entitlementStep(host: host, app: app, entitlementsName: entitlementsName)
            steps.append(entry.step)
            let decided = fileStep(host: host, file: file, developerMode: entry.claiming?.isDeveloperMode ?? false)
            steps.append(decided.step)
            if let appID {
                steps.append(ruleStep(url, host: host, appID: appID, matcher: decided.matcher))
            } else {
                steps.append(
                    .init(
                        .rule, .skipped,
                        "no app ID to decide with: the entitlements name no application-identifier, or only Xcode's "
                            + "settings for it and the site's file names no app ID that fits (give --app-id)",
                        unverified: true))
            }
            steps.append(.init(.scheme, .skipped, "an https link: no URL scheme declaration is needed"))
        case .custom(let scheme):
            let reason = "a custom-scheme link: iOS hands it to the app that declares \(scheme), no association"
            steps.append(.init(.entitlement, .skipped, reason))
            steps.append(.init(.file, .skipped, reason))
            steps.append(.init(.rule, .skipped, reason))
            steps.append(schemeStep(scheme, app: app))
        case .none:
            for name in [DoctorReport.Step.Name.entitlement, .file, .rule, .scheme] {
                steps.append(.init(name, .skipped, "not a link iOS opens an app for"))
            }
        }
        steps.append(routeStep(url, link: link, routes: routes, routesName: routesName))
        return DoctorReport(url: url, appID: appID ?? "", steps: steps)
    }

    /// The host of an https URL, lowercased: the domain whose file the chain needs (for `--fetch`).
    ///
    /// - Parameter url: The URL.
    /// - Returns: The host, or nil when `url` is not an https URL whose host is a host name.
    public static func host(of url: String) -> String? {
        guard case .universal(let host) = Link(url).kind else { return nil }
        return host
    }

    /// The URL's kind, from its scheme.
    struct Link {
        enum Kind {
            case universal(host: String)
            case custom(scheme: String)
            case none
        }

        var kind: Kind
        var step: DoctorReport.Step

        init(_ url: String) {
            let scheme = url.firstIndex(of: ":").map { String(url[..<$0]).lowercased() } ?? ""
            guard URLSchemes.isSchemeName(scheme) else {
                kind = .none
                step = .init(
                    .url, .broken, "not an absolute URL: iOS opens no app for it",
                    fix: "give the whole link, such as https://example.com/path")
                return
            }
            switch scheme {
            case "https":
                // The package's one splitter, with the AASA matcher's policy (iOS decides by the origin, never by
                // userinfo): the host named here is the one `aasa match` and `route` see, not Foundation's reading.
                guard let host = URLParts.origin(of: url, userinfo: .skip)?.host, !host.isEmpty else {
                    kind = .none
                    step = .init(.url, .broken, "an https URL without a host", fix: "give the link's host")
                    return
                }
                let lowered = URLBytes.asciiLowercased(host)
                // A host the router refuses (`%`, `\`, a bracket) is no host iOS claims a link for either (a trailing
                // dot is a fully qualified name: the entitlement step judges it).
                if let problem = HostNames.problem(lowered.hasSuffix(".") ? lowered.dropLast() : Substring(lowered)) {
                    kind = .none
                    step = .init(
                        .url, .broken, "an https URL whose host is not a host name: \(problem)",
                        fix: "give the link's host name, such as example.com")
                    return
                }
                kind = .universal(host: lowered)
                step = .init(.url, .ok, "an https link on \(lowered): a universal link if the app claims the host")
            case "http":
                kind = .none
                step = .init(
                    .url, .broken, "an http link: iOS opens universal links only for https, so Safari opens it",
                    fix: "link to the https URL")
            case _ where URLSchemes.forbidden.contains(scheme):
                kind = .none
                step = .init(.url, .broken, "a \(scheme): URL: no app is ever opened for it")
            default:
                kind = .custom(scheme: scheme)
                step = .init(.url, .ok, "a custom-scheme link (\(scheme)://): iOS opens the app that declares it")
            }
        }
    }

    static func entitlementStep(
        host: String, service: AssociatedDomain.Service = .applinks, app: AppLinkSide, entitlementsName: String
    ) -> (step: DoctorReport.Step, claiming: AppLinkSide.Entry?) {
        let claims = app.claims(host, for: service)
        if let entry = claims.first(where: { !$0.isDeveloperMode && !$0.isManagedOnly }) ?? claims.first {
            var evidence = ["com.apple.developer.associated-domains[\(entry.index)]: \(entry.text)"]
            if entry.isDeveloperMode {
                evidence.append(
                    "mode=developer: used only by development-signed builds on devices with Associated Domains "
                        + "Development turned on (iOS then fetches the file from the origin, not Apple's CDN); "
                        + "release builds ignore the entry")
            } else if entry.isManagedOnly {
                evidence.append("mode=managed: used only on devices managed by an MDM profile")
            }
            if entry.isDeveloperMode, !claims.contains(where: { !$0.isDeveloperMode }) {
                evidence.append(
                    "no other \(service) entry claims \(host): a release build does not claim it at all")
            }
            var step = DoctorReport.Step(.entitlement, .ok, "\(entry.text) claims \(host)", evidence: evidence)
            step.places = entryPlaces(entry)
            return (step, entry)
        }
        let fix = "add \(service):\(host) to com.apple.developer.associated-domains in \(entitlementsName)"
        let ofService = app.all.filter { $0.service == service }
        if let wildcard = ofService.first(where: { $0.domain?.isWildcard == true && $0.domain?.host == host }) {
            var step = DoctorReport.Step(
                .entitlement, .broken,
                "no \(service) entry claims \(host): \(wildcard.text) covers the subdomains of \(host), not "
                    + "\(host) itself",
                evidence: ["com.apple.developer.associated-domains[\(wildcard.index)]: \(wildcard.text)"], fix: fix)
            step.places = entryPlaces(wildcard)
            return (step, nil)
        }
        // An entry iOS ignores (the same rule as the check and the lint: `AssociatedDomain.claims(_:for:)`) that was
        // meant for this service and host: its service, or a typo'd one.
        if let invalid = app.all.first(where: { entry in
            entry.domain == nil && (entry.service == service || !entry.service.isKnown)
                && (entry.parsed?.host == host || entry.text.lowercased().contains(host))
        }) {
            var step = DoctorReport.Step(
                .entitlement, .broken,
                "no valid \(service) entry claims \(host): iOS ignores \(invalid.text) ("
                    + (invalid.problem ?? "not a host name") + ")",
                evidence: ["com.apple.developer.associated-domains[\(invalid.index)]: \(invalid.text)"],
                fix: "write the entry as \(service):\(host)")
            step.places = entryPlaces(invalid)
            return (step, nil)
        }
        // A value of the wrong type where the entries belong (the key, or one of its items) may be the claim.
        if let value = app.wrongTypes.first(where: {
            !$0.inInfoPlist && $0.isUnder("com.apple.developer.associated-domains")
        }) {
            var step = DoctorReport.Step(
                .entitlement, .broken, "no \(service) entry claims \(host): \(value.description), and iOS ignores it",
                evidence: [value.location.written(after: entitlementsName)],
                fix: "write the entries as an array of strings such as \(service):\(host) in "
                    + "com.apple.developer.associated-domains")
            step.places = [AppLinkSide.place(in: .entitlements, value.location)]
            return (step, nil)
        }
        let others = app.all.filter { $0.service != service && $0.claims(host, for: $0.service) }.map(\.text)
        let listed = ofService.map(\.text)
        var evidence = [
            listed.isEmpty
                ? "the entitlements have no \(service) entry"
                : "\(service) entries: " + listed.joined(separator: ", ")
        ]
        if !others.isEmpty { evidence.append("claimed for other services only: " + others.joined(separator: ", ")) }
        return (
            .init(.entitlement, .broken, "no \(service) entry claims \(host)", evidence: evidence, fix: fix), nil
        )
    }

    /// Where an entry is in the entitlements, when it was read with its location.
    static func entryPlaces(_ entry: AppLinkSide.Entry) -> [LocatedFinding.Place] {
        entry.location.map { [AppLinkSide.place(in: .entitlements, $0)] } ?? []
    }

    static func fileStep(
        host: String, file: SiteFile?, developerMode: Bool
    ) -> (step: DoctorReport.Step, matcher: AASAMatcher?) {
        let wellKnown = "https://\(host)\(AASAFetchChecker.wellKnownPath)"
        guard let file else {
            return (
                .init(
                    .file, .skipped,
                    "no file given: pass --aasa FILE (the file \(host) serves) or --fetch to check the deployed one",
                    unverified: true), nil
            )
        }
        if let aasa = file.file, aasa.grantsNothing {
            // A file that names no app (`{}`, a misspelled `appLinks`) is the broken link, not the app ID.
            let lint = AASALinter.lint(file.bytes, passes: []).diagnostics.first { $0.code == .grantsNothing }
            var step = DoctorReport.Step(
                .file, .broken,
                "the file for \(host) grants nothing to any app: "
                    + (lint.map { String($0.message.drop { $0 != ":" }.dropFirst(2)) } ?? "it names no app ID"),
                evidence: lint.map { ["\(file.source ?? "-") \($0.pointer.isEmpty ? "/" : $0.pointer)"] } ?? [],
                fix: lint?.fix ?? "write the app's applinks section")
            step.places = lint.map { [.init(.site(host), $0.fileLocation)] } ?? []
            return (step, nil)
        }
        guard let report = file.fetch else {
            guard let matcher = file.matcher else {
                return (.init(.file, .broken, "the file given for \(host) could not be read"), nil)
            }
            let source = file.source ?? "-"
            return (
                .init(
                    .file, .ok,
                    "the local file \(source) stands for \(wellKnown) (not fetched: devices read Apple's CDN copy)"),
                matcher
            )
        }
        let originErrors = report.findings.filter {
            $0.severity == .error && $0.source != .cdn && $0.source != .coverage
        }
        let originEvidence = originErrors.map { "origin: \($0.message)" }
        func origin(_ why: String) -> (DoctorReport.Step, AASAMatcher?) {
            guard let matcher = file.matcher, let source = file.source else {
                return (
                    .init(
                        .file, .broken, "\(host) serves no valid file (\(why))", evidence: originEvidence,
                        fix: originErrors.first?.hint ?? "serve the file at \(wellKnown) with status 200"), nil
                )
            }
            return (.init(.file, .ok, "the origin's file, \(source) (\(why))", evidence: originEvidence), matcher)
        }
        if developerMode { return origin("developer mode: iOS fetches it from the origin, not Apple's CDN") }
        guard let cdn = report.cdn else { return origin("Apple's CDN left out with --no-cdn; devices read its copy") }
        let cdnEvidence = ["Apple's CDN: \(cdn.request.url) (\(cdn.state.rawValue))"] + originEvidence
        switch cdn.state {
        case .current, .notCompared, .stale:
            guard let matcher = file.cdnMatcher ?? file.matcher else { return origin("Apple's CDN copy unreadable") }
            var evidence = cdnEvidence
            let message: String
            switch cdn.state {
            case .current: message = "Apple's CDN copy for \(host), current (it opens the app for the same URLs)"
            case .stale:
                message = "Apple's CDN copy for \(host), stale: devices decide with it until Apple refreshes it"
                for difference in cdn.differences {
                    evidence.append(
                        "\(difference.appID): \(difference.originOnly.count) region(s) only the origin opens, "
                            + "\(difference.cdnOnly.count) only the CDN copy opens")
                }
            default: message = "Apple's CDN copy for \(host) (not compared with the origin's file)"
            }
            return (.init(.file, .ok, message, evidence: evidence), matcher)
        case .miss:
            return (
                .init(
                    .file, .broken,
                    "Apple's CDN has no copy of the file for \(host): devices cannot open the app for its links",
                    evidence: cdnEvidence,
                    fix: "serve the file at \(wellKnown) (status 200, application/json, no redirect); Apple's CDN "
                        + "fetches it from there"), nil
            )
        case .unavailable:
            return (
                .init(
                    .file, .broken, "Apple's CDN copy for \(host) could not be fetched or read",
                    evidence: cdnEvidence,
                    fix: "check that \(wellKnown) serves a valid file; retry when Apple's CDN answers"), nil
            )
        }
    }

    static func ruleStep(_ url: String, host: String, appID: String, matcher: AASAMatcher?) -> DoctorReport.Step {
        guard let matcher else {
            return .init(.rule, .skipped, "no file to decide with (see the file step)")
        }
        let match = matcher.explain(url, domain: host, appID: appID)
        let evidence = AASAMatch.renderedText([(url, match)]).split(separator: "\n").map(String.init)
        // The deciding rule, in the host's file (as the whole-app check names the file).
        let rulePlaces = match.rule.map { [LocatedFinding.Place(.site(host), .pointer(JSONPointer(known: $0)))] } ?? []
        switch match.decision {
        case .match:
            var step = DoctorReport.Step(
                .rule, .ok, "\(match.rule ?? "a rule") opens the app: \(match.reason)", evidence: evidence)
            step.places = rulePlaces
            return step
        case .exclude:
            var step = DoctorReport.Step(
                .rule, .broken, "the exclude rule \(match.rule ?? "-") blocks the URL: Safari opens",
                evidence: evidence,
                fix: "narrow or remove the exclude rule \(match.rule ?? ""), or put a matching rule before it")
            step.places = rulePlaces
            return step
        case .noMatch:
            if match.reason.kind == .appIDNotListed {
                var step = DoctorReport.Step(
                    .rule, .broken,
                    "the file does not name \(appID) ("
                        + AppIDDifference.describe(appID: appID, listed: matcher.appIDs) + "): Safari opens",
                    evidence: evidence,
                    fix: "add \(appID) to the appIDs of the file's applinks details (or sign the app with the team "
                        + "the file names)")
                step.places = [.init(.site(host), .pointer(AppCoverageChecker.appIDsPointer(of: matcher)))]
                return step
            }
            return .init(
                .rule, .broken, "no rule for \(appID) matches the URL (\(match.reason)): Safari opens",
                evidence: evidence, fix: "add a component matching the URL's path to the details entry for \(appID)")
        }
    }

    static func schemeStep(_ scheme: String, app: AppLinkSide) -> DoctorReport.Step {
        guard let declared = app.schemes else {
            return .init(
                .scheme, .skipped, "no Info.plist given: pass --info-plist FILE to check the scheme's declaration",
                unverified: true)
        }
        guard declared.contains(scheme) else {
            // A value of the wrong type in the URL types may be the declaration.
            if let value = app.wrongTypes.first(where: { $0.inInfoPlist && $0.isUnder("CFBundleURLTypes") }) {
                var step = DoctorReport.Step(
                    .scheme, .broken,
                    "the Info.plist does not declare the scheme \(scheme): \(value.description), and iOS ignores it",
                    evidence: [value.location.written(after: "Info.plist")],
                    fix: "write CFBundleURLTypes as an array of dicts whose CFBundleURLSchemes is an array of strings "
                        + "holding \(scheme)")
                step.places = [AppLinkSide.place(in: .infoPlist, value.location)]
                return step
            }
            return .init(
                .scheme, .broken, "the Info.plist does not declare the scheme \(scheme): iOS never opens the app",
                evidence: [
                    declared.isEmpty ? "it declares no scheme" : "it declares " + declared.joined(separator: ", ")
                ],
                fix: "add \(scheme) to CFBundleURLSchemes of a CFBundleURLTypes entry in the Info.plist")
        }
        var step = DoctorReport.Step(.scheme, .ok, "the Info.plist declares \(scheme) in CFBundleURLTypes")
        step.places = app.schemeLocations[scheme].map { [AppLinkSide.place(in: .infoPlist, $0)] } ?? []
        return step
    }

    static func routeStep(_ url: String, link: Link, routes: RouteTable, routesName: String) -> DoctorReport.Step {
        let decision = routes.decision(for: url)
        guard decision.kind == .route, let routed = decision.routed else {
            let reason = decision.reason?.description ?? decision.kind.rawValue
            var fix = "add a route for the URL to \(routesName)"
            if decision.reason == .notAssociated, case .universal(let host) = link.kind {
                fix = "add applinks:\(host) to associatedDomains in \(routesName)"
            } else if decision.reason == .unknownScheme, case .custom(let scheme) = link.kind {
                fix = "add \(scheme) to schemes in \(routesName), and a route for the URL"
            }
            return .init(
                .route, .broken, "no route handles the URL: the router decides \(decision.kind.rawValue) (\(reason))",
                fix: fix)
        }
        let captured = routed.parameters
        let parameters = captured.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let query = routed.query.filter { captured[$0.key] == nil }.sorted { $0.key < $1.key }.flatMap { item in
            item.value.map { "?\(item.key)=\($0)" }
        }
        let evidence =
            parameters.isEmpty && query.isEmpty ? [] : ["parameters: " + (parameters + query).joined(separator: " ")]
        var step = DoctorReport.Step(.route, .ok, "route `\(routed.route)` handles it", evidence: evidence)
        if let index = routes.routeIndex(named: routed.route) {
            step.places = [.init(.routes, .pointer(JSONPointer.root.appending("routes").appending(index)))]
        }
        return step
    }
}
