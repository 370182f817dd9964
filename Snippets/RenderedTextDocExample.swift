// snippet.hide
import LinkRouting

var setup = RouteTable.Builder(schemes: ["shop"], associatedDomains: ["applinks:example.com"])
setup.add("promotion", "/promotion/:id")
let table = try setup.build()
var printed: [String] = []
@MainActor func print(_ item: Any) { printed.append("\(item)") }
// snippet.show
let decisions = ["shop://promotion/7", "javascript:alert(1)"].map(table.decision(for:))
print(LinkDecision.renderedText(decisions))
// route   promotion  shop://promotion/7   id=7
// reject  -          javascript:alert(1)  (the scheme is never opened)
// snippet.hide
let expected = """
    route   promotion  shop://promotion/7   id=7
    reject  -          javascript:alert(1)  (the scheme is never opened)
    """
guard printed == [expected] else { fatalError("\(printed)") }
