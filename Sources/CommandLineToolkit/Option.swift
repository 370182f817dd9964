/// An option or flag a command declares: what the parser accepts and what `--help` lists.
///
/// Commands declare their options once, as values (``Option`` and ``Flag``), and refer to them by identifier
/// when they read the parsed arguments, so a misspelt option is a compile error, not a silent `nil`.
package protocol OptionDeclaration: Sendable {
    /// The name without `--`, such as `routes`.
    var name: String { get }
    /// What the value is called in help (`FILE`, `text|json`), or `nil` for a flag.
    var valueName: String? { get }
    /// One line (or a few) for `--help`.
    var help: String { get }
    /// Converts a value given on the command line; only called for options with a ``valueName``.
    /// - Throws: ``CommandFailure/usage(_:)`` naming the option and the expected form.
    func convert(_ text: String) throws(CommandFailure) -> any Sendable
    /// Whether the `KEY` of a `KEY=VALUE` value compares ignoring ASCII case when a value given replaces a default
    /// one (``DefaultArguments``): a host name's, as `--aasa DOMAIN=FILE` takes it.
    var keyIgnoresCase: Bool { get }
    /// Whether the value `text`, as given on the command line, reads standard input: the parser refuses a command
    /// line (with the project file's defaults) that reads it more than once.
    func readsStandardInput(_ text: String) -> Bool
}

extension OptionDeclaration {
    /// Keys compare exactly (`--define NAME=VALUE`), unless the option says otherwise.
    package var keyIgnoresCase: Bool { false }

    /// No value reads standard input, unless the option says otherwise (``Option/readingStandardInput(afterKey:)``).
    package func readsStandardInput(_ text: String) -> Bool { false }
}

/// Which values of an option read standard input.
enum StandardInputValue: Sendable {
    /// `-`.
    case dash
    /// `-`, or `KEY=-` (`--aasa DOMAIN=-`).
    case dashOrKeyedDash
}

/// Why an option's value was refused, in words that complete "`--name` ...": `must be `text` or `json`, not `xml``.
package struct InvalidOptionValue: Error, Sendable {
    /// The rest of the sentence after the option name.
    package let reason: String

    /// - Parameter reason: The rest of the sentence after "`--name` ", such as "must be a number, not `x`".
    package init(_ reason: String) {
        self.reason = reason
    }
}

/// An option that takes a value (`--name VALUE` or `--name=VALUE`), converted to `Value` while parsing.
///
/// ```swift
/// enum RouteOptions {
///     static let routes = Option<String>("routes", value: "FILE", help: "The routes file (JSON).")
///     static let format = Option<RouteFormat>.choice("format", help: "Text (default) or JSON.")
/// }
/// // In the command's action:
/// let path = try arguments.required(RouteOptions.routes)
/// let format = arguments[RouteOptions.format] ?? .text
/// ```
package struct Option<Value: Sendable>: OptionDeclaration {
    package let name: String
    package let valueName: String?
    package let help: String
    package private(set) var keyIgnoresCase = false
    private var standardInput: StandardInputValue?
    private let transform: @Sendable (String) throws(InvalidOptionValue) -> Value

    /// Declares an option whose value is converted (and checked) by `transform`.
    /// - Parameters:
    ///   - name: The name without `--`.
    ///   - value: What the value is called in help, such as `FILE` or `HOST`.
    ///   - help: The help text.
    ///   - transform: Converts the text; throws ``InvalidOptionValue`` saying what is expected.
    package init(
        _ name: String, value: String, help: String,
        transform: @escaping @Sendable (String) throws(InvalidOptionValue) -> Value
    ) {
        self.name = name
        self.valueName = value
        self.help = help
        self.transform = transform
    }

    /// The option with the `KEY` of its `KEY=VALUE` values compared ignoring case when a value given on the
    /// command line replaces a default one (``DefaultArguments``): for host names (`--aasa DOMAIN=FILE`).
    package func keysIgnoringCase() -> Self {
        var option = self
        option.keyIgnoresCase = true
        return option
    }

    /// The option with a value of `-` reading standard input (a file option: `--routes -`), and with `afterKey`
    /// also a `KEY=-` value (`--aasa DOMAIN=-`): the parser refuses more than one value that reads it, among all
    /// the command's options and operands (``CommandSpec/operandsReadStandardInput``), with "standard input (`-`)
    /// can be read only once".
    package func readingStandardInput(afterKey: Bool = false) -> Self {
        var option = self
        option.standardInput = afterKey ? .dashOrKeyedDash : .dash
        return option
    }

    package func readsStandardInput(_ text: String) -> Bool {
        switch standardInput {
        case nil: return false
        case .dash: return text == "-"
        case .dashOrKeyedDash: return text == "-" || text.hasSuffix("=-")
        }
    }

    package func convert(_ text: String) throws(CommandFailure) -> any Sendable {
        do {
            return try transform(text)
        } catch {
            throw .usage("`--\(name)` \(error.reason)")
        }
    }
}

extension Option where Value == String {
    /// Declares an option whose value is used as it is.
    /// - Parameters:
    ///   - name: The name without `--`.
    ///   - value: What the value is called in help, such as `FILE`.
    ///   - help: The help text.
    package init(_ name: String, value: String, help: String) {
        self.init(name, value: value, help: help) { $0 }
    }
}

extension Option where Value: RawRepresentable<String> {
    /// Declares an option that takes one of `choices`, shown in help as `a|b|c`; adding a case to the
    /// enumeration adds it to the parser, the help and the error message.
    /// - Parameters:
    ///   - name: The name without `--`.
    ///   - choices: The accepted values, in the order help lists them.
    ///   - help: The help text.
    package static func choice(_ name: String, _ choices: [Value], help: String) -> Self {
        let names = choices.map(\.rawValue)
        return Self(name, value: names.joined(separator: "|"), help: help) { text throws(InvalidOptionValue) in
            guard let value = Value(rawValue: text), names.contains(text) else {
                throw InvalidOptionValue("must be \(EnglishList.or(names.map { "`\($0)`" })), not `\(text)`")
            }
            return value
        }
    }
}

extension Option where Value: RawRepresentable<String> & CaseIterable {
    /// Declares an option that takes any case of `Value` (see ``choice(_:_:help:)``).
    package static func choice(_ name: String, help: String) -> Self {
        choice(name, Array(Value.allCases), help: help)
    }
}

/// A flag: `--name`, without a value.
package struct Flag: OptionDeclaration {
    package let name: String
    package let help: String
    package var valueName: String? { nil }

    /// Declares a flag.
    /// - Parameters:
    ///   - name: The name without `--`.
    ///   - help: The help text.
    package init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }

    /// A flag takes no value: always throws.
    package func convert(_ text: String) throws(CommandFailure) -> any Sendable {
        throw .usage("`--\(name)` takes no value")
    }
}

/// Lists in messages: "`a`, `b` or `c`".
package enum EnglishList {
    /// `a`, `a or b`, `a, b or c`.
    package static func or(_ items: [String]) -> String {
        join(items, "or")
    }

    /// `a`, `a and b`, `a, b and c`.
    package static func and(_ items: [String]) -> String {
        join(items, "and")
    }

    private static func join(_ items: [String], _ word: String) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " \(word) " + last
    }
}
