import FileLocations
import RichMediaKitSupport

/// The linter's own checks on a loaded file: app IDs, variables, patterns, mixed keys.
///
/// Rule order (unreachable rules) is an extra pass, ``AASALintPass``, that `LinkCoverage` provides.
struct AASASemanticChecker {
    private let file: AASAFile
    private let variables: [String: [String]]
    private(set) var diagnostics: [AASADiagnostic] = []
    private var usedVariables = Set<String>()
    /// The path patterns of the entry being checked (components' `/`, or legacy paths).
    private var siblingPaths = Set<String>()

    init(file: AASAFile) {
        self.file = file
        self.variables = file.appLinks?.variables ?? [:]
    }

    mutating func run() {
        for (key, section) in AASADecoder.appListServices {
            guard let list = file[keyPath: section] else { continue }
            for (index, id) in list.apps.enumerated() {
                checkAppID(id, at: "/\(key)/apps/\(index)")
            }
        }
        if file.appClips != nil, file.appLinks == nil {
            report(
                .warning, .appClipsWithoutAppLinks, "/appclips",
                "the file has an appclips section but no applinks, so once the full app is installed the App Clip's "
                    + "URLs do not open it",
                hint: #"add "applinks": {"details": [{"appIDs": ["<the full app's ID>"], "components": [...]}]}"#)
        }
        guard let appLinks = file.appLinks else { return }
        if let apps = appLinks.apps, !apps.isEmpty {
            report(
                .warning, .appsNotEmpty, "/applinks/apps",
                "the legacy 'apps' array should be empty; apps are listed in each details entry",
                hint: #"write "apps": [] or remove the key"#)
        }
        checkVariables(appLinks)
        if let defaults = appLinks.defaults {
            checkPatterns(defaults)
            checkDefaultsExclude(defaults)
        }
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
        guard let problem = AppIDRules.problem(id) else { return }
        let code: AASADiagnostic.Code
        switch problem.kind {
        case .empty: code = .emptyAppID
        case .placeholder: code = .placeholderAppID
        case .format: code = .appIDFormat
        case .teamID: code = .teamIDLength
        case .unusual: code = .unusualAppID
        }
        report(problem.isError ? .error : .warning, code, pointer, problem.message, hint: problem.hint)
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
        siblingPaths = Set((entry.components ?? []).compactMap(\.path) + (entry.paths ?? []))
        if let defaults = entry.defaults {
            checkPatterns(defaults)
            checkDefaultsExclude(defaults)
        }
        for component in entry.components ?? [] {
            checkPatterns(component)
        }
        if entry.components == nil, let paths = entry.paths {
            for (index, path) in paths.enumerated() { checkLegacyPath(path, at: pointer + "/paths/\(index)") }
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

    /// A legacy `paths` string: `NOT ` typos, and the checks of a `/` pattern, worded for `paths`
    /// (which can match neither a query nor a fragment).
    private mutating func checkLegacyPath(_ text: String, at pointer: String) {
        var path = Substring(text)
        if path.hasPrefix("NOT ") {
            path = path.dropFirst(4)
        } else if path.count > 3, path.prefix(3).lowercased() == "not",
            let next = path.dropFirst(3).first, next == " " || next == "/" || next == "*"
        {
            let rest = path.dropFirst(3).drop { $0 == " " }
            report(
                .warning, .notPrefix, pointer,
                "'\(text)' is a literal path, not an exclusion: only 'NOT ' (upper case, then a space) excludes",
                hint: "write \"NOT \(rest)\" to exclude \(rest)")
        }
        if path.contains("#") {
            report(
                .warning, .hashInPath, pointer,
                "the legacy path '\(text)' contains '#', but the fragment is never part of the path",
                hint: ##"legacy paths cannot match a fragment: use components, e.g. {"/": "/app", "#": "/route/*"}"##)
        }
        if let question = path.firstIndex(of: "?"), path[question...].contains("=") {
            let base = path[..<question]
            let item = path[path.index(after: question)...].prefix { $0 != "=" }
            report(
                .warning, .queryInPath, pointer,
                "the legacy path '\(text)' looks like it contains a query, but in 'paths' '?' is a one-character "
                    + "wildcard and the query is never matched",
                hint: "use components to match the query, e.g. {\"/\": \"\(base)\", \"?\": {\"\(item)\": \"*\"}}")
        }
        checkPathTypos(String(path), at: pointer)
    }

    /// Likely typos in a path pattern: a URL or host where the path belongs, a leading `*/`.
    private mutating func checkPathTypos(_ path: String, at pointer: String) {
        if let host = Self.hostInPath(path) {
            let rest = path.drop { $0 == "/" }.dropFirst(host.count)
            let suggestion = rest.isEmpty ? "/" : String(rest)
            report(
                .warning, .urlInPattern, pointer,
                "the path pattern '\(path)' starts with the host '\(host)'; patterns see the path only "
                    + "(the host is the domain serving the file), so this matches nothing intended",
                hint: "write the path only: '\(suggestion)'")
        }
        if path.hasPrefix("*/") || path.hasPrefix("/*/") {
            let tail = path.drop { $0 == "/" }.dropFirst(2)
            // Fine when the entry also has a rule for the path without the leading segment.
            if siblingPaths.contains("/" + tail) || siblingPaths.contains(String(tail)) { return }
            report(
                .warning, .leadingStarSlash, pointer,
                "'\(path)' does not match '/\(tail)' itself: '*/' needs at least one segment before it "
                    + "('*' already crosses '/')",
                hint:
                    "add a rule for '/\(tail)' too if it should match, or write '*\(tail)' if any path ending in '\(tail)' will do"
            )
        }
    }

    /// The scheme and host at the start of a path pattern (`https://example.com`, `www.example.com`,
    /// `example.com`), or nil.
    static func hostInPath(_ path: String) -> String? {
        let body = path.drop { $0 == "/" }
        if let scheme = body.firstRange(of: "://") {
            let afterScheme = body[scheme.upperBound...]
            return String(body[..<scheme.upperBound] + afterScheme.prefix { $0 != "/" })
        }
        let first = body.prefix { $0 != "/" }
        let labels = first.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && !$0.contains("*") && !$0.contains("?") }) else {
            return nil
        }
        if first.lowercased().hasPrefix("www.") { return String(first) }
        let topLevel = [
            "com", "net", "org", "io", "app", "dev", "co", "edu", "gov", "info", "biz", "me", "tv", "us", "uk", "de",
            "fr", "es", "it", "nl", "eu", "ch", "at", "se", "no", "dk", "fi", "pl", "jp", "cn", "kr", "in", "au", "ca",
            "br", "mx", "ru",
        ]
        return topLevel.contains(labels.last!.lowercased()) ? String(first) : nil
    }

    private mutating func checkDefaultsExclude(_ defaults: AASAFile.Component) {
        guard defaults.exclude == true else { return }
        report(
            .warning, .defaultsExclude, defaults.pointer + "/exclude",
            "'exclude': true in defaults makes every component without its own 'exclude' an exclusion, "
                + "so these rules open no URL in the app",
            hint: #"remove it from defaults and write "exclude": true on the components that should exclude"#)
    }

    private mutating func checkPatterns(_ component: AASAFile.Component) {
        let pointer = component.pointer
        if let path = component.path {
            let pathPointer = pointer + "/" + escape("/")
            checkPattern(path, at: pathPointer)
            checkPathTypos(path, at: pathPointer)
            if path.contains("#") {
                report(
                    .warning, .hashInPath, pathPointer,
                    "the path pattern '\(path)' contains '#', but a URL path never does",
                    hint: ##"match the fragment with the "#" key, e.g. {"/": "/app", "#": "/route/*"}"##)
            }
            if let question = path.firstIndex(of: "?"), path[question...].contains("=") {
                report(
                    .warning, .queryInPath, pathPointer,
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
        JSONPointer.escaped(token)
    }
}
