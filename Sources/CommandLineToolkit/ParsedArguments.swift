/// The result of parsing a command's arguments against its ``CommandSpec``: typed option values, flags and
/// positional arguments.
///
/// Read values through the declarations, never by name:
/// ```swift
/// let routes = try arguments.required(RouteOptions.routes)
/// let format = arguments[RouteOptions.format] ?? .text
/// let explain = arguments[AASAOptions.explain]  // a Flag: true when given
/// ```
package struct ParsedArguments: Sendable {
    private var values: [String: any Sendable] = [:]
    private var repeated: [String: [any Sendable]] = [:]
    private var flags: Set<String> = []
    /// Positional arguments, in order (`-` included; everything after `--`).
    package var positionals: [String] = []
    /// Whether `--help` or `-h` was given.
    package var wantsHelp = false
    /// Whether `--version` was given (help wins when both are).
    package var wantsVersion = false

    package init() {}

    /// The converted value of `option`, or `nil` when it was not given.
    package subscript<Value>(_ option: Option<Value>) -> Value? {
        values[option.name] as? Value
    }

    /// Whether `flag` was given.
    package subscript(_ flag: Flag) -> Bool {
        flags.contains(flag.name)
    }

    /// The value of an option the command requires (the parser already checked it is there).
    /// - Throws: ``CommandFailure/usage(_:)`` when it is missing.
    package func required<Value>(_ option: Option<Value>) throws(CommandFailure) -> Value {
        guard let value = self[option] else { throw .usage("missing `--\(option.name) <value>`") }
        return value
    }

    /// Every value of an option the command declares repeatable, in the order given (the subscript gives the
    /// last one).
    package func all<Value>(_ option: Option<Value>) -> [Value] {
        (repeated[option.name] ?? []).compactMap { $0 as? Value }
    }

    /// Records a converted option value.
    mutating func set(_ value: any Sendable, for name: String) {
        values[name] = value
        repeated[name, default: []].append(value)
    }

    /// Whether an option value was recorded under `name`.
    func hasValue(_ name: String) -> Bool {
        values[name] != nil
    }

    /// Whether the flag `name` was given.
    func hasFlag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// Records a flag.
    mutating func set(flag name: String) {
        flags.insert(name)
    }
}
