// snippet.hide
import LinkRouting

var setup = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
setup.add("promotion", "/promotion/:id")
setup.add("product", "https://example.com/product/:sku<int>")
let table = try setup.build()
/// Stand-in for UserNotifications' `UNNotificationResponse`.
struct Response {
    struct Notification { let request: Request }
    struct Request { let content: Content }
    struct Content { let userInfo: [AnyHashable: Any] }
    let notification: Notification
}
let response = Response(
    notification: .init(request: .init(content: .init(userInfo: ["l": "https://example.com/product/42"]))))
// snippet.show
let payload = PushPayload(userInfo: response.notification.request.content.userInfo)
let decision = table.decision(for: payload)
// snippet.hide
guard decision.routed?.route == "product" else { fatalError("\(decision)") }
