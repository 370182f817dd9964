import CommandLineToolkit
import Foundation
import LinkRouter

/// The project file (`.link-router.json`, ``LinkProject``): found from the working directory upward or given with
/// `--config FILE`, it supplies the options a command is not given (``CommandSpec/defaultArguments``).
enum ProjectOption {
    static let config = Option<String>(
        "config", value: "FILE",
        help: "The project file (default: .link-router.json in the working directory or the nearest\n"
            + "directory above it); its values stand for the options not given.")
    static let noConfig = Flag("no-config", help: "Read no project file.")

    /// The two options, as the commands that read the project file list them.
    static let options: [OptionUse] = [.either(config, noConfig).onNewUsageLine]

    /// The project the command line names (`--config FILE`) or the nearest one finds, with its paths made
    /// relative to the working directory; nil with `--no-config` or when there is none.
    /// - Throws: ``CommandFailure/input(_:)`` for a file that cannot be read or is not a project file, as
    ///   `FILE:line:column: message` (exit 2).
    static func load(_ given: GivenArguments) throws(CommandFailure) -> LinkProject? {
        if given[noConfig] { return nil }
        guard let path = given[config] ?? LinkProject.nearestFile(from: FileManager.default.currentDirectoryPath) else {
            return nil
        }
        guard path == "-" else {
            do { return try LinkProject(contentsOfFile: path) } catch { throw .input(error.description) }
        }
        // Standard input is the command line's (the library reads files): its paths stay as they are.
        let bytes = try InputFile.read(path, limit: LinkProject.maximumFileSize)
        do {
            return try LinkProject(json: bytes)
        } catch {
            let named = LinkProjectError(
                error.kind, error.message, file: InputFile.displayName(path), at: error.fileLocation)
            throw .input(named.description)
        }
    }

    /// The project's options for `link-router check`, of the platforms `--platform` selects (``PlatformOption``):
    /// the project's baseline only for a run of every platform the project names.
    static func checkArguments(_ given: GivenArguments) throws(CommandFailure) -> [String] {
        guard let whole = try load(given) else { return [] }
        let narrowed = PlatformOption.narrowed(whole, given)
        var project = narrowed ?? whole
        if narrowed != nil { project.baseline = nil }
        if given.contains("domain") {
            // The one-file check of a file named on the command line: only the routes and the app ID come from
            // the project.
            return routes(project) + (project.ios?.appID.map { ["--app-id", $0] } ?? [])
        }
        var arguments = common(project) + (try siteFileArguments(project, given))
        if let baseline = project.baseline, !given.contains("write-baseline") { arguments += ["--baseline", baseline] }
        if let format = project.format { arguments += ["--format", format] }
        return arguments
    }

    /// The project's site files that the command line leaves: none with `--fetch` (a run fetches every site file
    /// or none); none of a platform's when the command line names a plain `--aasa FILE` or `--assetlinks FILE`;
    /// else all (a `DOMAIN=FILE` given replaces the project's file of that domain: ``DefaultArguments``).
    ///
    /// - Throws: ``CommandFailure/input(_:)`` when what is left mixes local files and `"fetch"` (exit 2).
    private static func siteFiles(
        _ project: LinkProject, _ given: GivenArguments
    ) throws(CommandFailure) -> (ios: [(domain: String, file: String)], android: [(host: String, file: String)]) {
        if given.contains("fetch") { return ([], []) }
        func plain(_ name: String) -> Bool { given.values[name]?.contains { !$0.contains("=") } ?? false }
        let ios = plain("aasa") ? [] : project.ios?.siteFiles ?? []
        let android = plain("assetlinks") ? [] : project.android?.siteFiles ?? []
        let files = ios.map(\.file) + android.map(\.file)
        if files.contains(LinkProject.fetch), files.contains(where: { $0 != LinkProject.fetch }) {
            throw .input(LinkProject.mixedSiteFilesMessage)
        }
        return (ios, android)
    }

