/// Writes the apple-app-site-association file that claims what a route table handles, as tightly as
/// AASA patterns can express it.
///
/// For every https route (a `/` route, or one bound to the domain) in table order the file gets, first,
/// exclusions for what its claim would over-match, then the claim itself:
/// - literal segments are written percent-encoded the canonical way (RFC 3986 unreserved characters
///   as they are, anything else as `%XX`); a sub-delimiter such as `+` may appear either way in a URL, so
///   it becomes a substitution variable holding both spellings;
/// - a parameter, `*` or `<int>` segment becomes `?*` (one or more characters); because AASA's `*` and
///   `?*` also match across `/`, an exclusion with that segment spelled `?*/?*` keeps the rule to one
///   segment, and an `<int>` segment gets an exclusion for segments holding a non-digit;
/// - `<uuid>` becomes exactly 8-4-4-4-12 `$(xdigit)`; `**` becomes a trailing `*`;
/// - query constraints become a `?` dictionary (`item=value` → the value, `item=:name` → `?*`).
///
/// An exclusion that would also block a URL some route handles is left out (the coverage engine decides
/// this exactly), so the file never loses a routed URL; what it then claims too much, and what AASA
/// cannot express at all (for example a repeated query item, which iOS checks at every occurrence and
/// the router only at the first), is exactly what `linkrouter check` reports on the output.
public enum AASAGenerator {
    /// Generates the file.
    ///
    /// - Parameters:
    ///   - routes: the route table.
    ///   - appID: the app ID the single `details` entry lists.
    ///   - domain: the domain the file is for; routes bound to another https host are skipped. Without a
    ///     domain only `/` routes are used.
    /// - Returns: the file's JSON text, pretty-printed, ending with a newline.
    /// - Complexity: one product exploration over the exclusions and the routes.
    public static func generate(routes: RouteTable, appID: String, domain: String? = nil) -> String {
        let host = domain?.lowercased()
        var writer = Writer(caseSensitive: routes.caseSensitive)
        for index in routes.precedenceOrder {
            let pattern = routes.patterns[index]
            switch pattern.binding {
            case .any: break
            case .scheme: continue
            case .host(let bound): if bound != host { continue }
            }
            writer.add(pattern, route: index, name: routes.routes[index].name)
        }
        let dropped = unsafeExclusions(writer, routes: routes, host: host ?? "")
        var kept = writer.keptComponents(dropping: dropped)
        // Components that never decide (an exclusion already covered by an earlier claim, a claim
        // covered by earlier ones) change nothing: leave them out.
        let text = writer.render(appID: appID, kept)
        if let matcher = compile(text), let unreachable = matcher.unreachableRules() {
            let prefix = "/applinks/details/0/components/"
            let indices = Set(unreachable.compactMap { Int($0.pointer.dropFirst(prefix.count)) })
            kept = kept.enumerated().filter { !indices.contains($0.offset) }.map(\.element)
        }
        return writer.render(appID: appID, kept)
    }

    /// Compiles generated text, also when it is larger than iOS's 128 KB limit (a draft with every
    /// exclusion can be; the caller reports the size of the final file).
    private static func compile(_ text: String) -> AASAMatcher? {
        guard let value = try? JSONParser.parse(Array(text.utf8)) else { return nil }
        var decoder = AASADecoder()
        return decoder.decodeFile(value).map(AASAMatcher.init)
    }

