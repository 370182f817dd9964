// snippet.hide
import Foundation
import LinkRouting

let data = Data(#"{"schemes": ["shop"], "routes": [{"name": "a", "pattern": "/a"}, {"name": "help", "pattern": "/help/**/x"}]}"#.utf8)
var printed = ""
@MainActor func print(_ item: Any) { printed = "\(item)" }
// snippet.show
do {
    _ = try RouteTable(json: data)
} catch {
    print(error)  // /routes/1/pattern: route `help`: pattern `/help/**/x`: `**` must be the last segment
}
// snippet.hide
guard printed == "/routes/1/pattern: route `help`: pattern `/help/**/x`: `**` must be the last segment" else {
    fatalError(printed)
}
