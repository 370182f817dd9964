extension AndroidCoverageReport {
    /// The report as `link-router check --manifest ...` prints it: the verdict and counts, the hosts considered
    /// (state, where the file came from, the declared host that claims it, and for a host not checked what to give),
    /// then each gap as its kind and sentence (which names the corners of URL syntax its example depends on, followed
    /// by a `fix:` line for them).
    ///
    /// Control characters (C0, DEL and C1) are shown as `\u{XX}`, so the text is safe to print to a terminal.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        let concrete = hosts.filter { $0.state != .wildcard }
        return gaps.renderedText(
            verdict: isClean ? "ok" : "gaps", subject: packageName, noun: "host",
            checked: concrete.filter { $0.state == .checked }.count, of: concrete.count,
            rows: hosts.map { host in
                let claim: String
                switch (host.state, host.declaredBy) {
                case (.wildcard, _): claim = "only the hosts below it listed here are checked"
                case (_, let declared?) where declared == host.host: claim = "declared by a verified filter"
                case (_, let declared?): claim = "declared as \(declared)"
                case (_, nil): claim = "no verified filter declares it"
                }
                let give =
                    host.state == .notChecked ? "; no file: give --assetlinks \(host.fileHost ?? host.host)=FILE" : ""
                return [host.host, host.state.rawValue, host.source ?? "-", "(" + claim + give + ")"]
            })
    }
}
