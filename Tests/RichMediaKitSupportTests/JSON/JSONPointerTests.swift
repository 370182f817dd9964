import RichMediaKitSupport
import TestSupport
import Testing

/// The package's one JSON pointer escaping (RFC 6901), used by AASA diagnostics and rules and by routes-file errors.
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
}
