import RichMediaKitSupport
import Testing

/// The distance that names the key or relation a misspelled one was meant to be.
@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("applinks", "applinks", 0), ("applink", "applinks", 1), ("applinks", "appLinks".lowercased(), 0),
        ("handle_all_url", "handle_all_urls", 1), ("webcredential", "webcredentials", 1), ("kitten", "sitting", 3),
        ("", "abc", 3),
    ])
    func distances(_ a: String, _ b: String, _ distance: Int) {
        #expect(EditDistance.levenshtein(Array(a.utf8), Array(b.utf8), limit: 5) == distance)
        #expect(EditDistance.levenshtein(Array(b.utf8), Array(a.utf8), limit: 5) == distance)
    }

    @Test func overTheLimitIsLimitPlusOne() {
        #expect(EditDistance.levenshtein(Array("activitycontinuation".utf8), Array("applinks".utf8), limit: 2) == 3)
        #expect(EditDistance.levenshtein(Array("abcd".utf8), Array("wxyz".utf8), limit: 2) == 3)
    }
}
