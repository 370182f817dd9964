import CommandLineToolkit
import LinkRouter

/// `--platform ios|android`: which of the platforms the project file (or the options) names a run checks. The
/// values are ``DoctorReport/Platform``'s, the `"platform"` the reports' JSON writes.
///
/// Without `--platform` a run checks every platform named: the project file's `ios` and `android`, or the options
/// (`--entitlements` names iOS, `--manifest` Android). With it, the project file's values for the platforms left
/// out are not used (``ProjectOption``), and an option of a platform left out is refused (``refuseUnmet(_:oneFile:)``).
enum PlatformOption {
    typealias Platform = DoctorReport.Platform

    /// Every platform, in the order messages list them.
    static let platforms: [Platform] = [.ios, .android]

    static let platform = Option<Platform>.choice(
        "platform", platforms,
        help: "Only this platform (repeatable; default: every platform the project file or the options\n"
            + "name); the project file's values for the others are not used.")

    /// `--platform` and the project file's options, as `check` and `doctor` list them (on one usage line).
    static let options: [OptionUse] = [
        .repeatable(platform).onNewUsageLine, .either(ProjectOption.config, ProjectOption.noConfig),
    ]

    /// The platforms `--platform` selects on a command line not yet checked (a wrong value is left to the parse to
    /// report), or every platform without `--platform`.
    static func selected(_ given: GivenArguments) -> Set<Platform> {
        let chosen = Set((given.values[platform.name] ?? []).compactMap(Platform.init(rawValue:)))
        return chosen.isEmpty ? Set(platforms) : chosen
    }

    /// `project` with only the platforms `--platform` selects; nil without `--platform`, or when it selects every
    /// platform the project names (the run the project describes).
    static func narrowed(_ project: LinkProject, _ given: GivenArguments) -> LinkProject? {
        let chosen = selected(given)
        var narrowed = project
        if !chosen.contains(.ios) { narrowed.ios = nil }
        if !chosen.contains(.android) { narrowed.android = nil }
        return narrowed == project ? nil : narrowed
    }

    /// Each platform's app file: the option that names the platform, and the project file's key for it.
    private static let appFiles: [(platform: Platform, option: Option<String>, what: String, key: String)] = [
        (.ios, AppFilesOption.entitlements, "entitlements", "ios.entitlements"),
        (.android, AndroidAppOption.manifest, "manifest", "android.manifest"),
    ]

    /// Refuses a `--platform` the run cannot follow: an option of a platform it leaves out (`--manifest` with
    /// `--platform ios` alone), or a platform it selects whose app file neither the options nor the project file
    /// give.
    ///
    /// - Parameters:
    ///   - arguments: The parsed arguments (the project file's values among them).
    ///   - oneFile: Whether iOS may be checked without entitlements, as the one-file check (`--aasa FILE --domain
    ///     HOST`) of `check` does when `--domain` is given.
    /// - Throws: ``CommandFailure/usage(_:)`` naming the option and what to give (exit 2).
    static func refuseUnmet(_ arguments: ParsedArguments, oneFile: Bool = false) throws(CommandFailure) {
        let chosen = arguments.all(platform)
        guard !chosen.isEmpty else { return }
        let selection = EnglishList.and(platforms.filter(chosen.contains).map { "`--platform \($0.rawValue)`" })
        for app in appFiles where !chosen.contains(app.platform) && arguments[app.option] != nil {
            throw .usage(
                "\(selection) leaves \(name(app.platform)) out, and `--\(app.option.name)` is \(name(app.platform))'s: "
                    + "add `--platform \(app.platform.rawValue)`, or leave `--\(app.option.name)` out")
        }
        for app in appFiles where chosen.contains(app.platform) && arguments[app.option] == nil {
            if app.platform == .ios, oneFile, arguments[Options.domain] != nil { continue }
            throw .usage(
                "`--platform \(app.platform.rawValue)`: no \(app.what): give `--\(app.option.name) FILE` or the "
                    + "project file's `\(app.key)`")
        }
    }

    /// The platform's name in messages: iOS, Android.
    private static func name(_ platform: Platform) -> String {
        platform == .ios ? "iOS" : "Android"
    }
}
