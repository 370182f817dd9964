/// `--help` texts generated from the declarations.
enum HelpText {
    /// A leaf's help: usage lines, discussion, the OPTIONS table and EXIT STATUS section from its spec, epilogue.
    static func leaf(_ spec: CommandSpec, path: [String]) -> String {
        let command = path.joined(separator: " ")
        var rows = spec.declarations.map { (OptionUse.usageText($0), $0.help) }
        rows.append(("-h, --help", "Show this help."))
        var sections = [usage(spec.usage.map { (command, $0) })]
        if !spec.discussion.isEmpty { sections.append(spec.discussion) }
        sections.append("OPTIONS:\n" + table(rows))
        if let exitStatus = spec.exitStatus {
            sections.append("EXIT STATUS:\n" + table(exitStatus.rows.map { (String($0.status.rawValue), $0.meaning) }))
        }
        if !spec.epilogue.isEmpty { sections.append(spec.epilogue) }
        return sections.joined(separator: "\n\n")
    }

    /// A group's help: every leaf's usage lines, discussion, the subcommands with their summaries, the EXIT STATUS
    /// section (the statuses its leaves use, with the leaves that find problems), epilogue.
    static func group(_ command: Command, _ group: Command.Group, path: [String], root: Bool) -> String {
        let prefix = path.joined(separator: " ")
        var lines: [(command: String, arguments: String)] = []
        for leaf in command.leaves {
            let leafPath = ([prefix] + leaf.path).joined(separator: " ")
            lines += leaf.spec.usage.map { (leafPath, $0) }
        }
        if root { lines.append((prefix, "--help | --version")) }
        var sections = [usage(lines)]
        if !group.discussion.isEmpty { sections.append(group.discussion) }
        let noun = group.childNoun.uppercased() + "S"
        sections.append(noun + ":\n" + table(group.children.map { ($0.name, $0.summary) }))
        var options = [
            ("-h, --help", "Show this help (`\(prefix) <\(group.childNoun)> --help` for one \(group.childNoun)).")
        ]
        if root { options.append(("--version", "Show the version.")) }
        sections.append("OPTIONS:\n" + table(options))
        sections.append("EXIT STATUS:\n" + table(exitStatusRows(command.leaves, prefix: prefix, group.childNoun)))
        if !group.epilogue.isEmpty { sections.append(group.epilogue) }
        return sections.joined(separator: "\n\n")
    }

    /// A group's exit statuses: 0, 1 naming the leaves that use it (if any), 2; each leaf's `--help` says more.
    private static func exitStatusRows(
        _ leaves: [(path: [String], spec: CommandSpec)], prefix: String, _ childNoun: String
    ) -> [(String, String)] {
        let finders = leaves.filter { $0.spec.exitStatus?.findings != nil }.map { $0.path.joined(separator: " ") }
        var rows = [("0", ExitStatus.success.meaning)]
        if !finders.isEmpty {
            rows.append(("1", ExitStatus.findings.meaning + " (" + EnglishList.and(finders) + ")"))
        }
        rows.append(("2", ExitStatus.failure.meaning))
        let details = "Each \(childNoun)'s own statuses: `\(prefix) <\(childNoun)> --help`."
        return rows + [("", details)]
    }

    /// `USAGE: first` and the others aligned under it. A usage's arguments may go on over several lines (`\n` in
    /// the spec); each further line is indented to where the arguments start, so it reads as part of its command.
    private static func usage(_ lines: [(command: String, arguments: String)]) -> String {
        lines.enumerated().map { index, line in
            let lead = index == 0 ? "USAGE: " : "       "
            guard !line.arguments.isEmpty else { return lead + line.command }
            let indent = String(repeating: " ", count: lead.count + line.command.count + 1)
            return lead + line.command + " "
                + line.arguments.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.drop { $0 == " " } }.joined(separator: "\n" + indent)
        }.joined(separator: "\n")
    }

    /// Two-column rows, indented by two; help lines after the first are indented to the second column.
    private static func table(_ rows: [(String, String)]) -> String {
        let width = (rows.map(\.0.count).max() ?? 0) + 3
        return rows.map { row in
            let help = row.1.split(separator: "\n", omittingEmptySubsequences: false)
            let first = "  " + row.0 + String(repeating: " ", count: width - row.0.count) + (help.first ?? "")
            let rest = help.dropFirst().map { String(repeating: " ", count: width + 2) + $0 }
            return ([first] + rest).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
