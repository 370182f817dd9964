import FileLocations
import LinkCoverage

/// One platform's side of one host in the both-platforms difference (``PlatformsCoverageChecker``): what it opens
/// in the app there, and what a difference says about a URL it does not open. Each platform builds its own from its
/// inputs (``LinkPlatform/side(of:)``: ``IOSLinkPlatform``, ``AndroidLinkPlatform``); the checker knows none.
struct PlatformSide {
    /// What a difference says about the platform that does not open its URL.
    struct Blocking {
        /// What blocks the URL.
        var reason: PlatformDifference.Reason
        /// The JSON pointer of the rule that blocks it, if one does.
        var rule: String? = nil
        /// That rule's content, for baselines.
        var ruleText: String? = nil
        /// Where the blocking is.
        var place: LocatedFinding.Place
        /// Why the platform does not open the URL, as the end of the message.
        var why: String
    }

    /// The platform's name, in messages.
    var name: String
    /// What opens a URL the platform does not open in the app ("the browser", "Safari").
    var elsewhere: String
    /// The difference's kind when this platform is the one that does not open the URL.
    var kind: PlatformDifference.Kind
    /// Why the platform opens no URL of the host in the app, when it opens none.
    var nothing: Blocking?
    /// What the platform opens on the host, as languages.
    var language: () throws(CoverageError) -> PlatformHostLanguage
    /// What a difference says about one of the platform's blockers (when it opens something on the host).
    var blocking: (PlatformHostLanguage.Blocker) -> Blocking
}
