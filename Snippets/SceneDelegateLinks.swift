import LinkRouter
// snippet.hide
#if canImport(UIKit)
// snippet.show
import SafariServices
import UIKit
// snippet.hide
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

// MARK: - Stand-ins: SafariServices and the app bundle
// SFSafariViewController as SafariServices declares it (`standInURL`, what the driver checks, is no SafariServices
// API), and a `Bundle.main` whose resources are Docs/Examples (the snippets run from the repository root).
class SFSafariViewController: UIViewController {
    let standInURL: URL
    init(url URL: URL) {
        standInURL = URL
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
}
final class Bundle: Sendable {
    static let main = Bundle()
    func url(forResource name: String?, withExtension ext: String?) -> URL? {
        name.map { URL(fileURLWithPath: "Docs/Examples/\($0)" + (ext.map { ".\($0)" } ?? "")) }
    }
}
// MARK: - End of stand-ins: SafariServices and the app bundle
#endif

/// The app's own screens.
final class PromoPageViewController: UIViewController {
    let promotionID: String
    init(promotionID: String) {
        self.promotionID = promotionID
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
final class ProductViewController: UIViewController {
    let sku: Int
    init(sku: Int) {
        self.sku = sku
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
final class OrderViewController: UIViewController {
    let order: String
    init(order: String) {
        self.order = order
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
// snippet.show

enum Links {
    static let table: RouteTable = {
        let url = Bundle.main.url(forResource: "routes", withExtension: "json")!
        return try! RouteTable(json: Data(contentsOf: url))
    }()
}

enum Account {
    @MainActor static var isSignedIn = false
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    // Not ready until the window shows its root: the links that come with the launch wait for it.
    lazy var links: LinkDispatcher = {
        var links = LinkDispatcher(
            table: Links.table, startsReady: false,
            openInBrowser: { [weak self] url in self?.openInSafari(url) },
            openExternally: { url in UIApplication.shared.open(URL(string: url)!) })
        try! links.register("promotion") { [weak self] link in
            self?.show(PromoPageViewController(promotionID: link.parameters["id"]!))
        }
        try! links.register("promo-legacy") { [weak self] link in
            self?.show(PromoPageViewController(promotionID: link.parameters["id"]!))
        }
        try! links.register("product") { [weak self] link in
            self?.show(ProductViewController(sku: Int(link.parameters["sku"]!)!))
        }
        try! links.register("order") { [weak self] link in
            self?.show(OrderViewController(order: link.parameters["order"]!))
        }
        // An order needs a signed-in user: its link waits until then.
        try! links.hold("order", "orders", until: { _ in Account.isSignedIn })
        return links
    }()

    // Custom schemes: shop://promotion/7, shop://promotion?id=7
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for context in URLContexts { links.open(context.url) }
    }

    // Universal links: https://example.com/promotion/7. At a cold start this often repeats the link the
    // connection options brought: the dispatcher opens it once.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb,
            let url = userActivity.webpageURL
        else { return }
        links.open(url)
    }

    // Cold start: the URL or activity arrives with the connection options, before the window is set up.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        for context in options.urlContexts { links.open(context.url) }
        if let url = options.userActivities.first(where: { $0.activityType == NSUserActivityTypeBrowsingWeb })?
            .webpageURL
        {
            links.open(url)
        }
        // ... set up the window and its root view controller ...
        links.markReady()  // the root is there: the held links open now, in order
    }

    // After sign-in: the order links the guard held open now.
    func userDidSignIn() {
        Account.isSignedIn = true
        links.releaseHeldLinks()
    }

    // The Safari fallback: an in-app Safari view, or hand it to Safari with UIApplication.open.
    private func openInSafari(_ url: String) {
        guard let url = URL(string: url) else { return }
        if let root = window?.rootViewController {
            root.present(SFSafariViewController(url: url), animated: true)
        } else {
            UIApplication.shared.open(url)
        }
    }

    private func show(_ controller: UIViewController) {
        window?.rootViewController?.present(controller, animated: true)
    }
}
// snippet.hide

#if !canImport(UIKit)
// The driver (without UIKit only: it makes scenes and URL contexts, which only UIKit makes, and calls the delegate
// through the protocol, as UIKit does): custom scheme, universal link, cold starts, and the Safari fallback.
let delegate = SceneDelegate()
let root = UIViewController()
delegate.window = UIWindow()
delegate.window?.rootViewController = root
let scene = UIApplication.shared.standInConnectScene(delegate: delegate)
scene.delegate?.scene(scene, openURLContexts: [UIOpenURLContext(standInURL: URL(string: "shop://promotion/7")!)])
guard (root.presentedViewController as? PromoPageViewController)?.promotionID == "7" else {
    fatalError("shop://promotion/7 did not show promotion 7")
}
let productActivity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
productActivity.webpageURL = URL(string: "https://example.com/product/42")
scene.delegate?.scene(scene, continue: productActivity)
guard (root.presentedViewController as? ProductViewController)?.sku == 42 else {
    fatalError("https://example.com/product/42 did not show product 42")
}
UIApplication.shared.standInConnectScene(
    delegate: delegate,
    options: UIScene.ConnectionOptions(
        standInURLContexts: [UIOpenURLContext(standInURL: URL(string: "shop://promotion?id=9")!)]))
guard (root.presentedViewController as? PromoPageViewController)?.promotionID == "9" else {
    fatalError("a cold start with shop://promotion?id=9 did not show promotion 9")
}
let promotionActivity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
promotionActivity.webpageURL = URL(string: "https://example.com/promotion/11")
let coldScene = UIApplication.shared.standInConnectScene(
    delegate: delegate, options: UIScene.ConnectionOptions(standInURLContexts: [], userActivities: [promotionActivity]))
guard let promotion11 = root.presentedViewController as? PromoPageViewController, promotion11.promotionID == "11" else {
    fatalError("a cold start with https://example.com/promotion/11 did not show promotion 11")
}
// The same universal link again through scene(_:continue:): not shown a second time.
coldScene.delegate?.scene(coldScene, continue: promotionActivity)
guard root.presentedViewController === promotion11 else { fatalError("promotion 11 was shown twice") }
// An order link waits for sign-in.
delegate.links.open("https://example.com/orders/9f4e5c2a-1b3d-4e6f-8a7b-0c1d2e3f4a5b")
guard root.presentedViewController === promotion11 else { fatalError("an order opened before sign-in") }
delegate.userDidSignIn()
guard (root.presentedViewController as? OrderViewController)?.order == "9f4e5c2a-1b3d-4e6f-8a7b-0c1d2e3f4a5b" else {
    fatalError("the order did not open after sign-in")
}
delegate.links.open("https://example.com/account")
guard (root.presentedViewController as? SFSafariViewController)?.standInURL.absoluteString
    == "https://example.com/account"
else { fatalError("https://example.com/account did not open in Safari") }
#endif
