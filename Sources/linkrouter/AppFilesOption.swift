import CommandLineToolkit
import LinkRouter

/// Reading the app's files (`--entitlements FILE [--info-plist FILE] [--define NAME=VALUE]... [--app-id ID]`)
/// into its link configuration, for `check --entitlements` and `doctor`.
enum AppFilesOption {
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
    static let appID = Option<String>(
        "app-id", value: "ID",
        help: "The signed app's ID (default: the entitlements' application-identifier).")

    /// What was read.
    struct Loaded {
        /// The configuration.
        var app: AppLinkConfiguration
        /// Whether an `Info.plist` was read.
        var hasInfoPlist: Bool
        /// The entitlements path as given.
        var entitlementsPath: String
        /// The `Info.plist` path as given, if any.
        var infoPlistPath: String?
        /// The app ID: `--app-id`, else the entitlements'.
        var appID: String
    }

    /// Reads the files the options name.
    /// - Throws: ``CommandFailure/usage(_:)`` for a bad `--define` or a missing app ID;
    ///   ``CommandFailure/input(_:)`` naming the file and position for a malformed file or an unresolved
    ///   build variable (exit 2).
    static func load(_ arguments: ParsedArguments) throws(CommandFailure) -> Loaded {
        let entitlementsPath = try arguments.required(entitlements)
        let infoPlistPath = arguments[infoPlist]
        guard !(entitlementsPath == "-" && infoPlistPath == "-") else {
            throw .usage("standard input (`-`) can be read only once")
        }
        var defines: [String: String] = [:]
        for pair in arguments.all(define) {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw .usage("`--define \(pair)` is not NAME=VALUE")
            }
            let name = String(pair[..<equals])
            guard defines[name] == nil else { throw .usage("`--define \(name)` is given twice") }
            defines[name] = String(pair[pair.index(after: equals)...])
        }
        let entitlementsBytes = try InputFile.read(entitlementsPath, limit: readLimit)
        let infoBytes = try infoPlistPath.map { path throws(CommandFailure) in try InputFile.read(path, limit: readLimit) }
        func name(_ file: AppLinkConfiguration.File) -> String {
            InputFile.displayName(file == .entitlements ? entitlementsPath : infoPlistPath ?? "Info.plist")
        }
        let app: AppLinkConfiguration
        do {
            app = try AppLinkConfiguration(entitlements: entitlementsBytes, infoPlist: infoBytes, defines: defines)
        } catch {
            let separator = error.position?.line == nil ? ": " : ":"
            throw .input("\(name(error.file))\(separator)\(error.description)")
        }
        let explicitAppID = arguments[appID]
        for variable in app.unresolvedVariables {
            let usedForAppID = variable.location.keyPath.contains("application-identifier")
                || variable.location.keyPath.contains("team-identifier")
                || variable.location.keyPath == "CFBundleIdentifier"
            if usedForAppID, explicitAppID != nil { continue }
            if variable.location.keyPath.contains("parent-application-identifiers") { continue }
            let position = variable.location.position.line.map { "\($0):\(variable.location.position.column ?? 1)" }
            throw .input(
                "\(name(variable.location.file))" + (position.map { ":\($0)" } ?? "")
                    + ": the build variable $(\(variable.name)) is not defined (give --define \(variable.name)=VALUE)")
        }
        guard let id = explicitAppID ?? app.appID else {
            throw .usage(
                "give --app-id ID: \(InputFile.displayName(entitlementsPath)) has no application-identifier")
        }
        return Loaded(
            app: app, hasInfoPlist: infoPlistPath != nil, entitlementsPath: entitlementsPath,
            infoPlistPath: infoPlistPath, appID: id)
    }
}

/// Fetching a domain's file for `check --fetch` and `doctor --fetch`, as `aasa fetch` does.
enum SiteFetch {
    static let fetch = Flag(
        "fetch", help: "Fetch each domain's deployed file as `aasa fetch` does (origin and Apple's CDN).")

    /// The origin and CDN bases the options give.
    struct Bases {
        var origin: String?
        var cdn: String?
        var noCDN: Bool
    }

    /// Reads `--origin`, `--cdn`, `--no-cdn`; refuses them without `--fetch`.
    static func bases(_ arguments: ParsedArguments) throws(CommandFailure) -> Bases {
        let bases = Bases(
            origin: arguments[AASAFetchCommand.origin], cdn: arguments[AASAFetchCommand.cdn],
            noCDN: arguments[AASAFetchCommand.noCDN])
        if !arguments[fetch], bases.origin != nil || bases.cdn != nil || bases.noCDN {
            throw .usage("`--origin`, `--cdn` and `--no-cdn` go with `--fetch`")
        }
        if bases.noCDN, bases.cdn != nil { throw .usage("give either `--cdn URL` or `--no-cdn`, not both") }
        return bases
    }

    /// Fetches `domain`'s file (origin, then Apple's CDN unless left out).
    static func file(_ domain: String, bases: Bases) -> SiteFile {
        let urls = AASAFetchChecker.originURLs(domain: domain, base: bases.origin)
        var responses = [AASAFetcher.fetch(urls[0])]
        if AASAFetchChecker.shouldFetchRoot(after: responses[0]) { responses.append(AASAFetcher.fetch(urls[1])) }
        let cdn = bases.noCDN ? nil : AASAFetcher.fetch(AASAFetchChecker.cdnURL(domain: domain, base: bases.cdn))
        return SiteFile.fetched(domain: domain, origin: responses, cdn: cdn)
    }
}