    /// The exclusions (indices into `writer.components`) to leave out: those that would decide a URL some
    /// route handles. Leaving one out can expose a later one, so this repeats until nothing changes.
    private static func unsafeExclusions(_ writer: Writer, routes: RouteTable, host: String) -> Set<Int> {
        guard writer.components.contains(where: \.exclude) else { return [] }
        let text = writer.render(appID: "A.b", writer.components)
        guard let matcher = compile(text) else {
            return Set(writer.components.indices.filter { writer.components[$0].exclude })
        }
        let rules = matcher.rules(for: "A.b")
        var parts = RouteLanguageParts(caseSensitive: routes.caseSensitive)
        let routeLanguages = routes.patterns.compactMap { $0.language(onHost: host, parts: &parts) }
        guard !routeLanguages.isEmpty else { return [] }
        let universe = URLUniverse.canonical.sharedAutomaton
        var dropped = Set<Int>()
        while true {
            let kept = rules.indices.filter { !dropped.contains($0) }
            let leaves = [universe] + kept.map { rules[$0].language } + routeLanguages
            let firstRoute = Int32(1 + kept.count)
            var unsafe = Set<Int>()
            let exploration = ProductExplorer(leaves: leaves).explore(stateLimit: CoverageChecker.stateLimit) {
                live, accepting -> ProductExplorer.Visit<Int> in
                guard live.first == 0, live.count > 1, live.last! >= firstRoute else {
                    return .init(label: nil, prune: true)
                }
                if accepting.first == 0, accepting.count > 1, accepting[1] < firstRoute, accepting.last! >= firstRoute {
                    let decider = kept[Int(accepting[1]) - 1]
                    if rules[decider].exclude { unsafe.insert(decider) }
                }
                return .init(label: nil, prune: false)
            }
            guard exploration.complete else {
                return Set(writer.components.indices.filter { writer.components[$0].exclude })
            }
            if unsafe.isEmpty { return dropped }
            dropped.formUnion(unsafe)
        }
    }

    /// One component being written.
    struct Component {
        var path: String
        var query: [(String, String)]
        var exclude: Bool
        var comment: String
    }

    /// Accumulates components and substitution variables.
    struct Writer {
        let caseSensitive: Bool
        var components: [Component] = []
        var variables: [(String, [String])] = []

        init(caseSensitive: Bool) {
            self.caseSensitive = caseSensitive
        }

        /// Where a piece of literal text goes.
        enum Place {
            case segment
            case itemName
            case itemValue
        }

        /// `text` as pattern text matching its canonical spellings in a URL: unreserved characters as they
        /// are, characters that may appear either raw or percent-encoded (sub-delimiters, `:`, `@`, and in a
        /// query `/` and `?`) as a variable holding both spellings, anything else as `%XX`.
        private mutating func encode(_ text: String, in place: Place) -> String {
            var eitherWay = ByteSet.subDelimiters.union(ByteSet(":@"))
            switch place {
            case .segment: break
            case .itemName: eitherWay = eitherWay.union(ByteSet("/?")).subtracting(ByteSet("&="))
            case .itemValue: eitherWay = eitherWay.union(ByteSet("/?")).subtracting(ByteSet("&"))
            }
            eitherWay.remove(UInt8(ascii: "*"))
            var result = ""
            for byte in text.utf8 {
                let escaped = "%" + Self.hex(byte)
                if ByteSet.unreserved.contains(byte) || (place == .itemName && eitherWay.contains(byte)) {
                    // Query item names are compared byte for byte, without variables: the raw spelling.
                    result.unicodeScalars.append(Unicode.Scalar(byte))
                } else if eitherWay.contains(byte) {
                    let name = "x" + Self.hex(byte)
                    if !variables.contains(where: { $0.0 == name }) {
                        variables.append((name, [String(UnicodeScalar(byte)), escaped]))
                    }
                    result += "$(" + name + ")"
                } else {
                    result += escaped
                }
            }
            return result
        }

        private static func hex(_ byte: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
        }

