// snippet.hide
import LinkRouting

// snippet.show
let domain = try AssociatedDomain(entry: "applinks:*.example.com")
print(domain.covers(host: "shop.example.com"))  // true
print(domain.covers(host: "example.com"))       // false
// snippet.hide
guard domain.covers(host: "shop.example.com"), !domain.covers(host: "example.com") else { fatalError("covers") }
