// snippet.hide
import Foundation
import LinkRouting

let routesURL = URL(fileURLWithPath: "Docs/Examples/routes.json")
// snippet.show
let table = try RouteTable(json: Data(contentsOf: routesURL))
// snippet.hide
guard table.routes.count == 15 else { fatalError("\(table.routes.count) routes") }
