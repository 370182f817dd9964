import RichMediaKitSupport

/// Why a pattern could not be compiled; the linter turns it into a diagnostic.
package struct AASAPatternIssue: Error, Sendable, Equatable {
    /// The diagnostic code (`undefined-variable`, `malformed-variable` or `nested-variable`).
    var code: AASADiagnostic.Code
    /// What is wrong.
    var message: String
}

/// Turns AASA pattern text into an ``AASAPattern``.
///
/// Syntax: `*` any run (crosses `/`), `?` one character, `$(name)` a variable, anything else a
/// literal byte. There is no escape syntax; a `$` not followed by `(` is literal. Variable names
/// may contain any character except `$`, `(` and `)`; built-ins take precedence.
enum AASAPatternCompiler {
    /// Compiles one pattern.
    ///
    /// - Parameters:
    ///   - source: The pattern text.
    ///   - isPath: Whether this is a `/` pattern (or legacy path): then it is canonicalised
    ///     (leading and trailing slashes) as described on ``AASAPattern``.
    ///   - caseSensitive: The rule's resolved `caseSensitive`.
    ///   - percentEncoded: The rule's resolved `percentEncoded`.
    ///   - variables: The file's substitution variables (name to values); nil disables variables
    ///     (legacy `paths` patterns treat `$(` literally).
    /// - Returns: The pattern, or the first problem found.
    static func compile(
        _ source: String, isPath: Bool, caseSensitive: Bool, percentEncoded: Bool, variables: [String: [String]]?
    ) -> Result<AASAPattern, AASAPatternIssue> {
        let text = isPath ? canonicalPath(source) : source
        do throws(AASAPatternIssue) {
            let elements = try parse(
                Array(text.utf8), caseSensitive: caseSensitive, variables: variables, inValue: false)
            return .success(
                AASAPattern(
                    source: source, elements: elements, caseSensitive: caseSensitive, percentEncoded: percentEncoded))
        } catch {
            return .failure(error)
        }
    }

    /// The canonical form of a path pattern: `/` + body + `/`, no trailing `/` after a final `*`.
    static func canonicalPath(_ source: String) -> String {
        var bytes = Substring(source).utf8[...]
        while bytes.first == UInt8(ascii: "/") { bytes = bytes.dropFirst() }
        while bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
        let body = String(Substring(bytes))
        return body.hasSuffix("*") ? "/" + body : "/" + body + "/"
    }

    /// The `$(name)` references in a pattern, or the first malformed one.
    static func references(in source: String) -> Result<[String], AASAPatternIssue> {
        var names: [String] = []
        let bytes = Array(source.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") {
                do throws(AASAPatternIssue) {
                    let (name, end) = try variableName(bytes, openingAt: index)
                    names.append(name)
                    index = end
                } catch {
                    return .failure(error)
                }
            } else {
                index += 1
            }
        }
        return .success(names)
    }

    /// Reads `$(name)` starting at `start`; returns the name and the index after `)`.
    private static func variableName(_ bytes: [UInt8], openingAt start: Int) throws(AASAPatternIssue) -> (String, Int) {
        var index = start + 2
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ")"):
                let name = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
                guard !name.isEmpty else {
                    throw AASAPatternIssue(code: .malformedVariable, message: "'$()' has no variable name")
                }
                return (name, index + 1)
            case UInt8(ascii: "$"), UInt8(ascii: "("):
                let fragment = String(decoding: bytes[start...index], as: UTF8.self)
                throw AASAPatternIssue(
                    code: .malformedVariable,
                    message: "'\(fragment)...': a variable name cannot contain '$' or '(' (variables do not nest)")
            default:
                index += 1
            }
        }
        let fragment = String(decoding: bytes[start...], as: UTF8.self)
        throw AASAPatternIssue(code: .malformedVariable, message: "'\(fragment)' has no closing ')'")
    }

    private static func parse(
        _ bytes: [UInt8], caseSensitive: Bool, variables: [String: [String]]?, inValue: Bool
    ) throws(AASAPatternIssue) -> [AASAPattern.Element] {
        var elements: [AASAPattern.Element] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "*"):
                elements.append(.anyRun)
                index += 1
            case UInt8(ascii: "?"):
                elements.append(.anyCharacter)
                index += 1
            case UInt8(ascii: "$")
            where variables != nil && index + 1 < bytes.count
                && bytes[index + 1] == UInt8(ascii: "("):
                if inValue {
                    throw AASAPatternIssue(
                        code: .nestedVariable, message: "a substitution variable's value cannot use another variable")
                }
                let (name, end) = try variableName(bytes, openingAt: index)
                elements.append(try variable(name, caseSensitive: caseSensitive, variables: variables ?? [:]))
                index = end
            default:
                elements.append(literal(byte, caseSensitive: caseSensitive))
                index += 1
            }
        }
        return elements
    }

    private static func literal(_ byte: UInt8, caseSensitive: Bool) -> AASAPattern.Element {
        let isLetter =
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        guard !caseSensitive, isLetter else { return .byte(byte) }
        var set = ByteSet()
        set.insert(byte)
        return .byteClass(set.caseFolded)
    }

    private static func variable(
        _ name: String, caseSensitive: Bool, variables: [String: [String]]
    ) throws(AASAPatternIssue) -> AASAPattern.Element {
        if let set = AASABuiltinVariables.classes[name] {
            return .byteClass(caseSensitive ? set : set.caseFolded)
        }
        let values: [String]
        if let codes = AASABuiltinVariables.codeLists[name] {
            values = codes
        } else if let custom = variables[name] {
            values = custom
        } else {
            throw AASAPatternIssue(
                code: .undefinedVariable, message: "'$(\(name))' is not a built-in or defined variable")
        }
        var branches: [[AASAPattern.Element]] = []
        for value in values {
            branches.append(try parse(Array(value.utf8), caseSensitive: caseSensitive, variables: [:], inValue: true))
        }
        return .alternation(branches)
    }
}
