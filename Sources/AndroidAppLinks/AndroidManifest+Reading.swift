import FileLocations
import RichMediaKitSupport

/// What resolves a manifest's indirections: Gradle's `manifestPlaceholders` and the app's string resources.
public struct ManifestResources: Sendable, Hashable {
    /// `${name}` values, by name.
    public var placeholders: [String: String]
    /// `@string/name` values, by name, as the resource compiler produces them.
    public var strings: [String: String]

    /// Creates resources.
    ///
    /// - Parameters:
    ///   - placeholders: `${name}` values.
    ///   - strings: `@string/name` values.
    public init(placeholders: [String: String] = [:], strings: [String: String] = [:]) {
        self.placeholders = placeholders
        self.strings = strings
    }

    /// Adds the `<string name="...">` values of a `res/values/strings.xml` file (later files win).
    ///
    /// - Parameter bytes: The file, UTF-8.
    /// - Throws: ``AndroidManifestError`` for malformed or hostile XML.
    public mutating func addStrings(parsing bytes: some Collection<UInt8>) throws(AndroidManifestError) {
        var reader = ManifestXMLReader(bytes: Array(bytes))
        for (name, text) in try reader.readStrings() {
            strings[name] = ManifestValueResolver.compile(text)
        }
    }
}

extension AndroidManifest {
    /// Reads a source `AndroidManifest.xml`.
    ///
    /// - Parameters:
    ///   - bytes: The file, UTF-8.
    ///   - resources: Placeholder values and string resources.
    /// - Throws: ``AndroidManifestError`` with the line and column of malformed or hostile XML.
    /// - Complexity: O(*n*) in the file's size.
    public init(parsing bytes: some Collection<UInt8>, resources: ManifestResources = ManifestResources())
        throws(AndroidManifestError)
    {
        var reader = ManifestXMLReader(bytes: Array(bytes))
        self = try reader.readManifest(resources: resources)
    }

    /// Reads a source `AndroidManifest.xml` from text.
    ///
    /// - Parameters:
    ///   - text: The file.
    ///   - resources: Placeholder values and string resources.
    /// - Throws: ``AndroidManifestError``.
    public init(parsing text: String, resources: ManifestResources = ManifestResources()) throws(AndroidManifestError) {
        try self.init(parsing: Array(text.utf8), resources: resources)
    }
}

/// Resolves `${name}` and `@string/name`, then applies the resource compiler's escapes.
enum ManifestValueResolver {
    /// aapt2's processing of an attribute value: `\\` is `\`, `\t` and `\n` are escapes, `\uXXXX` a UTF-16 unit,
    /// `\c` is `c` for any other character, and a final lone `\` is dropped.
    static func compile(_ text: String) -> String {
        var units: [UInt16] = []
        let input = Array(text.utf16)
        var index = 0
        while index < input.count {
            let unit = input[index]
            guard unit == UInt16(UInt8(ascii: "\\")) else {
                units.append(unit)
                index += 1
                continue
            }
            guard index + 1 < input.count else { break }
            let next = input[index + 1]
            switch next {
            case UInt16(UInt8(ascii: "t")): units.append(0x09)
            case UInt16(UInt8(ascii: "n")): units.append(0x0A)
            case UInt16(UInt8(ascii: "u")):
                if index + 5 < input.count,
                    let value = UInt16(String(decoding: input[(index + 2)...(index + 5)], as: UTF16.self), radix: 16)
                {
                    units.append(value)
                    index += 6
                    continue
                }
                units.append(next)
            default: units.append(next)
            }
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The value Android receives for `source`, or what is unresolved.
    static func resolve(_ source: String, _ resources: ManifestResources) -> (value: String?, unresolved: String?) {
        if source.hasPrefix("@string/") {
            let name = String(source.dropFirst("@string/".count))
            guard let value = resources.strings[name] else { return (nil, source) }
            return (value, nil)
        }
        var result = ""
        var rest = Substring(source)
        while let open = rest.firstRange(of: "${") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                result += rest[open.lowerBound...]
                rest = ""
                break
            }
            let name = String(rest[open.upperBound..<close])
            guard let value = resources.placeholders[name] else { return (nil, "${\(name)}") }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return (compile(result), nil)
    }
}

/// Walks the manifest's elements with the package's XML scanner, bounded in depth.
struct ManifestXMLReader {
    static let androidNamespace = "http://schemas.android.com/apk/res/android"
    private var scanner: XMLScanner

    init(bytes: [UInt8]) {
        scanner = XMLScanner(bytes: bytes)
    }

    /// The bytes the position counter has counted (``XMLScanner/positionWork``): at most the file's size, since the
    /// walk asks for positions in file order (tests check it).
    var positionWork: Int { scanner.positionWork }

    private mutating func failure(_ error: XMLSyntaxError) -> AndroidManifestError {
        AndroidManifestError(error.message, line: error.position.line, column: error.position.column)
    }

    private mutating func failure(_ message: String, at offset: Int) -> AndroidManifestError {
        failure(scanner.failure(message, at: offset))
    }

