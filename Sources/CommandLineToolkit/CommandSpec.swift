/// How a command uses one declared option: required or optional.
package struct OptionUse: Sendable {
    /// The declared option or flag.
    package let declaration: any OptionDeclaration
    /// Whether parsing fails without it (`missing `--name <value>``).
    package let isRequired: Bool
    /// Whether it may be given more than once (read every value with ``ParsedArguments/all(_:)``).
    package var isRepeatable = false

    /// An option the command cannot run without.
    package static func required<Value>(_ option: Option<Value>) -> Self {
        Self(declaration: option, isRequired: true)
    }

    /// An option or flag the command may be given.
    package static func optional(_ declaration: any OptionDeclaration) -> Self {
        Self(declaration: declaration, isRequired: false)
    }

    /// An option the command may be given any number of times (`--define A=1 --define B=2`); the values are read
    /// in order with ``ParsedArguments/all(_:)``.
    package static func repeatable<Value>(_ option: Option<Value>) -> Self {
        var use = Self(declaration: option, isRequired: false)
        use.isRepeatable = true
        return use
    }
}

/// Everything the parser and `--help` need to know about one command that runs (a leaf: `linkrouter route`,
/// `linkrouter aasa match`, `mediaqueue simulate`).
///
/// The OPTIONS section of the help, the set of accepted options, the required-option check and the
/// "does not apply" messages are all generated from ``options``; the usage lines, discussion and epilogue are
/// prose.
package struct CommandSpec: Sendable {
    /// The usage lines, after the command's path (`--routes FILE [--format text|json] URL...`).
    package var usage: [String]
    /// What the command does, shown after the usage lines.
    package var discussion: String
    /// The options and flags the command takes, in the order help lists them.
    package var options: [OptionUse]
    /// Shown after the options: operands, exit status, examples.
    package var epilogue: String

    /// - Parameters:
    ///   - usage: The usage lines after the command's path.
    ///   - discussion: What the command does.
    ///   - options: The options and flags it takes.
    ///   - epilogue: Operands, exit status, examples.
    package init(usage: [String], discussion: String = "", options: [OptionUse], epilogue: String = "") {
        let names = options.map(\.declaration.name)
        precondition(Set(names).count == names.count, "an option is declared twice in one command: \(names)")
        self.usage = usage
        self.discussion = discussion
        self.options = options
        self.epilogue = epilogue
    }

    /// The declaration named `name`, if the command takes it.
    package func declaration(named name: String) -> (any OptionDeclaration)? {
        options.first { $0.declaration.name == name }?.declaration
    }
}
