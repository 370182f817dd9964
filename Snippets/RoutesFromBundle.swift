import Foundation
import LinkRouter

// snippet.hide
/// Stand-in for the app bundle: the routes file is Docs/Examples/routes.json (run from the repository root).
enum Bundle {
    static let main = AppBundle()
    struct AppBundle {
        func url(forResource name: String, withExtension ext: String) -> URL? {
            URL(fileURLWithPath: "Docs/Examples/\(name).\(ext)")
        }
    }
}
// snippet.show
let table = try RouteTable(json: Data(contentsOf: Bundle.main.url(forResource: "routes", withExtension: "json")!))
// snippet.hide
precondition(table.decision(for: "shop://promotion/7").routed?.route == "promotion")
