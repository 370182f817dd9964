/// How an app ID differs from the ones a site's file names: the one wording the whole-app check and the doctor
/// use for "the file does not name the app".
package enum AppIDDifference {
    /// `TEAM` and `bundle.id` of `TEAM.bundle.id`; the whole ID as bundle when there is no dot.
    static func parts(_ appID: String) -> (team: Substring, bundle: Substring) {
        guard let dot = appID.firstIndex(of: ".") else { return ("", Substring(appID)) }
        return (appID[..<dot], appID[appID.index(after: dot)...])
    }

    /// Why `appID` is not among `listed`, in a clause: which IDs the file names, and the team prefix (or bundle
    /// ID) that differs when one of them has the same bundle ID (or team).
    ///
    /// - Parameters:
    ///   - appID: The signed app's ID.
    ///   - listed: The app IDs the file names, in file order.
    /// - Returns: `it names X: the team prefix differs (X's is T2, the app's T1)`, or `it names no app ID`.
    package static func describe(appID: String, listed: [String]) -> String {
        guard !listed.isEmpty else { return "it names no app ID" }
        let names = "it names " + listed.joined(separator: ", ")
        let app = parts(appID)
        if let sameBundle = listed.first(where: { parts($0).bundle == app.bundle }) {
            return names + ": the team prefix differs (\(parts(sameBundle).team) in the file, \(app.team) for the app)"
        }
        if let sameTeam = listed.first(where: { parts($0).team == app.team }) {
            return names + ": the bundle ID differs (\(parts(sameTeam).bundle) in the file, \(app.bundle) for the app)"
        }
        return names
    }
}
