import LinkCoverage

extension AppCoverageReport {
    /// The report as `link-router check --entitlements ...` prints it: the verdict (`ok`, `gaps`, or `incomplete`
    /// when there is no gap but a claimed host was not checked) and counts, the domains
    /// considered (state, where the file came from, the claiming entry, and for a host not checked what to give),
    /// then each gap as its kind and sentence (which names the corners of URL syntax its example depends on, followed
    /// by a `fix:` line for them).
    ///
    /// Control characters (C0, DEL and C1) are shown as `\u{XX}`, so the text is safe to print to a terminal.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        let notChecked = domains.filter { $0.state == .notChecked }.count
        return gaps.renderedText(
            verdict: !gaps.isEmpty ? "gaps" : isComplete ? "ok" : "incomplete", subject: appID, noun: "domain",
            checked: domains.filter { $0.state == .checked }.count, of: domains.count,
            more: notChecked > 0 ? ", \(notChecked) not checked" : "",
            rows: domains.map { domain in
                [
                    domain.domain, domain.state.rawValue, domain.source ?? "-",
                    "(" + (domain.entry.map { "claimed by \($0)" } ?? "no applinks entry claims it")
                        + (domain.cdn.map { "; CDN copy \($0)" } ?? "")
                        + (domain.state == .notChecked
                            ? "; no file: give --aasa \(domain.domain)=FILE or --fetch" : "") + ")",
                ]
            })
    }
}
