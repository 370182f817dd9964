import AndroidAppLinks
import FileLocations
import LinkRouting
import RichMediaKitSupport

extension LinkProject {
    /// The largest project file read.
    public static let maximumFileSize = 1 << 20

    /// The kind of value a key of the project file takes (package access: the schema test reads the table).
    package enum ValueKind: String, Sendable, CaseIterable {
        /// A JSON string.
        case string
        /// A positive JSON integer.
        case integer
        /// An array of strings.
        case strings
        /// An object whose values are strings.
        case stringMap
        /// An object with its own keys (`ios`, `android`).
        case section

        /// The JSON Schema `type` of the value.
        package var schemaType: String {
            switch self {
            case .string: return "string"
            case .integer: return "integer"
            case .strings: return "array"
            case .stringMap, .section: return "object"
            }
        }
    }

    /// Every key the project file accepts, per object (`""` for the top level, `ios`, `android`), in the order the
    /// messages list them: the one table the parser checks against (and the schema and docs tests read).
    package static let keys: [String: [(name: String, kind: ValueKind)]] = [
        "": [
            ("$schema", .string), ("version", .integer), ("routes", .string), ("defines", .stringMap),
            ("baseline", .string), ("format", .string), ("ios", .section), ("android", .section),
        ],
        "ios": [("entitlements", .string), ("infoPlist", .string), ("appID", .string), ("siteFiles", .stringMap)],
        "android": [
            ("manifest", .string), ("strings", .strings), ("defines", .stringMap), ("package", .string),
            ("fingerprints", .strings), ("certificates", .strings), ("targetSDK", .integer), ("siteFiles", .stringMap),
        ],
    ]

    /// The keys whose values name files (each item, for `strings` and `certificates`; each value but `"fetch"`, for
    /// `siteFiles`): a project file names files, so none may be `-`, the command line's standard input.
    package static let pathKeys: Set<String> = [
        "routes", "baseline", "entitlements", "infoPlist", "manifest", "strings", "certificates", "siteFiles",
    ]

