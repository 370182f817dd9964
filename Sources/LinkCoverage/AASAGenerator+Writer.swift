import AppSiteAssociation
import FileLocations
import LinkRouting
import RichMediaKitSupport

extension AASAGenerator {
    /// One component being written.
    struct Component {
        var path: String
        var query: [(String, String)]
        var exclude: Bool
        var comment: String
        /// Whether the component compares case-sensitively (its `caseSensitive` key is written only when false).
        var caseSensitive = true
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
        /// With `foldingLetters`, an ASCII letter becomes a variable holding both its cases (for a case-sensitive
        /// rule that must still fold a literal path segment).
        private mutating func encode(_ text: String, in place: Place, foldingLetters: Bool = false) -> String {
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
                if foldingLetters, (byte | 0x20) &- UInt8(ascii: "a") < 26 {
                    let lower = byte | 0x20
                    let name = "case-" + String(UnicodeScalar(lower))
                    if !variables.contains(where: { $0.0 == name }) {
                        variables.append((name, [String(UnicodeScalar(lower)), String(UnicodeScalar(lower - 32))]))
                    }
                    result += "$(" + name + ")"
                } else if ByteSet.unreserved.contains(byte) || (place == .itemName && eitherWay.contains(byte)) {
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
            String(decoding: [URLBytes.hexDigit(byte >> 4), URLBytes.hexDigit(byte & 0xF)], as: UTF8.self)
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
            // A case-insensitive table folds the case of literal path segments only: a route with query constraints
            // gets case-sensitive rules (the item names and values compare exactly) whose path literals spell each
            // letter as a variable holding both cases. Other routes' rules are simply case-insensitive.
            let foldPath = !caseSensitive && !pattern.query.isEmpty
            let first = components.count
            defer {
                for index in first..<components.count { components[index].caseSensitive = caseSensitive || foldPath }
            }
            var parts: [String] = []
            var stars: [Int] = []
            var ints: [Int] = []
            var catchAll = false
            for segment in pattern.segments {
                switch segment {
                case .literal(let text): parts.append(encode(text, in: .segment, foldingLetters: foldPath))
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
            if parts == ["?*"], !catchAll {
                // `/?*` also matches the root: the pattern's leading slash is optional, so `?` may match the
                // path's own `/`.
                components.append(
                    Component(path: "/", query: query, exclude: true, comment: "\(name): not the root"))
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
            JSONQuoting.quoted(text)
        }

        /// The components left after dropping `dropped`, identical ones merged.
        func keptComponents(dropping dropped: Set<Int>) -> [Component] {
            // Identical components decide nothing the first one does not: keep the first, naming every route.
            var kept: [Component] = []
            for (index, component) in components.enumerated() where !dropped.contains(index) {
                if let same = kept.firstIndex(where: {
                    $0.path == component.path && $0.exclude == component.exclude
                        && $0.caseSensitive == component.caseSensitive
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

        /// The file with `kept` as the components of its one entry, for `appID`, and the variables they use.
        func file(appID: String, _ kept: [Component]) -> AASAFile {
            let entryPointer = JSONPointer.root.appending("applinks").appending("details")
                .appending(0)
            let componentsPointer = entryPointer.appending("components")
            let components = kept.enumerated().map { index, component in
                AASAFile.Component(
                    path: component.path,
                    query: component.query.isEmpty ? nil : .items(component.query.map { (name: $0.0, pattern: $0.1) }),
                    exclude: component.exclude ? true : nil, caseSensitive: component.caseSensitive ? nil : false,
                    comment: component.comment, pointer: componentsPointer.appending(index).description)
            }
            let patterns = kept.map { ([$0.path] + $0.query.map(\.1)).joined(separator: " ") }.joined(separator: " ")
            let usedVariables = variables.filter { patterns.contains("$(" + $0.0 + ")") }
            let entry = AASAFile.Entry(
                appIDList: [appID], components: components, pointer: entryPointer.description)
            return AASAFile(
                appLinks: AASAFile.AppLinks(
                    details: [entry], substitutionVariables: usedVariables.map { (name: $0.0, values: $0.1) }))
        }

        /// The JSON text of a file that ``file(appID:_:)`` made: one line per component, pretty-printed.
        func render(_ file: AASAFile) -> String {
            let appLinks = file.appLinks ?? AASAFile.AppLinks()
            let entry = appLinks.details.first ?? AASAFile.Entry()
            var lines: [String] = []
            for component in entry.components ?? [] {
                var members = ["\"/\": " + Self.quoted(component.path ?? "*")]
                if case .items(let items) = component.query {
                    members.append(
                        "\"?\": {"
                            + items.map { Self.quoted($0.name) + ": " + Self.quoted($0.pattern) }.joined(
                                separator: ", ")
                            + "}")
                }
                if component.exclude == true { members.append("\"exclude\": true") }
                if component.caseSensitive == false { members.append("\"caseSensitive\": false") }
                if let comment = component.comment { members.append("\"comment\": " + Self.quoted(comment)) }
                lines.append("          {" + members.joined(separator: ", ") + "}")
            }
            var text = "{\n  \"applinks\": {\n    \"details\": [\n      {\n"
            text += "        \"appIDs\": [" + entry.appIDs.map(Self.quoted).joined(separator: ", ") + "],\n"
            text += "        \"components\": [\n" + lines.joined(separator: ",\n") + "\n        ]\n      }\n    ]"
            if !appLinks.substitutionVariables.isEmpty {
                text += ",\n    \"substitutionVariables\": {\n"
                let entries = appLinks.substitutionVariables.map { name, values -> String in
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
