/// How a command uses one declared option, or a few that go together: what the parser requires and how the
/// usage line shows it.
///
/// ```swift
/// options: [
///     .required(Options.routes),                   // --routes FILE
///     .optional(Options.explain),                  // [--explain]
///     .either(cdn, noCDN),                         // [--cdn URL | --no-cdn]
///     .together(Options.routes, Options.appID),    // [--routes FILE --app-id ID]
///     .insteadOfOperands(Options.push),            // a usage line of its own: ... --push PAYLOAD.json
///     .repeatable(define),                         // [--define NAME=VALUE]...
///     .optional(format).onNewUsageLine,            // the usage line goes on below: [--format text|json]
///     .repeatable(aasa).excluding(fetch),          // [--aasa DOMAIN=FILE]..., never with --fetch
/// ]
/// ```
///
/// Options that exclude each other (``either(_:_:)``, ``excluding(_:_:)``, ``insteadOfOperands(_:)`` and the
/// operands) are refused together with one message: "give either `--cdn URL` or `--no-cdn`, not both".
package struct OptionUse: Sendable {
    enum Shape: Sendable {
        /// One option, required or not.
        case one(any OptionDeclaration, isRequired: Bool)
        /// Options given all together or not at all.
        case together([any OptionDeclaration])
        /// Options of which at most one may be given.
        case either([any OptionDeclaration])
        /// A required option given instead of the command's operands.
        case insteadOfOperands(any OptionDeclaration)
    }

    let shape: Shape
    /// Whether the usage line goes on on a new line before this use.
    package private(set) var startsUsageLine = false
    /// Whether it may be given more than once (read every value with ``ParsedArguments/all(_:)``).
    package private(set) var isRepeatable = false
    /// Options declared elsewhere in the command that may not be given with this use's (``excluding(_:_:)``).
    package private(set) var excluded: [any OptionDeclaration] = []

    /// The declared options and flags of this use, in order.
    package var declarations: [any OptionDeclaration] {
        switch shape {
        case .one(let declaration, _), .insteadOfOperands(let declaration): return [declaration]
        case .together(let declarations), .either(let declarations): return declarations
        }
    }

    /// Whether parsing fails without it (`missing `--name <value>``): only a ``required(_:)`` option.
    package var isRequired: Bool {
        if case .one(_, true) = shape { return true }
        return false
    }

    /// The first declaration of this use (the only one, except for ``together(_:)`` and ``either(_:)``).
    package var declaration: any OptionDeclaration { declarations[0] }

    /// An option the command cannot run without: `--name VALUE` in the usage line.
    package static func required<Value>(_ option: Option<Value>) -> Self {
        Self(shape: .one(option, isRequired: true))
    }

    /// An option or flag the command may be given: `[--name VALUE]` in the usage line.
    package static func optional(_ declaration: any OptionDeclaration) -> Self {
        Self(shape: .one(declaration, isRequired: false))
    }

    /// An option the command may be given any number of times (`--define A=1 --define B=2`):
    /// `[--define NAME=VALUE]...` in the usage line; the values are read in order with
    /// ``ParsedArguments/all(_:)``.
    package static func repeatable<Value>(_ option: Option<Value>) -> Self {
        var use = Self(shape: .one(option, isRequired: false))
        use.isRepeatable = true
        return use
    }

    /// Options given all together or not at all: `[--routes FILE --app-id ID]`. Giving some of them only is a
    /// usage error.
    package static func together(_ first: any OptionDeclaration, _ others: any OptionDeclaration...) -> Self {
        Self(shape: .together([first] + others))
    }

    /// Options of which at most one may be given: `[--cdn URL | --no-cdn]`. Giving two is a usage error.
    package static func either(_ first: any OptionDeclaration, _ others: any OptionDeclaration...) -> Self {
        Self(shape: .either([first] + others))
    }

    /// An option given instead of the command's operands: the usage shows a second line that ends with it
    /// (`--routes FILE [--format text|json] --push PAYLOAD.json`) instead of the operands. The parser refuses
    /// the two together: "give either `URL...` or `--push PAYLOAD.json`, not both".
    package static func insteadOfOperands<Value>(_ option: Option<Value>) -> Self {
        Self(shape: .insteadOfOperands(option))
    }

    /// This use, whose options may not be given with `first` (or any of `others`), options the command declares
    /// in other uses (a repeatable `--aasa DOMAIN=FILE` and the `--fetch` flag); the usage line does not change.
    /// The parser refuses them together, as it refuses two options of ``either(_:_:)``.
    package func excluding(_ first: any OptionDeclaration, _ others: any OptionDeclaration...) -> Self {
        var use = self
        use.excluded += [first] + others
        return use
    }

    /// This use with the usage line going on on a new line before it (for long usage lines).
    package var onNewUsageLine: Self {
        var use = self
        use.startsUsageLine = true
        return use
    }

    /// How the usage line shows this use: `--name VALUE`, `[--name]`, `[--a A --b B]`, `[--a A | --b]`.
    var usageText: String {
        switch shape {
        case .one(let declaration, let isRequired):
            let text = isRequired ? Self.usageText(declaration) : "[" + Self.usageText(declaration) + "]"
            return isRepeatable ? text + "..." : text
        case .insteadOfOperands(let declaration): return Self.usageText(declaration)
        case .together(let declarations): return "[" + declarations.map(Self.usageText).joined(separator: " ") + "]"
        case .either(let declarations): return "[" + declarations.map(Self.usageText).joined(separator: " | ") + "]"
        }
    }

    /// `--name VALUE` or `--name`.
    static func usageText(_ declaration: any OptionDeclaration) -> String {
        declaration.valueName.map { "--\(declaration.name) \($0)" } ?? "--\(declaration.name)"
    }
}

