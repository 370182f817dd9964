import Foundation
import TestSupport

enum WorkloadError: Error, CustomStringConvertible {
    case scriptNotFound([String])
    case scriptFailed(Int32)

    var description: String {
        switch self {
        case .scriptNotFound(let tried):
            "make-workload.py not found (tried \(tried.joined(separator: ", "))); set LINKROUTER_WORKLOAD_SCRIPT"
        case .scriptFailed(let status): "make-workload.py exited with status \(status)"
        }
    }
}

/// The standard routing workload, written by the shared `make-workload.py` (same arguments, same bytes).
struct RouteWorkload {
    var routesFile: Data
    var urls: [String]

    static func make(routes: Int, urls: Int) throws -> RouteWorkload {
        // The shared generator lives beside the repository (`../shared`); also look relative to this file,
        // so the benchmarks work from any directory.
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            ProcessInfo.processInfo.environment["LINKROUTER_WORKLOAD_SCRIPT"],
            "../shared/bench/make-workload.py",
            repository.deletingLastPathComponent().appendingPathComponent("shared/bench/make-workload.py").path,
        ].compactMap { $0 }
        guard let script = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw WorkloadError.scriptNotFound(candidates)
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("link-router-workload-\(routes)-\(urls)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, directory.path, "--routes", "\(routes)", "--urls", "\(urls)"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw WorkloadError.scriptFailed(process.terminationStatus) }
        let routesFile = try Data(contentsOf: directory.appendingPathComponent("routes.json"))
        let text = try String(contentsOf: directory.appendingPathComponent("urls.txt"), encoding: .utf8)
        return RouteWorkload(routesFile: routesFile, urls: text.split(separator: "\n").map(String.init))
    }
}

/// A realistic AASA file with 100 rules (components with `*`, `?`, query dictionaries, a variable and
/// exclusions) and a stream of URLs on its domain, generated from a fixed seed.
struct AASAWorkload {
    static let appID = "ABCDE12345.com.example.shop"
    static let domain = "example.com"

    var file: Data
    var urls: [String]

    static func make(rules: Int = 100, urls count: Int) -> AASAWorkload {
        var random = SeededGenerator(seed: 42)
        let sections = [
            "product", "category", "promotion", "order", "account", "help", "blog", "store", "brand", "search",
            "cart", "wishlist", "gift", "deal", "event", "video", "recipe", "article", "collection", "campaign",
        ]
        var components: [String] = []
        for index in 0..<rules {
            let section = sections[index % sections.count] + (index < sections.count ? "" : "\(index)")
            switch index % 10 {
            case 0: components.append(##"{"/": "/\##(section)/private/*", "exclude": true}"##)
            case 1: components.append(##"{"/": "/\##(section)/*", "?": {"ref": "?*"}}"##)
            case 2: components.append(##"{"/": "/$(market)/\##(section)/*"}"##)
            case 3: components.append(##"{"/": "/\##(section)/????", "caseSensitive": false}"##)
            case 4:
                components.append(##"{"/": "/\##(section)/*/reviews", "#": "no_universal_links", "exclude": true}"##)
            case 5: components.append(##"{"/": "/\##(section)/*/*/details"}"##)
            case 6: components.append(##"{"/": "/\##(section)", "?": "src=push*"}"##)
            case 7: components.append(##"{"/": "/\##(section)/$(food)/*"}"##)
            case 8: components.append(##"{"/": "/\##(section)/id-?*", "?": {"utm_source": "*"}}"##)
            default: components.append(##"{"/": "/\##(section)/*"}"##)
            }
        }
        let json = """
            {
              "applinks": {
                "substitutionVariables": {"food": ["burrito", "pizza", "taco", "ramen"], "market": ["en", "de", "fr", "es"]},
                "details": [{"appIDs": ["\(appID)"], "components": [
                  \(components.joined(separator: ",\n      "))
                ]}]
              }
            }
            """
        var urls: [String] = []
        urls.reserveCapacity(count)
        let words = ["new", "sale", "top", "42", "1234", "abcd", "pizza", "taco", "private", "reviews", "details"]
        for _ in 0..<count {
            let index = Int.random(in: 0..<rules, using: &random)
            let section = sections[index % sections.count] + (index < sections.count ? "" : "\(index)")
            var url = "https://example.com"
            if Int.random(in: 0..<4, using: &random) == 0 {
                url += "/" + ["en", "de", "xx"].randomElement(using: &random)!
            }
            url += "/" + section
            for _ in 0..<Int.random(in: 0...3, using: &random) { url += "/" + words.randomElement(using: &random)! }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: url += "?ref=push&utm_source=news"
            case 1: url += "?src=push\(Int.random(in: 0..<100, using: &random))"
            default: break
            }
            if Int.random(in: 0..<10, using: &random) == 0 { url += "#no_universal_links" }
            urls.append(url)
        }
        return AASAWorkload(file: Data(json.utf8), urls: urls)
    }
}
