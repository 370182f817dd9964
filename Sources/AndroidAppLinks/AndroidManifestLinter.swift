import FileLocations
import RichMediaKitSupport

/// Lints an app's intent filters for App Links (and, given the app's identity and the sites' files, both together).
public struct AndroidManifestLinter: Sendable {
    private init() {}

    /// The API level that added `pathSuffix` and `pathAdvancedPattern`.
    public static let pathSuffixAPILevel = 31
    /// The API level that added `<uri-relative-filter-group>` with query and fragment rules.
    public static let relativeFilterGroupAPILevel = 35

    /// The manifest's diagnostics (its reading's and the filters'), in file order (by line and column; those at
    /// one place keep the order the rules report them in).
    ///
    /// - Parameters:
    ///   - manifest: The manifest.
    ///   - minSDK: The app's minimum SDK (default: the manifest's `uses-sdk`, else 21): below 31 one host that
    ///     fails verification fails every host.
    ///   - targetSDK: The app's target SDK (default: the manifest's `uses-sdk`, else 35): below 31 every web
    ///     filter's hosts are verified once one filter asks.
    /// - Returns: The diagnostics.
    public static func lint(_ manifest: AndroidManifest, minSDK: Int? = nil, targetSDK: Int? = nil)
        -> [AndroidLinkDiagnostic]
    {
        var diagnostics = manifest.diagnostics
        let minimum = minSDK ?? manifest.minSDK ?? 21
        let target = targetSDK ?? manifest.targetSDK ?? 35
        func report(
            _ severity: AndroidLinkDiagnostic.Severity, _ code: AndroidLinkDiagnostic.Code, _ location: FileLocation,
            _ message: String, _ hint: String
        ) {
            diagnostics.append(
                AndroidLinkDiagnostic(severity: severity, code: code, message: message, hint: hint, location: location))
        }
        for (activity, filter) in manifest.intentFilters {
            let actions = filter.actions.compactMap(\.value)
            let categories = filter.categories.compactMap(\.value)
            let schemes = filter.dataValues("scheme")
            let hosts = filter.dataValues("host")
            if !actions.contains(IntentFilter.viewAction), !filter.data.isEmpty, !filter.autoVerify {
                if actions.isEmpty {
                    report(
                        .warning, .unreachableFilter, filter.location,
                        "the intent filter of \(activity.name) has <data> but no action, so no link reaches it",
                        "add <action android:name=\"\(IntentFilter.viewAction)\"/>")
                }
            }
            if actions.contains(IntentFilter.viewAction), categories.contains(IntentFilter.linkCategories[0]),
                schemes.isEmpty, hosts.isEmpty, filter.dataValues("mimeType").isEmpty
            {
                report(
                    .warning, .unreachableFilter, filter.location,
                    "the intent filter of \(activity.name) takes links (VIEW, BROWSABLE) but declares no scheme, so no "
                        + "link reaches it", "add <data android:scheme=\"https\"/> and the hosts it serves")
            }
            if filter.autoVerify {
                let missing =
                    (actions.contains(IntentFilter.viewAction) ? [] : ["action VIEW"])
                    + IntentFilter.linkCategories.filter { !categories.contains($0) }.map {
                        "category " + $0.split(separator: ".").last!
                    }
                if !missing.isEmpty {
                    report(
                        .error, .autoVerifyIncomplete, filter.location,
                        "the autoVerify filter of \(activity.name) lacks \(missing.joined(separator: " and ")), so "
                            + "Android verifies none of its hosts",
                        "add <action android:name=\"android.intent.action.VIEW\"/> and the categories "
                            + "android.intent.category.BROWSABLE and android.intent.category.DEFAULT")
                }
                for scheme in schemes
                where !URLSchemes.web.contains(scheme.value!.lowercased()) {
                    report(
                        .error, .autoVerifyNonWebScheme, scheme.location,
                        "the autoVerify filter declares the scheme '\(scheme.value!)', so Android verifies none of "
                            + "its hosts (a development client, such as Expo's, may inject one)",
                        "move the custom scheme to its own <intent-filter> without autoVerify")
                }
                for element in filter.data {
                    if let port = element["port"], element["host"] != nil {
                        report(
                            .warning, .autoVerifyPort, port.location,
                            "the host of an autoVerify filter has port \(port.source): Android verifies the host "
                                + "without it, but only URLs with that explicit port match",
                            "remove android:port, unless links really carry the port")
                    }
                }
            }
            if schemes.isEmpty, !hosts.isEmpty {
                report(
                    .error, .hostWithoutScheme, hosts[0].location,
                    "the filter declares hosts but no scheme, so it matches no URL",
                    "add <data android:scheme=\"https\"/>")
            }
            for element in filter.data {
                for attribute in element.attributes {
                    guard let kind = IntentFilter.pathKind(attribute.name, part: "path"),
                        let text = attribute.value.value
                    else { continue }
                    let at = attribute.value.location
                    if !filter.data.contains(where: { $0["host"] != nil }) {
                        // A content: or file: filter with a MIME type is not about links: a warning there.
                        let notLinks =
                            !filter.dataValues("mimeType").isEmpty
                            || (!schemes.isEmpty && schemes.allSatisfy { ["content", "file"].contains($0.value!) })
                        report(
                            notLinks ? .warning : .error, .pathWithoutHost, at,
                            "android:\(attribute.name) is given without a host in the filter, so Android ignores it",
                            notLinks
                                ? "remove it (a content: or file: filter matches by MIME type), or add "
                                    + "<data android:host=\"...\"/> for the authority it means"
                                : "add <data android:host=\"example.com\"/> to the filter")
                        continue  // an ignored path: its pattern does not matter
                    }
                    lintPath(kind, attribute.name, attribute.value, text, at, minimum, report)
                }
            }
            if !filter.relativeFilterGroups.isEmpty, minimum < relativeFilterGroupAPILevel {
                report(
                    .warning, .attributeNeedsNewerSDK, filter.relativeFilterGroups[0].location,
                    "<uri-relative-filter-group> needs API \(relativeFilterGroupAPILevel); on older devices "
                        + "(the minimum SDK is \(minimum)) the filter accepts every path of its hosts",
                    "keep plain path attributes for older devices, or raise minSdk")
            }
        }
        diagnostics += linkDiagnostics(manifest, minSDK: minimum, targetSDK: target)
        return inFileOrder(diagnostics)
    }

