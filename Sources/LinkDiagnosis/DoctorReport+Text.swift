import RichMediaKitSupport

extension DoctorReport {
    /// The report as `link-router doctor` prints it: the verdict, one line per link of the chain (name, verdict,
    /// message) with its evidence indented below, then the first broken link and its fix. A service's walk names
    /// the service and host (`webcredentials:example.com: granted to ...`).
    ///
    /// Control characters (C0, DEL and C1) are shown as `\u{XX}`, so the text is safe to print to a terminal.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        var lines: [String] = []
        let subject = service.map { "\($0):\(url)" } ?? url
        if let broken = firstBroken {
            let outcome = service == nil ? "does not open the app for \(appID)" : "not granted to \(appID)"
            lines.append("\(subject): \(outcome): the first broken link is `\(broken.name.rawValue)`")
        } else if ok, service != nil {
            lines.append("\(subject): granted to \(appID)")
        } else if ok {
            let route = steps.last { $0.name == .route }?.message ?? ""
            lines.append("\(url): opens the app for \(appID), and \(route)")
        } else {
            let missing = steps.filter(\.unverified).map { "`\($0.name.rawValue)`" }.joined(separator: ", ")
            lines.append("\(subject): not verified for \(appID): \(missing) could not be checked")
        }
        lines.append("")
        let nameWidth = Step.Name.allCases.map(\.rawValue.count).max() ?? 0
        let verdictWidth = "skipped".count
        let indent = String(repeating: " ", count: 2 + nameWidth + 2 + verdictWidth + 2)
        for step in steps {
            let name = step.name.rawValue.padding(to: nameWidth)
            let verdict = step.verdict.rawValue.padding(to: verdictWidth)
            lines.append("  \(name)  \(verdict)  \(step.message)")
            lines += step.evidence.map { indent + $0 }
        }
        if let broken = firstBroken {
            lines.append("")
            lines.append("first broken link: \(broken.name.rawValue): \(broken.message)")
            if let fix = broken.fix { lines.append("fix: \(fix)") }
        }
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