        /// The variable holding every character but the digits that a canonical segment (or query value)
        /// can hold; `*` and `?` cannot be written (they are wildcards in variable values too).
        private mutating func nonDigit(inQuery: Bool) -> String {
            let name = inQuery ? "non-digit-in-query" : "non-digit"
            if !variables.contains(where: { $0.0 == name }) {
                var values = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
                values += (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
                values += ["-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "+", ",", ";", "=", ":", "@", "%"]
                if inQuery { values.append("/") }
                variables.append((name, values))
            }
            return "$(" + name + ")"
        }

        private static let uuid = [8, 4, 4, 4, 12].map { String(repeating: "$(xdigit)", count: $0) }
            .joined(separator: "-")

        mutating func add(_ pattern: RoutePattern, route: Int, name: String) {
            var parts: [String] = []
            var stars: [Int] = []
            var ints: [Int] = []
            var catchAll = false
            for segment in pattern.segments {
                switch segment {
                case .literal(let text): parts.append(encode(text, in: .segment))
                case .parameter(_, .string), .wildcard:
                    stars.append(parts.count)
                    parts.append("?*")
                case .parameter(_, .int):
                    stars.append(parts.count)
                    ints.append(parts.count)
                    parts.append("?*")
                case .parameter(_, .uuid): parts.append(Self.uuid)
                case .catchAll: catchAll = true
                }
            }
            func path(_ parts: [String]) -> String {
                if catchAll { return parts.isEmpty ? "*" : "/" + parts.joined(separator: "/") + "/*" }
                return "/" + parts.joined(separator: "/")
            }
            var query: [(String, String)] = []
            var queryInts: [String] = []
            for constraint in pattern.query {
                let item = encode(constraint.item, in: .itemName)
                switch constraint {
                case .equals(_, let value): query.append((item, encode(value, in: .itemValue)))
                case .capture(_, _, .string): query.append((item, "?*"))
                case .capture(_, _, .int):
                    query.append((item, "?*"))
                    queryInts.append(item)
                case .capture(_, _, .uuid): query.append((item, Self.uuid))
                }
            }
            let claimPath = path(parts)
            for star in stars {
                var spread = parts
                spread[star] = "?*/?*"
                components.append(
                    Component(
                        path: path(spread), query: [], exclude: true,
                        comment: "\(name): one segment only at position \(star + 1)"))
            }
            for position in ints {
                var nonInt = parts
                nonInt[position] = "*" + nonDigit(inQuery: false) + "*"
                components.append(
                    Component(
                        path: path(nonInt), query: [], exclude: true,
                        comment: "\(name): digits only at position \(position + 1)"))
            }
            for item in queryInts {
                let pattern = "*" + nonDigit(inQuery: true) + "*"
                components.append(
                    Component(
                        path: claimPath, query: query.map { $0.0 == item ? ($0.0, pattern) : $0 }, exclude: true,
                        comment: "\(name): digits only in \(item)"))
            }
            components.append(Component(path: claimPath, query: query, exclude: false, comment: "route \(name)"))
        }

        private static func quoted(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            }
            return result + "\""
        }

        /// The components left after dropping `dropped`, identical ones merged.
        func keptComponents(dropping dropped: Set<Int>) -> [Component] {
            // Identical components decide nothing the first one does not: keep the first, naming every route.
            var kept: [Component] = []
            for (index, component) in components.enumerated() where !dropped.contains(index) {
                if let same = kept.firstIndex(where: {
                    $0.path == component.path && $0.exclude == component.exclude
                        && $0.query.map { [$0.0, $0.1] } == component.query.map { [$0.0, $0.1] }
                }) {
                    kept[same].comment +=
                        ", "
                        + (component.comment.hasPrefix("route ")
                            ? String(component.comment.dropFirst(6)) : component.comment)
                } else {
                    kept.append(component)
                }
            }
            return kept
        }

        /// The JSON text of a file with `kept` as its components.
        func render(appID: String, _ kept: [Component]) -> String {
            let patterns = kept.map { ([$0.path] + $0.query.map(\.1)).joined(separator: " ") }.joined(separator: " ")
            let usedVariables = variables.filter { patterns.contains("$(" + $0.0 + ")") }
            var lines: [String] = []
            for component in kept {
                var members = ["\"/\": " + Self.quoted(component.path)]
                if !component.query.isEmpty {
                    members.append(
                        "\"?\": {"
                            + component.query.map { Self.quoted($0.0) + ": " + Self.quoted($0.1) }.joined(
                                separator: ", ")
                            + "}")
                }
                if component.exclude { members.append("\"exclude\": true") }
                if !caseSensitive { members.append("\"caseSensitive\": false") }
                members.append("\"comment\": " + Self.quoted(component.comment))
                lines.append("          {" + members.joined(separator: ", ") + "}")
            }
            var text = "{\n  \"applinks\": {\n    \"details\": [\n      {\n"
            text += "        \"appIDs\": [" + Self.quoted(appID) + "],\n"
            text += "        \"components\": [\n" + lines.joined(separator: ",\n") + "\n        ]\n      }\n    ]"
            if !usedVariables.isEmpty {
                text += ",\n    \"substitutionVariables\": {\n"
                let entries = usedVariables.map { name, values -> String in
                    let list = values.map(Self.quoted).joined(separator: ", ")
                    return "      " + Self.quoted(name) + ": [" + list + "]"
                }
                text += entries.joined(separator: ",\n")
                text += "\n    }"
            }
            return text + "\n  }\n}\n"
        }
    }
}