    /// The project's site files as `check` takes them.
    private static func siteFileArguments(
        _ project: LinkProject, _ given: GivenArguments
    ) throws(CommandFailure) -> [String] {
        let (iosFiles, androidFiles) = try siteFiles(project, given)
        var arguments: [String] = []
        if let ios = project.ios {
            let local = iosFiles.filter { $0.file != LinkProject.fetch }
            if ios.entitlements == nil, project.android?.manifest == nil, local.count == 1,
                local.count == iosFiles.count
            {
                // No entitlements: the one-file check of the one domain's file.
                arguments += ["--aasa", local[0].file, "--domain", local[0].domain]
            } else {
                arguments += local.flatMap { ["--aasa", "\($0.domain)=\($0.file)"] }
            }
        }
        arguments += androidFiles.filter { $0.file != LinkProject.fetch }.flatMap {
            ["--assetlinks", "\($0.host)=\($0.file)"]
        }
        if (iosFiles + androidFiles.map { ($0.host, $0.file) }).contains(where: { $0.1 == LinkProject.fetch }) {
            arguments.append("--fetch")
        }
        return arguments
    }

    /// The project's options for `link-router doctor URL`, of the platforms `--platform` selects: the site files of
    /// the URL's host, as `DOMAIN=FILE` and `HOST=FILE` (the forms `check` takes), or `--fetch` where the project
    /// fetches them.
    static func doctorArguments(_ given: GivenArguments) throws(CommandFailure) -> [String] {
        guard let whole = try load(given) else { return [] }
        let project = PlatformOption.narrowed(whole, given) ?? whole
        return common(project) + (try doctorSiteFileArguments(project, given))
            + format(project, offered: DoctorCommand.format)
    }

    /// The project's site files of the URL's host, as `doctor` takes them.
    private static func doctorSiteFileArguments(
        _ project: LinkProject, _ given: GivenArguments
    ) throws(CommandFailure) -> [String] {
        let (iosFiles, androidFiles) = try siteFiles(project, given)
        let files = LinkProject.doctorSiteFiles(of: given.positionals.first ?? "", ios: iosFiles, android: androidFiles)
        var arguments = files.aasa.map { ["--aasa", "\($0.domain)=\($0.file)"] } ?? []
        arguments += files.assetLinks.map { ["--assetlinks", "\($0.host)=\($0.file)"] } ?? []
        return arguments + (files.fetch ? ["--fetch"] : [])
    }

    /// The project's options for `link-router app lint`, of the platforms `--platform` selects: the routes, the
    /// build variables, and each platform's app files (`ios`: entitlements, Info.plist, app ID; `android`:
    /// manifest, strings, target SDK).
    static func appLintArguments(_ given: GivenArguments) throws(CommandFailure) -> [String] {
        guard let whole = try load(given) else { return [] }
        let project = PlatformOption.narrowed(whole, given) ?? whole
        return common(project, androidIdentity: false) + format(project, offered: AppLintCommand.format)
    }

    /// The project's options for `link-router aasa fetch`: its one iOS domain (`ios.siteFiles`, whatever its file:
    /// `aasa fetch` always fetches) as DOMAIN when the command line gives none, the routes and the app ID (only
    /// together, as the command takes them), and the format.
    /// - Throws: ``CommandFailure/usage(_:)`` when no DOMAIN is given and the project names several (exit 2).
    static func aasaFetchArguments(_ given: GivenArguments) throws(CommandFailure) -> [String] {
        guard let project = try load(given) else { return [] }
        var arguments: [String] = []
        let domains = project.ios?.siteFiles.map(\.domain) ?? []
        if given.positionals.isEmpty, domains.count > 1 {
            throw .usage(
                "the project file names \(domains.count) iOS domains (\(domains.joined(separator: ", "))) and "
                    + "`aasa fetch` fetches one: give DOMAIN, e.g. `link-router aasa fetch \(domains[0])`")
        }
        if given.positionals.isEmpty, let domain = domains.first { arguments.append(domain) }
        let routes = self.routes(project)
        let appID = self.appID(project)
        if !routes.isEmpty || given.contains(Options.routes.name), !appID.isEmpty || given.contains(Options.appID.name)
        {
            arguments += routes + appID
        }
        return arguments + format(project, offered: AASAFetchCommand.format)
    }

    /// The project's options for `link-router assetlinks fetch`: its Android hosts (`android.siteFiles`, whatever
    /// their files: `assetlinks fetch` always fetches) as HOSTs and its manifest, unless the command line gives
    /// HOSTs (then neither) or `--manifest` (then not the project's hosts); the build variables, the identity and
    /// the format.
    static func assetLinksFetchArguments(_ given: GivenArguments) throws(CommandFailure) -> [String] {
        guard let project = try load(given) else { return [] }
        var arguments: [String] = []
        if given.positionals.isEmpty, !given.contains(AndroidAppOption.manifest.name) {
            arguments += project.android?.siteFiles.map(\.host) ?? []
        }
        arguments += defineArguments(project)
        if given.positionals.isEmpty { arguments += androidFileArguments(project) }
        arguments += androidIdentityArguments(project)
        return arguments + format(project, offered: AssetLinksFetchCommand.format)
    }

