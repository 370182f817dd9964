/// The package's one rule for what an app ID (`<team ID>.<bundle ID>`) looks like, shared by the AASA lint and the
/// entitlements lint (package access).
package enum AppIDRules {
    /// What is wrong with an app ID.
    package enum Kind: Sendable, Hashable {
        /// The app ID is empty.
        case empty
        /// A placeholder such as `TEAMID` or `$(AppIdentifierPrefix)` where the team ID belongs.
        case placeholder
        /// Not `<team ID>.<bundle ID>` with both parts non-empty.
        case format
        /// The prefix is not a 10-character team ID.
        case teamID
        /// Probably wrong but may work: a lower-case team ID, or a bundle ID with unusual characters.
        case unusual
    }

    /// One problem: its kind, whether it is an error (else a warning), a message and a fix.
    package struct Problem: Sendable, Hashable {
        /// The kind.
        package var kind: Kind
        /// Whether the app ID matches no app (an error), rather than probably being wrong (a warning).
        package var isError: Bool
        /// What is wrong.
        package var message: String
        /// How to fix it.
        package var hint: String
    }

    /// The problem with `id`, or nil when it looks like a real app ID.
    ///
    /// - Complexity: O(*n*) in the length of `id`.
    package static func problem(_ id: String) -> Problem? {
        guard !id.isEmpty else {
            return Problem(
                kind: .empty, isError: true, message: "the app ID is empty",
                hint: "write the app ID as <team ID>.<bundle ID>, e.g. ABCDE12345.com.example.app")
        }
        let dot = id.firstIndex(of: ".")
        let prefix = dot.map { id[..<$0] } ?? id[...]
        if isPlaceholder(prefix) {
            return Problem(
                kind: .placeholder, isError: true,
                message: "'\(id)' has the placeholder '\(prefix)' where the team ID belongs, so it matches no app",
                hint:
                    "replace it with the 10-character team ID from the developer account, e.g. ABCDE12345.com.example.app"
            )
        }
        guard let dot, dot != id.startIndex, id.index(after: dot) != id.endIndex else {
            let teamOnly = isTeamID(id.filter { $0 != "." })
            return Problem(
                kind: .format, isError: true,
                message: teamOnly
                    ? "'\(id)' is a team ID with no bundle ID, so it matches no app"
                    : "'\(id)' is not <team ID>.<bundle ID>",
                hint: teamOnly
                    ? "append the bundle ID: \(id.filter { $0 != "." }).com.example.app"
                    : "prefix the bundle ID with the team ID and a dot, e.g. ABCDE12345.com.example.app")
        }
        let bundle = id[id.index(after: dot)...]
        guard isTeamID(prefix.uppercased()) else {
            let reverseDNS = prefix.allSatisfy { $0.isLowercase } && bundle.contains(".")
            return Problem(
                kind: .teamID, isError: true,
                message: reverseDNS
                    ? "'\(id)' has no team ID: it starts with the bundle ID, so it matches no app"
                    : "the app ID prefix '\(prefix)' is not a 10-character team ID, so it matches no app",
                hint: reverseDNS
                    ? "prefix the team ID: ABCDE12345.\(id)"
                    : "use the team ID shown in the developer account (10 characters, e.g. ABCDE12345)")
        }
        if prefix.contains(where: { $0.isLowercase }) {
            return Problem(
                kind: .unusual, isError: false,
                message:
                    "the team ID '\(prefix)' has lower-case letters; team IDs are upper-case, and iOS may compare them exactly",
                hint: "write it as in the developer account: \(prefix.uppercased()).\(bundle)")
        }
        if let bad = bundle.unicodeScalars.first(where: { !bundleIDScalars.contains($0) }) {
            return Problem(
                kind: .unusual, isError: false,
                message:
                    "the bundle ID '\(bundle)' contains '\(bad)', which a bundle ID cannot hold (letters, digits, '-' and '.')",
                hint: "copy the bundle ID exactly from the app's target settings")
        }
        return nil
    }

    private static let bundleIDScalars: Set<Unicode.Scalar> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.".unicodeScalars)

    /// Ten ASCII letters or digits: the shape of a team ID (app ID prefix).
    package static func isTeamID(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.count == 10
            && text.unicodeScalars.allSatisfy {
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
            }
    }

    /// Template text left where the team ID belongs: `TEAMID`, `APPLE_TEAM_ID`, `<TEAM_ID>`,
    /// `$(AppIdentifierPrefix)` (an unexpanded Xcode build setting), `XXXXXXXXXX`.
    private static func isPlaceholder(_ prefix: some StringProtocol) -> Bool {
        let upper = prefix.uppercased()
        if upper.contains("TEAM") || upper.contains("YOUR") || upper.contains("PREFIX") { return true }
        if upper.contains(where: { "<>{}$()[]".contains($0) }) { return true }
        return upper.count >= 3 && upper.allSatisfy { $0 == "X" }
    }
}