    /// `diagnostics` sorted by line and column (those without a position first); ties keep their order.
    static func inFileOrder(_ diagnostics: [AndroidLinkDiagnostic]) -> [AndroidLinkDiagnostic] {
        diagnostics.enumerated()
            .sorted { left, right in
                let a = (left.element.location.line ?? 0, left.element.location.column ?? 0)
                let b = (right.element.location.line ?? 0, right.element.location.column ?? 0)
                return a != b ? a < b : left.offset < right.offset
            }
            .map(\.element)
    }

    private static func lintPath(
        _ kind: AndroidPattern.Kind, _ name: String, _ value: ManifestValue, _ text: String, _ at: FileLocation,
        _ minimum: Int,
        _ report: (AndroidLinkDiagnostic.Severity, AndroidLinkDiagnostic.Code, FileLocation, String, String) -> Void
    ) {
        let shown = value.source == text ? "\"\(text)\"" : "\"\(value.source)\" (Android receives \"\(text)\")"
        if kind == .suffix || kind == .advanced, minimum < pathSuffixAPILevel {
            report(
                .warning, .attributeNeedsNewerSDK, at,
                "android:\(name) needs API \(pathSuffixAPILevel); devices below it (the minimum SDK is \(minimum)) "
                    + "ignore it", "add an equivalent android:pathPattern for older devices, or raise minSdk")
        }
        if !text.isEmpty, !text.hasPrefix("/"), kind != .suffix, !(kind == .glob && text.hasPrefix(".")) {
            report(
                .warning, .pathWithoutSlash, at,
                "android:\(name)=\(shown) does not start with '/', and every URL's path does",
                "write \"/\(text)\"")
        }
        switch kind {
        case .literal, .prefix, .suffix:
            if text.contains("*") {
                report(
                    .warning, .literalStar, at,
                    "android:\(name)=\(shown) contains '*', which android:\(name) compares literally",
                    "use android:pathPattern for a wildcard, or android:pathPrefix for everything below a path")
            }
        case .glob:
            for pitfall in globPitfalls(text) {
                report(.warning, .pathPatternPitfall, at, "android:pathPattern=\(shown): " + pitfall.0, pitfall.1)
            }
        case .advanced:
            do throws(AndroidPatternError) {
                _ = try AndroidPattern(.advanced, text)
            } catch {
                report(
                    .error, .advancedPatternInvalid, at,
                    "android:pathAdvancedPattern=\(shown) is rejected by Android: \(error); the package parser "
                        + "throws, so Android refuses to install the app and no URL opens it",
                    "fix the pattern: tokens (a character, ., [set]) each optionally followed by *, + or {n,m}")
            }
        }
    }

