// snippet.hide
import LinkRouter

#if canImport(UIKit)
import UIKit
import UserNotifications
#else
// MARK: - Stand-ins: UIKit
// UIKit is not on Linux, and SwiftPM builds snippets for the host only, so there the snippets compile against
// these stand-ins. They mirror UIKit's declarations as Swift sees them with Xcode 16 (iOS 18 SDK), for the API the
// snippets use: main-actor classes built on NSObject, UIKit's initializers (so a view controller subclass needs
// `init?(coder:)`), read-only where UIKit's are. UIKit's optional delegate methods are requirements with a default
// that does nothing, so a driver that calls them through the protocol notices a method that does not match.
// Foundation's NSUserActivity is stood in too (Linux's Foundation has none). UIKit alone makes scenes, sessions,
// URL contexts and connection options: the drivers make them with the `standIn` initializers and methods, which
// are no UIKit API, so those drivers are compiled only where UIKit is missing. Every snippet that uses UIKit holds
// this same block (DocsTests checks that the copies stay identical).
import Foundation

class NSUserActivity: NSObject {
    let activityType: String
    var webpageURL: URL?
    init(activityType: String) { self.activityType = activityType }
}
let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"

@MainActor protocol UIUserActivityRestoring: NSObjectProtocol {
    func restoreUserActivityState(_ userActivity: NSUserActivity)
}
@MainActor class UIResponder: NSObject, UIUserActivityRestoring {
    func restoreUserActivityState(_ userActivity: NSUserActivity) {}
}
@MainActor class UIView: UIResponder {}
@MainActor class UIWindow: UIView {
    var rootViewController: UIViewController?
}
@MainActor class UIViewController: UIResponder {
    private(set) weak var presentingViewController: UIViewController?
    private(set) var presentedViewController: UIViewController?
    init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Foundation.Bundle?) { super.init() }
    required init?(coder: NSCoder) { nil }
    override convenience init() { self.init(nibName: nil, bundle: nil) }
    func viewDidAppear(_ animated: Bool) {}
    func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        completion?()
    }
    /// Dismisses the controller this one presented, or else the one presenting this one (as UIKit does).
    func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter = presentedViewController == nil ? presentingViewController : self
        presenter?.presentedViewController?.presentingViewController = nil
        presenter?.presentedViewController = nil
        completion?()
    }
}

@MainActor class UISceneSession: NSObject {
    let persistentIdentifier: String
    init(standInPersistentIdentifier: String) { persistentIdentifier = standInPersistentIdentifier }
}
@MainActor class UIOpenURLContext: NSObject {
    let url: URL
    init(standInURL url: URL) { self.url = url }
}
@MainActor class UIScene: UIResponder {
    @MainActor class ConnectionOptions: NSObject {
        let urlContexts: Set<UIOpenURLContext>
        let userActivities: Set<NSUserActivity>
        init(standInURLContexts urlContexts: Set<UIOpenURLContext>, userActivities: Set<NSUserActivity> = []) {
            self.urlContexts = urlContexts
            self.userActivities = userActivities
        }
    }
    let session: UISceneSession
    var delegate: (any UISceneDelegate)?
    init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) { self.session = session }
}
@MainActor protocol UISceneDelegate: NSObjectProtocol {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
}
extension UISceneDelegate {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {}
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
}
@MainActor protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}
extension UIWindowSceneDelegate {
    var window: UIWindow? {
        get { nil }
        set {}
    }
}

@MainActor class UIApplication: UIResponder {
    struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
    }
    struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        let rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
    }
    static let shared = UIApplication()
    private(set) var connectedScenes: Set<UIScene> = []
    /// What `open` was asked to open (no UIKit API).
    private(set) var standInOpenedURLs: [URL] = []
    func open(
        _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        standInOpenedURLs.append(url)
        completion?(true)
    }
    /// Connects a new scene with this delegate, as UIKit does at launch (no UIKit API).
    @discardableResult
    func standInConnectScene(
        delegate: any UISceneDelegate, options: UIScene.ConnectionOptions? = nil
    ) -> UIScene {
        let options = options ?? UIScene.ConnectionOptions(standInURLContexts: [])
        let session = UISceneSession(standInPersistentIdentifier: "scene-\(connectedScenes.count + 1)")
        let scene = UIScene(session: session, connectionOptions: options)
        scene.delegate = delegate
        connectedScenes.insert(scene)
        delegate.scene(scene, willConnectTo: session, options: options)
        return scene
    }
}
@MainActor protocol UIApplicationDelegate: NSObjectProtocol {
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool
}
extension UIApplicationDelegate {
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
        false
    }
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool { false }
}
// MARK: - End of stand-ins: UIKit

