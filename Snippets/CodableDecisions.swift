// snippet.hide
import Foundation
import LinkRouter

let table = try RouteTable(
    json: Data(#"{"schemes": ["shop"], "associatedDomains": ["applinks:example.com"], "routes": [{"name": "promotion", "pattern": "/promotion/:id"}]}"#.utf8))
let output = try JSONEncoder().encode([table.decision(for: "shop://promotion/7")])
// snippet.show
import Foundation
import LinkRouter

let decisions = try JSONDecoder().decode([LinkDecision].self, from: output)  // `link-router route --format json`
let body = try JSONEncoder().encode(table.decision(for: "https://example.com/promotion/7"))
// snippet.hide
guard decisions.first?.routed?.route == "promotion", !body.isEmpty else { fatalError("\(decisions)") }
