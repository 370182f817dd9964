import RichMediaKitSupport

/// The options as given on the command line, before they are checked: what a command's
/// ``CommandSpec/defaultArguments`` sees to decide its defaults (a configuration file named by an option, the
/// operands).
package struct GivenArguments: Sendable {
    /// Every value given for each option, by name, in order (flags have an empty list).
    package var values: [String: [String]] = [:]
    /// The positional arguments, in order.
    package var positionals: [String] = []

    /// Whether the option or flag `name` was given.
    package func contains(_ name: String) -> Bool { values[name] != nil }

    /// The last value given for `option`, if any.
    package subscript<Value>(_ option: Option<Value>) -> String? { values[option.name]?.last }

    /// Whether `flag` was given.
    package subscript(_ flag: Flag) -> Bool { contains(flag.name) }
}

/// Arguments a command takes from somewhere else than the command line (a project file), as options it would be
/// given: an option given on the command line replaces the default one of the same name; for a repeatable option,
/// a `KEY=VALUE` default is replaced only by a value given for the same `KEY` (`--define NAME=VALUE`,
/// `--aasa DOMAIN=FILE`; ignoring ASCII case for an option whose ``OptionDeclaration/keyIgnoresCase``, as host
/// names compare), any other default by any value given. A default that does not start with `--` is an operand,
/// always kept (placed before the command line's arguments): supply one only when the command line gives none.
package typealias DefaultArguments = @Sendable (GivenArguments) throws(CommandFailure) -> [String]

extension ArgumentParser {
    /// The options and operands of `arguments`, read leniently (no value is converted or checked; an unknown option
    /// counts as a flag): the real parse reports what is wrong.
    static func scan(_ arguments: [String], spec: CommandSpec) -> GivenArguments {
        var given = GivenArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                given.positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("--") else {
                if !argument.hasPrefix("-") || argument == "-" { given.positionals.append(argument) }
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            if let equals = body.firstIndex(of: "=") {
                given.values[name, default: []].append(String(body[body.index(after: equals)...]))
            } else if spec.declaration(named: name)?.valueName != nil, index < arguments.count {
                given.values[name, default: []].append(arguments[index])
                index += 1
            } else {
                given.values[name, default: []] += []
            }
        }
        return given
    }

    /// `arguments` after the defaults that `spec` supplies for options not given in them (nothing for help and
    /// version).
    /// - Throws: What the defaults throw (a project file that cannot be read).
    static func withDefaults(_ arguments: [String], spec: CommandSpec) throws(CommandFailure) -> [String] {
        guard let supply = spec.defaultArguments,
            !arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0 == "--version" })
        else { return arguments }
        let given = scan(arguments, spec: spec)
        let defaults = try supply(given)
        var kept: [String] = []
        var index = 0
        while index < defaults.count {
            let argument = defaults[index]
            guard argument.hasPrefix("--") else {
                kept.append(argument)
                index += 1
                continue
            }
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            let takesValue = spec.declaration(named: name)?.valueName != nil && !argument.contains("=")
            let count = takesValue ? 2 : 1
            let value = takesValue && index + 1 < defaults.count ? defaults[index + 1] : ""
            if !given.contains(name) || replacesNothing(value, given.values[name] ?? [], name: name, spec: spec) {
                kept += defaults[index..<min(index + count, defaults.count)]
            }
            index += count
        }
        return kept + arguments
    }

    /// Whether the default `value` of the repeatable option `name` stays beside the values `given` for it: it is
    /// `KEY=VALUE` and none of them has its `KEY` (ignoring ASCII case where the option's keys do).
    private static func replacesNothing(_ value: String, _ given: [String], name: String, spec: CommandSpec) -> Bool {
        guard spec.isRepeatable(name), let equals = value.firstIndex(of: "=")
        else { return false }
        let ignoresCase = spec.declaration(named: name)?.keyIgnoresCase ?? false
        func normalized(_ key: Substring) -> String { ignoresCase ? URLBytes.asciiLowercased(key) : String(key) }
        let key = normalized(value[..<equals])
        return !given.contains { text in text.firstIndex(of: "=").map { normalized(text[..<$0]) } == key }
    }
}
