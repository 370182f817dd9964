/// A named route: a pattern a URL can match, and the name its handler is registered under.
public struct Route: Sendable, Hashable {
    /// The route's unique name.
    public let name: String
    /// The pattern as written, such as `/promotion/:id` or `https://example.com/product/:sku<int>`.
    public let pattern: String

    /// Creates a route (checked when the table is built).
    /// - Parameters:
    ///   - name: The route's unique name.
    ///   - pattern: The pattern text.
    public init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }
}
