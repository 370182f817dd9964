// snippet.hide
import LinkRouting

var setup = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
setup.add("promotion", "/promotion/:id")
setup.add("product", "https://example.com/product/:sku<int>")
let table = try setup.build()
var printed: [String] = []
@MainActor func print(_ item: Any) { printed.append("\(item)") }
// snippet.show
let outcome = table.outcome(for: "https://example.com/product/42")
if outcome.kind == .route, let index = outcome.routeIndex { print(table.routes[index].name) }
// snippet.hide
guard printed == ["product"] else { fatalError("\(printed)") }
