// snippet.hide
import LinkRouting

var setup = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
setup.add("promotion", "/promotion/:id")
setup.add("product", "https://example.com/product/:sku<int>")
let table = try setup.build()
// snippet.show
let decision = table.decision(for: "shop://promotion/7?ref=push")
print(decision.kind)                        // route
print(decision.routed?.parameters["id"] ?? "-")    // 7
print(decision.routed?.queryValue("ref") ?? "-")   // push
// snippet.hide
guard decision.kind == .route, decision.routed?.parameters["id"] == "7", decision.routed?.queryValue("ref") == "push"
else { fatalError("\(decision)") }
