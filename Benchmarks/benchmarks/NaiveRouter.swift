import Foundation

/// The baseline for `route.dispatch`: what a straightforward app router does. Each URL is parsed with
/// `URLComponents`, then every route (pre-split into segment arrays) is tried and the most specific
/// match wins. Same decisions as LinkRouter on the standard workload, none of its design.
struct NaiveRouter {
    enum Segment {
        case literal(String)
        case parameter(String, digitsOnly: Bool)
        case wildcard
        case catchAll
    }

    struct Route {
        var name: String
        var scheme: String?
        var host: String?
        var segments: [Segment]
    }

    enum Decision: Equatable {
        case route(String, [String: String])
        case browser
        case unhandled
        case reject
    }

    var schemes: Set<String>
    var domains: Set<String>
    var routes: [Route]

    init(routesFile: Data) throws {
        struct File: Decodable {
            struct Entry: Decodable {
                var name: String
                var pattern: String
            }
            var schemes: [String]
            var associatedDomains: [String]
            var routes: [Entry]
        }
        let file = try JSONDecoder().decode(File.self, from: routesFile)
        schemes = Set(file.schemes.map { $0.lowercased() })
        domains = Set(
            file.associatedDomains.map {
                $0.hasPrefix("applinks:") ? String($0.dropFirst("applinks:".count)).lowercased() : $0.lowercased()
            }
        )
        routes = file.routes.map { entry in
            var pattern = entry.pattern
            var scheme: String?
            var host: String?
            if let range = pattern.range(of: "://") {
                scheme = String(pattern[..<range.lowerBound]).lowercased()
                pattern = String(pattern[range.upperBound...])
                if scheme == "https" {
                    let slash = pattern.firstIndex(of: "/") ?? pattern.endIndex
                    host = String(pattern[..<slash]).lowercased()
                    pattern = String(pattern[slash...])
                }
            }
            let segments: [Segment] = pattern.split(separator: "/").map { part in
                if part == "*" { return .wildcard }
                if part == "**" { return .catchAll }
                if part.hasPrefix(":") {
                    if part.hasSuffix("<int>") {
                        return .parameter(String(part.dropFirst().dropLast(5)), digitsOnly: true)
                    }
                    return .parameter(String(part.dropFirst()), digitsOnly: false)
                }
                return .literal(String(part))
            }
            return Route(name: entry.name, scheme: scheme, host: host, segments: segments)
        }
    }

    func dispatch(_ string: String) -> Decision {
        guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased() else {
            return .reject
        }
        var segments: [String]
        if scheme == "https" || scheme == "http" {
            guard scheme == "https", let host = components.host?.lowercased(), domains.contains(host) else {
                return .browser
            }
            segments = components.path.split(separator: "/").map(String.init)
        } else if schemes.contains(scheme) {
            segments = ([components.host ?? ""] + components.path.split(separator: "/").map(String.init))
                .filter { !$0.isEmpty }
        } else {
            return .reject
        }
        segments = segments.map { $0.removingPercentEncoding ?? $0 }
        var best: (rank: [Int], name: String, params: [String: String])?
        for route in routes {
            if let routeScheme = route.scheme, routeScheme != scheme { continue }
            if let routeHost = route.host, routeHost != components.host?.lowercased() { continue }
            guard let (rank, params) = match(route.segments, segments) else { continue }
            if best == nil || rank.lexicographicallyPrecedes(best!.rank) {
                best = (rank, route.name, params)
            }
        }
        if let best { return .route(best.name, best.params) }
        return scheme == "https" ? .browser : .unhandled
    }

    private func match(_ pattern: [Segment], _ segments: [String]) -> ([Int], [String: String])? {
        var params: [String: String] = [:]
        var rank: [Int] = []
        for (index, segment) in pattern.enumerated() {
            switch segment {
            case .catchAll:
                params["**"] = segments[min(index, segments.count)...].joined(separator: "/")
                rank.append(4)
                return (rank, params)
            case .literal(let literal):
                guard index < segments.count, segments[index] == literal else { return nil }
                rank.append(0)
            case .parameter(let name, let digitsOnly):
                guard index < segments.count, !segments[index].isEmpty else { return nil }
                if digitsOnly && !segments[index].allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
                params[name] = segments[index]
                rank.append(digitsOnly ? 1 : 2)
            case .wildcard:
                guard index < segments.count else { return nil }
                rank.append(3)
            }
        }
        return pattern.count == segments.count ? (rank, params) : nil
    }
}
