import LinkRouting

/// Route tables shared by the routing suites.
enum RouteFixtures {
    /// The routes file of the contract (`link-routing.md`), verbatim.
    static let specJSON = """
        {
          "schemes": ["shop"],
          "associatedDomains": ["applinks:example.com", "applinks:*.example.com"],
          "externalSchemes": ["mailto", "tel"],
          "caseSensitive": true,
          "routes": [
            {"name": "promotion", "pattern": "/promotion/:id"},
            {"name": "promo-legacy", "pattern": "shop://promotion?id=:id"},
            {"name": "product", "pattern": "https://example.com/product/:sku<int>"},
            {"name": "help", "pattern": "/help/**"}
          ]
        }
        """

    /// The contract's table.
    static let spec: RouteTable = try! RouteTable(json: specJSON)

    /// Builds a table with `shop` and `example.com` / `*.example.com` from (name, pattern) pairs.
    static func table(
        _ routes: [(String, String)], caseSensitive: Bool = true, schemes: [String] = ["shop"],
        domains: [String] = ["applinks:example.com", "applinks:*.example.com"]
    ) throws(RouteConfigurationError) -> RouteTable {
        var builder = RouteTable.Builder(
            schemes: schemes, associatedDomains: domains, externalSchemes: ["mailto", "tel"],
            caseSensitive: caseSensitive)
        for (name, pattern) in routes { builder.add(name, pattern) }
        return try builder.build()
    }
}

extension RouteTable {
    /// The route name a URL dispatches to, or the decision kind in brackets (`[browser]`).
    func target(_ url: String) -> String {
        let decision = decision(for: url)
        return decision.routed?.route ?? "[\(decision.kind.rawValue)]"
    }
}
