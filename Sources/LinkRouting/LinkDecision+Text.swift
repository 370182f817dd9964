import RichMediaKitSupport

extension LinkDecision {
    /// Decisions as `link-router route` prints them: one line each, in aligned columns.
    ///
    /// The columns are the kind, the route (or `-`), the URL (or `-`), then the parameters and query items sorted
    /// by name (`id=7 query: ref=mail`), or the reason in parentheses:
    ///
    /// <!-- snippet: RenderedTextDocExample -->
    /// ```swift
    /// let decisions = ["shop://promotion/7", "javascript:alert(1)"].map(table.decision(for:))
    /// print(LinkDecision.renderedText(decisions))
    /// // route   promotion  shop://promotion/7   id=7
    /// // reject  -          javascript:alert(1)  (the scheme is never opened)
    /// ```
    ///
    /// Control characters in the URL, parameters or any other cell (C0, DEL and C1) are shown as `\u{XX}`, so the
    /// text is safe to print to a terminal or a log, exactly as the command prints it. Trailing spaces are removed.
    /// - Parameter decisions: The decisions, in the order to print them.
    /// - Returns: The lines joined with `\n` (no trailing newline); empty for no decisions.
    public static func renderedText(_ decisions: some Sequence<LinkDecision>) -> String {
        let rows = decisions.map { decision -> [String] in
            var details: [String] = []
            if let routed = decision.routed {
                details += routed.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                let query = routed.query.sorted { $0.key < $1.key }.flatMap { item in
                    item.value.map { "\(item.key)=\($0)" }
                }
                if !query.isEmpty { details.append("query: " + query.joined(separator: " ")) }
            }
            if let reason = decision.reason { details.append("(\(reason))") }
            return [
                decision.kind.rawValue, decision.routed?.route ?? "-", decision.url ?? "-",
                details.joined(separator: " "),
            ].map(TerminalText.visible)
        }
        return TextColumns.align(rows).joined(separator: "\n")
    }

    /// This decision as `link-router route` prints it for one URL: ``renderedText(_:)`` of this decision alone.
    /// - Returns: One line, control characters shown as `\u{XX}`.
    public func renderedText() -> String {
        Self.renderedText(CollectionOfOne(self))
    }
}
