import RichMediaKitSupport

/// Checks an apple-app-site-association file against what iOS accepts and what authors mean.
///
/// Errors mean iOS will not do what the author meant (or nothing at all); warnings flag legal
/// but probably mistaken content. Every diagnostic has a stable ``AASADiagnosticCode``, a JSON
/// pointer, a message and a one-line fix hint; JSON syntax errors carry a line and column.
///
/// This module's own checks cover syntax, the schema, app IDs, variables and patterns. Checks that need
/// more machinery come as extra passes (``AASALintPass``): `LinkCoverage` provides
/// `AASALintPass.unreachableRules`, the rule-order check `link-router aasa lint` runs.
///
/// <!-- snippet: AASALinterDocExample -->
/// ```swift
/// let report = AASALinter.lint(Array(data), passes: [])  // import LinkCoverage for [.unreachableRules]
/// if report.errorCount > 0 { failed = true }
/// ```
public enum AASALinter {
    /// Lints a file's bytes with this module's checks, then the given extra passes.
    ///
    /// The 128 KB limit is checked before parsing; the parser is iterative and depth-limited, so
    /// no input crashes or hangs the linter. The passes run, in order, only when the file could be
    /// loaded; their diagnostics follow the linter's own.
    ///
    /// <!-- snippet: UnreachableRulesDocExample -->
    /// ```swift
    /// import LinkCoverage
    ///
    /// let report = AASALinter.lint(bytes, passes: [.unreachableRules])  // what `link-router aasa lint` runs
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - contentType: The `Content-Type` the server sent, if known; anything but
    ///     `application/json` (parameters such as `charset` aside) is a `content-type` warning.
    ///   - passes: Extra checks to run on the loaded file (`[]` for this module's checks alone).
    /// - Returns: The diagnostics in file order (by the position of the value each points at), and
    ///   the file when it could be loaded.
    /// - Complexity: O(n) in the file size, plus compiling every pattern once, plus the passes.
    public static func lint(
        _ bytes: some Collection<UInt8>, contentType: String? = nil, passes: [AASALintPass]
    ) -> AASALintReport {
        let loaded = AASAFile.loadForLinting(bytes)
        var diagnostics = loaded.diagnostics
        if let contentType {
            let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            let normalized = mediaType.filter { $0 != " " }.lowercased()
            if normalized != "application/json" {
                let signed = normalized == "application/pkcs7-mime"
                let message =
                    signed
                    ? "the file is served as '\(contentType)', the type of a signed file; the file is no longer "
                        + "signed, and Apple's documentation asks for plain JSON served as application/json"
                    : "the file is served as '\(contentType)'; Apple's documentation asks for application/json "
                        + "(the file is plain JSON; it no longer needs to be signed)"
                diagnostics.append(
                    AASADiagnostic(
                        severity: .warning, code: .contentType, pointer: "", message: message,
                        hint: "configure the server to send Content-Type: application/json for this path"
                            + (signed ? ", and serve the unsigned JSON" : "")))
            }
        }
        if let file = loaded.file {
            var checker = AASASemanticChecker(file: file)
            checker.run()
            // The checker indexes a list as decoded, without its wrong-typed elements: point at the file's element.
            diagnostics += checker.diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                if let pointer = loaded.filePointers[diagnostic.pointer] { diagnostic.pointer = pointer }
                return diagnostic
            }
            for pass in passes { diagnostics += pass.check(file) }
        }
        if let document = loaded.document {
            for index in diagnostics.indices {
                diagnostics[index].subject = subject(of: diagnostics[index].pointer, in: document)
            }
        }
        return AASALintReport(diagnostics: inFileOrder(diagnostics, order: loaded.order), file: loaded.file)
    }

    /// The way from the root of `document` to the value at `pointer`, by content: its keys, and for each array
    /// element its content (a `details` entry by its `appID`/`appIDs` alone, any other element whole), as one line of
    /// JSON: `["applinks", "details", {"appIDs": ["A.b"]}, "components", {"/": "/x", "casesensitive": true},
    /// "casesensitive"]`. Tokens past what the file has stay as written.
    ///
    /// - Parameters:
    ///   - pointer: A diagnostic's pointer.
    ///   - document: The file.
    /// - Returns: The canonical text (`BaselineSubject`).
    package static func subject(of pointer: String, in document: JSONValue) -> String {
        var steps: [OrderedJSON] = []
        var value: JSONValue? = document
        for token in JSONPointer(known: pointer).tokens {
            switch value {
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else {
                    steps.append(.string(token))
                    value = nil
                    continue
                }
                let item = items[index]
                if case .object(let members) = item,
                    members.contains(where: { $0.key == "appIDs" || $0.key == "appID" })
                {
                    steps.append(
                        .object(
                            members.filter { $0.key == "appIDs" || $0.key == "appID" }.map {
                                .init($0.key, $0.value.orderedJSON)
                            }))
                } else {
                    steps.append(item.orderedJSON)
                }
                value = item
            case .object:
                steps.append(.string(token))
                value = value?[token]
            default:
                steps.append(.string(token))
                value = nil
            }
        }
        return BaselineSubject.text(.array(steps))
    }

    /// The `file-location` warning for a repository path the server would not serve at
    /// `/.well-known/apple-app-site-association` (`apple-app-site-association.json`, `public/` without
    /// `.well-known/`, `.well_known/`), with the path the file must have; nil when the path is right or says nothing
    /// about where the server serves it (`Docs/Examples/apple-app-site-association`, standard input `-`).
    ///
    /// - Parameter path: The path of the file in its repository, as given to `aasa lint`.
    /// - Returns: The diagnostic (pointer `""`, the whole file), or nil.
    public static func fileLocation(_ path: String) -> AASADiagnostic? {
        guard let problem = SiteFilePaths.problem(path, kind: .appleAppSiteAssociation) else { return nil }
        return AASADiagnostic(
            severity: .warning, code: .fileLocation, pointer: "", message: problem.message,
            hint: "move the file to \(problem.expected) (no .json extension)")
    }

    /// Sorts diagnostics by the position of the value they point at (a pointer to something absent counts
    /// as its nearest present ancestor; whole-file diagnostics come first); equal positions keep the
    /// order in which they were found.
    static func inFileOrder(_ diagnostics: [AASADiagnostic], order: [String: Int]) -> [AASADiagnostic] {
        guard !order.isEmpty else { return diagnostics }
        func position(_ pointer: String) -> Int {
            var current = Substring(pointer)
            while !current.isEmpty {
                if let known = order[String(current)] { return known }
                current = current[..<(current.lastIndex(of: "/") ?? current.startIndex)]
            }
            return -1
        }
        return diagnostics.enumerated()
            .map { (position: position($0.element.pointer), index: $0.offset, diagnostic: $0.element) }
            .sorted { ($0.position, $0.index) < ($1.position, $1.index) }
            .map(\.diagnostic)
    }
}
