// snippet.hide
import LinkRouting
import Testing

/// The app's links, as the app makes them (here with a small table).
enum AppLinks {
    static func makeDispatcher(show: @escaping (String) -> Void) -> LinkDispatcher {
        var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
        builder.add("promotion", "/promotion/:id")
        builder.add("product", "https://example.com/product/:sku<int>")
        var links = LinkDispatcher(table: try! builder.build(), startsReady: false, openInBrowser: { _ in })
        try! links.register("promotion") { show("promotion " + $0.parameters["id"]!) }
        try! links.register("product") { show("product " + $0.parameters["sku"]!) }
        return links
    }
}
var shown: [String] = []
// snippet.show
let links = AppLinks.makeDispatcher(show: { shown.append($0) })   // startsReady: false
let deliveries = ColdStart([
    .link("https://example.com/promotion/7"),                      // scene(_:willConnectTo:options:)
    .link("https://example.com/promotion/7", at: .milliseconds(300)),  // scene(_:continue:), the same link
    .push(PushPayload(userInfo: ["l": "https://example.com/product/42"]), at: .milliseconds(500)),
    .ready(at: .seconds(1)),                                        // the window shows its root
]).replay(on: links)
#expect(shown == ["promotion 7", "product 42"])
#expect(deliveries.map(\.outcome) == [.held(.notReady), .duplicate, .held(.notReady), .dispatched, .dispatched])
// snippet.hide
guard shown == ["promotion 7", "product 42"],
    deliveries.map(\.outcome) == [.held(.notReady), .duplicate, .held(.notReady), .dispatched, .dispatched]
else { fatalError("shown \(shown), \(deliveries.map(\.outcome))") }

