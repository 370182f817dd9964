import AppSiteAssociation

extension AASALintPass {
    /// Reports the rules that can never decide a URL (`unreachable-rule` warnings).
    ///
    /// Exact: a rule is unreachable when, for every app ID of its entry, each URL it matches is
    /// already decided by an earlier rule (decided with the coverage engine's automata, see
    /// `AASAMatcher.unreachableRules()`). An entry none of whose rules can decide is reported once,
    /// at the entry. A file too complex to analyse within the state limit gets no warning.
    ///
    /// ```swift
    /// let report = AASALinter.lint(bytes, passes: [.unreachableRules])
    /// ```
    public static let unreachableRules = AASALintPass { file in
        guard file.appLinks != nil else { return [] }
        let matcher = AASAMatcher(file)
        guard let unreachable = matcher.unreachableRules() else { return [] }
        var diagnostics: [AASADiagnostic] = []
        func report(_ pointer: String, _ message: String, hint: String) {
            diagnostics.append(
                AASADiagnostic(
                    severity: .warning, code: .unreachableRule, pointer: pointer, message: message, hint: hint))
        }
        var shadowers: [String: [String]] = [:]
        for rule in unreachable { shadowers[rule.pointer] = rule.shadowedBy }
        for entry in matcher.entries where !entry.appIDs.isEmpty {
            let valid = entry.rules.filter { $0.invalid == nil }
            if !valid.isEmpty, valid.allSatisfy({ shadowers[$0.pointer] != nil }) {
                var all: [String] = []
                for rule in valid {
                    for pointer in shadowers[rule.pointer] ?? [] where !all.contains(pointer) { all.append(pointer) }
                }
                if !all.isEmpty {
                    report(
                        entry.pointer,
                        "no rule of this entry can decide: earlier rules already decide every URL its rules match "
                            + "(\(all.joined(separator: ", ")))",
                        hint: "move this entry before \(all[0]), or remove it")
                    continue
                }
            }
            for rule in valid {
                guard let shadowedBy = shadowers[rule.pointer] else { continue }
                if shadowedBy.isEmpty {
                    report(
                        rule.pointer, "this rule matches no URL, so it can never decide",
                        hint: "check the rule's patterns, or remove it")
                } else {
                    report(
                        rule.pointer,
                        "this rule can never decide: every URL it matches is decided first by "
                            + shadowedBy.joined(separator: ", "),
                        hint: "move this rule before \(shadowedBy[0]), or remove it")
                }
            }
        }
        return diagnostics
    }
}

extension AASALinter {
    /// Lints a file's bytes with every check, the unreachable-rule pass included.
    ///
    /// Kept for code written before the link libraries were split into modules; it lives in `LinkCoverage`
    /// because the unreachable-rule pass needs the automata, and it returns exactly what it always did.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - contentType: The `Content-Type` the server sent, if known.
    /// - Returns: The diagnostics, and the file when it could be loaded.
    @available(
        *, deprecated, renamed: "lint(_:contentType:passes:)",
        message: "say which passes to run: lint(bytes, contentType: contentType, passes: [.unreachableRules])"
    )
    public static func lint(_ bytes: some Collection<UInt8>, contentType: String? = nil) -> AASALintReport {
        lint(bytes, contentType: contentType, passes: [.unreachableRules])
    }
}
