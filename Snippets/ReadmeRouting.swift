import LinkRouter

var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
builder.add("product", "https://example.com/product/:sku<int>")
builder.add("promotion", "shop://promotion/:id")
let routes = try builder.build()  // frozen and Sendable: share it across threads

for url in ["https://example.com/product/42", "shop://promotion/summer", "https://example.com/about"] {
    let decision = routes.decision(for: url)
    print(decision.kind, decision.routed?.route ?? "-", decision.routed?.parameters ?? [:])
}
// route product ["sku": "42"]
// route promotion ["id": "summer"]
// browser - [:]
// snippet.hide
let kinds = ["https://example.com/product/42", "shop://promotion/summer", "https://example.com/about"].map {
    "\(routes.decision(for: $0).kind)"
}
precondition(kinds == ["route", "route", "browser"], "\(kinds)")
precondition(routes.decision(for: "https://example.com/product/42").routed?.parameters == ["sku": "42"])
