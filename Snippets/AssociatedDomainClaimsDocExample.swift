// snippet.hide
import LinkRouting

// snippet.show
let entry = AssociatedDomain(parsing: "webcredentials:example.com")
print(entry.claims("example.com", for: .webcredentials))  // true
print(entry.claims("example.com", for: .applinks))        // false
print(AssociatedDomain(parsing: "applinks:localhost").claims("localhost", for: .applinks))  // false
// snippet.hide
guard entry.claims("example.com", for: .webcredentials), !entry.claims("example.com", for: .applinks),
    !AssociatedDomain(parsing: "applinks:localhost").claims("localhost", for: .applinks)
else { fatalError("claims") }
