// snippet.hide
import LinkRouting

var setup = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
setup.add("promotion", "/promotion/:id")
setup.add("product", "https://example.com/product/:sku<int>")
let table = try setup.build()
// snippet.show
let urls = try table.urls(for: "promotion", parameters: ["id": "7"])
// ["shop://promotion/7", "https://example.com/promotion/7"]
// snippet.hide
guard urls == ["shop://promotion/7", "https://example.com/promotion/7"] else { fatalError("\(urls)") }
