import CommandLineToolkit
import LinkRouter
import RichMediaKitSupport

/// `link-router assetlinks generate --routes FILE --package NAME (--fingerprint HEX | --certificate FILE)...`: the
/// Android half of the routes (``AndroidLinksGenerator``): `assetlinks.json` and the manifest's intent filters, with
/// the URLs where they still differ from the routes, proven by the exact check.
///
/// Where each part goes: text format, `assetlinks.json` on standard output, then (unless `--intent-filters FILE`
/// takes it) a blank line and the intent-filter XML; the differences on standard error, so that standard output is
/// only the files. JSON format: one object `{"assetlinks", "intentFilters", "hosts", "differences", "exact"}` on
/// standard output (the XML is also written to `--intent-filters FILE` when given).
///
/// Exit status: 0 whatever the differences (as `aasa generate`), 2 for bad usage and unreadable or invalid input.
enum AssetLinksGenerateCommand {
    static let format = Options.valueFormat(
        "Text (default): the files, the differences on standard error; or one JSON object\n"
            + #"{"assetlinks", "intentFilters", "hosts", "differences": [{"kind", "host", "route","#
            + "\n" + #""filter", "example"}], "exact"}."#)
    static let host = Option<String>(
        "host", value: "HOST", help: "Only this host (or wildcard entry *.HOST) of the routes; default all.")
    static let minSDK = Option<Int>(
        "min-sdk", value: "N",
        help: "The app's minSdkVersion (default 31): below 31, no pathAdvancedPattern, so\n"
            + "parameters ending a path and typed parameters cannot be claimed; from 35,\n"
            + "<uri-relative-filter-group>s check routes' query constraints."
    ) { text throws(InvalidOptionValue) in
        guard let value = Int(text), value > 0 else { throw InvalidOptionValue("`\(text)` is not an API level") }
        return value
    }
    static let dynamicRules = Flag(
        "dynamic-rules",
        help:
            "Below --min-sdk 35: check routes' query constraints with Dynamic App\nLinks rules in assetlinks.json (Android 15+)."
    )
    static let http = Flag("http", help: "List the http scheme beside https in the filters.")
    static let intentFilters = Option<String>(
        "intent-filters", value: "FILE", help: "Write the intent-filter XML to FILE instead of standard output.")

    static let spec = CommandSpec(
        discussion: """
            The assetlinks.json statement for the package and fingerprints, and the <intent-filter>
            elements (autoVerify, https, the routes' hosts and paths) for the activity that handles the
            links, as exact as Android's patterns allow at --min-sdk. What they cannot express is left
            out rather than widened (the app never opens a URL no route handles, beyond a path's %2F,
            which Android decodes to /); the generated files are then checked against the routes as
            `check --manifest` checks them, and every difference is listed with an example URL.
            The project file (.link-router.json in the working directory or the nearest directory above
            it, or --config FILE; see Docs/ProjectFile.md) gives what is not given: the routes, the
            package, fingerprints and certificates, and the format (not --host: the filters claim every
            host of the routes); an option on the command line replaces the file's value.
            """,
        options: [
            .required(Options.routes), .required(AndroidAppOption.packageName),
            .repeatable(AndroidAppOption.fingerprint).onNewUsageLine, .repeatable(AndroidAppOption.certificate),
            .optional(host).onNewUsageLine, .optional(minSDK), .optional(dynamicRules), .optional(http),
            .optional(intentFilters).onNewUsageLine, .optional(format),
        ] + ProjectOption.options,
        exitStatus: ExitStatusText(success: "whatever the differences"),
        epilogue: """
            EXAMPLE:
              link-router assetlinks generate --routes Docs/Examples/routes.json --package com.example.app \\
                  --fingerprint 14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5
            """,
        defaultArguments: ProjectOption.assetLinksGenerateArguments)

    static let command = Command(
        "generate", summary: "write assetlinks.json and the intent filters that claim what the routes handle",
        spec: spec, run: run)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> ExitStatus {
        if let extra = arguments.positionals.first {
            throw .usage("unexpected argument `\(extra)` (`assetlinks generate` reads `--routes FILE`)")
        }
        let filtersPath = arguments[intentFilters]
        if filtersPath == "-" { throw .usage("`--intent-filters` needs a file, not standard output") }
        let routesPath = try arguments.required(Options.routes)
        let packageName = try arguments.required(AndroidAppOption.packageName)
        let identity = try AndroidAppOption.identity(packageName: packageName, arguments)
        let table = try RoutesOption.load(routesPath)
        let options = AndroidLinksGenerator.Options(
            host: arguments[host], minSDK: arguments[minSDK] ?? 31, dynamicRules: arguments[dynamicRules],
            http: arguments[http])
        let generation: AndroidLinksGeneration
        do throws(AndroidLinksGeneratorError) {
            generation = try AndroidLinksGenerator.generate(
                routes: table, packageName: packageName, fingerprints: identity.fingerprints, options: options)
        } catch {
            throw .input(error.description)
        }
        if let filtersPath {
            try CheckOutput.write(generation.intentFilters, to: filtersPath, option: "intent-filters")
        }
        switch arguments[format] ?? .text {
        case .json:
            Console.out(json(generation).pretty)
        case .text:
            var text = generation.assetLinks
            if filtersPath == nil, !generation.intentFilters.isEmpty {
                text += "\n<!-- AndroidManifest.xml, in the <activity> that handles the links: -->\n"
                text += generation.intentFilters
            }
            Console.out(String(text.dropLast()))
            Console.error(differencesText(generation))
        }
        return .success
    }

    /// The differences as lines for standard error.
    static func differencesText(_ generation: AndroidLinksGeneration) -> String {
        guard !generation.isExact else {
            return
                "link-router assetlinks generate: exact: the files open the app on exactly the URLs the routes handle"
        }
        let count = generation.differences.count
        var lines = [
            "link-router assetlinks generate: \(count) difference\(count == 1 ? "" : "s") between the files and the "
                + "routes, proven by the exact check:"
        ]
        for difference in generation.differences {
            var line = "  \(difference.host): \(difference.kind.rawValue)"
            if let example = difference.example { line += ": " + example }
            if let route = difference.route { line += " (route \(route))" }
            if let filter = difference.filter { line += " (intent filter \(filter + 1))" }
            lines.append(line)
        }
        if generation.differences.contains(where: { $0.example?.contains("%2F") == true }) {
            lines.append(
                "  (%2F: Android decodes it to / before matching, the routes do not; no filter can tell them apart)")
        }
        return lines.joined(separator: "\n")
    }

    /// `{"assetlinks", "intentFilters", "hosts", "differences", "exact"}`.
    static func json(_ generation: AndroidLinksGeneration) -> OrderedJSON {
        .object([
            .init("assetlinks", .string(generation.assetLinks)),
            .init("intentFilters", .string(generation.intentFilters)),
            .init("hosts", .array(generation.hosts.map(OrderedJSON.string))),
            .init(
                "differences",
                .array(
                    generation.differences.map { difference in
                        .object([
                            .init("kind", .string(difference.kind.rawValue)), .init("host", .string(difference.host)),
                            .init("route", .optional(difference.route)),
                            .init("filter", difference.filter.map(OrderedJSON.integer) ?? .null),
                            .init("example", .optional(difference.example)),
                        ])
                    })),
            .init("exact", .bool(generation.isExact)),
        ])
    }
}
