import Foundation
import LinkRouting
import Testing

/// Push payloads given as JSON.
@Suite struct PushPayloadTests {
    @Test(
        arguments: [
            ("{\"aps\": {}, \"l\": \"shop://a\", \"url\": \"shop://b\"}", "shop://a"),
            ("{\"url\": \"shop://b\"}", "shop://b"),
            ("{\"l\": \"\", \"url\": \"shop://b\"}", "shop://b"),
            ("{\"l\": 5, \"url\": \"shop://b\"}", "shop://b"),
            ("{\"aps\": {\"alert\": \"hi\"}}", nil),
            ("{}", nil),
        ] as [(String, String?)])
    func linkIsLElseURL(json: String, link: String?) throws {
        #expect(try PushPayload(json: Data(json.utf8)).link == link)
    }

    @Test(arguments: [("{\"l\": ", "1:7"), ("[\"l\"]", "/"), ("\"x\"", "/")])
    func invalidPayloadsSayWhere(json: String, location: String) {
        #expect {
            try PushPayload(json: Data(json.utf8))
        } throws: { ($0 as? PushPayloadError)?.location == location }
    }
}
