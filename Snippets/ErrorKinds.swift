// snippet.hide
import Foundation
import LinkRouter

let data = Data(#"{"schemes": ["shop"], "routes": [{"name": "a", "pattern": "/a"}, {"name": "a", "pattern": "/b"}]}"#.utf8)
var printed: [String] = []
@MainActor func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
// snippet.show
do {
    _ = try RouteTable(json: data)
} catch {
    switch error.kind {
    case .duplicateName, .duplicatePattern: print("rename or remove a route:", error)
    default: print(error.identifier, error.fileLocation?.description ?? "-", error.message)
    }
}
// snippet.hide
guard printed.count == 1, printed[0].hasPrefix("rename or remove a route:") else { fatalError("\(printed)") }
