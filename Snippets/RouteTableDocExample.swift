// snippet.hide
import LinkRouting

// snippet.show
var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
builder.add("promotion", "/promotion/:id")
builder.add("product", "https://example.com/product/:sku<int>")
let table = try builder.build()
print(table.decision(for: "shop://promotion/7").routed?.parameters ?? [:])  // ["id": "7"]
// snippet.hide
guard table.decision(for: "shop://promotion/7").routed?.parameters == ["id": "7"] else { fatalError("id") }
