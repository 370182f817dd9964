// snippet.hide
import Foundation
import LinkRouting

#if canImport(UIKit)
import UIKit
#else
// Stand-ins for the UIKit API used below, so the sample runs on Linux.
@MainActor class UIResponder {}
@MainActor protocol UIWindowSceneDelegate: AnyObject {}
@MainActor final class UIApplication {
    static let shared = UIApplication()
    func open(_ url: URL) {}
}
#endif

enum Routes {
    static let table: RouteTable = {
        var builder = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
        builder.add("promotion", "/promotion/:id")
        return try! builder.build()
    }()
}
var shown: [String] = []
extension SceneDelegate {
    func showPromotion(id: String) { shown.append(id) }
}
// snippet.show
@MainActor final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    lazy var links: LinkDispatcher = {
        var links = LinkDispatcher(table: Routes.table, openInBrowser: { url in
            UIApplication.shared.open(URL(string: url)!)
        })
        try! links.register("promotion") { [unowned self] link in
            self.showPromotion(id: link.parameters["id"]!)
        }
        return links
    }()
}
// snippet.hide

let delegate = SceneDelegate()
delegate.links.open("shop://promotion/7")
guard shown == ["7"] else { fatalError("shown \(shown)") }
