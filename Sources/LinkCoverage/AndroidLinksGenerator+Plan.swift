import AndroidAppLinks
import LinkRouting
import RichMediaKitSupport

extension AndroidLinksGenerator {
    /// One `<data>` path element: the attribute (`path`, `pathPrefix`, `pathPattern`, `pathAdvancedPattern`) and
    /// the value Android receives.
    struct PathEntry: Hashable {
        var attribute: String
        var value: String
    }

    /// One generated filter: its hosts, and its path elements with the routes each is for.
    struct Filter {
        var hosts: [String]
        var paths: [(entry: PathEntry, routes: [String])] = []
        /// `<uri-relative-filter-group>`s (API 35): each a path element and the query rules ANDed with it.
        var groups: [(entries: [PathEntry], routes: [String])] = []

        mutating func add(group entries: [PathEntry], route: String) {
            if let index = groups.firstIndex(where: { $0.entries == entries }) {
                if !groups[index].routes.contains(route) { groups[index].routes.append(route) }
            } else {
                groups.append((entries, [route]))
            }
        }

        mutating func add(_ entry: PathEntry, route: String) {
            if let index = paths.firstIndex(where: { $0.entry == entry }) {
                if !paths[index].routes.contains(route) { paths[index].routes.append(route) }
            } else {
                paths.append((entry, [route]))
            }
        }
    }

    /// One dynamic rule: a literal path, the query it asks for, and whether it excludes.
    struct Rule: Hashable {
        var path: String
        var query: [String: String]
        var exclude: Bool
    }

    /// What to write: the hosts, the filters and the dynamic rules.
    struct Plan {
        var hosts: [String] = []
        var filters: [Filter] = []
        /// The allow rules, then the exclusions (one per query-checked path), in route order; the final
        /// `{"/": "*"}` is added when there are any.
        var allRules: [Rule] = []
        /// Only this host (lower case), or nil.
        var onlyHost: String?

        init(routes: RouteTable, host: String?, options: Options) throws(AndroidLinksGeneratorError) {
            let wanted = host.map(URLBytes.asciiLowercased)
            onlyHost = wanted
            let domains = routes.associatedDomains.filter { $0.isWellFormed && $0.service == .applinks }
            var domainHosts: [String] = []
            for domain in domains {
                let name = domain.isWildcard ? "*." + domain.host : domain.host
                if !domainHosts.contains(name) { domainHosts.append(name) }
            }
            var boundHosts: [String] = []
            for pattern in routes.patterns {
                guard case .host(let bound) = pattern.binding, domains.contains(where: { $0.covers(host: bound) })
                else { continue }
                if !boundHosts.contains(bound) { boundHosts.append(bound) }
            }
            let anyRoutes = routes.patterns.contains { $0.binding == .any }
            guard (anyRoutes && !domainHosts.isEmpty) || !boundHosts.isEmpty else { throw .noHTTPSRoutes }
            var shared: [String]
            var bound: [String]
            if let wanted {
                let isDomain = domainHosts.contains(wanted)
                let isCovered = !wanted.hasPrefix("*.") && domains.contains { $0.covers(host: wanted) }
                guard (anyRoutes && (isDomain || isCovered)) || boundHosts.contains(wanted) else {
                    throw .hostNotServed(host ?? wanted)
                }
                shared = anyRoutes ? [wanted] : []
                bound = boundHosts.contains(wanted) ? [wanted] : []
            } else {
                shared = anyRoutes ? domainHosts : []
                bound = boundHosts
            }
            let advanced = options.minSDK >= AndroidLinksGenerator.advancedPatternAPILevel
            let groups = options.minSDK >= AndroidLinksGenerator.relativeFilterGroupAPILevel
            var sharedFilter = Filter(hosts: shared)
            var boundFilters = bound.map { Filter(hosts: [$0]) }
            var exclusions: [Rule] = []
            for index in routes.precedenceOrder {
                let pattern = routes.patterns[index]
                let name = routes.routes[index].name
                let translation = Self.translate(
                    pattern, caseSensitive: routes.caseSensitive, advanced: advanced,
                    dynamic: options.dynamicRules && !groups)
                let grouped = groups && !pattern.query.isEmpty ? Self.groups(pattern, routes.caseSensitive) : []
                func add(to filter: inout Filter) {
                    for entry in translation.entries { filter.add(entry, route: name) }
                    for group in grouped { filter.add(group: group, route: name) }
                }
                switch pattern.binding {
                case .scheme: continue
                case .any: add(to: &sharedFilter)
                case .host(let host):
                    guard let at = bound.firstIndex(of: host) else { continue }
                    add(to: &boundFilters[at])
                }
                if let rule = translation.rule {
                    if !allRules.contains(rule) { allRules.append(rule) }
                    let exclusion = Rule(path: rule.path, query: [:], exclude: true)
                    if !exclusions.contains(exclusion) { exclusions.append(exclusion) }
                }
            }
            allRules += exclusions
            // A filter with hosts and no path would accept every path: leave it out.
            filters = ([sharedFilter] + boundFilters).filter {
                (!$0.paths.isEmpty || !$0.groups.isEmpty) && !$0.hosts.isEmpty
            }
            for filter in filters {
                for host in filter.hosts where !hosts.contains(host) { hosts.append(host) }
            }
        }