    /// One element event of the walk.
    enum Event {
        case start(name: String, attributes: [XMLAttribute], selfClosing: Bool, position: XMLPosition, depth: Int)
        case end(name: String)
    }

    /// Reads the whole document, calling `visit` for each start and end of an element.
    private mutating func walk(
        _ visit: (Event) throws(XMLSyntaxError) -> Void
    ) throws(AndroidManifestError) {
        guard scanner.bytes.count <= AndroidManifest.maximumSize else {
            throw AndroidManifestError(
                "the file is \(scanner.bytes.count) bytes; the reader accepts at most \(AndroidManifest.maximumSize)",
                line: 1, column: 1)
        }
        var stack: [String] = []
        var sawRoot = false
        do throws(XMLSyntaxError) {
            try scanner.start(notUTF8: "the file is not UTF-8 text")
            try scanner.skipMisc(prolog: true)
            while true {
                try scanner.skipMisc(prolog: false)
                if scanner.isAtEnd {
                    if let open = stack.last {
                        throw scanner.failure("unexpected end of file inside <\(open)>")
                    }
                    guard sawRoot else { throw scanner.failure("the file is empty: expected <manifest>") }
                    return
                }
                let start = scanner.index
                if scanner.starts(with: "</") {
                    let name = try scanner.readCloseTag()
                    guard stack.last == name else {
                        throw scanner.failure(
                            stack.last.map { "expected </\($0)>, found </\(name)>" } ?? "unexpected </\(name)>",
                            at: start)
                    }
                    stack.removeLast()
                    try visit(.end(name: name))
                } else if scanner.starts(with: "<![CDATA[") {
                    guard !stack.isEmpty else { throw scanner.failure("text outside the root element") }
                    scanner.index += 9
                    while !scanner.isAtEnd, !scanner.starts(with: "]]>") { scanner.index += 1 }
                    guard !scanner.isAtEnd else { throw scanner.failure("unterminated CDATA section", at: start) }
                    scanner.index += 3
                } else if scanner.starts(with: "<!") {
                    throw scanner.failure(
                        "markup declarations (<!ENTITY, <!DOCTYPE after the prolog) are not read", at: start)
                } else if scanner.starts(with: "<") {
                    if stack.isEmpty, sawRoot { throw scanner.failure("a second root element", at: start) }
                    let (name, attributes, selfClosing, position) = try scanner.readStartTag()
                    guard stack.count < AndroidManifest.maximumDepth else {
                        throw scanner.failure(
                            "elements nest deeper than \(AndroidManifest.maximumDepth) levels", at: start)
                    }
                    sawRoot = true
                    try visit(
                        .start(
                            name: name, attributes: attributes, selfClosing: selfClosing, position: position,
                            depth: stack.count))
                    if selfClosing { try visit(.end(name: name)) } else { stack.append(name) }
                } else {
                    guard !stack.isEmpty else { throw scanner.failure("text outside the root element") }
                    var ignored: [UInt8] = []
                    while !scanner.isAtEnd, scanner.bytes[scanner.index] != UInt8(ascii: "<") {
                        if scanner.bytes[scanner.index] == UInt8(ascii: "&") {
                            try scanner.readEntity(into: &ignored)
                        } else {
                            scanner.index += 1
                        }
                    }
                }
            }
        } catch {
            throw failure(error)
        }
    }

    mutating func readStrings() throws(AndroidManifestError) -> [(String, String)] {
        var strings: [(String, String)] = []
        var current: (name: String, text: String)?
        guard self.scanner.bytes.count <= AndroidManifest.maximumSize else {
            throw AndroidManifestError(
                "the file is larger than \(AndroidManifest.maximumSize) bytes", line: 1, column: 1)
        }
        do throws(XMLSyntaxError) {
            try self.scanner.start(notUTF8: "the file is not UTF-8 text")
            try self.scanner.skipMisc(prolog: true)
            guard self.scanner.startsTag("resources") else {
                throw self.scanner.failure("expected <resources>")
            }
            let (_, _, closed, _) = try self.scanner.readStartTag()
            if closed { return [] }
            while true {
                try self.scanner.skipMisc(prolog: false)
                guard !self.scanner.isAtEnd else {
                    throw self.scanner.failure("unexpected end of file inside <resources>")
                }
                if self.scanner.starts(with: "</") {
                    let name = try self.scanner.readCloseTag()
                    guard name == "resources" else { throw self.scanner.failure("unexpected </\(name)>") }
                    try self.scanner.skipMisc(prolog: false)
                    guard self.scanner.isAtEnd else { throw self.scanner.failure("content after </resources>") }
                    return strings
                }
                guard self.scanner.starts(with: "<"), !self.scanner.starts(with: "<!") else {
                    throw self.scanner.failure("unexpected text: expected <string> or </resources>")
                }
                let (name, attributes, selfClosing, _) = try self.scanner.readStartTag()
                let text = selfClosing ? "" : try self.scanner.readText(closing: name)
                if name == "string", let key = attributes.first(where: { $0.name == "name" })?.value {
                    current = (key, Self.stripQuotes(text))
                    if let current { strings.append((current.name, current.text)) }
                }
            }
        } catch {
            throw failure(error)
        }
    }

