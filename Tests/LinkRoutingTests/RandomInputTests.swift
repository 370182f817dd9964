import LinkRouting
import TestSupport
import Testing

/// Random hostile input: dispatch never crashes, and the allocation-free outcome agrees with the decision.
@Suite struct RandomInputTests {
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func randomURLsNeverCrashAndBothAPIsAgree(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let table = ReverseRoutingTests.table
        let pieces = [
            "https://", "http://", "shop://", "shop:", "HTTPS://", "mailto:", "javascript:", "example.com",
            "a.example.com", "@", ":", ":443", "[", "]", "::1", "/", "//", "?", "#", "&", "=", "%", "%2F", "%2e",
            "%00", "%C3%A9", "%FF", "promotion", "product", "help", "orders", "42", ".", "..", "é", "😀", " ", "\\",
            "\u{0}", "\u{85}", "+", "*", "id", "ref", "push", "123e4567-e89b-12d3-a456-426614174000",
        ]
        for _ in 0..<3000 {
            let url = (0..<Int.random(in: 0...10, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let decision = table.decision(for: url)
            let outcome = table.outcome(for: url)
            #expect(decision.kind == outcome.kind, "\(url)")
            #expect(decision.reason == outcome.reason, "\(url)")
            #expect(decision.url == url)
            #expect(decision.routed?.route == outcome.routeIndex.map { table.routes[$0].name }, "\(url)")
            if decision.kind == .browser {
                #expect(url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://"), "\(url)")
            }
            if let routed = decision.routed {
                for value in routed.parameters.values {
                    #expect(!value.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(url)")
                }
            }
        }
    }
}
