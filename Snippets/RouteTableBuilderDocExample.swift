// snippet.hide
import LinkRouting

// snippet.show
var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
builder.add("promotion", "/promotion/:id")
builder.add("help", "/help/**")
let table = try builder.build()
// snippet.hide
guard table.decision(for: "shop://help/a/b").routed?.route == "help" else { fatalError("help does not route") }
