import RichMediaKitSupport

extension DoctorReport {
    /// The report as `link-router doctor` prints it: the verdict, one line per link of the chain (name, verdict,
    /// message) with its evidence indented below, then the first broken link and its fix. A service's walk names
    /// the service and host (`webcredentials:example.com: granted to ...`); Android's walk says so after the URL
    /// (`https://example.com/help/faq on Android: does not open the app for com.example.app: ...`).
    ///
    /// Control characters (C0, DEL and C1) are shown as `\u{XX}`, so the text is safe to print to a terminal.
    /// - Returns: The lines joined with `\n` (no trailing newline).
    public func renderedText() -> String {
        let subject = service.map { "\($0):\(url)" } ?? url
        let on = platform == .android ? " on Android" : ""
        let lines = [subject + on + ": " + verdictLine, ""] + stepLines
        return lines.map(TerminalText.visible).joined(separator: "\n")
    }

    /// The verdict after the URL (or the service and host): `opens the app for ID, and route `r` handles it`, `does not open ...: the first
    /// broken link is `x``, or `not verified ...`.
    var verdictLine: String {
        if let broken = firstBroken {
            let outcome = service == nil ? "does not open the app for \(appID)" : "not granted to \(appID)"
            return "\(outcome): the first broken link is `\(broken.code)`"
        } else if ok, service != nil {
            return "granted to \(appID)"
        } else if ok {
            let route = steps.last { $0.name == .route }?.message ?? ""
            return "opens the app for \(appID), and \(route)"
        }
        let missing = steps.filter(\.unverified).map { "`\($0.code)`" }.joined(separator: ", ")
        return "not verified for \(appID): \(missing) could not be checked"
    }

    /// One line per step with its evidence below, then the first broken link and its fix.
    var stepLines: [String] {
        var lines: [String] = []
        let nameWidth = (Step.Name.chain(of: platform).map(\.rawValue) + steps.map(\.code)).map(\.count).max() ?? 0
        let verdictWidth = "skipped".count
        let indent = String(repeating: " ", count: 2 + nameWidth + 2 + verdictWidth + 2)
        for step in steps {
            let name = step.code.padding(to: nameWidth)
            let verdict = step.verdict.rawValue.padding(to: verdictWidth)
            lines.append("  \(name)  \(verdict)  \(step.message)")
            lines += step.evidence.map { indent + $0 }
        }
        if let broken = firstBroken {
            lines.append("")
            lines.append("first broken link: \(broken.code): \(broken.message)")
            if let fix = broken.fix { lines.append("fix: \(fix)") }
        }
        return lines
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
