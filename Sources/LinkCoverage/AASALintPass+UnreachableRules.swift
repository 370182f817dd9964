import AppSiteAssociation

extension AASALintPass {
    /// Reports the rules that can never decide a URL (`unreachable-rule` warnings).
    ///
    /// Exact: a rule is unreachable when, for every app ID of its entry, each URL it matches is
    /// already decided by an earlier rule (decided with the coverage engine's automata, see
    /// `AASAMatcher.unreachableRules()`). An entry none of whose rules can decide is reported once,
    /// at the entry. Rules the analysis gives up on (its work is bounded, linear in the file's size) get an
    /// `analysis-skipped` info diagnostic instead.
    ///
    /// <!-- snippet: UnreachableRulesPassDocExample -->
    /// ```swift
    /// let report = AASALinter.lint(bytes, passes: [.unreachableRules])
    /// ```
    public static let unreachableRules = AASALintPass { file in
        guard file.appLinks != nil else { return [] }
        let matcher = AASAMatcher(file)
        let analysis = matcher.reachability()
        var diagnostics: [AASADiagnostic] = []
        func report(
            _ severity: AASADiagnostic.Severity, _ code: AASADiagnostic.Code, _ pointer: String,
            _ message: String, hint: String
        ) {
            diagnostics.append(
                AASADiagnostic(severity: severity, code: code, pointer: pointer, message: message, hint: hint))
        }
        var shadowers: [String: UnreachableRule] = [:]
        for rule in analysis.unreachable { shadowers[rule.pointer] = rule }
        let undecided = Set(analysis.undecided)
        let tooComplex = Set(analysis.intractable)
        var excludes: [String: Bool] = [:]
        for entry in matcher.entries {
            for rule in entry.rules { excludes[rule.pointer] = rule.exclude }
        }
        /// "remove it" when every rule deciding in its place has the same effect (moving it changes
        /// nothing), "move it or remove it" otherwise.
        func hint(for pointers: [String], rule: String, subject: String = "it") -> String {
            if pointers.allSatisfy({ excludes[$0] == excludes[rule] }) {
                let effect = excludes[rule] == true ? "excludes" : "opens the app for"
                return "remove \(subject): \(pointers.joined(separator: ", ")) already \(effect) every URL it matches"
            }
            return "move it before \(pointers[0]) if it should decide those URLs, or remove it"
        }
        for entry in matcher.entries where !entry.appIDs.isEmpty {
            let valid = entry.rules.filter { $0.invalid == nil }
            let intractable = valid.filter { tooComplex.contains($0.pointer) }.map(\.pointer)
            for pointer in intractable {
                report(
                    .info, .analysisSkipped, pointer,
                    "the unreachable-rule analysis skipped this rule: its patterns have too many wildcards "
                        + "to analyse cheaply; whether earlier rules shadow it is not known",
                    hint: "simplify the pattern (few '*', few '?' after a '*') to have it checked")
            }
            let skipped = valid.filter { undecided.contains($0.pointer) }.map(\.pointer)
            if !skipped.isEmpty {
                let list = skipped.prefix(3).joined(separator: ", ") + (skipped.count > 3 ? ", ..." : "")
                let which = skipped.count == 1 ? "this rule" : "\(skipped.count) rules of this entry (\(list))"
                report(
                    .info, .analysisSkipped, skipped.count == 1 ? skipped[0] : entry.pointer,
                    "the unreachable-rule analysis gave up on \(which) when its work budget ran out; "
                        + "whether earlier rules shadow \(skipped.count == 1 ? "it" : "them") is not known",
                    hint: "long runs of wildcards (such as *a*a*a...) make the analysis expensive; "
                        + "simplify those patterns to have them checked")
            }
            if !valid.isEmpty, valid.allSatisfy({ shadowers[$0.pointer] != nil }) {
                var all: [String] = []
                for rule in valid {
                    for pointer in shadowers[rule.pointer]?.shadowedBy ?? [] where !all.contains(pointer) {
                        all.append(pointer)
                    }
                }
                if !all.isEmpty {
                    report(
                        .warning, .unreachableRule, entry.pointer,
                        "no rule of this entry can decide: earlier rules already decide every URL its rules match "
                            + "(\(all.joined(separator: ", ")))",
                        hint: valid.allSatisfy({ $0.exclude == valid[0].exclude })
                            ? hint(for: all, rule: valid[0].pointer, subject: "this entry")
                            : "move this entry before \(all[0]) if it should decide those URLs, or remove it")
                    continue
                }
            }
            for rule in valid {
                guard let unreachable = shadowers[rule.pointer] else { continue }
                let shadowedBy = unreachable.shadowedBy
                if shadowedBy.isEmpty && unreachable.shadowersComplete {
                    report(
                        .warning, .unreachableRule, rule.pointer, "this rule matches no URL, so it can never decide",
                        hint: "check the rule's patterns, or remove it")
                } else if shadowedBy.isEmpty {
                    report(
                        .warning, .unreachableRule, rule.pointer,
                        "this rule can never decide: earlier rules decide every URL it matches first",
                        hint: "move it before the earlier rules that match the same URLs, or remove it")
                } else {
                    let more = unreachable.shadowersComplete ? "" : " (and others)"
                    report(
                        .warning, .unreachableRule, rule.pointer,
                        "this rule can never decide: every URL it matches is decided first by "
                            + shadowedBy.joined(separator: ", ") + more,
                        hint: hint(for: shadowedBy, rule: rule.pointer))
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