// MARK: - Stand-ins: UserNotifications
// UserNotifications as Swift sees it with Xcode 16: the delegate protocol is not isolated to the main actor and
// UNNotificationResponse, and what it holds, is not Sendable. Only the system makes responses and notifications:
// the driver uses `init(standInNotification:)` and `init(standInRequest:)`, which are no UserNotifications API.
class UNUserNotificationCenter: NSObject {
    nonisolated(unsafe) private static let center = UNUserNotificationCenter()
    class func current() -> UNUserNotificationCenter { center }
    weak var delegate: (any UNUserNotificationCenterDelegate)?
}
protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
}
extension UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {}
}
class UNNotificationContent: NSObject {
    fileprivate(set) var userInfo: [AnyHashable: Any] = [:]
}
class UNMutableNotificationContent: UNNotificationContent {
    override var userInfo: [AnyHashable: Any] {
        get { super.userInfo }
        set { super.userInfo = newValue }
    }
}
class UNNotificationTrigger: NSObject {}
class UNNotificationRequest: NSObject {
    let identifier: String
    let content: UNNotificationContent
    let trigger: UNNotificationTrigger?
    init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}
class UNNotification: NSObject {
    let date: Date
    let request: UNNotificationRequest
    init(standInRequest request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
    }
}
class UNNotificationResponse: NSObject {
    let notification: UNNotification
    init(standInNotification notification: UNNotification) { self.notification = notification }
}
// MARK: - End of stand-ins: UserNotifications
#endif

final class AppDelegate: UIResponder, UIApplicationDelegate {}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var opened: [String] = []
    lazy var links: LinkDispatcher = {
        var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
        builder.add("promotion", "/promotion/:id")
        var links = LinkDispatcher(
            table: try! builder.build(), startsReady: false, openInBrowser: { [weak self] in self?.opened.append($0) })
        try! links.register("promotion") { [weak self] in self?.opened.append("promotion " + $0.parameters["id"]!) }
        return links
    }()
}
// snippet.show
extension AppDelegate: UNUserNotificationCenterDelegate {
    // Not on the main actor: the response is not Sendable, so read what you need here and hand that over.
    // A tap that launches the app arrives before the scene is ready: the dispatcher holds the link until then.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {
        let payload = PushPayload(userInfo: response.notification.request.content.userInfo)
        await MainActor.run {
            let scene = UIApplication.shared.connectedScenes.first?.delegate as? SceneDelegate
            scene?.links.open(payload)
        }
    }
}
// snippet.hide

#if !canImport(UIKit)
// The driver (without UIKit only: it connects a scene and makes notification responses, which only the system makes).
let scene = SceneDelegate()
UIApplication.shared.standInConnectScene(delegate: scene)
let appDelegate = AppDelegate()
UNUserNotificationCenter.current().delegate = appDelegate
for link in ["https://example.com/promotion/summer-sale", "https://example.com/account"] {
    let content = UNMutableNotificationContent()
    content.userInfo = ["l": link]
    let request = UNNotificationRequest(identifier: link, content: content, trigger: nil)
    let response = UNNotificationResponse(standInNotification: UNNotification(standInRequest: request, date: Date()))
    await UNUserNotificationCenter.current().delegate?.userNotificationCenter(
        UNUserNotificationCenter.current(), didReceive: response)
}
guard scene.opened.isEmpty, scene.links.heldLinks.count == 2 else {
    fatalError("push links opened before the scene was ready: \(scene.opened)")
}
scene.links.markReady()  // the scene's window shows its root
guard scene.opened == ["promotion summer-sale", "https://example.com/account"] else {
    fatalError("push links opened \(scene.opened)")
}
#endif
