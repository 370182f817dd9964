// snippet.hide
import AppSiteAssociation

var printed = ""
@MainActor func print(_ item: Any) { printed = "\(item)" }
// snippet.show
let rule = JSONPointer.root.appending("applinks").appending("details").appending(0)
print(rule)  // /applinks/details/0
// snippet.hide
guard printed == "/applinks/details/0" else { fatalError(printed) }