    /// The project's options for `link-router aasa generate`: the routes, the app ID, its one iOS domain as
    /// `--domain` (none when it names several: the file differs from domain to domain), and the format.
    static func aasaGenerateArguments(_ given: GivenArguments) throws(CommandFailure) -> [String] {
        guard let project = try load(given) else { return [] }
        var arguments = routes(project) + appID(project)
        if let ios = project.ios, ios.siteFiles.count == 1 { arguments += ["--domain", ios.siteFiles[0].domain] }
        return arguments + format(project, offered: AASAGenerateCommand.format)
    }

    /// The project's options for `link-router assetlinks generate`: the routes, the package, fingerprints and
    /// certificates, and the format (not the hosts: the filters claim every host of the routes, as without
    /// `--host`).
    static func assetLinksGenerateArguments(_ given: GivenArguments) throws(CommandFailure) -> [String] {
        guard let project = try load(given) else { return [] }
        return routes(project) + androidIdentityArguments(project)
            + format(project, offered: AssetLinksGenerateCommand.format)
    }

    /// `--format` with the project's format when the command offers it (`offered`'s values); else nothing (the
    /// command's default), so that one project serves every command.
    private static func format(_ project: LinkProject, offered: some OptionDeclaration) -> [String] {
        guard let format = project.format, offered.valueName?.split(separator: "|").contains(Substring(format)) == true
        else { return [] }
        return ["--format", format]
    }

    /// `--app-id` with the project's app ID: `ios.appID`, else the one its entitlements (and Info.plist) name, as
    /// `check` reads it; nothing when neither names one (an unreadable file is left to the commands that read it).
    private static func appID(_ project: LinkProject) -> [String] {
        project.knownAppID.map { ["--app-id", $0] } ?? []
    }

    /// The routes, the build variables and each platform's files and identity, as the commands take them
    /// (`app lint` takes no Android identity: `androidIdentity` false leaves out the package, fingerprints and
    /// certificates).
    private static func common(_ project: LinkProject, androidIdentity: Bool = true) -> [String] {
        var arguments = routes(project)
        if let ios = project.ios {
            if let path = ios.entitlements { arguments += ["--entitlements", path] }
            if let path = ios.infoPlist { arguments += ["--info-plist", path] }
            if let id = ios.appID { arguments += ["--app-id", id] }
        }
        arguments += defineArguments(project) + androidFileArguments(project)
        if androidIdentity { arguments += androidIdentityArguments(project) }
        return arguments
    }

    /// `--routes` with the project's routes file.
    private static func routes(_ project: LinkProject) -> [String] {
        project.routes.map { ["--routes", $0] } ?? []
    }

    /// The build variables: both platforms' and Android's (a name in both is the shared one).
    private static func defines(_ project: LinkProject) -> [String: String] {
        project.buildVariables
    }

    /// The build variables as `--define NAME=VALUE` (sorted by name).
    private static func defineArguments(_ project: LinkProject) -> [String] {
        let values = defines(project)
        return values.keys.sorted().flatMap { ["--define", "\($0)=\(values[$0] ?? "")"] }
    }

    /// Android's app files: the manifest, the strings files and the target SDK.
    private static func androidFileArguments(_ project: LinkProject) -> [String] {
        guard let android = project.android else { return [] }
        var arguments: [String] = []
        if let path = android.manifest { arguments += ["--manifest", path] }
        arguments += android.strings.flatMap { ["--strings", $0] }
        if let sdk = android.targetSDK { arguments += ["--target-sdk", String(sdk)] }
        return arguments
    }

    /// Android's identity: the package, the fingerprints and the certificates.
    private static func androidIdentityArguments(_ project: LinkProject) -> [String] {
        guard let android = project.android else { return [] }
        var arguments: [String] = []
        if let name = android.packageName { arguments += ["--package", name] }
        arguments += android.fingerprints.flatMap { ["--fingerprint", $0] }
        arguments += android.certificates.flatMap { ["--certificate", $0] }
        return arguments
    }
}