    /// What a glob does that it does not look like.
    static func globPitfalls(_ text: String) -> [(String, String)] {
        var pitfalls: [(String, String)] = []
        let units = Array(text.utf16)
        let dot = UInt16(UInt8(ascii: "."))
        let star = UInt16(UInt8(ascii: "*"))
        let backslash = UInt16(UInt8(ascii: "\\"))
        var index = 0
        var sawSkip = false
        var sawEscapedDot = false
        var skipEnd = -1  // the index right after the last unescaped `.*`
        while index < units.count {
            if units[index] == backslash {
                // Right after `.*`, the next character is the literal one `.*` searches for: `\.` is a dot there.
                if index + 1 < units.count, units[index + 1] == dot,
                    !(index + 2 < units.count && units[index + 2] == star), index != skipEnd
                {
                    sawEscapedDot = true
                }
                index += 2
                continue
            }
            if units[index] == dot, index + 1 < units.count, units[index + 1] == star {
                skipEnd = index + 2
                if index + 2 < units.count { sawSkip = true }
                index += 2
                continue
            }
            index += 1
        }
        if sawSkip {
            pitfalls.append(
                (
                    "'.*' followed by more pattern skips only to the first occurrence of the next character and never "
                        + "backtracks (/p/.*/details does not match /p/a/b/details)",
                    "end the pattern with .*, use android:pathPrefix, or android:pathAdvancedPattern (API 31)"
                ))
        }
        if sawEscapedDot {
            pitfalls.append(
                (
                    "an escaped '.' not followed by '*' still matches any character in Android's glob (only right "
                        + "after '.*' is it the literal dot '.*' searches for)",
                    "accept that it matches any character, or use android:pathAdvancedPattern with \\. (API 31)"
                ))
        }
        return pitfalls
    }

    /// The diagnostics of both files together: each `autoVerify` host whose file does not verify the app (an error,
    /// or a warning when a verified wildcard of the app approves its links all the same, spec §5 step 3), and each
    /// wildcard host's file location.
    ///
    /// - Parameters:
    ///   - manifest: The manifest.
    ///   - app: The app's identity.
    ///   - targetSDK: The app's target SDK.
    ///   - files: The file served for each file host, or nil when unknown.
    /// - Returns: The diagnostics, located at the hosts in the manifest.
    public static func lint(
        _ manifest: AndroidManifest, app: AndroidAppIdentity, targetSDK: Int = 35,
        files: (String) -> AssetLinksFile?
    ) -> [AndroidLinkDiagnostic] {
        var diagnostics: [AndroidLinkDiagnostic] = []
        var seen: Set<String> = []
        let declared = AndroidLinkDecider(manifest: manifest, app: app, targetSDK: targetSDK) { _ in nil }
        let hosts = Set(declared.verificationHosts.map { $0.lowercased() })
        var served: [String: AssetLinksFile] = [:]
        for host in hosts {
            let fileHost = DomainVerificationRules.fileHost(for: host)
            if served[fileHost] == nil, let file = files(fileHost) { served[fileHost] = file }
        }
        let known = served
        // The approval Android asks (spec §5 step 3): a host whose own file fails may be approved by a verified
        // wildcard.
        let decider = AndroidLinkDecider(manifest: manifest, app: app, targetSDK: targetSDK) { known[$0] }
        for (_, filter) in manifest.intentFilters {
            for host in filter.dataValues("host") {
                guard let name = host.value, hosts.contains(name.lowercased()), seen.insert(name.lowercased()).inserted
                else { continue }
                let fileHost = DomainVerificationRules.fileHost(for: name)
                if name.hasPrefix("*.") {
                    diagnostics.append(
                        AndroidLinkDiagnostic(
                            severity: .info, code: .wildcardFileHost,
                            message: "\(name) is verified with https://\(fileHost)/.well-known/assetlinks.json "
                                + "(the bare domain), not a subdomain's file", hint: "serve the file at \(fileHost)",
                            location: host.location))
                }
                guard let file = known[fileHost] else { continue }
                let verification = file.verification(for: app)
                guard let failure = verification.failure else { continue }
                let reason = failure.reason(for: app)
                let probe = name.hasPrefix("*.") ? "host." + fileHost : name
                let standing = decider.standing(ofHost: probe, in: AndroidURI("https://\(probe)/"))
                let approvedBy =
                    standing.isVerified && standing.declaredHost?.lowercased() != name.lowercased()
                    ? standing.declaredHost : nil
                diagnostics.append(
                    AndroidLinkDiagnostic(
                        severity: approvedBy == nil ? .error : .warning, code: .hostNotVerified,
                        message: "\(name) is not verified: the assetlinks.json of \(fileHost) does not verify the "
                            + "app: \(reason)"
                            + (approvedBy.map {
                                "; its links still open the app, because the verified \($0) approves every host that "
                                    + "ends with \(DomainVerificationRules.fileHost(for: $0))"
                            } ?? ""),
                        hint:
                            "add a statement for \(app.packageName) with the fingerprint \(app.fingerprints.first ?? "of its signing certificate")",
                        location: host.location))
            }
        }
        return diagnostics
    }
}
