// snippet.hide
import Foundation
import LinkRouter
import RichMediaQueue

let table = try RouteTable(
    json: Data(#"{"associatedDomains": ["applinks:example.com"], "routes": [{"name": "p", "pattern": "/p/:id"}]}"#.utf8))
// snippet.show
// A growing enum: name the cases you handle, and let `@unknown default` take the ones a later version adds.
func status(for decision: LinkDecision) -> Int {
    switch decision.kind {
    case .route, .browser: 302
    case .unhandled, .external, .reject: 400
    @unknown default: 400
    }
}

// Where only some cases matter, a plain `default` covers the rest, known and future alike.
func wasShown(_ outcome: PresentationOutcome) -> Bool {
    switch outcome {
    case .closed: true
    default: false
    }
}
// snippet.hide
guard status(for: table.decision(for: "https://example.com/p/7")) == 302,
    status(for: table.decision(for: "javascript:alert(1)")) == 400, wasShown(.closed(reason: .closed)), !wasShown(.expired)
else { fatalError("unexpected answers") }
