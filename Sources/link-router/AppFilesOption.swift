import CommandLineToolkit
import Foundation
import LinkRouter

/// Reading the app's files (`--entitlements FILE [--info-plist FILE] [--define NAME=VALUE]...
/// [--defines-from-environment] [--app-id ID]`) into its link configuration, for `app lint`, `check --entitlements`
/// and `doctor` (one declaration of each option, and one reading of the definitions: ``defines(_:environment:)``).
enum AppFilesOption {
    /// The largest property list read.
    static let readLimit = 16 << 20

    static let entitlements = Option<String>(
        "entitlements", value: "FILE",
        help: "The app's .entitlements (XML or binary property list): application-identifier and\n"
            + "com.apple.developer.associated-domains."
    ).readingStandardInput()
    static let infoPlist = Option<String>(
        "info-plist", value: "FILE", help: "The app's Info.plist: the URL schemes it declares (CFBundleURLTypes)."
    ).readingStandardInput()
    static let define = Option<String>(
        "define", value: "NAME=VALUE",
        help: "Resolve the build variable $(NAME) (or ${NAME}) in the files; repeat for each.")

    static let definesFromEnvironment = Flag(
        "defines-from-environment",
        help: "Take every environment variable as a --define (the build settings, in an Xcode Run\n"
            + "Script build phase); a --define given wins.")

    /// The definitions the options give: every environment variable with `--defines-from-environment`, then each
    /// `--define NAME=VALUE` (which wins over the environment).
    /// - Throws: ``CommandFailure/usage(_:)`` for a pair without `=` or a name given twice.
    static func defines(
        _ arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandFailure) -> [String: String] {
        let given = try defines(arguments.all(define))
        guard arguments[definesFromEnvironment] else { return given }
        return environment.merging(given) { _, explicit in explicit }
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
        /// The app ID: `--app-id`, else the entitlements'; while Xcode's signing settings leave it unknown
        /// (`$(AppIdentifierPrefix)$(PRODUCT_BUNDLE_IDENTIFIER)`), the written text until ``assumeAppID(from:)``.
        var appID: String
        /// Whether the app ID is Xcode's and not yet known (see `AppLinkConfiguration.appIDIsSetByXcode`).
        var appIDIsSetByXcode = false

        /// Takes the app ID Xcode signs with to be the one the sites' files name that fits the entitlements (as
        /// `app lint` assumes Xcode's settings right), and says so on standard error, as `app lint`'s
        /// `assumed-variable` information does; nothing when the app ID is known.
        ///
        /// - Parameters:
        ///   - files: The sites' files.
        ///   - command: The command's name, for the note.
        mutating func assumeAppID(from files: [SiteFile], command: String) {
            guard appIDIsSetByXcode else { return }
            let written = appID
            var named: [String] = []
            for file in files {
                for id in file.matcher?.appIDs ?? [] where !named.contains(id) { named.append(id) }
            }
            guard let assumed = app.assumedAppID(among: named) else {
                Console.error(
                    "link-router \(command): info[assumed-variable]: the application-identifier \(written) is set by "
                        + "Xcode when it signs the app, and no site's file names an app ID that fits it; give "
                        + "--app-id TEAMID.BUNDLEID to check it")
                return
            }
            appID = assumed
            appIDIsSetByXcode = false
            let source =
                named.contains(assumed)
                ? "which the site's file names" : "from the team identifier and the Info.plist's bundle ID"
            Console.error(
                "link-router \(command): info[assumed-variable]: the application-identifier \(written) is set by Xcode "
                    + "when it signs the app; assumed to be \(assumed), \(source) (give --app-id TEAMID.BUNDLEID to "
                    + "check it)")
        }
    }