        /// Whether the check's gaps about `host` are about these files (every host, or the one asked for).
        func covers(_ host: String) -> Bool {
            guard let onlyHost else { return true }
            if onlyHost.hasPrefix("*.") { return host.hasSuffix(onlyHost.dropFirst()) }
            return host == onlyHost
        }

        /// The rules written, without `dropped` (indices into ``allRules``), ending with `{"/": "*"}`.
        func rules(dropping dropped: Set<Int>) -> [Rule] {
            let kept = allRules.indices.filter { !dropped.contains($0) }.map { allRules[$0] }
            return kept.isEmpty ? [] : kept + [Rule(path: "*", query: [:], exclude: false)]
        }

        /// For each rule written, its index in ``allRules`` (nil for the final catch-all).
        func ruleIndices(dropping dropped: Set<Int>) -> [Int?] {
            let kept: [Int?] = allRules.indices.filter { !dropped.contains($0) }
            return kept.isEmpty ? [] : kept + [nil]
        }

        // MARK: Routes as path elements

        /// How one path part is written: a literal's text, or a parameter's type.
        private enum Part {
            case literal(String)
            case parameter(RoutePattern.ParameterType)
        }

        /// A route's path elements (none when Android cannot express it safely) and its dynamic rule.
        static func translate(
            _ pattern: RoutePattern, caseSensitive: Bool, advanced: Bool, dynamic: Bool
        ) -> (entries: [PathEntry], rule: Rule?) {
            var parts: [Part] = []
            var catchAll = false
            for segment in pattern.segments {
                switch segment {
                case .literal(let text):
                    // Android sees a decoded `/` as a separator: a literal holding one cannot be told apart.
                    guard !text.isEmpty, !text.contains("/") else { return ([], nil) }
                    parts.append(.literal(text))
                case .parameter(_, let type): parts.append(.parameter(type))
                case .wildcard: parts.append(.parameter(.string))
                case .catchAll: catchAll = true
                }
            }
            let literalPath = literal(parts)
            guard pattern.query.isEmpty else {
                guard dynamic, !catchAll, let path = literalPath, let query = dynamicQuery(pattern.query),
                    !path.contains(where: { $0 == "*" || $0 == "?" })
                else { return ([], nil) }
                return ([PathEntry(attribute: "path", value: path)], Rule(path: path, query: query, exclude: false))
            }
            let foldsCase =
                !caseSensitive
                && parts.contains { part in
                    if case .literal(let text) = part { return text.utf8.contains(where: isLetter) }
                    return false
                }
            var entries: [PathEntry] = []
            if !catchAll || !parts.isEmpty {
                if let path = literalPath, !(advanced && foldsCase) {
                    entries.append(PathEntry(attribute: "path", value: path))
                } else if advanced {
                    entries.append(
                        PathEntry(attribute: "pathAdvancedPattern", value: advancedText(parts, caseSensitive)))
                } else if let glob = globText(parts, endsWithParameter: true) {
                    entries.append(PathEntry(attribute: "pathPattern", value: glob))
                }
            }
            if catchAll {
                if parts.isEmpty {
                    entries.append(PathEntry(attribute: "pathPrefix", value: "/"))
                } else if advanced {
                    entries.append(
                        PathEntry(attribute: "pathAdvancedPattern", value: advancedText(parts, caseSensitive) + "/.+"))
                } else if let glob = globText(parts, endsWithParameter: false) {
                    entries.append(PathEntry(attribute: "pathPattern", value: glob + "/..*"))
                } else if let path = literalPath {
                    entries.append(PathEntry(attribute: "pathPrefix", value: path + "/"))
                }
            }
            return (entries, nil)
        }

