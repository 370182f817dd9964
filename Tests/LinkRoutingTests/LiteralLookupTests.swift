import LinkRouting
import Testing

/// Literal lookup hashes segments a word at a time; these literals cross word boundaries, sit in the middle
/// and at the end of URLs, and contain the bytes around `A`–`Z` that case folding must leave alone.
@Suite struct LiteralLookupTests {
    static let literals = [
        "z@a_zz-longer-word", "abcdefgh", "abcdefg", "abcdefghi", "x", "Mixed.Case~Literal-0123456789", "@z", "_z~",
    ]

    @Test(arguments: [true, false])
    func literalsOfEveryLengthAreFoundInTheMiddleAndAtTheEnd(caseSensitive: Bool) throws {
        var routes: [(String, String)] = []
        for (index, literal) in Self.literals.enumerated() {
            routes.append(("end\(index)", "/\(literal)"))
            routes.append(("mid\(index)", "/\(literal)/tail"))
        }
        let table = try RouteFixtures.table(routes, caseSensitive: caseSensitive)
        for (index, literal) in Self.literals.enumerated() {
            #expect(table.target("shop://\(literal)") == "end\(index)")
            #expect(table.target("shop://\(literal)/tail") == "mid\(index)")
            #expect(table.target("https://example.com/\(literal)?q=1") == "end\(index)")
            let upper = literal.uppercased()
            if upper != literal {
                #expect(table.target("shop://\(upper)") == (caseSensitive ? "[unhandled]" : "end\(index)"))
                #expect(table.target("shop://\(upper)/tail") == (caseSensitive ? "[unhandled]" : "mid\(index)"))
            }
            let escaped = literal.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
            #expect(table.target("shop://\(escaped)/tail") == "mid\(index)")
        }
        #expect(table.target("shop://z`a_zz-longer-word".replacingOccurrences(of: "`", with: "%60")) == "[unhandled]")
    }
}
