import LinkRouter

var builder = RouteTable.Builder(
    schemes: ["shop"], associatedDomains: ["applinks:example.com", "applinks:*.example.com"])
builder.add("promotion", "/promotion/:id")
builder.add("promo-legacy", "shop://promotion?id=:id")
builder.add("product", "https://example.com/product/:sku<int>")
builder.add("help", "/help/**")
let table = try builder.build()

let decision = table.decision(for: "shop://promotion/summer-sale")
print(decision.kind, decision.routed?.route ?? "-", decision.routed?.parameters["id"] ?? "-")
// route promotion summer-sale
// snippet.hide
precondition(decision.kind == .route)
precondition(decision.routed?.route == "promotion")
precondition(decision.routed?.parameters["id"] == "summer-sale")
precondition("\(decision.kind) \(decision.routed!.route) \(decision.routed!.parameters["id"]!)" == "route promotion summer-sale")
