// snippet.hide
import Foundation
import LinkRouting

var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
builder.add("promotion", "/promotion/:id")
var shown: [String] = []
var links = LinkDispatcher(table: try builder.build(), startsReady: true, openInBrowser: { _ in })
try links.register("promotion") { shown.append($0.parameters["id"]!) }
// snippet.show
links.rewrite { url in
    guard let parts = URLComponents(string: url) else { return url }
    if parts.host == "click.example.com" {   // a click-tracking redirect: open what it wraps
        return parts.queryItems?.first { $0.name == "url" }?.value
    }
    return url
}
// snippet.hide
links.open("https://click.example.com/t?url=https%3A%2F%2Fexample.com%2Fpromotion%2F7")
// What a redirect wraps goes through the table: a javascript: URL is still rejected.
let wrapped = links.open("https://click.example.com/t?url=javascript%3Aalert(1)")
guard shown == ["7"], wrapped.kind == .reject else { fatalError("shown \(shown), \(wrapped)") }