    /// Reads the files the options name. A value of the wrong type in them is not refused: it is in
    /// `app.wrongTypeValues`, for the command to report (`check`: a `wrong-type` gap; `doctor`: the step it breaks).
    /// - Throws: ``CommandFailure/usage(_:)`` for a bad `--define` or a missing app ID;
    ///   ``CommandFailure/input(_:)`` naming the file and position for a malformed file or an unresolved
    ///   build variable (exit 2).
    static func load(_ arguments: ParsedArguments) throws(CommandFailure) -> Loaded {
        let entitlementsPath = try arguments.required(entitlements)
        let infoPlistPath = arguments[infoPlist]
        let defines = try Self.defines(arguments)
        let explicitAppID = arguments[Options.appID]
        let entitlementsBytes = try InputFile.read(entitlementsPath, limit: readLimit)
        let infoBytes = try infoPlistPath.map { path throws(CommandFailure) in
            try InputFile.read(path, limit: readLimit)
        }
        func name(_ file: AppLinkConfiguration.File) -> String {
            InputFile.displayName(file == .entitlements ? entitlementsPath : infoPlistPath ?? "Info.plist")
        }
        let app: AppLinkConfiguration
        do {
            app = try AppLinkConfiguration(
                entitlements: entitlementsBytes, infoPlist: infoBytes, defines: defines, appID: explicitAppID)
        } catch {
            throw .input(
                "\(error.fileLocation?.written(after: name(error.file)) ?? name(error.file)): \(error.message)")
        }
        if let first = app.firstUnreadEntry {
            // A check of the first entries only would be silently wrong about the rest: refused (`app lint` reports it).
            let place = first.fileLocation
            let file = name(first.file)
            throw .input(
                (place.isTextPosition ? place.written(after: file) : file)
                    + ": more than \(AppLinkConfiguration.entryLimit) entries (\(app.unreadEntryCount) more); "
                    + "link-router reads at most \(AppLinkConfiguration.entryLimit)")
        }
        for variable in app.unresolvedVariables where !variable.isSetByXcode {
            let usedForAppID =
                variable.location.keyPath.contains("application-identifier")
                || variable.location.keyPath.contains("team-identifier")
                || variable.location.keyPath == "CFBundleIdentifier"
            if usedForAppID, explicitAppID != nil { continue }
            if variable.location.keyPath.contains("parent-application-identifiers") { continue }
            // The text position when there is one (a binary file's byte offset is not named here).
            let place = variable.location.fileLocation
            let file = name(variable.location.file)
            throw .input(
                (place.isTextPosition ? place.written(after: file) : file)
                    + ": the build variable $(\(variable.name)) is not defined (give --define \(variable.name)=VALUE)")
        }
        if explicitAppID == nil, app.appIDIsSetByXcode, let written = app.applicationIdentifier?.written {
            // Xcode sets it when it signs the app: derived later from the sites' files, as `app lint` assumes it.
            return Loaded(
                app: app, hasInfoPlist: infoPlistPath != nil, entitlementsPath: entitlementsPath,
                infoPlistPath: infoPlistPath, appID: written, appIDIsSetByXcode: true)
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

    /// The options that go with `--fetch`, as `aasa fetch` has them.
    static let options: [OptionUse] = [
        .optional(fetch).onNewUsageLine, .optional(AASAFetchCommand.origin),
        .either(AASAFetchCommand.cdn, AASAFetchCommand.noCDN),
        .optional(AASAFetchCommand.timeout), .optional(AASAFetchCommand.asApple),
    ]

    /// The fetch configuration the options give, or nil without `--fetch` (then the other options are refused).
    static func configuration(_ arguments: ParsedArguments) throws(CommandFailure) -> AASAFetchConfiguration? {
        let given =
            arguments[AASAFetchCommand.origin] != nil || arguments[AASAFetchCommand.cdn] != nil
            || arguments[AASAFetchCommand.noCDN] || arguments[AASAFetchCommand.timeout] != nil
            || arguments[AASAFetchCommand.asApple]
        guard arguments[fetch] else {
            if given { throw .usage("`--origin`, `--cdn`, `--no-cdn`, `--timeout` and `--as-apple` go with `--fetch`") }
            return nil
        }
        return AASAFetchConfiguration(
            origin: arguments[AASAFetchCommand.origin], cdn: arguments[AASAFetchCommand.cdn],
            checksCDN: !arguments[AASAFetchCommand.noCDN],
            client: arguments[AASAFetchCommand.asApple] ? .apple : .linkRouter,
            timeout: arguments[AASAFetchCommand.timeout] ?? AASAFetchChecker.timeout)
    }

    /// Fetches `domain`'s file (origin, then Apple's CDN unless left out), as `aasa fetch` verifies it.
    static func file(_ domain: String, configuration: AASAFetchConfiguration) async -> SiteFile {
        SiteFile.fetched(
            await AASAFetchChecker.verify(domain: domain, configuration: configuration, transport: AASAFetcher()))
    }
}
