// libFuzzer harness: routes file bytes + URL bytes -> load, dispatch, reverse-route the match.
//
// Input: a routes file, then optionally a 0x01 byte followed by URLs, one a line. Without the separator
// (or when the routes file is refused) the URLs are dispatched against the example routes below, so the
// dispatcher is exercised even when the fuzzer breaks the JSON.
// Every check below is an invariant of the library: breaking one traps, which libFuzzer reports as a crash.

// `@testable`: the harness checks internal invariants too (Fuzz/run.sh builds the modules with -enable-testing).
@testable import LinkRouting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private let exampleRoutes = """
    {
      "schemes": ["shop"],
      "associatedDomains": ["applinks:example.com", "applinks:*.example.com"],
      "externalSchemes": ["mailto", "tel"],
      "routes": [
        {"name": "home", "pattern": "/"},
        {"name": "promotion", "pattern": "/promotion/:id"},
        {"name": "promo-legacy", "pattern": "shop://promotion?id=:id"},
        {"name": "promotion-summer", "pattern": "/promotion/summer"},
        {"name": "product", "pattern": "https://example.com/product/:sku<int>"},
        {"name": "product-by-slug", "pattern": "/product/:slug"},
        {"name": "order", "pattern": "/orders/:order<uuid>"},
        {"name": "category", "pattern": "/category/*/:page<int>"},
        {"name": "help", "pattern": "/help/**"},
        {"name": "campaign", "pattern": "/campaign?ref=push&id=:id"},
        {"name": "cart", "pattern": "shop://cart"},
        {"name": "store", "pattern": "https://stores.example.com/:city"}
      ]
    }
    """

nonisolated(unsafe) private var fallbackTable: RouteTable? = nil

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoutes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let separator = bytes.firstIndex(of: 0x01)
    let fileBytes = separator.map { Array(bytes[..<$0]) } ?? bytes
    var table: RouteTable?
    do {
        table = try RouteTable(json: Data(fileBytes))
    } catch {
        check(!error.message.isEmpty, "empty error message")
        check(error.fileLocation != nil, "routes-file error without a location: \(error)")
    }
    if let table { checkTable(table) }
    guard let separator else { return 0 }
    if table == nil {
        if fallbackTable == nil { fallbackTable = try! RouteTable(json: exampleRoutes) }
        table = fallbackTable
    }
    guard let table else { return 0 }
    for line in bytes[(separator + 1)...].split(separator: 0x0A, omittingEmptySubsequences: false) {
        checkDispatch(table, String(decoding: line, as: UTF8.self))
    }
    return 0
}

/// A loaded table is self-consistent and every route can be reverse-routed with simple values or says why.
private func checkTable(_ table: RouteTable) {
    check(table.patterns.count == table.routes.count, "patterns and routes differ in count")
    for (index, route) in table.routes.enumerated() {
        check(table.routeIndex(named: route.name) == index, "route names are not unique")
    }
}

private func checkDispatch(_ table: RouteTable, _ url: String) {
    let decision = table.decision(for: url)
    let outcome = table.outcome(for: url)
    check(decision.url == url, "decision changed the URL")
    check(decision.kind == outcome.kind, "decision \(decision.kind) != outcome \(outcome.kind) for \(url)")
    check(decision.reason == outcome.reason, "decision and outcome give different reasons for \(url)")
    check((decision.kind == .route) == (decision.routed != nil), "routed link present iff kind is route")
    check((decision.kind == .route) == (decision.reason == nil), "reason present iff kind is not route")
    if url.utf8.count > 4096 { check(decision.kind == .reject, "an over-long URL was not rejected") }
    if decision.kind == .browser {
        let lowered = url.utf8.prefix(8).map { $0 | 0x20 }
        let http = lowered.starts(with: "http://".utf8) || lowered.starts(with: "https://".utf8)
        check(http, "browser for a non-http URL \(url)")
    }
    guard let routed = decision.routed, let index = outcome.routeIndex else { return }
    check(table.routes[index].name == routed.route, "outcome and decision name different routes")
    for (name, value) in routed.parameters {
        check(!value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "control character in \(name)")
    }
    reverseRoute(table, index, routed, original: url)
}

/// Reverse-routes the match and checks that every URL it builds dispatches back to the same route and values.
private func reverseRoute(_ table: RouteTable, _ index: Int, _ routed: RoutedLink, original: String) {
    let pattern = table.patterns[index]
    var parameters = routed.parameters
    let usesWildcard = pattern.segments.contains(.wildcard)
    if usesWildcard { parameters[RouteTable.wildcardKey] = "x" }
    let urls: [String]
    do {
        urls = try table.urls(for: routed.route, parameters: parameters)
    } catch {
        // Legitimate: a `/` route's URL on another source may belong to a bound route; a wildcard's stand-in
        // value may hit a literal; a `/` route reached only through a wildcard domain has nowhere to go.
        let boundToAny = pattern.binding == .any
        switch error.identifier {
        case "shadowed": check(boundToAny || usesWildcard, "reverse routing \(original) failed: \(error)")
        case "url-too-long": break  // percent-encoding can triple a value's length
        case "no-target": check(boundToAny, "reverse routing \(original) failed: \(error)")
        default: check(false, "reverse routing \(original) failed: \(error)")
        }
        return
    }
    check(!urls.isEmpty, "reverse routing returned no URL")
    for built in urls {
        let again = table.decision(for: built)
        check(again.routed?.route == routed.route, "\(built) (from \(original)) does not reach \(routed.route)")
        check(again.routed?.parameters == routed.parameters, "\(built) (from \(original)) changes the values")
    }
}
