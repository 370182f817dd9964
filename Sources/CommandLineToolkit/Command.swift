/// One command of a program: either a leaf that runs (`link-router route`, `aasa match`) or a group that
/// chooses a subcommand by name (`link-router`, `link-router aasa`).
///
/// ```swift
/// let route = Command("route", summary: "dispatch URLs", spec: RouteCommand.spec, run: RouteCommand.run)
/// let root = Command.group("link-router", summary: "", subcommands: [route, url, aasa, check])
/// ```
package struct Command: Sendable {
    /// What a leaf does with its parsed arguments; returns the exit status or throws why it stopped.
    package typealias Action = @Sendable (ParsedArguments) async throws(CommandFailure) -> ExitStatus

    /// The name typed on the command line.
    package let name: String
    /// One line for the parent's help.
    package let summary: String
    let body: Body

    enum Body: Sendable {
        case leaf(CommandSpec, Action)
        case group(Group)
    }

    struct Group: Sendable {
        var discussion: String
        var epilogue: String
        /// What a child is called in messages and help: `subcommand` or `action`.
        var childNoun: String
        var children: [Command]
    }

    /// A command that runs.
    /// - Parameters:
    ///   - name: The name typed on the command line.
    ///   - summary: One line for the parent's help.
    ///   - spec: Its usage, options and help text.
    ///   - run: What it does.
    package init(_ name: String, summary: String, spec: CommandSpec, run: @escaping Action) {
        self.name = name
        self.summary = summary
        self.body = .leaf(spec, run)
    }

    private init(_ name: String, summary: String, group: Group) {
        self.name = name
        self.summary = summary
        self.body = .group(group)
    }

    /// A command that chooses one of `subcommands` by its name, the first argument that is not an option.
    /// - Parameters:
    ///   - name: The name typed on the command line (the program's name for the root).
    ///   - summary: One line for the parent's help.
    ///   - discussion: Shown in the group's help after the usage lines.
    ///   - epilogue: Shown at the end of the group's help.
    ///   - childNoun: What a subcommand is called in messages: `subcommand` or `action`.
    ///   - subcommands: The choices.
    package static func group(
        _ name: String, summary: String, discussion: String = "", epilogue: String = "",
        childNoun: String = "subcommand", subcommands: [Command]
    ) -> Command {
        Command(
            name, summary: summary,
            group: Group(discussion: discussion, epilogue: epilogue, childNoun: childNoun, children: subcommands))
    }

    /// Every leaf under this command (itself if it is one), with its path of names below this command.
    package var leaves: [(path: [String], spec: CommandSpec)] {
        switch body {
        case .leaf(let spec, _): return [([], spec)]
        case .group(let group):
            return group.children.flatMap { child in child.leaves.map { ([child.name] + $0.path, $0.spec) } }
        }
    }
}
