import LinkRouter
// snippet.hide
#if canImport(UIKit)
// snippet.show
import SafariServices
import UIKit
// snippet.hide
#else
import Foundation

// Stand-ins for the UIKit and SafariServices API used below, so the sample runs on Linux.
@MainActor class UIResponder {}
@MainActor class UIViewController: UIResponder {
    private(set) var presentedViewController: UIViewController?
    func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = controller
        completion?()
    }
    func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = nil
        completion?()
    }
}
@MainActor final class UIWindow { var rootViewController: UIViewController? }
@MainActor protocol UIWindowSceneDelegate: AnyObject {}
@MainActor final class UIScene {
    struct ConnectionOptions {
        var urlContexts: Set<UIOpenURLContext> = []
        var userActivities: Set<NSUserActivity> = []
    }
}
final class UISceneSession {}
final class UIOpenURLContext: Hashable {
    let url: URL
    init(url: URL) { self.url = url }
    static func == (lhs: UIOpenURLContext, rhs: UIOpenURLContext) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
final class NSUserActivity: Hashable {
    let activityType: String
    let webpageURL: URL?
    init(activityType: String, webpageURL: URL?) {
        self.activityType = activityType
        self.webpageURL = webpageURL
    }
    static func == (lhs: NSUserActivity, rhs: NSUserActivity) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"
@MainActor final class UIApplication {
    static let shared = UIApplication()
    private(set) var openedURLs: [URL] = []
    func open(_ url: URL) { openedURLs.append(url) }
}
/// The app bundle's routes file is Docs/Examples/routes.json (run from the repository root).
enum Bundle {
    static let main = AppBundle()
    struct AppBundle {
        func url(forResource name: String, withExtension ext: String) -> URL? {
            URL(fileURLWithPath: "Docs/Examples/\(name).\(ext)")
        }
    }
}
final class SFSafariViewController: UIViewController {
    let url: URL
    init(url: URL) { self.url = url }
}
#endif

/// The app's own screens (stand-ins).
final class PromoPageViewController: UIViewController {
    let promotionID: String
    init(promotionID: String) { self.promotionID = promotionID }
}
final class ProductViewController: UIViewController {
    let sku: Int
    init(sku: Int) { self.sku = sku }
}
// snippet.show

enum Links {
    static let table: RouteTable = {
        let url = Bundle.main.url(forResource: "routes", withExtension: "json")!
        return try! RouteTable(json: Data(contentsOf: url))
    }()
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    lazy var links: LinkDispatcher = {
        var links = LinkDispatcher(
            table: Links.table,
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
        return links
    }()

    // Custom schemes: shop://promotion/7, shop://promotion?id=7
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for context in URLContexts { links.open(context.url) }
    }

    // Universal links: https://example.com/promotion/7
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb,
            let url = userActivity.webpageURL
        else { return }
        links.open(url)
    }

    // Cold start: the URL or activity arrives with the connection options.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        // ... set up the window first ...
        for context in options.urlContexts { links.open(context.url) }
        if let url = options.userActivities.first(where: { $0.activityType == NSUserActivityTypeBrowsingWeb })?
            .webpageURL
        {
            links.open(url)
        }
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

// Custom scheme, universal link, cold start, and the Safari fallback.
let delegate = SceneDelegate()
let root = UIViewController()
delegate.window = UIWindow()
delegate.window?.rootViewController = root
delegate.scene(UIScene(), openURLContexts: [UIOpenURLContext(url: URL(string: "shop://promotion/7")!)])
guard (root.presentedViewController as? PromoPageViewController)?.promotionID == "7" else {
    fatalError("shop://promotion/7 did not show promotion 7")
}
delegate.scene(
    UIScene(), continue: NSUserActivity(
        activityType: NSUserActivityTypeBrowsingWeb, webpageURL: URL(string: "https://example.com/product/42")))
guard (root.presentedViewController as? ProductViewController)?.sku == 42 else {
    fatalError("https://example.com/product/42 did not show product 42")
}
delegate.scene(
    UIScene(), willConnectTo: UISceneSession(),
    options: UIScene.ConnectionOptions(urlContexts: [UIOpenURLContext(url: URL(string: "shop://promotion?id=9")!)]))
guard (root.presentedViewController as? PromoPageViewController)?.promotionID == "9" else {
    fatalError("a cold start with shop://promotion?id=9 did not show promotion 9")
}
delegate.links.open("https://example.com/account")
guard (root.presentedViewController as? SFSafariViewController)?.url.absoluteString == "https://example.com/account" else {
    fatalError("https://example.com/account did not open in Safari")
}
