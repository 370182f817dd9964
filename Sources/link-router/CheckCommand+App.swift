import CommandLineToolkit
import LinkRouter
import RichMediaKitSupport

/// `link-router check --entitlements FILE ...`: the whole-app check (``AppCoverageChecker``): the app's
/// entitlements, Info.plist and routes against each other, and every claimed domain against its file.
extension CheckCommand {
    static func runWholeApp(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        if let extra = arguments.positionals.first { throw .usage("unexpected argument `\(extra)`") }
        if arguments[Options.domain] != nil {
            throw .usage(
                "`--domain` checks one file (`--aasa FILE --domain HOST`); with `--entitlements`, every claimed "
                    + "domain is checked: give `--aasa DOMAIN=FILE` for each, or `--fetch`")
        }
        let routesPath = try arguments.required(Options.routes)
        let fetch = try SiteFetch.configuration(arguments)
        let pairs = arguments.all(Options.aasa)
        if fetch != nil, !pairs.isEmpty { throw .usage("give either `--aasa DOMAIN=FILE`... or `--fetch`, not both") }
        if fetch == nil, pairs.isEmpty {
            throw .usage("give `--aasa DOMAIN=FILE` for each claimed domain, or `--fetch` to check the deployed files")
        }
        var sitePaths: [(domain: String, path: String)] = []
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw .usage("with `--entitlements`, `--aasa` takes DOMAIN=FILE, not `\(pair)`")
            }
            let domain = String(pair[..<equals])
            do throws(RouteConfigurationError) {
                try AssociatedDomain.validateServingDomain(domain)
            } catch {
                throw .usage("`--aasa \(pair)`: DOMAIN must be a host name such as example.com; \(error.message)")
            }
            let host = domain.lowercased()
            guard !sitePaths.contains(where: { $0.domain == host }) else {
                throw .usage("`--aasa \(host)=...` is given twice")
            }
            sitePaths.append((host, String(pair[pair.index(after: equals)...])))
        }
        let inputs =
            [routesPath, arguments[AppFilesOption.entitlements], arguments[AppFilesOption.infoPlist]].compactMap { $0 }
            + sitePaths.map(\.path)
        guard inputs.filter({ $0 == "-" }).count <= 1 else {
            throw .usage("standard input (`-`) can be read only once")
        }

        let loaded = try AppFilesOption.load(arguments)
        let (table, routesBytes) = try RoutesOption.loadWithBytes(routesPath)
        var files: [String: SiteFile] = [:]
        for (domain, path) in sitePaths {
            let bytes = try InputFile.read(path, limit: AASAFileOption.readLimit)
            do {
                files[domain] = try SiteFile.local(path: path, bytes: bytes)
            } catch {
                throw AASAFileOption.failure(error, file: InputFile.displayName(path))
            }
        }
        let domains = AppCoverageChecker.domainsToCheck(app: loaded.app, routes: table, given: Array(files.keys))
        if let fetch {
            for domain in domains { files[domain.domain] = await SiteFetch.file(domain.domain, configuration: fetch) }
        } else {
            let missing = domains.filter { !$0.viaWildcard && files[$0.domain] == nil }
            if !missing.isEmpty {
                throw .usage(
                    "no file for "
                        + missing.map { "\($0.domain) (claimed by \($0.entry))" }.joined(separator: ", ")
                        + ": give `--aasa DOMAIN=FILE` for each, or `--fetch`")
            }
        }
        let baseline = try arguments[Options.baseline].map { path throws(CommandFailure) in
            let (baseline, bytes) = try ReportOutput.readBaseline(path) { bytes throws(BaselineError) in
                try AppCoverageBaseline(json: bytes)
            }
            guard baseline.appID == loaded.appID else {
                throw .input("\(path): the baseline is for \(baseline.appID), not \(loaded.appID)")
            }
            return (path: path, baseline: baseline, bytes: bytes)
        }
        let report: AppCoverageReport
        do {
            report = try AppCoverageChecker.check(
                app: loaded.app, hasInfoPlist: loaded.hasInfoPlist, routes: table, appID: loaded.appID, files: files,
                allURLs: arguments[Options.allURLs])
        } catch {
            throw AASAFileOption.failure(error)
        }
        if let path = arguments[Options.writeBaseline] {
            let written = AppCoverageBaseline(report: report)
            try ReportOutput.write(written.json, to: path)
            Console.error("link-router check: wrote \(written.gaps.count) accepted gap(s) to \(path)")
        }
        let comparison = baseline.map { $0.baseline.compare(report) }
        let shown = comparison?.new ?? report
        switch arguments[format] ?? .text {
        case .json:
            var value = try OrderedJSON.encoding(shown)
            if let baseline, let comparison {
                var stale: [OrderedJSON] = []
                for gap in comparison.stale { stale.append(try OrderedJSON.encoding(gap)) }
                value = value.appending([
                    .init(
                        "baseline",
                        .object([
                            .init("file", .string(baseline.path)), .init("accepted", .integer(comparison.accepted)),
                            .init("stale", .array(stale)),
                        ]))
                ])
            }
            Console.out(value.compact)
        case .text:
            Console.out(shown.renderedText())
            if let baseline, let comparison {
                Console.out(comparison.renderedText(file: baseline.path))
            }
        case .sarif, .github:
            let findings = shown.findings(
                files: .init(
                    app: loaded.app, entitlements: ReportOutput.annotationPath(loaded.entitlementsPath),
                    infoPlist: loaded.infoPlistPath.flatMap(ReportOutput.annotationPath),
                    routes: (ReportOutput.annotationPath(routesPath), routesBytes),
                    sites: files.filter { $0.value.source != "-" }))
            let stale = baseline.flatMap { baseline in
                comparison.map { baseline.baseline.staleFindings($0.stale, path: baseline.path, bytes: baseline.bytes) }
            }
            ReportOutput.printAnnotations(
                arguments[format] ?? .text, rules: AppCoverageReport.reportRules, findings: findings, stale: stale)
        case .svg:
            throw .usage("`check` does not write svg")
        case .html:
            let page = AppCoverageHTMLPage(
                report: shown, entitlementsPath: loaded.entitlementsPath, routesPath: routesPath,
                baseline: baseline.flatMap { baseline in
                    comparison.map { (baseline.path, $0.accepted, $0.stale.map(\.description)) }
                })
            Console.out(String(page.render().dropLast()))
        }
        if arguments[Options.writeBaseline] != nil, baseline == nil { return .success }
        return shown.isClean ? .success : .findings
    }
}
