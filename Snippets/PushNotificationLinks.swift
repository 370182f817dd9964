// snippet.hide
import LinkRouter

#if canImport(UIKit)
import UIKit
import UserNotifications
#else
import Foundation

// Stand-ins for the UIKit and UserNotifications API used below, so the sample runs on Linux.
@MainActor class UIResponder {}
@MainActor protocol UIApplicationDelegate: AnyObject {}
@MainActor protocol UIWindowSceneDelegate: AnyObject {}
@MainActor final class UIScene: Hashable {
    let delegate: (any UIWindowSceneDelegate)?
    init(delegate: (any UIWindowSceneDelegate)?) { self.delegate = delegate }
    nonisolated static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
@MainActor final class UIApplication {
    static let shared = UIApplication()
    var connectedScenes: Set<UIScene> = []
}
final class UNUserNotificationCenter {}
@MainActor protocol UNUserNotificationCenterDelegate: AnyObject {}
struct UNNotificationResponse {
    struct Notification { let request: Request }
    struct Request { let content: Content }
    struct Content { let userInfo: [AnyHashable: Any] }
    let notification: Notification
    init(userInfo: [AnyHashable: Any]) { notification = Notification(request: Request(content: Content(userInfo: userInfo))) }
}
#endif

final class AppDelegate: UIResponder, UIApplicationDelegate {}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var opened: [String] = []
    lazy var links: LinkDispatcher = {
        var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
        builder.add("promotion", "/promotion/:id")
        var links = LinkDispatcher(table: try! builder.build(), openInBrowser: { [weak self] in self?.opened.append($0) })
        try! links.register("promotion") { [weak self] in self?.opened.append("promotion " + $0.parameters["id"]!) }
        return links
    }()
}
// snippet.show
extension AppDelegate: UNUserNotificationCenterDelegate {
    @MainActor
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {
        let payload = PushPayload(userInfo: response.notification.request.content.userInfo)
        let scene = UIApplication.shared.connectedScenes.first?.delegate as? SceneDelegate
        scene?.links.open(payload)
    }
}
// snippet.hide

let scene = SceneDelegate()
UIApplication.shared.connectedScenes = [UIScene(delegate: scene)]
for link in ["https://example.com/promotion/summer-sale", "https://example.com/account"] {
    await AppDelegate().userNotificationCenter(
        UNUserNotificationCenter(), didReceive: UNNotificationResponse(userInfo: ["l": link]))
}
guard scene.opened == ["promotion summer-sale", "https://example.com/account"] else {
    fatalError("push links opened \(scene.opened)")
}
