import FileLocations
import RichMediaKitSupport

/// Builds an ``AASAFile`` from parsed JSON, collecting structural diagnostics as it goes:
/// wrong types (the value is then dropped, as if absent), unknown and duplicate keys, and
/// `?` dictionaries with non-string values.
package struct AASADecoder {
    private(set) var diagnostics: [AASADiagnostic] = []
    /// For a string of a list (`apps`, `appIDs`, `paths`, a substitution variable's values) that follows a
    /// wrong-typed element: the pointer by its index in the decoded list (which skips the wrong-typed elements) to
    /// its pointer in the file. Whoever reports on the decoded file (`AASASemanticChecker`) points by the decoded
    /// index; the linter moves such pointers to the element the file has there.
    private(set) var filePointers: [String: String] = [:]

    static let topLevelKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation", "messagefilter"]
    /// The services that only list app IDs (`{"apps": [...]}`): each one's key, in file order, and its section.
    static var appListServices: [(key: String, section: WritableKeyPath<AASAFile, AASAFile.AppList?>)] {
        [
            ("webcredentials", \.webCredentials), ("appclips", \.appClips),
            ("activitycontinuation", \.activityContinuation), ("messagefilter", \.messageFilter),
        ]
    }
    static let appLinksKeys = ["apps", "details", "defaults", "substitutionVariables"]
    static let entryKeys = ["appID", "appIDs", "components", "paths", "defaults"]
    static let componentKeys = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]
    static let appListKeys = ["apps"]

    /// Creates a decoder with no diagnostics yet.
    package init() {}

    package mutating func decodeFile(_ value: JSONValue) -> AASAFile? {
        guard case .object(let members) = value else {
            report(
                .error, .notObject, .root, "the file's top-level value is \(article(value.typeName)), not an object",
                hint: #"wrap the content in an object such as {"applinks": {"details": [...]}}"#)
            return nil
        }
        checkKeys(members, known: Self.topLevelKeys, at: .root, context: .top)
        var file = AASAFile()
        let root = JSONPointer.root
        if let value = value["applinks"] {
            file.appLinks = decodeAppLinks(value, at: root.appending("applinks"))
        }
        for (key, section) in Self.appListServices {
            if let value = value[key] { file[keyPath: section] = decodeAppList(value, at: root.appending(key)) }
        }
        if file.grantsNothing, !diagnostics.contains(where: { $0.severity == .error }) {
            reportGrantsNothing(members)
        }
        return file
    }

    /// The `grants-nothing` error of a file with no section iOS reads (and no other error saying why): the fix
    /// renames a top-level key that is a misspelling of a service (`appLinks`, `applink`), else shows the shape to
    /// write.
    private mutating func reportGrantsNothing(_ members: [JSONMember]) {
        let misspelled = members.lazy.compactMap { member -> (String, String)? in
            guard !Self.topLevelKeys.contains(member.key) else { return nil }
            let key = Array(member.key.lowercased().utf8)
            return Self.topLevelKeys.first { EditDistance.levenshtein(key, Array($0.utf8), limit: 2) <= 2 }.map {
                (member.key, $0)
            }
        }.first
        let example =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}"#
        let keys =
            members.prefix(5).map { "'\($0.key)'" }.joined(separator: ", ")
            + (members.count > 5 ? " and \(members.count - 5) more" : "")
        if let (written, known) = misspelled {
            report(
                .error, .grantsNothing, JSONPointer.root.appending(written),
                "the file grants nothing to any app: '\(written)' is not '\(known)' (keys are case-sensitive), and iOS "
                    + "reads no other section of it",
                hint: "rename '\(written)' to '\(known)'")
        } else {
            report(
                .error, .grantsNothing, .root,
                "the file grants nothing to any app: "
                    + (members.isEmpty ? "it is empty" : "iOS reads none of its keys (\(keys))"),
                hint: "write the app's section, such as \(example)")
        }
    }

    private mutating func decodeAppList(_ value: JSONValue, at pointer: JSONPointer) -> AASAFile.AppList? {
        guard let members = object(value, at: pointer, expected: #"an object {"apps": [...]}"#) else { return nil }
        checkKeys(
            members, known: Self.appListKeys, at: pointer, context: .service(String(pointer.description.dropFirst())))
        let apps = value["apps"].flatMap { strings($0, at: pointer.appending("apps")) }
        if apps?.isEmpty ?? true {
            let name = pointer.description.dropFirst()
            report(
                .warning, .serviceWithoutApps, value["apps"] == nil ? pointer : pointer.appending("apps"),
                "'\(name)' lists no app, so it grants nothing",
                hint: #"list the app IDs, e.g. {"\#(name)": {"apps": ["ABCDE12345.com.example.app"]}}, or remove it"#)
        }
        return AASAFile.AppList(apps: apps ?? [])
    }

    private mutating func decodeAppLinks(_ value: JSONValue, at pointer: JSONPointer) -> AASAFile.AppLinks? {
        guard let members = object(value, at: pointer, expected: "an object") else { return nil }
        checkKeys(members, known: Self.appLinksKeys, at: pointer, context: .appLinks)
        var appLinks = AASAFile.AppLinks()
        if let apps = value["apps"] {
            appLinks.apps = strings(apps, at: pointer.appending("apps"))
        }
        if let defaults = value["defaults"] {
            appLinks.defaults = decodeComponent(defaults, at: pointer.appending("defaults"))
        }
        if let variables = value["substitutionVariables"] {
            appLinks.substitutionVariables = decodeVariables(variables, at: pointer.appending("substitutionVariables"))
        }
        if value["details"] == nil {
            report(
                .warning, .applinksWithoutDetails, pointer, "'applinks' has no 'details', so it claims no URL",
                hint: #"add "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/*"}]}]"#)
        }
        if let details = value["details"] {
            let detailsPointer = pointer.appending("details")
            switch details {
            case .array(let items):
                for (index, item) in items.enumerated() {
                    if let entry = decodeEntry(item, at: detailsPointer.appending(index), dictionaryAppID: nil) {
                        appLinks.details.append(entry)
                    }
                }
            case .object(let items) where items.contains(where: { Self.entryKeys.contains($0.key) }):
                report(
                    .error, .wrongNesting, detailsPointer,
                    "'details' is a single entry object, but it must be an array of entries; iOS ignores it, "
                        + "so no universal link works",
                    hint: #"wrap the entry in brackets: "details": [{"appIDs": [...], "components": [...]}]"#)
            case .object(let items):
                appLinks.detailsIsDictionary = true
                checkDuplicates(items, at: detailsPointer)
                for item in items {
                    if let entry = decodeEntry(
                        item.value, at: detailsPointer.appending(item.key), dictionaryAppID: item.key)
                    {
                        appLinks.details.append(entry)
                    }
                }
            default:
                wrongType(details, at: detailsPointer, expected: "an array of entries")
            }
        }
        return appLinks
    }

    private mutating func decodeVariables(_ value: JSONValue, at pointer: JSONPointer) -> [(
        name: String, values: [String]
    )] {
        guard let members = object(value, at: pointer, expected: "an object of name to array of strings") else {
            return []
        }
        checkDuplicates(members, at: pointer)
        var variables: [(name: String, values: [String])] = []
        for member in members {
            if let values = strings(member.value, at: pointer.appending(member.key)) {
                variables.append((member.key, values))
            }
        }
        return variables
    }

    private mutating func decodeEntry(_ value: JSONValue, at pointer: JSONPointer, dictionaryAppID: String?)
        -> AASAFile.Entry?
    {
        guard let members = object(value, at: pointer, expected: "an object") else { return nil }
        checkKeys(members, known: Self.entryKeys, at: pointer, context: .entry)
        var entry = AASAFile.Entry(pointer: pointer.description)
        entry.appID = dictionaryAppID
        if let appID = value["appID"] {
            if case .string(let id) = appID {
                entry.appID = id
            } else {
                wrongType(appID, at: pointer.appending("appID"), expected: "a string")
            }
        }
        if let appIDs = value["appIDs"] {
            entry.appIDList = strings(appIDs, at: pointer.appending("appIDs"))
        }
        if let components = value["components"] {
            let componentsPointer = pointer.appending("components")
            if case .array(let items) = components {
                if items.isEmpty {
                    report(
                        .warning, .emptyComponents, componentsPointer,
                        "'components' is empty, so this entry claims no URL",
                        hint: #"add a component such as {"/": "/products/*"}, or remove the entry"#)
                }
                var decoded: [AASAFile.Component] = []
                for (index, item) in items.enumerated() {
                    if let component = decodeComponent(item, at: componentsPointer.appending(index)) {
                        decoded.append(component)
                    }
                }
                entry.components = decoded
            } else {
                wrongType(components, at: componentsPointer, expected: "an array of component objects")
            }
        }
        if let paths = value["paths"] {
            entry.paths = strings(paths, at: pointer.appending("paths"))
        }
        if let defaults = value["defaults"] {
            entry.defaults = decodeComponent(defaults, at: pointer.appending("defaults"))
        }
        return entry
    }

    private mutating func decodeComponent(_ value: JSONValue, at pointer: JSONPointer) -> AASAFile.Component? {
        guard let members = object(value, at: pointer, expected: "an object") else { return nil }
        checkKeys(members, known: Self.componentKeys, at: pointer, context: .component)
        var component = AASAFile.Component(pointer: pointer.description)
        component.path = string(value["/"], at: pointer.appending("/"))
        component.fragment = string(value["#"], at: pointer.appending("#"))
        component.comment = string(value["comment"], at: pointer.appending("comment"))
        component.exclude = bool(value["exclude"], at: pointer.appending("exclude"))
        component.caseSensitive = bool(value["caseSensitive"], at: pointer.appending("caseSensitive"))
        component.percentEncoded = bool(value["percentEncoded"], at: pointer.appending("percentEncoded"))
        if let query = value["?"] {
            let queryPointer = pointer.appending("?")
            switch query {
            case .string(let pattern):
                component.query = .string(pattern)
            case .object(let items):
                checkDuplicates(items, at: queryPointer)
                var patterns: [(name: String, pattern: String)] = []
                var ignored = false
                for item in items {
                    if case .string(let pattern) = item.value {
                        patterns.removeAll { $0.name == item.key }
                        patterns.append((item.key, pattern))
                    } else {
                        ignored = true
                        report(
                            .error, .queryNonString, queryPointer.appending(item.key),
                            "query item '\(item.key)' has \(article(item.value.typeName)) value, so iOS ignores the whole '?' dictionary",
                            hint: "write the value as a string pattern, e.g. \"42\" or \"*\"")
                    }
                }
                if !ignored { component.query = .items(patterns) }
            default:
                wrongType(query, at: queryPointer, expected: "a string or an object of item name to pattern")
            }
        }
        return component
    }

    // MARK: - Typed accessors

    /// `value` as `extract` reads it; nil for a missing value, and nil after reporting a value of another type.
    private mutating func typed<T>(
        _ value: JSONValue?, at pointer: JSONPointer, expected: String, _ extract: (JSONValue) -> T?
    ) -> T? {
        guard let value else { return nil }
        guard let result = extract(value) else {
            wrongType(value, at: pointer, expected: expected)
            return nil
        }
        return result
    }

    private mutating func object(_ value: JSONValue, at pointer: JSONPointer, expected: String) -> [JSONMember]? {
        typed(value, at: pointer, expected: expected) { (value) -> [JSONMember]? in
            guard case .object(let members) = value else { return nil }
            return members
        }
    }

    private mutating func string(_ value: JSONValue?, at pointer: JSONPointer) -> String? {
        typed(value, at: pointer, expected: "a string") { (value) -> String? in
            guard case .string(let text) = value else { return nil }
            return text
        }
    }

    private mutating func bool(_ value: JSONValue?, at pointer: JSONPointer) -> Bool? {
        typed(value, at: pointer, expected: "true or false") { (value) -> Bool? in
            guard case .bool(let flag) = value else { return nil }
            return flag
        }
    }

    private mutating func strings(_ value: JSONValue, at pointer: JSONPointer) -> [String]? {
        guard case .array(let items) = value else {
            wrongType(value, at: pointer, expected: "an array of strings")
            return nil
        }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            if case .string(let text) = item {
                if result.count != index {
                    filePointers[pointer.appending(result.count).description] = pointer.appending(index).description
                }
                result.append(text)
            } else {
                wrongType(item, at: pointer.appending(index), expected: "a string")
            }
        }
        return result
    }

    // MARK: - Reporting

    private mutating func wrongType(_ value: JSONValue, at pointer: JSONPointer, expected: String) {
        report(
            .error, .wrongType, pointer, "expected \(expected), found \(article(value.typeName)); iOS ignores it",
            hint: "change the value to \(expected)")
    }

    /// Where a set of keys is checked, for keys that belong one level up or down.
    enum Context {
        case top, appLinks, entry, component
        case service(String)
    }

    /// A key that is meaningful elsewhere in the file: the message and the fix, or nil.
    static func misplaced(_ key: String, in context: Context) -> (message: String, hint: String)? {
        let entryOnly = ["appID", "appIDs", "components", "paths"]
        let entryExample =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [...]}]}}"#
        switch context {
        case .top where ["details", "substitutionVariables", "defaults"].contains(key):
            return (
                "'\(key)' belongs inside 'applinks'; at the top level iOS ignores it, so no universal link works",
                #"move it into "applinks": {"applinks": {"\#(key)": ...}}"#
            )
        case .top where entryOnly.contains(key):
            return (
                "'\(key)' belongs inside an entry of applinks.details; at the top level iOS ignores it, "
                    + "so no universal link works",
                "move it into a details entry: \(entryExample)"
            )
        case .appLinks where entryOnly.contains(key):
            return (
                "'\(key)' belongs inside an entry of 'details', not directly in 'applinks'; iOS ignores it, "
                    + "so no universal link works",
                #"move it into an entry: "details": [{"appIDs": [...], "components": [...]}]"#
            )
        case .entry where ["/", "?", "#", "exclude", "caseSensitive", "percentEncoded"].contains(key):
            return (
                "'\(key)' belongs inside a component, not directly in the entry; iOS ignores it",
                #"move it into "components": [{"\#(key)": ...}]"#
            )
        case .service(let name) where (entryOnly + ["details", "defaults", "substitutionVariables"]).contains(key):
            let fix =
                key == "appIDs" || key == "appID"
                ? "rename it to 'apps'"
                : "list the app IDs instead: {\"\(name)\": {\"apps\": [\"ABCDE12345.com.example.app\"]}}"
            return ("'\(name)' has no '\(key)' (only applinks does); iOS ignores it", fix)
        default:
            return nil
        }
    }

    private mutating func checkKeys(
        _ members: [JSONMember], known: [String], at pointer: JSONPointer, context: Context
    ) {
        checkDuplicates(members, at: pointer)
        for member in members where !known.contains(member.key) {
            if let (message, hint) = Self.misplaced(member.key, in: context) {
                report(.error, .wrongNesting, pointer.appending(member.key), message, hint: hint)
                continue
            }
            let suggestion = known.first { $0.lowercased() == member.key.lowercased() }
            let hint =
                suggestion.map { "rename it to '\($0)' (keys are case-sensitive)" }
                ?? "remove it, or use one of: \(known.joined(separator: ", "))"
            report(
                .warning, .unknownKey, pointer.appending(member.key),
                "unknown key '\(member.key)'; iOS silently ignores it", hint: hint)
        }
    }

    private mutating func checkDuplicates(_ members: [JSONMember], at pointer: JSONPointer) {
        var seen = Set<String>()
        var reported = Set<String>()
        for member in members where !seen.insert(member.key).inserted && reported.insert(member.key).inserted {
            report(
                .warning, .duplicateKey, pointer.appending(member.key),
                "key '\(member.key)' appears more than once; only the last one counts",
                hint: "merge the duplicates into one key")
        }
    }

    mutating func report(
        _ severity: AASADiagnostic.Severity, _ code: AASADiagnostic.Code, _ pointer: JSONPointer, _ message: String,
        hint: String
    ) {
        diagnostics.append(
            AASADiagnostic(severity: severity, code: code, pointer: pointer.description, message: message, hint: hint))
    }

    private func article(_ typeName: String) -> String {
        switch typeName {
        case "array", "object": return "an \(typeName)"
        case "null": return "null"
        default: return "a \(typeName)"
        }
    }
}