/// What one command's exit statuses mean, for the EXIT STATUS section of its `--help`. The general meaning of
/// each status is written once, in ``ExitStatus/meaning``; a command says only what is its own.
///
/// ```swift
/// exitStatus: ExitStatusText(
///     success: "no errors (warnings alone: 0)", findings: "the file has errors", failure: "a file over 128 KB")
/// ```
package struct ExitStatusText: Sendable {
    /// When the command exits 0.
    package var success: String
    /// When it exits 1, or `nil` if it never does.
    package var findings: String?
    /// Its own reasons to exit 2, after the shared ones (``ExitStatus/meaning`` of ``ExitStatus/failure``).
    package var failure: String?

    /// - Parameters:
    ///   - success: When the command exits 0 (by default ``ExitStatus/meaning`` of ``ExitStatus/success``).
    ///   - findings: When it exits 1; `nil` (the default) if it never does.
    ///   - failure: Its own reasons to exit 2, added after the shared ones.
    package init(success: String = ExitStatus.success.meaning, findings: String? = nil, failure: String? = nil) {
        self.success = success
        self.findings = findings
        self.failure = failure
    }

    /// The meaning of each status the command uses, in order.
    var rows: [(status: ExitStatus, meaning: String)] {
        var rows: [(ExitStatus, String)] = [(.success, success)]
        if let findings { rows.append((.findings, findings)) }
        rows.append((.failure, ExitStatus.failure.meaning + (failure.map { "; " + $0 } ?? "")))
        return rows
    }
}

