// snippet.hide
import Foundation
import LinkRouter

let routes = Data(
    #"{"schemes": ["shop"], "associatedDomains": ["applinks:example.com"], "routes": [{"name": "promotion", "pattern": "/promotion/:id"}]}"#
        .utf8)
let aasa = Array(
    #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/promotion/*"}]}]}}"#
        .utf8)
let appID = "ABCDE12345.com.example.app"
var logged: [String] = []
@MainActor func log(_ text: String) { logged.append(text) }
// snippet.show
import Foundation
import LinkRouter

let table = try RouteTable(json: routes)
let links = ["shop://promotion/7", "https://example.com/promotion/8?ref=mail", "shop://a\u{1B}[31m"]
log(LinkDecision.renderedText(links.map(table.decision(for:))))  // as `link-router route` prints it

let matcher = try AASAMatcher(parsing: aasa)
let url = "https://example.com/promotion/8"
log(AASAMatch.renderedText([(url, matcher.explain(url, domain: "example.com", appID: appID))]))
log(AASALinter.lint(aasa, passes: []).renderedText(file: "apple-app-site-association"))
// snippet.hide
let expected = [
    """
    route   promotion  shop://promotion/7                        id=7
    route   promotion  https://example.com/promotion/8?ref=mail  id=8 query: ref=mail
    reject  -          shop://a\\u{1b}[31m                        (invalid character at byte 8)
    """,
    """
    match  /applinks/details/0/components/0  https://example.com/promotion/8  (the first matching component opens the app)
        /applinks/details/0/components/0  match
    """,
    "apple-app-site-association: 0 errors, 0 warnings",
]
guard logged == expected else { fatalError("\(logged)") }
