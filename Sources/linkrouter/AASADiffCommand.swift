import LinkRouter

/// `linkrouter aasa diff OLD NEW`: the URLs that open the app under one version of the file and not
/// the other, with one shortest example per changed region and the rules involved.
///
/// Exit status: 0 no change, 1 something changed, 2 bad usage or unreadable files.
enum AASADiffCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32 {
        try AASACommand.reject(["content-type", "routes"], flags: ["explain"], for: "diff", in: arguments)
        guard arguments.positionals.count == 3 else {
            throw .usage("`aasa diff` takes two files: OLD and NEW (`-` reads standard input for one of them)")
        }
        let oldPath = arguments.positionals[1]
        let newPath = arguments.positionals[2]
        guard !(oldPath == "-" && newPath == "-") else { throw .usage("standard input (`-`) can be read only once") }
        let domain = try AASAFileOption.domain(arguments)
        let appID = try arguments.required("app-id")
        let format = try arguments.format()
        let old = try AASAFileOption.load(oldPath)
        let new = try AASAFileOption.load(newPath)
        let report: AASADiffReport
        do {
            report = try CoverageChecker.diff(
                old: old, new: new, domain: domain, appID: appID, allURLs: arguments.flags.contains("all-urls"))
        } catch {
            throw AASAFileOption.failure(error)
        }
        switch format {
        case .json:
            func changes(_ list: [AASADiffReport.Change]) -> JSONValue {
                .array(
                    list.map {
                        .object([
                            ("example", .string($0.example)), ("old", .optional($0.old)), ("new", .optional($0.new)),
                        ])
                    })
            }
            Console.out(JSONValue.object([("gained", changes(report.gained)), ("lost", changes(report.lost))]).compact)
        case .text:
            Console.out(text(report))
        }
        return report.isUnchanged ? 0 : 1
    }

    static func text(_ report: AASADiffReport) -> String {
        guard !report.isUnchanged else { return "no change: both files open the app for the same URLs" }
        var lines = ["\(report.gained.count) gained, \(report.lost.count) lost"]
        let all = report.gained + report.lost
        let width = all.map(\.example.count).max() ?? 0
        func section(_ title: String, _ list: [AASADiffReport.Change]) {
            guard !list.isEmpty else { return }
            lines.append("")
            lines.append(title)
            for change in list {
                lines.append(
                    "  " + change.example + String(repeating: " ", count: width - change.example.count + 2) + "old: "
                        + (change.old ?? "no rule") + ", new: " + (change.new ?? "no rule"))
            }
        }
        section("gained: opens the app with NEW, not with OLD", report.gained)
        section("lost: opened the app with OLD, not with NEW", report.lost)
        return lines.map(Console.visible).joined(separator: "\n")
    }
}