    /// A string resource's surrounding double quotes keep its spaces; without them, runs of white space collapse.
    static func stripQuotes(_ text: String) -> String {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { return String(text.dropFirst().dropLast()) }
        var result = ""
        var lastSpace = false
        for character in text {
            if character.isWhitespace {
                if !lastSpace, !result.isEmpty { result.append(" ") }
                lastSpace = true
            } else {
                result.append(character)
                lastSpace = false
            }
        }
        if result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    mutating func readManifest(resources: ManifestResources) throws(AndroidManifestError) -> AndroidManifest {
        var manifest = AndroidManifest(activities: [])
        var prefix = "android:"
        var activity: ManifestActivity?
        var filter: IntentFilter?
        var group: RelativeFilterGroup?
        var diagnostics: [AndroidLinkDiagnostic] = []
        var path: [String] = []
        func value(_ attribute: XMLAttribute) -> ManifestValue {
            let location = FileLocation.text(line: attribute.position.line, column: attribute.position.column)
            let (resolved, unresolved) = ManifestValueResolver.resolve(attribute.value, resources)
            if let unresolved {
                let isString = unresolved.hasPrefix("@string/")
                diagnostics.append(
                    AndroidLinkDiagnostic(
                        severity: .warning, code: isString ? .unresolvedString : .unresolvedPlaceholder,
                        message: "\(attribute.name)=\"\(attribute.value)\": \(unresolved) is not resolved, so the "
                            + "value is not used",
                        hint: isString
                            ? "pass the strings.xml that defines it with --strings FILE"
                            : "pass its value with --define \(unresolved.dropFirst(2).dropLast())=VALUE",
                        location: location))
            }
            return ManifestValue(source: attribute.value, value: resolved, unresolved: unresolved, location: location)
        }
        func android(_ attributes: [XMLAttribute], _ name: String) -> XMLAttribute? {
            attributes.first { $0.name == prefix + name }
        }
        try walk { (event) throws(XMLSyntaxError) in
            switch event {
            case .start(let name, let attributes, _, let position, let depth):
                let location = FileLocation.text(line: position.line, column: position.column)
                path.append(name)
                if depth == 0 {
                    guard name == "manifest" else {
                        throw XMLSyntaxError("the root element is <\(name)>, not <manifest>", at: position)
                    }
                    if let declaration = attributes.first(where: {
                        $0.name.hasPrefix("xmlns:") && $0.value == Self.androidNamespace
                    }) {
                        prefix = String(declaration.name.dropFirst("xmlns:".count)) + ":"
                    }
                    manifest.packageName = attributes.first { $0.name == "package" }.map { value($0).value ?? $0.value }
                    return
                }
                let parent = path.count >= 2 ? path[path.count - 2] : ""
                switch (parent, name) {
                case ("manifest", "uses-sdk"):
                    manifest.minSDK = android(attributes, "minSdkVersion").flatMap { Int($0.value) }
                    manifest.targetSDK = android(attributes, "targetSdkVersion").flatMap { Int($0.value) }
                case ("application", "activity"), ("application", "activity-alias"):
                    let exported = android(attributes, "exported").map { value($0).value == "true" }
                    activity = ManifestActivity(
                        name: android(attributes, "name").map { value($0).value ?? $0.value } ?? "",
                        element: name, exported: exported, intentFilters: [], location: location)
                case ("activity", "intent-filter"), ("activity-alias", "intent-filter"):
                    filter = IntentFilter(
                        autoVerify: android(attributes, "autoVerify").map { value($0).value == "true" } ?? false,
                        location: location)
                case ("intent-filter", "action"):
                    if let attribute = android(attributes, "name") { filter?.actions.append(value(attribute)) }
                case ("intent-filter", "category"):
                    if let attribute = android(attributes, "name") { filter?.categories.append(value(attribute)) }
                case ("intent-filter", "data"), ("uri-relative-filter-group", "data"):
                    let data = DataElement(
                        attributes: attributes.filter { $0.name.hasPrefix(prefix) }.map {
                            (String($0.name.dropFirst(prefix.count)), value($0))
                        }, location: location)
                    if group != nil { group?.data.append(data) } else { filter?.data.append(data) }
                case ("intent-filter", "uri-relative-filter-group"):
                    group = RelativeFilterGroup(
                        allow: android(attributes, "allow").map { value($0).value != "false" } ?? true, data: [],
                        location: location)
                default:
                    break
                }
            case .end(let name):
                path.removeLast()
                switch name {
                case "uri-relative-filter-group":
                    if let done = group { filter?.relativeFilterGroups.append(done) }
                    group = nil
                case "intent-filter":
                    if let done = filter { activity?.intentFilters.append(done) }
                    filter = nil
                case "activity", "activity-alias":
                    if let done = activity { manifest.activities.append(done) }
                    activity = nil
                default:
                    break
                }
            }
        }
        manifest.diagnostics = diagnostics
        return manifest
    }
}
