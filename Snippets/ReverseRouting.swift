// snippet.hide
import LinkRouter

var builder = RouteTable.Builder(
    schemes: ["shop"], associatedDomains: ["applinks:example.com", "applinks:*.example.com"])
builder.add("promotion", "/promotion/:id")
builder.add("help", "/help/**")
let table = try builder.build()
// snippet.show
let promotion = try table.urls(for: "promotion", parameters: ["id": "summer sale"])
// ["shop://promotion/summer%20sale", "https://example.com/promotion/summer%20sale"]
let help = try table.urls(for: "help", parameters: ["**": "orders/returns"])
// ["shop://help/orders/returns", "https://example.com/help/orders/returns"]
// snippet.hide
precondition(promotion == ["shop://promotion/summer%20sale", "https://example.com/promotion/summer%20sale"])
precondition(help == ["shop://help/orders/returns", "https://example.com/help/orders/returns"])
