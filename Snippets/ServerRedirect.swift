import Foundation
import LinkRouter

let table = try RouteTable(json: Data(contentsOf: URL(fileURLWithPath: "Docs/Examples/routes.json")))

func redirect(_ link: String) -> (status: Int, location: String?) {
    let decision = table.decision(for: link)
    switch decision.kind {
    case .route: return (302, "https://example.com/app?route=\(decision.routed!.route)")
    case .browser: return (302, decision.url)  // the original URL, never anything else
    case .unhandled, .external, .reject: return (400, nil)
    @unknown default: return (400, nil)  // a kind added in a later version
    }
}
// snippet.hide

let answers = [
    "https://example.com/promotion/7", "https://example.com.evil.net/promotion/7", "javascript:alert(1)",
].map(redirect)
guard answers[0] == (302, "https://example.com/app?route=promotion"),
    answers[1] == (302, "https://example.com.evil.net/promotion/7"),
    answers[2] == (400, nil)
else { fatalError("unexpected redirects: \(answers)") }
