import AppSiteAssociation

extension AASAMatcher {
    /// The rules that decide URLs for `appID`, in the order the matcher tries them.
    func rules(for appID: String) -> [AASAResolvedRule] {
        entries.filter { $0.appIDs.contains(appID) }.flatMap(\.rules)
    }
}