/// Everything the parser and `--help` need to know about one command that runs (a leaf: `link-router route`,
/// `link-router aasa match`, `mediaqueue simulate`).
///
/// The usage lines, the OPTIONS and EXIT STATUS sections of the help, the set of accepted options, the
/// required-option and option-group checks and the "does not apply" messages are all generated from
/// ``options``, the operands and ``exitStatus``; the discussion and epilogue are prose.
///
/// ```swift
/// CommandSpec(
///     leadingOperands: "FILE", operands: "URL...",
///     discussion: "What iOS decides for each URL.",
///     options: [.required(Options.domain), .optional(Options.explain), .optional(format)],
///     exitStatus: ExitStatusText(success: "whatever the decisions"))
/// // USAGE: link-router aasa match FILE --domain HOST [--explain] [--format text|json] URL...
/// ```
package struct CommandSpec: Sendable {
    /// The usage lines, after the command's path (`--routes FILE [--format text|json] URL...`); a `\n` goes on
    /// on the next line, indented under the first.
    package var usage: [String]
    /// What the command does, shown after the usage lines.
    package var discussion: String
    /// The options and flags the command takes, in the order the usage line and help list them.
    package var options: [OptionUse]
    /// What its exit statuses mean (the EXIT STATUS section); `nil` only for specs with hand-written usage lines.
    package var exitStatus: ExitStatusText?
    /// Shown at the end of the help: operands, examples.
    package var epilogue: String
    /// Options the command takes from elsewhere (a project file) when the command line does not give them.
    package var defaultArguments: DefaultArguments?
    /// Whether an operand `-` reads standard input (`aasa match FILE URL...`, `aasa diff OLD NEW`): the parser
    /// counts each one with the options' values that read it (``Option/readingStandardInput(afterKey:)``) and
    /// refuses more than one.
    package var operandsReadStandardInput = false
    /// The operands as the usage line shows them after the options (`URL...`), for messages.
    var operands = ""

    /// A command whose usage lines are derived from its options and operands: the leading operands, every
    /// option (required ones as `--name VALUE`, others in brackets), then the operands; plus one line for each
    /// ``OptionUse/insteadOfOperands(_:)`` option, which ends with it instead of the operands.
    /// - Parameters:
    ///   - leadingOperands: The operands shown before the options (`FILE`, `OLD NEW`), if any.
    ///   - operands: The operands shown after the options (`URL...`, `[--] FILE`), if any.
    ///   - discussion: What the command does.
    ///   - options: The options and flags it takes, in the order the usage line and help list them.
    ///   - exitStatus: What its exit statuses mean (by default: 0 success, 2 the shared reasons).
    ///   - epilogue: Operands, examples.
    ///   - defaultArguments: The options it takes from elsewhere (a project file) when not given.
    ///   - operandsReadStandardInput: Whether an operand `-` reads standard input (see
    ///     ``operandsReadStandardInput``).
    package init(
        leadingOperands: String = "", operands: String = "", discussion: String = "", options: [OptionUse],
        exitStatus: ExitStatusText = ExitStatusText(), epilogue: String = "", defaultArguments: DefaultArguments? = nil,
        operandsReadStandardInput: Bool = false
    ) {
        self.init(
            usage: Self.usage(leadingOperands: leadingOperands, operands: operands, options: options),
            discussion: discussion, options: options, exitStatus: exitStatus, epilogue: epilogue)
        self.defaultArguments = defaultArguments
        self.operandsReadStandardInput = operandsReadStandardInput
        self.operands = operands
    }

    /// A command with hand-written usage lines.
    /// - Parameters:
    ///   - usage: The usage lines after the command's path.
    ///   - discussion: What the command does.
    ///   - options: The options and flags it takes.
    ///   - epilogue: Operands, exit status, examples.
    @available(*, deprecated, message: "usage lines are derived: init(leadingOperands:operands:...:exitStatus:)")
    package init(usage: [String], discussion: String = "", options: [OptionUse], epilogue: String = "") {
        self.init(usage: usage, discussion: discussion, options: options, exitStatus: nil, epilogue: epilogue)
    }

    private init(
        usage: [String], discussion: String, options: [OptionUse], exitStatus: ExitStatusText?, epilogue: String
    ) {
        let names = options.flatMap(\.declarations).map(\.name)
        precondition(Set(names).count == names.count, "an option is declared twice in one command: \(names)")
        self.usage = usage
        self.discussion = discussion
        self.options = options
        self.exitStatus = exitStatus
        self.epilogue = epilogue
    }

    /// Every declared option and flag, in the order help lists them.
    package var declarations: [any OptionDeclaration] {
        options.flatMap(\.declarations)
    }

    /// Whether the command declares the option `name` repeatable.
    func isRepeatable(_ name: String) -> Bool {
        options.contains { $0.isRepeatable && $0.declaration.name == name }
    }

    /// The declaration named `name`, if the command takes it.
    package func declaration(named name: String) -> (any OptionDeclaration)? {
        declarations.first { $0.name == name }
    }

    /// The usage lines ``init(leadingOperands:operands:discussion:options:exitStatus:epilogue:)`` derives.
    static func usage(leadingOperands: String, operands: String, options: [OptionUse]) -> [String] {
        func line(ending end: String) -> String {
            var text = leadingOperands
            for use in options {
                if case .insteadOfOperands = use.shape { continue }
                if !text.isEmpty { text += use.startsUsageLine ? "\n" : " " }
                text += use.usageText
            }
            if !end.isEmpty { text += (text.isEmpty ? "" : " ") + end }
            return text
        }
        var lines = [line(ending: operands)]
        for use in options {
            if case .insteadOfOperands = use.shape { lines.append(line(ending: use.usageText)) }
        }
        return lines
    }
}
