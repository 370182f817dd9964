extension AASAMatcher {
    /// The rules that decide URLs for `appID`, in the order the matcher tries them (package access: the coverage
    /// engine builds its automata from them).
    package func rules(for appID: String) -> [AASAResolvedRule] {
        entries.filter { $0.appIDs.contains(appID) }.flatMap(\.rules)
    }
}
