import FileLocations
import RichMediaKitSupport

/// Builds an ``AssetLinksFile`` from the parsed array, skipping what Android skips and reporting every problem.
package struct AssetLinksDecoder {
    private var diagnostics: [AndroidLinkDiagnostic] = []

    static let statementKeys: Set<String> = ["relation", "target", "relation_extensions", "include"]
    static let ruleKeys: Set<String> = ["/", "?", "#", "exclude", "comments"]

    mutating func decode(_ items: [JSONValue]) -> AssetLinksFile {
        var statements: [AssetLinksStatement] = []
        if items.isEmpty {
            report(
                .error, .emptyList, .root, "the file lists no statement, so it verifies no app",
                hint: #"add [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {...}}]"#)
        }
        for (index, item) in items.enumerated() {
            if let statement = decodeStatement(item, at: JSONPointer.root.appending(index)) {
                statements.append(statement)
            }
        }
        let apps = statements.filter { if case .androidApp = $0.target { return true } else { return false } }
        // Statements about apps, none of them with a relation a verifier acts on (and no include that might): the
        // file grants nothing to any app. (Web-only statement lists relate sites, with relations of any name.)
        let grantsSomething =
            statements.contains { $0.include != nil }
            || apps.contains { $0.relations.contains(where: AssetLinksStatement.knownRelations.contains) }
        if !apps.isEmpty, !grantsSomething {
            reportGrantsNothing(apps)
        } else if !apps.isEmpty, !apps.contains(where: \.grantsAppLinks) {
            report(
                .warning, .noHandleAllURLs, .root,
                "no statement grants \(AssetLinksStatement.handleAllURLs) to an app, so no App Link is verified",
                hint: "add \"\(AssetLinksStatement.handleAllURLs)\" to the app's statement's relations")
        }
        return AssetLinksFile(statements: statements, diagnostics: diagnostics)
    }

    /// The `grants-nothing` error: no statement about an app carries a relation a verifier acts on; the fix names
    /// the relation that looks like a misspelling of one, at its place.
    private mutating func reportGrantsNothing(_ statements: [AssetLinksStatement]) {
        var pointer = JSONPointer.root
        var hint =
            "write the relation \"\(AssetLinksStatement.handleAllURLs)\" (App Links) or \"\(AssetLinksStatement.getLoginCredentials)\" (credential sharing)"
        // The first statements name the relation meant (a bound on the work, whatever the file's size).
        search: for statement in statements.prefix(64) {
            for (index, relation) in statement.relations.prefix(16).enumerated() {
                guard let known = Self.nearestRelation(relation) else { continue }
                pointer = (statement.location.pointer ?? .root).appending("relation").appending(index)
                hint = "write \"\(known)\", not \"\(relation)\""
                break search
            }
        }
        let written = Set(statements.flatMap(\.relations)).sorted()
        let named =
            written.prefix(5).joined(separator: ", ") + (written.count > 5 ? " and \(written.count - 5) more" : "")
        report(
            .error, .grantsNothing, pointer,
            "no statement grants an app a relation any verifier acts on (the file has "
                + (written.isEmpty ? "no relation" : named)
                + "), so the file grants nothing to any app: no App Link is verified", hint: hint)
    }

    /// The known relation `relation` is a misspelling of, or nil: their details (after `delegate_permission/` and
    /// `common.`, in lower case with `-` as `_`) at most two edits apart.
    static func nearestRelation(_ relation: String) -> String? {
        func detail(_ text: String) -> [UInt8] {
            var rest = Substring(text.lowercased().replacingDashes)
            if let slash = rest.lastIndex(of: "/") { rest = rest[rest.index(after: slash)...] }
            if rest.hasPrefix("common.") { rest = rest.dropFirst("common.".count) }
            return Array(rest.utf8)
        }
        let written = detail(relation)
        return AssetLinksStatement.knownRelations.first { known in
            known != relation && EditDistance.levenshtein(written, detail(known), limit: 2) <= 2
        }
    }

    mutating func report(
        _ severity: AndroidLinkDiagnostic.Severity, _ code: AndroidLinkDiagnostic.Code, _ pointer: JSONPointer,
        _ message: String, hint: String
    ) {
        diagnostics.append(
            AndroidLinkDiagnostic(
                severity: severity, code: code, message: message, hint: hint, location: .pointer(pointer)))
    }

    private mutating func decodeStatement(_ value: JSONValue, at pointer: JSONPointer) -> AssetLinksStatement? {
        guard case .object(let members) = value else {
            report(
                .error, .invalidStatement, pointer,
                "statement \(pointer) is a \(value.typeName), not an object: "
                    + "Android skips it", hint: #"write {"relation": [...], "target": {...}}"#)
            return nil
        }
        for member in members where !Self.statementKeys.contains(member.key) {
            report(
                .warning, .unknownKey, pointer.appending(member.key),
                "unknown key '\(member.key)' in a statement; no verifier reads it",
                hint: "use relation, target, relation_extensions or include")
        }
        if let include = value["include"] {
            return decodeInclude(include, statement: value, at: pointer)
        }
        guard let relationValue = value["relation"] else {
            report(
                .error, .invalidStatement, pointer, "statement \(pointer) has no 'relation': Android skips it",
                hint: #"add "relation": ["\#(AssetLinksStatement.handleAllURLs)"]"#)
            return nil
        }
        guard case .array(let relationItems) = relationValue else {
            wrongType(relationValue, at: pointer.appending("relation"), expected: "an array of strings")
            return nil
        }
        var relations: [String] = []
        var relationsValid = true
        for (index, item) in relationItems.enumerated() {
            let itemPointer = pointer.appending("relation").appending(index)
            guard case .string(let relation) = item else {
                wrongType(item, at: itemPointer, expected: "a string")
                relationsValid = false
                continue
            }
            guard Self.isRelation(relation) else {
                report(
                    .error, .relationFormat, itemPointer,
                    "'\(relation)' is not a relation (kind/detail of lower-case letters, digits, '_' and '.'): "
                        + "Android skips the statement", hint: "write \"\(AssetLinksStatement.handleAllURLs)\"")
                relationsValid = false
                continue
            }
            relations.append(relation)
        }
        guard let targetValue = value["target"] else {
            report(
                .error, .invalidStatement, pointer, "statement \(pointer) has no 'target': Android skips it",
                hint: #"add "target": {"namespace": "android_app", "package_name": ..., "#
                    + #""sha256_cert_fingerprints": [...]}"#)
            return nil
        }
        guard let target = decodeTarget(targetValue, at: pointer.appending("target")), relationsValid else {
            return nil
        }
        var statement = AssetLinksStatement(
            relations: relations, target: target, location: .pointer(pointer))
        if let extensions = value["relation_extensions"] {
            decodeExtensions(extensions, into: &statement, at: pointer.appending("relation_extensions"))
        }
        return statement
    }

    private mutating func decodeInclude(
        _ include: JSONValue, statement: JSONValue, at pointer: JSONPointer
    ) -> AssetLinksStatement? {
        let includePointer = pointer.appending("include")
        guard case .string(let url) = include else {
            wrongType(include, at: includePointer, expected: "a string (an https URL)")
            return nil
        }
        if statement["target"] != nil || statement["relation"] != nil {
            report(
                .error, .includeWithTarget, pointer,
                "an include statement may not carry 'target' or 'relation': Android skips it",
                hint: "split it: one statement {\"include\": ...} and one with relation and target")
            return nil
        }
        let authority = url.dropFirst("https://".count).prefix { !"/?#".contains($0) }
        guard url.hasPrefix("https://"), !authority.isEmpty, Self.invalidPort(in: authority) == nil else {
            report(
                .error, .insecureInclude, includePointer,
                url.hasPrefix("https://") && !authority.isEmpty
                    ? "the include '\(url)' is not a valid URL (its port is not a number from 1 to 65535): Android's "
                        + "verifiers do not fetch it"
                    : "the include '\(url)' is not an https URL: Android's verifiers do not fetch it",
                hint: "include an https URL, such as https://example.com/.well-known/assetlinks.json")
            return nil
        }
        report(
            .info, .includeDepth, includePointer,
            "includes '\(url)': AOSP's verifier follows one level of includes, Google's API deeper ones, so an "
                + "include in the included file counts for one and not the other",
            hint: "keep the included file free of includes, or fetch with `assetlinks fetch` to see both readings")
        return AssetLinksStatement(relations: [], target: nil, include: url, location: .pointer(pointer))
    }

    private mutating func decodeTarget(_ value: JSONValue, at pointer: JSONPointer) -> AssetLinksTarget? {
        guard case .object = value else {
            wrongType(value, at: pointer, expected: "an object")
            return nil
        }
        guard case .string(let namespace)? = value["namespace"] else {
            report(
                .error, .unknownNamespace, value["namespace"] == nil ? pointer : pointer.appending("namespace"),
                "the target has no string 'namespace': Android skips the statement",
                hint: #"add "namespace": "android_app""#)
            return nil
        }
        switch namespace {
        case "android_app":
            return decodeAndroidApp(value, at: pointer)
        case "web":
            guard case .string(let site)? = value["site"] else {
                report(
                    .error, .webSite, pointer, "a web target needs a string 'site': Android skips the statement",
                    hint: #"add "site": "https://example.com""#)
                return nil
            }
            guard checkSite(site, at: pointer.appending("site")) else { return nil }
            return .web(site: site)
        default:
            report(
                .error, .unknownNamespace, pointer.appending("namespace"),
                "unknown namespace '\(namespace)' (android_app or web): Android skips the statement",
                hint: namespace.lowercased().contains("android")
                    ? #"write "namespace": "android_app""# : #"write "namespace": "android_app" or "web""#)
            return nil
        }
    }

    private mutating func decodeAndroidApp(_ value: JSONValue, at pointer: JSONPointer) -> AssetLinksTarget? {
        guard case .string(let packageName)? = value["package_name"] else {
            report(
                .error, .packageName, value["package_name"] == nil ? pointer : pointer.appending("package_name"),
                "an android_app target needs a string 'package_name': Android skips the statement",
                hint: #"add "package_name": "com.example.app" (the applicationId)"#)
            return nil
        }
        if !Self.isPackageName(packageName) {
            report(
                .error, .packageName, pointer.appending("package_name"),
                packageName.isEmpty
                    ? "the package name is empty, so it names no app"
                    : "'\(packageName)' is not an Android package name (two or more dot-separated parts, each a "
                        + "letter then letters, digits or '_'), so it names no app",
                hint: "write the app's applicationId, such as com.example.app")
        }
        let listPointer = pointer.appending("sha256_cert_fingerprints")
        guard let list = value["sha256_cert_fingerprints"] else {
            report(
                .error, .noFingerprints, pointer,
                "an android_app target needs 'sha256_cert_fingerprints': Android skips the statement",
                hint: #"add "sha256_cert_fingerprints": ["14:6D:E9:..."] (the signing certificate's SHA-256)"#)
            return nil
        }
        guard case .array(let items) = list else {
            report(
                .error, .noFingerprints, listPointer,
                "'sha256_cert_fingerprints' is a \(list.typeName), not an array: Android skips the statement",
                hint: #"write an array: "sha256_cert_fingerprints": ["14:6D:E9:..."]"#)
            return nil
        }
        guard !items.isEmpty else {
            report(
                .error, .noFingerprints, listPointer,
                "'sha256_cert_fingerprints' is empty, so no certificate is trusted",
                hint: "list the SHA-256 fingerprint of the certificate that signs the app (Play App Signing's key)")
            return nil
        }
        var fingerprints: [String] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            guard case .string(let fingerprint) = item else {
                wrongType(item, at: listPointer.appending(index), expected: "a string")
                return nil
            }
            checkFingerprint(fingerprint, at: listPointer.appending(index))
            if !seen.insert(fingerprint).inserted {
                report(
                    .warning, .duplicateFingerprint, listPointer.appending(index),
                    "this fingerprint is listed twice", hint: "delete the duplicate")
            }
            fingerprints.append(fingerprint)
        }
        return .androidApp(packageName: packageName, fingerprints: fingerprints)
    }

    private mutating func checkFingerprint(_ fingerprint: String, at pointer: JSONPointer) {
        switch CertificateFingerprint.problem(with: fingerprint) {
        case nil:
            return
        case .placeholder:
            report(
                .error, .fingerprintPlaceholder, pointer,
                "'\(fingerprint)' is a placeholder, not a certificate's fingerprint",
                hint: "replace it with the SHA-256 of the signing certificate (Play Console > App integrity, or "
                    + "`keytool -list -v`)")
        case .lowerCase(let fixed):
            report(
                .error, .fingerprintFormat, pointer,
                "the fingerprint is in lower case; Android compares it, as written, with the upper-case form, so "
                    + "it never matches", hint: "write \(fixed)")
        case .noColons(let fixed):
            report(
                .error, .fingerprintFormat, pointer,
                "the fingerprint has no colons between its octets, so it never matches", hint: "write \(fixed)")
        case .octetCount(let count):
            report(
                .error, .fingerprintFormat, pointer,
                "the fingerprint has \(count) octet\(count == 1 ? "" : "s"), not 32 (a SHA-1 fingerprint has 20)",
                hint: "use the SHA-256 fingerprint: 32 upper-case hexadecimal octets separated by ':'")
        case .badOctet(let octet):
            report(
                .error, .fingerprintFormat, pointer,
                "the fingerprint's octet '\(octet)' is not two hexadecimal digits, so it never matches",
                hint: "copy the fingerprint again: 32 upper-case hexadecimal octets separated by ':'")
        }
    }

    /// Reports what keeps `site` from being an origin; returns whether it is one (Android skips the statement
    /// otherwise, as Google's compatibility tests 2206–2216 expect). The scheme compares ignoring case
    /// (comptest2205: `HtTpS://` is valid); a port is 1 to 65535 (comptest2207).
    private mutating func checkSite(_ site: String, at pointer: JSONPointer) -> Bool {
        let lowered = site.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") {
            scheme = "https://"
        } else if lowered.hasPrefix("http://") {
            scheme = "http://"
        } else {
            report(
                .error, .webSite, pointer,
                "the site '\(site)' is not an http or https origin: Android skips the statement",
                hint: "write \"https://example.com\"")
            return false
        }
        let rest = site.dropFirst(scheme.count)
        if let cut = rest.firstIndex(where: { "/?#".contains($0) }) {
            let origin = site.prefix(scheme.count) + rest[..<cut]
            report(
                .error, .webSite, pointer,
                "the site '\(site)' has a path, query or fragment; a site is an origin only (not even a final /): "
                    + "Android skips the statement",
                hint: "write \"\(origin)\"")
            return false
        }
        if rest.contains("@") {
            report(
                .error, .webSite, pointer,
                "the site '\(site)' has user information; a site is an origin only: Android skips the statement",
                hint: "remove the part before '@'")
            return false
        }
        if rest.isEmpty {
            report(.error, .webSite, pointer, "the site '\(site)' has no host", hint: "write \"https://example.com\"")
            return false
        }
        if let port = Self.invalidPort(in: rest) {
            report(
                .error, .webSite, pointer,
                "the site '\(site)' has the port '\(port)', not a number from 1 to 65535: Android skips the statement",
                hint: "write the port as a number, or leave it out for 443")
            return false
        }
        return true
    }

    /// The port of `authority` (`host[:port]`, IPv6 hosts in brackets) when it is not a number from 1 to 65535.
    static func invalidPort(in authority: Substring) -> Substring? {
        let afterHost = authority.lastIndex(of: "]").map { authority[authority.index(after: $0)...] } ?? authority
        guard let colon = afterHost.lastIndex(of: ":") else { return nil }
        let port = afterHost[afterHost.index(after: colon)...]
        guard !port.isEmpty, port.count <= 5, port.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
            let value = Int(port), (1...65_535).contains(value)
        else { return port }
        return nil
    }

    private mutating func decodeExtensions(
        _ value: JSONValue, into statement: inout AssetLinksStatement, at pointer: JSONPointer
    ) {
        guard case .object(let members) = value else {
            wrongType(value, at: pointer, expected: "an object keyed by relation")
            return
        }
        for member in members {
            let memberPointer = pointer.appending(member.key)
            if !statement.relations.contains(member.key) {
                report(
                    .warning, .extensionWithoutRelation, memberPointer,
                    "the extension for '\(member.key)' belongs to a relation the statement does not have, so no "
                        + "verifier reads it", hint: "add \"\(member.key)\" to the statement's relations")
                continue
            }
            guard member.key == AssetLinksStatement.handleAllURLs else { continue }
            guard case .object = member.value else {
                wrongType(member.value, at: memberPointer, expected: "an object")
                continue
            }
            if let rules = member.value["dynamic_app_link_components"] {
                decodeRules(rules, into: &statement, at: memberPointer.appending("dynamic_app_link_components"))
            }
        }
    }

    private mutating func decodeRules(
        _ value: JSONValue, into statement: inout AssetLinksStatement, at pointer: JSONPointer
    ) {
        let discarded = " All dynamic rules are discarded: the manifest alone decides"
        guard case .array(let items) = value else {
            report(
                .error, .dynamicRuleInvalid, pointer,
                "'dynamic_app_link_components' is a \(value.typeName), not an array.\(discarded)",
                hint: #"write an array of rules: [{"/": "/shop/*"}]"#)
            statement.dynamicRulesDiscarded = true
            return
        }
        guard !items.isEmpty else {
            report(
                .warning, .dynamicRuleInvalid, pointer, "'dynamic_app_link_components' is empty.\(discarded)",
                hint: #"list rules such as {"/": "/shop/*"}, or remove the key"#)
            statement.dynamicRulesDiscarded = true
            return
        }
        var rules: [DynamicAppLinkRule] = []
        var valid = true
        for (index, item) in items.enumerated() {
            if let rule = decodeRule(item, at: pointer.appending(index), discarded: discarded) {
                rules.append(rule)
            } else {
                valid = false
            }
        }
        guard valid else {
            statement.dynamicRulesDiscarded = true
            return
        }
        if rules.allSatisfy(\.exclude) {
            report(
                .error, .dynamicRulesExcludeAll, pointer,
                "every dynamic rule excludes; a URL no rule matches is excluded too, so no URL opens the app",
                hint: #"end the list with an allow-all rule: {"/": "*"}"#)
        }
        statement.dynamicRules = rules
    }

    private mutating func decodeRule(
        _ value: JSONValue, at pointer: JSONPointer, discarded: String
    ) -> DynamicAppLinkRule? {
        func malformed(_ at: JSONPointer, _ message: String, _ hint: String) -> DynamicAppLinkRule? {
            report(.error, .dynamicRuleInvalid, at, message + "." + discarded, hint: hint)
            return nil
        }
        guard case .object(let members) = value else {
            return malformed(pointer, "a dynamic rule is a \(value.typeName), not an object", #"write {"/": "/p/*"}"#)
        }
        var rule = DynamicAppLinkRule(location: .pointer(pointer))
        for member in members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "/", "#":
                guard case .string(let pattern) = member.value, !pattern.isEmpty else {
                    return malformed(
                        at, "the rule's '\(member.key)' must be a non-empty string", #"write a pattern such as "/p/*""#)
                }
                if member.key == "/" { rule.path = pattern } else { rule.fragment = pattern }
            case "?":
                guard case .object(let parameters) = member.value, !parameters.isEmpty else {
                    return malformed(
                        at, "the rule's '?' must be a non-empty object of parameter to pattern",
                        #"write "?": {"ref": "*"}"#)
                }
                for parameter in parameters {
                    guard case .string(let pattern) = parameter.value, !parameter.key.isEmpty, !pattern.isEmpty
                    else {
                        return malformed(
                            at.appending(parameter.key), "a '?' entry must map a name to a non-empty string pattern",
                            #"write "?": {"ref": "*"}"#)
                    }
                    rule.query.append(.init(name: parameter.key, pattern: pattern))
                }
            case "exclude":
                guard case .bool(let exclude) = member.value else {
                    return malformed(at, "the rule's 'exclude' must be true or false", #"write "exclude": true"#)
                }
                rule.exclude = exclude
            case "comments":
                continue
            default:
                return malformed(
                    at, "unknown key '\(member.key)' in a dynamic rule (/, ?, #, exclude, comments)",
                    "remove the key, or fix its spelling")
            }
        }
        return rule
    }

    private mutating func wrongType(_ value: JSONValue, at pointer: JSONPointer, expected: String) {
        report(
            .error, .wrongType, pointer,
            "\(pointer) is \(value.typeName == "array" || value.typeName == "object" ? "an" : "a") \(value.typeName), "
                + "expected \(expected): Android skips the statement", hint: "write \(expected)")
    }

    /// `kind/detail`, both of `[a-z0-9_.]+`.
    static func isRelation(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty
                && part.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                        || byte == UInt8(ascii: ".")
                }
        }
    }

    /// An Android package name: two or more `.`-separated parts, each `[A-Za-z][A-Za-z0-9_]*`.
    package static func isPackageName(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        return parts.allSatisfy { part in
            guard let first = part.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
            return part.allSatisfy { byte in
                (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
            }
        }
    }
}

extension String {
    /// The string with `-` written as `_` (relation details use `_`).
    fileprivate var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
}
