import CommandLineToolkit
import Foundation
import LinkRouter

/// Reading the app's files (`--entitlements FILE [--info-plist FILE] [--define NAME=VALUE]...
/// [--defines-from-environment] [--app-id ID]`) into its link configuration, for `app lint`, `check --entitlements`
/// and `doctor` (one declaration of each option, and one reading of the definitions: ``defines(_:environment:)``).
enum AppFilesOption {
    /// The largest property list read.
    static let readLimit = ProjectInputReader.propertyListLimit

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

    /// What was read: the library's reading of the app's files (``ProjectInputReader/appFiles(entitlements:infoPlist:defines:appID:)``).
    typealias Loaded = ProjectAppFiles

    /// The reader of `check`'s inputs: the library's, with `-` as standard input.
    static let reader = ProjectInputReader(standardInput: true)

    /// Reads the files the options name. A value of the wrong type in them is not refused: it is in
    /// `app.wrongTypeValues`, for the command to report (`check`: a `wrong-type` gap; `doctor`: the step it breaks).
    /// - Throws: ``CommandFailure/usage(_:)`` for a bad `--define` or a missing app ID;
    ///   ``CommandFailure/input(_:)`` naming the file and position for a malformed file or an unresolved
    ///   build variable (exit 2).
    static func load(_ arguments: ParsedArguments) throws(CommandFailure) -> Loaded {
        let entitlementsPath = try arguments.required(entitlements)
        let defines = try Self.defines(arguments)
        return try CommandFailure.reading { () throws(LinkProjectError) in
            try reader.appFiles(
                entitlements: entitlementsPath, infoPlist: arguments[infoPlist], defines: defines,
                appID: arguments[Options.appID])
        }
    }
}

extension ProjectAppFiles {
    /// Takes the app ID Xcode signs with to be the one the sites' files name that fits the entitlements (as
    /// `app lint` assumes Xcode's settings right), and says so on standard error, as `app lint`'s
    /// `assumed-variable` information does; nothing when the app ID is known.
    ///
    /// - Parameters:
    ///   - files: The sites' files.
    ///   - command: The command's name, for the note.
    mutating func assumeAppID(from files: [SiteFile], command: String) {
        guard let assumption = assumeAppID(from: files) else { return }
        let written = assumption.written
        guard let assumed = assumption.assumed else {
            Console.error(
                "link-router \(command): info[assumed-variable]: the application-identifier \(written) is set by "
                    + "Xcode when it signs the app, and no site's file names an app ID that fits it; give "
                    + "--app-id TEAMID.BUNDLEID to check it")
            return
        }
        let source =
            assumption.isNamedBySite
            ? "which the site's file names" : "from the team identifier and the Info.plist's bundle ID"
        Console.error(
            "link-router \(command): info[assumed-variable]: the application-identifier \(written) is set by Xcode "
                + "when it signs the app; assumed to be \(assumed), \(source) (give --app-id TEAMID.BUNDLEID to "
                + "check it)")
    }
}

extension CommandFailure {
    /// Runs the library's reading of a check's inputs, its error as the command's: a usage error for a value
    /// (``LinkProjectError/isUsage``), else an input error naming the file (exit 2).
    static func reading<T>(_ body: () throws(LinkProjectError) -> T) throws(CommandFailure) -> T {
        do { return try body() } catch { throw CommandFailure(error) }
    }

    /// The library's error as the command's.
    init(_ error: LinkProjectError) {
        self = error.isUsage ? .usage(error.description) : .input(error.description)
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
