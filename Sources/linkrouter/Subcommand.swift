/// One `linkrouter` subcommand (`route`, `url`, ...). Register new ones in `main.swift`'s `subcommands`.
///
/// `main.swift` handles `--help` (prints ``help``), parses options with ``spec`` and turns a thrown
/// ``CommandFailure`` into a one-line message and its exit status. A subcommand with its own subcommands
/// (`aasa lint|match`) can take the first positional as the action name and keep a table like `main.swift`'s.
protocol Subcommand {
    /// The name typed after `linkrouter`.
    static var name: String { get }
    /// One line for `linkrouter --help`.
    static var summary: String { get }
    /// The full `--help` text (usage lines, options, examples).
    static var help: String { get }
    /// The options and flags the subcommand accepts.
    static var spec: ArgumentSpec { get }
    /// Runs with parsed arguments; returns the exit status.
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) -> Int32
}
