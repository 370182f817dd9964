/// Xcode build-setting references in entitlements and Info.plist values: `$(NAME)` and `${NAME}`, with the
/// `:lower`, `:upper` and `:rfc1034identifier` modifiers.
enum BuildVariables {
    /// The build settings Xcode sets for every app target it builds and signs, whatever the project defines: the
    /// signing ones (`AppIdentifierPrefix` and `TeamIdentifierPrefix`, the team ID and a dot; `DEVELOPMENT_TEAM`;
    /// `PRODUCT_BUNDLE_IDENTIFIER`, also written `CFBundleIdentifier` in entitlements) and the product's names.
    /// One without a definition is assumed to be what Xcode sets (the `assumed-variable` information), never
    /// an error: a project cannot leave them out.
    static let setByXcode: Set<String> = [
        "AppIdentifierPrefix", "TeamIdentifierPrefix", "DEVELOPMENT_TEAM", "PRODUCT_BUNDLE_IDENTIFIER",
        "CFBundleIdentifier", "PRODUCT_NAME", "EXECUTABLE_NAME", "PRODUCT_MODULE_NAME", "TARGET_NAME",
        "DEVELOPMENT_LANGUAGE", "PRODUCT_BUNDLE_PACKAGE_TYPE",
    ]

    /// `defines` with the signing settings that follow from the ones given (as Xcode derives them): the two
    /// prefixes from `DEVELOPMENT_TEAM`, `CFBundleIdentifier` from `PRODUCT_BUNDLE_IDENTIFIER`. Given ones are kept.
    ///
    /// A Run Script build phase's environment has `DEVELOPMENT_TEAM` and `PRODUCT_BUNDLE_IDENTIFIER` but not the
    /// prefixes, which Xcode sets only when it processes the entitlements.
    static func completed(_ defines: [String: String]) -> [String: String] {
        var result = defines
        if let team = defines["DEVELOPMENT_TEAM"], !team.isEmpty {
            if result["AppIdentifierPrefix"] == nil { result["AppIdentifierPrefix"] = team + "." }
            if result["TeamIdentifierPrefix"] == nil { result["TeamIdentifierPrefix"] = team + "." }
        }
        if let bundle = defines["PRODUCT_BUNDLE_IDENTIFIER"], result["CFBundleIdentifier"] == nil {
            result["CFBundleIdentifier"] = bundle
        }
        return result
    }

    /// `text` with every reference replaced by its definition, and the names of those without one (a reference
    /// without a definition, an unterminated `$(`, or an unknown modifier), in order of appearance.
    ///
    /// Definitions are used as they are: a definition that itself holds `$(...)` is not expanded again.
    ///
    /// - Complexity: O(*n*) in the length of `text` plus the definitions used.
    static func resolve(_ text: String, defines: [String: String]) -> (text: String, unresolved: [String]) {
        guard text.contains("$") else { return (text, []) }
        var result = ""
        var unresolved: [String] = []
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                result.append("$")
                rest = rest[after...]
                continue
            }
            let closing: Character = rest[after] == "(" ? ")" : "}"
            let nameStart = rest.index(after: after)
            guard let end = rest[nameStart...].firstIndex(of: closing) else {
                unresolved.append(String(rest[nameStart...]))
                result += rest[dollar...]
                rest = rest[rest.endIndex...]
                break
            }
            let reference = rest[nameStart..<end]
            let parts = reference.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if let value = defines[name], let modified = Self.apply(parts.count > 1 ? parts[1] : nil, to: value) {
                result += modified
            } else {
                unresolved.append(name.isEmpty ? String(reference) : name)
                result += rest[dollar...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        return (result, unresolved)
    }

    /// Whether `text` is what `template` becomes for some values of its references (`$(NAME)`, `${NAME}`): the
    /// literal parts in order, each reference any non-empty text.
    ///
    /// - Complexity: O(*n*·*m*) in the lengths of `text` and `template`.
    static func fits(_ text: String, template: String) -> Bool {
        // The template as literal pieces between references.
        var pieces: [String] = []
        var current = ""
        var rest = Substring(template)
        while let dollar = rest.firstIndex(of: "$") {
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{",
                let end = rest[after...].firstIndex(of: rest[after] == "(" ? ")" : "}")
            else {
                current += rest[...dollar]
                rest = rest[after...]
                continue
            }
            current += rest[..<dollar]
            pieces.append(current)
            current = ""
            rest = rest[rest.index(after: end)...]
        }
        current += rest
        guard !pieces.isEmpty else { return text == template }
        pieces.append(current)
        // The first piece is a prefix, the last a suffix, the others in order, each reference at least one character.
        var remaining = Substring(text)
        guard remaining.hasPrefix(pieces[0]) else { return false }
        remaining = remaining.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() {
            guard !remaining.isEmpty else { return false }
            let searched = remaining.dropFirst()
            guard let range = searched.firstRange(of: piece) else { return false }
            remaining = piece.isEmpty ? searched : searched[range.upperBound...]
        }
        let last = pieces[pieces.count - 1]
        return remaining.count > last.count && remaining.hasSuffix(last)
    }

    private static func apply(_ modifier: Substring?, to value: String) -> String? {
        switch modifier {
        case nil: return value
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "rfc1034identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        default: return nil
        }
    }
}
