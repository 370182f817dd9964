// snippet.hide
import LinkRouter

#if canImport(UIKit)
import UIKit
#else
import Foundation

// Stand-ins for the UIKit API used below, so the sample runs on Linux.
@MainActor class UIResponder {}
@MainActor protocol UIApplicationDelegate: AnyObject {}
protocol UIUserActivityRestoring: AnyObject {}
@MainActor final class UIApplication {
    static let shared = UIApplication()
    struct OpenURLOptionsKey: Hashable { let rawValue: String }
}
final class NSUserActivity {
    let activityType: String
    let webpageURL: URL?
    init(activityType: String, webpageURL: URL?) {
        self.activityType = activityType
        self.webpageURL = webpageURL
    }
}
let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"
#endif

final class AppDelegate: UIResponder, UIApplicationDelegate {
    let links: LinkDispatcher = {
        var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
        builder.add("promotion", "/promotion/:id")
        var links = LinkDispatcher(table: try! builder.build(), openInBrowser: { _ in })
        try! links.register("promotion") { _ in }
        return links
    }()

// snippet.show
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        links.open(url).kind == .route
    }

    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else {
            return false
        }
        return links.open(url).kind == .route
    }
// snippet.hide
}

let app = AppDelegate()
guard app.application(UIApplication.shared, open: URL(string: "shop://promotion/7")!),
    !app.application(UIApplication.shared, open: URL(string: "shop://wishlist")!),
    app.application(
        UIApplication.shared,
        continue: NSUserActivity(
            activityType: NSUserActivityTypeBrowsingWeb, webpageURL: URL(string: "https://example.com/promotion/7")),
        restorationHandler: { _ in })
else { fatalError("the app delegate did not route the links") }
