import CommandLineToolkit
import LinkRouter
import RichMediaKitSupport

/// `linkrouter app lint --entitlements FILE ...`: the entitlements lint's diagnostics; exit 1 when there are errors.
enum AppLintCommand {
    /// The largest property list read.
    static let readLimit = 16 << 20

    static let entitlements = Option<String>(
        "entitlements", value: "FILE",
        help: "The app's .entitlements (XML or binary property list): application-identifier and\n"
            + "com.apple.developer.associated-domains.")
    static let infoPlist = Option<String>(
        "info-plist", value: "FILE", help: "The app's Info.plist: the URL schemes it declares (CFBundleURLTypes).")
    static let define = Option<String>(
        "define", value: "NAME=VALUE",
        help: "Resolve the build variable $(NAME) (or ${NAME}) in the files; repeat for each.")
    static let release = Flag(
        "release", help: "The entitlements are a release build's: ?mode=developer is an error, not a warning.")

    static let format = Options.reportFormat(
        "Text (default) or {\"errors\", \"warnings\", \"diagnostics\": [{\"severity\", \"code\", \"file\",\n"
            + "\"keyPath\", \"line\", \"column\", \"offset\", \"message\", \"hint\"}]} (line and column in XML files,\n"
            + "offset in binary ones).\n" + Options.annotationFormatsHelp,
        [.text, .json, .sarif, .github])

    static let spec = CommandSpec(
        discussion: """
            Diagnostics for the app's side of its links: each Associated Domains entry (service, host,
            wildcard, mode; no scheme, path or port), app IDs and App Clip rules, URL schemes, and build
            variables left without a definition. With --routes, a *.example.com entry without example.com is
            an error when the routes use example.com.
            """,
        options: [
            .required(entitlements), .optional(infoPlist), .repeatable(define), .optional(release),
            .optional(Options.routes).onNewUsageLine, .optional(format),
        ],
        exitStatus: ExitStatusText(
            success: "no errors (warnings alone)", findings: "errors",
            failure: "a malformed property list (named with its position)"),
        epilogue: "FILE `-` reads standard input (one file at most).")

    static let command = Command(
        "lint", summary: "diagnostics for the app's entitlements and Info.plist", spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        guard arguments.positionals.isEmpty else {
            throw .usage("`app lint` takes no operands, got `\(arguments.positionals[0])`")
        }
        let entitlementsPath = try arguments.required(entitlements)
        let infoPlistPath = arguments[infoPlist]
        let routesPath = arguments[Options.routes]
        let stdinUses = [entitlementsPath, infoPlistPath, routesPath].filter { $0 == "-" }.count
        guard stdinUses <= 1 else { throw .usage("standard input (`-`) can be read only once") }
        let defines = try Self.defines(arguments.all(define))
        let routeHosts = try routesPath.map { path throws(CommandFailure) in
            Self.routeHosts(try RoutesOption.load(path))
        }
        let entitlementsBytes = try InputFile.read(entitlementsPath, limit: readLimit)
        let infoBytes = try infoPlistPath.map { path throws(CommandFailure) in
            try InputFile.read(path, limit: readLimit)
        }
        let paths: [AppLinkConfiguration.File: String] = [
            .entitlements: entitlementsPath, .infoPlist: infoPlistPath ?? "Info.plist",
        ]
        let configuration: AppLinkConfiguration
        do {
            configuration = try AppLinkConfiguration(
                entitlements: entitlementsBytes, infoPlist: infoBytes, defines: defines)
        } catch {
            let file = InputFile.displayName(paths[error.file] ?? "")
            let separator = error.position?.line == nil ? ": " : ":"
            throw .input("\(file)\(separator)\(error.description)")
        }
        let report = AppLinkLinter.lint(
            configuration, options: .init(release: arguments[release], routeHosts: routeHosts))
        switch arguments[format] ?? .text {
        case .json:
            Console.out(try OrderedJSON.encoding(report).compact)
        case .text:
            Console.out(text(report, paths: paths))
        case .sarif, .github:
            let annotationPaths = paths.compactMapValues(ReportOutput.annotationPath)
            let (rules, findings) = AppLinkLintReport.findings(report.diagnostics, paths: annotationPaths)
            ReportOutput.printAnnotations(arguments[format] ?? .text, rules: rules, findings: findings)
        case .html, .svg:
            throw .usage("`app lint` does not write \(arguments[format]?.rawValue ?? "html")")
        }
        return report.errorCount > 0 ? .findings : .success
    }

    /// `--define NAME=VALUE` pairs as a dictionary.
    /// - Throws: ``CommandFailure/usage(_:)`` for a pair without `=` or a name given twice.
    static func defines(_ pairs: [String]) throws(CommandFailure) -> [String: String] {
        var defines: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw .usage("`--define \(pair)` is not NAME=VALUE")
            }
            let name = String(pair[..<equals])
            guard defines[name] == nil else { throw .usage("`--define \(name)` is given twice") }
            defines[name] = String(pair[pair.index(after: equals)...])
        }
        return defines
    }

    /// The hosts the routes use: those of `https://host/...` patterns, and the routes file's own associated
    /// domains when some pattern (`/...`) applies to every associated domain.
    static func routeHosts(_ routes: RouteTable) -> [String] {
        var hosts: [String] = []
        var anyDomain = false
        for pattern in routes.patterns {
            switch pattern.binding {
            case .host(let host): hosts.append(host)
            case .any: anyDomain = true
            case .scheme: break
            }
        }
        if anyDomain { hosts += routes.associatedDomains.filter { !$0.isWildcard }.map(\.host) }
        return hosts
    }

    /// One line per diagnostic (`FILE:line:column: severity[code] message` and an indented fix), then a summary.
    static func text(_ report: AppLinkLintReport, paths: [AppLinkConfiguration.File: String]) -> String {
        var lines: [String] = []
        for diagnostic in report.diagnostics {
            var place = InputFile.displayName(paths[diagnostic.location?.file ?? .entitlements] ?? "")
            if let position = diagnostic.location?.position {
                place += position.line.map { ":\($0):\(position.column ?? 1)" } ?? " (byte \(position.byteOffset))"
            }
            lines.append("\(place): \(diagnostic.severity.rawValue)[\(diagnostic.code)] \(diagnostic.message)")
            lines.append("  fix: \(diagnostic.hint)")
        }
        let errors = report.errorCount
        let warnings = report.warningCount
        lines.append(
            "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        return lines.joined(separator: "\n")
    }
}
