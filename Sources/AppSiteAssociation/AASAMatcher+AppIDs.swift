extension AASAMatcher {
    /// Every app ID that some `applinks.details` entry lists, in file order, each once (package access).
    ///
    /// `link-router check` refuses an `--app-id` that is not among them: the check would report every route as
    /// unclaimed, which says nothing about the file.
    package var appIDs: [String] {
        var seen = Set<String>()
        return entries.flatMap(\.appIDs).filter { seen.insert($0).inserted }
    }
}
