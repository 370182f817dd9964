@testable import AppSiteAssociation

/// Helpers shared by the AASA suites.
enum AASATestSupport {
    static let appID = "ABCDE12345.com.example.app"
    static let domain = "example.com"

    /// A matcher for one entry of `appID` with the given components (JSON array text).
    static func matcher(components: String, variables: String = "{}", defaults: String? = nil) throws -> AASAMatcher {
        let defaultsText = defaults.map { #", "defaults": \#($0)"# } ?? ""
        let json = """
            {"applinks": {"substitutionVariables": \(variables)\(defaultsText),
              "details": [{"appIDs": ["\(appID)"], "components": \(components)}]}}
            """
        return try AASAMatcher(parsing: Array(json.utf8))
    }

    /// A matcher for a whole file's text.
    static func matcher(file json: String) throws -> AASAMatcher {
        try AASAMatcher(parsing: Array(json.utf8))
    }

    /// The decision for a URL on `example.com` (a path-only string gets the https prefix).
    static func decide(_ matcher: AASAMatcher, _ url: String) -> AASAMatch.Decision {
        let full = url.hasPrefix("/") ? "https://example.com" + url : url
        return matcher.match(full, domain: domain, appID: appID).decision
    }

    /// Lints a file's text.
    static func lint(_ json: String) -> AASALintReport {
        AASALinter.lint(Array(json.utf8), passes: [])
    }
}