        /// The relative filter groups (API 35) of a route with query constraints: one per path element of the
        /// route without its query, each with one query rule per constraint (`item=value` as `query`, a capture as
        /// a `queryAdvancedPattern`); none when a constraint names an item twice.
        static func groups(_ pattern: RoutePattern, _ caseSensitive: Bool) -> [[PathEntry]] {
            var rules: [PathEntry] = []
            var items = Set<String>()
            for constraint in pattern.query {
                guard items.insert(constraint.item).inserted, !constraint.item.isEmpty else { return [] }
                switch constraint {
                case .equals(let item, let value):
                    rules.append(PathEntry(attribute: "query", value: item + "=" + value))
                case .capture(let item, _, let type):
                    let name = escapedAdvanced(item)
                    let value: String
                    switch type {
                    case .string: value = ".+"
                    case .int: value = "[0-9]+"
                    case .uuid: value = uuidAdvanced
                    }
                    rules.append(PathEntry(attribute: "queryAdvancedPattern", value: name + "=" + value))
                }
            }
            var plain = pattern
            plain.query = []
            let paths = translate(plain, caseSensitive: caseSensitive, advanced: true, dynamic: false).entries
            return paths.map { [$0] + rules }
        }

        private static let uuidAdvanced = [8, 4, 4, 4, 12].map { "[0-9a-fA-F]{\($0)}" }.joined(separator: "-")

        /// `text` as literal characters of a `pathAdvancedPattern`.
        private static func escapedAdvanced(_ text: String) -> String {
            text.replacingScalars { "\\.[]{}*+".unicodeScalars.contains($0) ? "\\" + String($0) : nil }
        }

        private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

        /// `/a/b` when every part is a literal (`/` for none).
        private static func literal(_ parts: [Part]) -> String? {
            var texts: [String] = []
            for part in parts {
                guard case .literal(let text) = part else { return nil }
                texts.append(text)
            }
            return "/" + texts.joined(separator: "/")
        }

        /// The dynamic rule's `?` object for the route's query constraints, or nil when a constraint cannot be
        /// written exactly (a typed capture, a value holding a wildcard character, an item named twice).
        private static func dynamicQuery(_ constraints: [RoutePattern.QueryConstraint]) -> [String: String]? {
            var query: [String: String] = [:]
            for constraint in constraints {
                guard query[constraint.item] == nil, !constraint.item.isEmpty,
                    constraint.item.utf8.allSatisfy({ $0 < 0x80 })
                else { return nil }
                switch constraint {
                case .equals(let item, let value):
                    guard !value.contains(where: { $0 == "*" || $0 == "?" }) else { return nil }
                    query[item] = value
                case .capture(let item, _, .string): query[item] = "?*"
                case .capture: return nil
                }
            }
            return query
        }

        /// The `pathAdvancedPattern` of the parts (without a trailing `**`).
        private static func advancedText(_ parts: [Part], _ caseSensitive: Bool) -> String {
            var text = ""
            for part in parts {
                text += "/"
                switch part {
                case .literal(let literal):
                    for scalar in literal.unicodeScalars {
                        if !caseSensitive, scalar.isASCII, isLetter(UInt8(scalar.value)) {
                            let lower = Character(scalar).lowercased()
                            text += "[" + lower + lower.uppercased() + "]"
                        } else {
                            text += escapedAdvanced(String(scalar))
                        }
                    }
                case .parameter(.string): text += "[^/]+"
                case .parameter(.int): text += "[0-9]+"
                case .parameter(.uuid): text += uuidAdvanced
                }
            }
            return text
        }

        /// The `pathPattern` glob of the parts, or nil when a glob cannot match them without matching more: a typed
        /// parameter, a literal `.` (an escaped `\.` still matches any character), or (when `endsWithParameter`
        /// forbids it) a parameter last, which no glob stops at the next `/`.
        private static func globText(_ parts: [Part], endsWithParameter forbidden: Bool) -> String? {
            var text = ""
            for (index, part) in parts.enumerated() {
                text += "/"
                switch part {
                case .literal(let literal):
                    guard !literal.contains(".") else { return nil }
                    for scalar in literal.unicodeScalars {
                        if scalar == "\\" || scalar == "*" { text += "\\" }
                        text.unicodeScalars.append(scalar)
                    }
                case .parameter(.string):
                    if forbidden, index == parts.count - 1 { return nil }
                    // One character, then up to the next `/` (Android's `.*` stops at the pattern's next character).
                    text += "..*"
                case .parameter: return nil
                }
            }
            return text
        }
    }
}
