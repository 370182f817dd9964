import FileLocations
import TestSupport
import Testing

/// The package's one JSON pointer (RFC 6901) and its escaping, used by AASA diagnostics and rules, routes-file errors,
/// baselines and the JSON parser's positions.
@Suite struct JSONPointerTests {
    // RFC 6901 section 5's keys.
    @Test(
        arguments: [
            ("foo", "foo"), ("", ""), ("a/b", "a~1b"), ("c%d", "c%d"), ("e^f", "e^f"), ("g|h", "g|h"),
            ("i\\j", "i\\j"), ("k\"l", "k\"l"), (" ", " "), ("m~n", "m~0n"), ("~1", "~01"), ("/~", "~1~0"),
        ])
    func escapesTildeThenSlashAndBack(key: String, escaped: String) {
        #expect(JSONPointer.escaped(key) == escaped)
        #expect(JSONPointer.unescaped(escaped) == key)
    }

    @Test(arguments: ["~", "a~", "~2", "~a", "x~/"])
    func aTildeNotFollowedByZeroOrOneIsNoToken(token: String) {
        #expect(JSONPointer.unescaped(token) == nil)
    }

    @Test func randomKeysRoundTripThroughAPointer() {
        var random = SeededGenerator(seed: 6901)
        let alphabet: [Character] = ["~", "/", "0", "1", "a", "é", " "]
        for _ in 0..<500 {
            let keys = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                String((0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            }
            let pointer = keys.reduce(JSONPointer.root) { $0.appending($1) }
            #expect(pointer.tokens == keys)
            #expect(JSONPointer(parsing: pointer.description) == pointer)
        }
    }

    @Test(arguments: ["a", "/a~", "/~2"])
    func textThatIsNoPointerIsRefused(text: String) {
        #expect(JSONPointer(parsing: text) == nil)
    }

    @Test func appendingEscapesAndTokensUnescape() {
        let pointer = JSONPointer.root.appending("a/b").appending("~c").appending(0)
        #expect(pointer.text == "/a~1b/~0c/0")
        #expect(pointer.tokens == ["a/b", "~c", "0"])
        #expect(JSONPointer.root.tokens.isEmpty && JSONPointer.root.description.isEmpty)
    }

    @Test func parsingIsStrictAndTheTextInitializerIsNot() {
        #expect(JSONPointer(parsing: "/a~2") == nil)
        #expect(JSONPointer("/a~2")?.text == "/a~2")
        #expect(JSONPointer(parsing: "a") == nil && JSONPointer("a") == nil)
        #expect(JSONPointer(parsing: "/a~01")?.tokens == ["a~1"])
    }

    /// A property list's key path as every report writes it as a pointer: indexes are tokens, a key's own dots
    /// stay, `~` and `/` in a key are escaped.
    @Test(
        arguments: [
            ("com.apple.developer.associated-domains[1]", "/com.apple.developer.associated-domains/1"),
            ("CFBundleURLTypes[0].CFBundleURLSchemes[2]", "/CFBundleURLTypes/0/CFBundleURLSchemes/2"),
            ("CFBundleURLTypes[0].CFBundleURLName", "/CFBundleURLTypes/0/CFBundleURLName"),
            ("a[0][1]", "/a/0/1"), ("com.apple.developer.team-identifier", "/com.apple.developer.team-identifier"),
            ("a/b[0].c~d", "/a~1b/0/c~0d"), ("", "/"),
        ])
    func propertyListKeyPathsAsPointers(keyPath: String, pointer: String) {
        #expect(JSONPointer(propertyListKeyPath: keyPath).text == pointer)
    }

    @Test func pointersOrderByText() {
        #expect(JSONPointer("/a/0")! < JSONPointer("/a/1")!)
        #expect([JSONPointer("/b")!, .root].sorted() == [.root, JSONPointer("/b")!])
    }
}