    /// Why `name` cannot be a build variable's name, or nil: the rule of `--define NAME=VALUE`, whose name is the
    /// text before the first `=` (so it is not empty and has no `=`).
    package static func defineNameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a definition's name must not be empty" }
        if name.contains("=") { return "a definition's name has no `=` (`--define NAME=VALUE` splits at the first)" }
        return nil
    }

    /// The value of a JSON number that is an integer, however it is written (`34`, `34.0`, `3.4e1`: JSON Schema's
    /// `integer`), or nil for a fraction or a number out of `Int`'s range.
    package static func integer(_ text: String) -> Int? {
        if let value = Int(text) { return value }
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let exponentText = rest.dropFirst(mantissa.count).dropFirst()
        guard let exponent = exponentText.isEmpty ? 0 : Int(exponentText) else { return nil }
        let whole = mantissa.prefix { $0 != "." }
        let fraction = mantissa.dropFirst(whole.count).dropFirst()
        var digits = Substring(String(whole) + String(fraction))
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        digits = digits.drop { $0 == "0" }
        if digits.isEmpty { return 0 }
        let shift = exponent - fraction.count
        if shift < 0 {
            guard -shift <= digits.count, digits.suffix(-shift).allSatisfy({ $0 == "0" }) else { return nil }
            digits = digits.dropLast(-shift)
        } else {
            guard digits.count + shift <= 19 else { return nil }
            digits += String(repeating: "0", count: shift)
        }
        return Int((negative ? "-" : "") + digits)
    }

    /// The output formats a project may name (each command uses it where it offers it).
    public static let formats = ["text", "json", "sarif", "github", "xcode", "html"]

    /// Reads a project file.
    ///
    /// - Parameter bytes: The file's bytes (UTF-8 JSON).
    /// - Throws: ``LinkProjectError`` at the line and column of the first problem: a JSON syntax error, a value of
    ///   the wrong type, an unknown key (naming the keys allowed there), a missing or unknown `version`.
    public init(json bytes: some Collection<UInt8>) throws(LinkProjectError) {
        let array = Array(bytes)
        guard array.count <= Self.maximumFileSize else {
            throw LinkProjectError(
                .tooLarge, "the file has \(array.count) bytes; a project file has at most \(Self.maximumFileSize)",
                at: .text(line: 1, column: 1))
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(array)
        } catch {
            throw LinkProjectError(.invalidJSON, error.message, at: .text(line: error.line, column: error.column))
        }
        var reader = Reader(bytes: array)
        self = try reader.project(root)
    }

    /// Walks the parsed document, checking each value against ``keys``.
    private struct Reader {
        let bytes: [UInt8]

        func fail(_ message: String, at pointer: JSONPointer) -> LinkProjectError {
            fail(.wrongType, message, at: pointer)
        }

        func fail(_ kind: LinkProjectError.Kind, _ message: String, at pointer: JSONPointer)
            -> LinkProjectError
        {
            let position = JSONSourcePositions.positions(of: [pointer.text], in: bytes)[pointer.text]
            return LinkProjectError(
                kind, message, at: FileLocation(pointer: pointer, line: position?.line, column: position?.column))
        }

        /// The members of an object, each checked against the section's keys.
        func members(_ value: JSONValue, section: String, at pointer: JSONPointer) throws(LinkProjectError)
            -> [String: (value: JSONValue, pointer: JSONPointer)]
        {
            let place = section.isEmpty ? "the project file" : "`\(section)`"
            guard case .object(let members) = value else {
                throw fail("\(place) must be an object, not \(value.typeName)", at: pointer)
            }
            let allowed = LinkProject.keys[section] ?? []
            var result: [String: (value: JSONValue, pointer: JSONPointer)] = [:]
            for member in members {
                let memberPointer = pointer.appending(member.key)
                guard let kind = allowed.first(where: { $0.name == member.key })?.kind else {
                    throw fail(
                        .unknownKey,
                        "unknown key `\(member.key)` in \(place); expected one of "
                            + allowed.map { "`\($0.name)`" }.joined(separator: ", "),
                        at: memberPointer)
                }
                guard result[member.key] == nil else {
                    throw fail(.duplicateKey, "`\(member.key)` is given twice in \(place)", at: memberPointer)
                }
                try check(member.value, is: kind, key: member.key, at: memberPointer)
                result[member.key] = (member.value, memberPointer)
            }
            return result
        }

        func check(_ value: JSONValue, is kind: ValueKind, key: String, at pointer: JSONPointer)
            throws(LinkProjectError)
        {
            switch (kind, value) {
            case (.string, .string(let text)):
                guard !text.isEmpty else { throw fail("`\(key)` must not be empty", at: pointer) }
                try checkPath(text, key: key, at: pointer)
                if key == "package", !AssetLinksDecoder.isPackageName(text) {
                    throw fail(
                        "`package` must be an Android application ID such as com.example.app (two or more "
                            + "parts of letters, digits and `_`, each starting with a letter), not `\(text)`",
                        at: pointer)
                }
            case (.integer, .number(let text)):
                guard let number = LinkProject.integer(text), number > 0 else {
                    throw fail("`\(key)` must be a positive integer, not \(text)", at: pointer)
                }
            case (.strings, .array(let items)):
                for (index, item) in items.enumerated() {
                    guard case .string(let text) = item, !text.isEmpty else {
                        throw fail(
                            "each item of `\(key)` must be a non-empty string, not \(describe(item))",
                            at: pointer.appending(index))
                    }
                    try checkPath(text, key: key, at: pointer.appending(index))
                }
            case (.stringMap, .object(let members)):
                var seen: Set<String> = []
                var hosts: Set<String> = []
                for member in members {
                    let memberPointer = pointer.appending(member.key)
                    guard case .string(let text) = member.value, !text.isEmpty else {
                        throw fail(
                            "each value of `\(key)` must be a non-empty string, not \(describe(member.value))",
                            at: memberPointer)
                    }
                    guard !member.key.isEmpty, seen.insert(member.key).inserted else {
                        throw fail(
                            member.key.isEmpty ? .wrongType : .duplicateKey,
                            member.key.isEmpty ? "`\(key)` has an empty name" : "`\(member.key)` is given twice",
                            at: memberPointer)
                    }
                    if text != LinkProject.fetch { try checkPath(text, key: key, at: memberPointer) }
                    try checkName(member.key, key: key, at: memberPointer)
                    if key == "siteFiles", !hosts.insert(member.key.lowercased()).inserted {
                        throw fail(
                            .duplicateKey,
                            "`\(member.key)` is given twice in `siteFiles` (host names compare ignoring case)",
                            at: memberPointer)
                    }
                }
            case (.section, .object):
                break
            default:
                let expected: String
                switch kind {
                case .string: expected = "a string"
                case .integer: expected = "a positive integer"
                case .strings: expected = "an array of strings"
                case .stringMap: expected = "an object of strings"
                case .section: expected = "an object"
                }
                throw fail("`\(key)` must be \(expected), not \(value.typeName)", at: pointer)
            }
        }

        /// Refuses `-` (standard input) as the value of a key that names a file.
        func checkPath(_ text: String, key: String, at pointer: JSONPointer) throws(LinkProjectError) {
            guard text == "-", LinkProject.pathKeys.contains(key) else { return }
            throw fail(
                "`\(key)` must name a file, not `-`: standard input is for the command line, a project file names "
                    + "files",
                at: pointer)
        }

        /// Checks a name of an object of strings: a site file's domain or host is a host name, as `--aasa
        /// DOMAIN=FILE` and `--assetlinks HOST=FILE` take it (a port allowed, no wildcard); a definition's name is
        /// what `--define NAME=VALUE` takes.
        func checkName(_ name: String, key: String, at pointer: JSONPointer) throws(LinkProjectError) {
            switch key {
            case "siteFiles":
                do throws(RouteConfigurationError) {
                    try AssociatedDomain.validateServingDomain(name)
                } catch {
                    throw fail(
                        "each name in `siteFiles` must be a host name such as example.com; \(error.message)",
                        at: pointer)
                }
            case "defines":
                if let problem = LinkProject.defineNameProblem(name) {
                    throw fail("`\(name)` in `defines`: \(problem)", at: pointer)
                }
            default:
                break
            }
        }

        func describe(_ value: JSONValue) -> String {
            if case .string = value { return "an empty string" }
            return value.typeName
        }

        func string(_ value: JSONValue?) -> String? {
            guard case .string(let text) = value else { return nil }
            return text
        }

        func strings(_ value: JSONValue?) -> [String] {
            guard case .array(let items) = value else { return [] }
            return items.compactMap(string)
        }

        func pairs(_ value: JSONValue?) -> [(String, String)] {
            guard case .object(let members) = value else { return [] }
            return members.compactMap { member in string(member.value).map { (member.key, $0) } }
        }

        func integer(_ value: JSONValue?) -> Int? {
            guard case .number(let text) = value else { return nil }
            return LinkProject.integer(text)
        }

        mutating func project(_ root: JSONValue) throws(LinkProjectError) -> LinkProject {
            let top = try members(root, section: "", at: .root)
            guard let version = top["version"] else {
                throw fail(
                    .version, "missing `version` (this tool reads version \(LinkProject.currentVersion))", at: .root)
            }
            guard integer(version.value) == LinkProject.currentVersion else {
                throw fail(
                    .version, "this tool reads version \(LinkProject.currentVersion) of the project file",
                    at: version.pointer)
            }
            var project = LinkProject(
                routes: string(top["routes"]?.value),
                defines: Dictionary(uniqueKeysWithValues: pairs(top["defines"]?.value)),
                baseline: string(top["baseline"]?.value), format: string(top["format"]?.value))
            if let format = top["format"], let text = project.format, !LinkProject.formats.contains(text) {
                throw fail(
                    "unknown format `\(text)`; expected one of "
                        + LinkProject.formats.map { "`\($0)`" }.joined(separator: ", "),
                    at: format.pointer)
            }
            if let ios = top["ios"] {
                let keys = try members(ios.value, section: "ios", at: ios.pointer)
                project.ios = IOS(
                    entitlements: string(keys["entitlements"]?.value), infoPlist: string(keys["infoPlist"]?.value),
                    appID: string(keys["appID"]?.value),
                    siteFiles: pairs(keys["siteFiles"]?.value).map { (domain: $0.0, file: $0.1) })
            }
            if let android = top["android"] {
                let keys = try members(android.value, section: "android", at: android.pointer)
                let defines = pairs(keys["defines"]?.value)
                if let shared = defines.first(where: { project.defines[$0.0] != nil }), let at = keys["defines"] {
                    throw fail(
                        .duplicateKey, "`\(shared.0)` is also defined in the top-level `defines`; give it once",
                        at: at.pointer.appending(shared.0))
                }
                if let list = keys["fingerprints"], case .array(let items) = list.value {
                    for (index, item) in items.enumerated() {
                        guard case .string(let text) = item, CertificateFingerprint.normalized(text) == nil else {
                            continue
                        }
                        throw fail(
                            "`\(text)` in `fingerprints` is not a SHA-256 fingerprint (32 hexadecimal octets, "
                                + "as `--fingerprint HEX` takes it)",
                            at: list.pointer.appending(index))
                    }
                }
                project.android = Android(
                    manifest: string(keys["manifest"]?.value), strings: strings(keys["strings"]?.value),
                    defines: Dictionary(uniqueKeysWithValues: defines), packageName: string(keys["package"]?.value),
                    fingerprints: strings(keys["fingerprints"]?.value),
                    certificates: strings(keys["certificates"]?.value), targetSDK: integer(keys["targetSDK"]?.value),
                    siteFiles: pairs(keys["siteFiles"]?.value).map { (host: $0.0, file: $0.1) })
            }
            return project
        }
    }
}
