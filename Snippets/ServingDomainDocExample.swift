// snippet.hide
import LinkRouting

do {
    // snippet.show
    try AssociatedDomain.validateServingDomain("example.com:8443")     // fine
    try AssociatedDomain.validateServingDomain("https://example.com")  // throws
    // snippet.hide
    fatalError("https://example.com was accepted")
} catch {
    guard error.message.contains("a URL, not a host name") else { fatalError("\(error)") }
}
