import RichMediaKitSupport

/// The linter's own checks on a loaded file: app IDs, variables, patterns, mixed keys.
///
/// Rule order (unreachable rules) is an extra pass, ``AASALintPass``, that `LinkCoverage` provides.
struct AASASemanticChecker {
    private let file: AASAFile
    private let variables: [String: [String]]
    private(set) var diagnostics: [AASADiagnostic] = []
    private var usedVariables = Set<String>()

    init(file: AASAFile) {
        self.file = file
        self.variables = file.appLinks?.variables ?? [:]
    }

    mutating func run() {
        let sections: [(String, AASAFile.AppList?)] = [
            ("webcredentials", file.webCredentials), ("appclips", file.appClips),
            ("activitycontinuation", file.activityContinuation),
        ]
        for (key, list) in sections {
            guard let list else { continue }
            for (index, id) in list.apps.enumerated() {
                checkAppID(id, at: "/\(key)/apps/\(index)")
            }
        }
        guard let appLinks = file.appLinks else { return }
        if let apps = appLinks.apps, !apps.isEmpty {
            report(
                .warning, .appsNotEmpty, "/applinks/apps",
                "the legacy 'apps' array should be empty; apps are listed in each details entry",
                hint: #"write "apps": [] or remove the key"#)
        }
        checkVariables(appLinks)
        if let defaults = appLinks.defaults { checkPatterns(defaults) }
        for entry in appLinks.details {
            checkEntry(entry, dictionaryForm: appLinks.detailsIsDictionary)
        }
        for (name, _) in appLinks.substitutionVariables where !usedVariables.contains(name) {
            report(
                .warning, .unusedVariable, "/applinks/substitutionVariables/\(escape(name))",
                "substitution variable '\(name)' is never used", hint: "use it as $(\(name)) in a pattern, or remove it"
            )
        }
    }

    // MARK: - App IDs

    private mutating func checkAppID(_ id: String, at pointer: String) {
        guard !id.isEmpty else {
            report(
                .error, .emptyAppID, pointer, "the app ID is empty",
                hint: "write the app ID as <team ID>.<bundle ID>, e.g. ABCDE12345.com.example.app")
            return
        }
        guard let dot = id.firstIndex(of: "."), dot != id.startIndex, id.index(after: dot) != id.endIndex else {
            report(
                .error, .appIDFormat, pointer, "'\(id)' is not <team ID>.<bundle ID>",
                hint: "prefix the bundle ID with the team ID and a dot, e.g. ABCDE12345.com.example.app")
            return
        }
        let prefix = id[..<dot]
        let alphanumeric = prefix.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
        if prefix.count != 10 || !alphanumeric {
            report(
                .warning, .teamIDLength, pointer,
                "the app ID prefix '\(prefix)' is not a 10-character alphanumeric team ID",
                hint: "use the team ID shown in the developer account (10 characters, e.g. ABCDE12345)")
        }
    }

    // MARK: - Entries

    private mutating func checkEntry(_ entry: AASAFile.Entry, dictionaryForm: Bool) {
        let pointer = entry.pointer
        if entry.appID == nil && entry.appIDList == nil {
            report(
                .error, .missingAppID, pointer, "the entry lists no app ID, so it matches nothing",
                hint: #"add "appIDs": ["<team ID>.<bundle ID>"]"#)
        }
        if let id = entry.appID {
            checkAppID(id, at: dictionaryForm ? pointer : pointer + "/appID")
        }
        if let ids = entry.appIDList {
            if ids.isEmpty && entry.appID == nil {
                report(
                    .error, .emptyAppID, pointer + "/appIDs", "'appIDs' is empty, so the entry matches nothing",
                    hint: "list at least one app ID")
            }
            for (index, id) in ids.enumerated() {
                checkAppID(id, at: pointer + "/appIDs/\(index)")
            }
        }
        if entry.appID != nil, !dictionaryForm, entry.components != nil {
            report(
                .warning, .mixedAppIDComponents, pointer + "/appID",
                "'appID' (the legacy key) is mixed with 'components' (the current format)",
                hint: #"write "appIDs": ["..."] instead of "appID""#)
        }
        if entry.appIDList != nil, entry.paths != nil {
            report(
                .warning, .mixedAppIDsPaths, pointer + "/paths",
                "'appIDs' (the current key) is mixed with legacy 'paths'",
                hint: "convert the paths to components, e.g. {\"/\": \"/path/*\"}")
        }
        if entry.components != nil, entry.paths != nil {
            report(
                .warning, .pathsIgnored, pointer + "/paths", "'paths' is ignored because the entry has 'components'",
                hint: "move the paths into components and remove 'paths'")
        }
        if let defaults = entry.defaults { checkPatterns(defaults) }
        for component in entry.components ?? [] {
            checkPatterns(component)
        }
        let layers = [entry.defaults, file.appLinks?.defaults].compactMap { $0 }
        for component in entry.components ?? [] {
            let rule = AASAResolvedRule.resolve(component, layers: layers, variables: variables)
            guard rule.exclude, case .items(let items) = rule.query else { continue }
            for item in items where item.pattern.matchesEmpty && item.pattern.source.contains("*") {
                report(
                    .warning, .excludeQueryWildcard,
                    component.pointer + "/?/" + escape(String(decoding: item.name, as: UTF8.self)),
                    "this exclude rule's query item pattern '\(item.pattern.source)' also matches URLs without the item, so it excludes them too",
                    hint: "use \"?*\" to require the item to be present with a value")
            }
        }
    }

    // MARK: - Patterns and variables

    private mutating func checkVariables(_ appLinks: AASAFile.AppLinks) {
        for (name, values) in appLinks.substitutionVariables {
            let pointer = "/applinks/substitutionVariables/\(escape(name))"
            if name.isEmpty || name.contains(where: { $0 == "$" || $0 == "(" || $0 == ")" }) {
                report(
                    .error, .invalidVariableName, pointer,
                    "'\(name)' cannot be referenced: a variable name must be non-empty without '$', '(' or ')'",
                    hint: "rename the variable using letters, digits and underscores")
            }
            for (index, value) in values.enumerated() where value.contains("$(") {
                report(
                    .error, .nestedVariable, pointer + "/\(index)",
                    "the value '\(value)' uses a variable; values may use '*' and '?' but not other variables",
                    hint: "write the expanded values out, one per array element")
            }
        }
    }

    private mutating func checkPatterns(_ component: AASAFile.Component) {
        let pointer = component.pointer
        if let path = component.path {
            checkPattern(path, at: pointer + "/~1")
            if path.contains("#") {
                report(
                    .warning, .hashInPath, pointer + "/~1",
                    "the path pattern '\(path)' contains '#', but a URL path never does",
                    hint: ##"match the fragment with the "#" key, e.g. {"/": "/app", "#": "/route/*"}"##)
            }
            if let question = path.firstIndex(of: "?"), path[question...].contains("=") {
                report(
                    .warning, .queryInPath, pointer + "/~1",
                    "the path pattern '\(path)' looks like it contains a query; '?' is a one-character wildcard in paths",
                    hint: #"match the query with the "?" key, e.g. {"/": "/search", "?": {"q": "*"}}"#)
            }
        }
        if let fragment = component.fragment { checkPattern(fragment, at: pointer + "/#") }
        switch component.query {
        case .string(let text): checkPattern(text, at: pointer + "/?")
        case .items(let items):
            for item in items { checkPattern(item.pattern, at: pointer + "/?/" + escape(item.name)) }
        case nil: break
        }
    }

    private mutating func checkPattern(_ text: String, at pointer: String) {
        switch AASAPatternCompiler.references(in: text) {
        case .failure(let issue):
            report(
                .error, issue.code, pointer, issue.message,
                hint: "write a reference as $(name), with a closing ')' and no '$' or '(' inside")
        case .success(let names):
            for name in names {
                usedVariables.insert(name)
                if !AASABuiltinVariables.isBuiltin(name), variables[name] == nil {
                    report(
                        .error, .undefinedVariable, pointer, "'$(\(name))' is neither built in nor defined",
                        hint:
                            "define it in applinks.substitutionVariables, or use a built-in such as $(digit) or $(lang)"
                    )
                }
            }
        }
    }

    // MARK: - Reporting

    private mutating func report(
        _ severity: AASADiagnostic.Severity, _ code: AASADiagnostic.Code, _ pointer: String, _ message: String,
        hint: String
    ) {
        diagnostics.append(
            AASADiagnostic(severity: severity, code: code, pointer: pointer, message: message, hint: hint))
    }

    private func escape(_ token: String) -> String {
        JSONPointer.root.appending(token).description.dropFirst().description
    }
}
