import FileLocations
import RichMediaKitSupport

/// A parsed `assetlinks.json` file (`https://HOST/.well-known/assetlinks.json`): its valid statements, and the
/// diagnostics found while reading it.
///
/// Reading is strict where Android is: the file must be one JSON array (a trailing comma is an error); a statement
/// Android skips (not an object, no relation or target, an unknown namespace, no fingerprint list) is skipped here
/// too, with a diagnostic, and the other statements still count. Values Android keeps but never matches (a
/// lower-case fingerprint, an invalid package name) are kept as written, with a diagnostic.
///
/// - Complexity: O(*n*) in the file's size, which is bounded by ``maximumSize``; nesting is bounded by the
///   package's JSON parser.
public struct AssetLinksFile: Sendable, Hashable {
    /// The size Android's verifier reads at most: 1 MiB.
    public static let maximumSize = 1_048_576
    /// The nesting depth accepted; a real file nests five levels.
    public static let maximumDepth = 64

    /// The statements that count, in file order.
    public var statements: [AssetLinksStatement]
    /// Every problem found while reading, in file order.
    public var diagnostics: [AndroidLinkDiagnostic]

    /// Creates a file from statements.
    ///
    /// - Parameters:
    ///   - statements: The statements.
    ///   - diagnostics: The diagnostics.
    public init(statements: [AssetLinksStatement], diagnostics: [AndroidLinkDiagnostic] = []) {
        self.statements = statements
        self.diagnostics = diagnostics
    }

    /// Parses a file's bytes.
    ///
    /// - Parameter bytes: The file, UTF-8.
    /// - Throws: ``AssetLinksError`` when the file is over 1 MiB, not valid JSON (with line and column) or not an
    ///   array.
    public init(parsing bytes: some Collection<UInt8>) throws(AssetLinksError) {
        let array = Array(bytes)
        guard array.count <= Self.maximumSize else {
            throw AssetLinksError(
                .tooLarge,
                AndroidLinkDiagnostic(
                    severity: .error, code: .sizeLimit,
                    message: "the file is \(array.count) bytes; Android's verifier reads at most 1 MiB "
                        + "(\(Self.maximumSize) bytes)",
                    hint: "serve a smaller file: one statement per app, with all of its fingerprints",
                    location: FileLocation(pointer: .root, line: 1, column: 1)))
        }
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(array, maximumDepth: Self.maximumDepth)
        } catch {
            throw AssetLinksError(
                .invalidJSON,
                AndroidLinkDiagnostic(
                    severity: .error, code: .jsonSyntax, message: error.message,
                    hint: error.hint ?? "fix the JSON at this position: Android rejects the whole file",
                    location: .text(line: error.line, column: error.column)))
        }
        guard case .array(let items) = value else {
            throw AssetLinksError(
                .notArray,
                AndroidLinkDiagnostic(
                    severity: .error, code: .notArray,
                    message: "the file's top-level value is \(value.typeName == "object" ? "an" : "a") "
                        + "\(value.typeName), not an array of statements",
                    hint: #"wrap the statements in brackets: [{"relation": [...], "target": {...}}]"#,
                    location: FileLocation(pointer: .root, line: 1, column: 1)))
        }
        var decoder = AssetLinksDecoder()
        self = decoder.decode(items)
        self.locate(in: array)
    }

    /// Parses a file's text.
    ///
    /// - Parameter text: The file.
    /// - Throws: ``AssetLinksError`` as ``init(parsing:)-(Collection<UInt8>)`` does.
    public init(parsing text: String) throws(AssetLinksError) {
        try self.init(parsing: Array(text.utf8))
    }

    /// Fills in the line and column of every pointer in one pass over the bytes.
    private mutating func locate(in bytes: [UInt8]) {
        var pointers: [String] = []
        for statement in statements {
            pointers.append(statement.location.pointer?.text ?? "")
            for rule in statement.dynamicRules ?? [] { pointers.append(rule.location.pointer?.text ?? "") }
        }
        pointers.append(contentsOf: diagnostics.map { $0.location.pointer?.text ?? "" })
        let positions = JSONSourcePositions.positions(of: pointers, in: bytes)
        func place(_ location: inout FileLocation) {
            guard let pointer = location.pointer, let position = positions[pointer.text] else { return }
            location.line = position.line
            location.column = position.column
        }
        for index in statements.indices {
            place(&statements[index].location)
            if statements[index].dynamicRules != nil {
                for rule in statements[index].dynamicRules!.indices {
                    place(&statements[index].dynamicRules![rule].location)
                }
            }
        }
        for index in diagnostics.indices { place(&diagnostics[index].location) }
    }

    /// The URLs of the include statements, in file order.
    public var includes: [String] { statements.compactMap(\.include) }
}
