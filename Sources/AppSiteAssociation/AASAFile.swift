import FileLocations
import RichMediaKitSupport

/// An apple-app-site-association file: the model of everything iOS reads from it.
///
/// Load one with ``init(parsing:)``, check it with ``AASALinter``, and compile it into an
/// ``AASAMatcher`` to decide URLs:
///
/// <!-- snippet: AASAFileDocExample -->
/// ```swift
/// let file = try AASAFile(parsing: Array(data))
/// let matcher = AASAMatcher(file)
/// let result = matcher.match("https://example.com/product/42", domain: "example.com",
///                            appID: "ABCDE12345.com.example.app")
/// ```
///
/// Values of the wrong JSON type are dropped while loading (as if absent); ``AASALinter``
/// reports them. Only ``appLinks`` routes URLs; the other services (`webcredentials`, `appclips`,
/// `activitycontinuation`, `messagefilter`) only list app IDs.
public struct AASAFile: Sendable, Equatable {
    /// The `applinks` section: universal links.
    public var appLinks: AppLinks?
    /// The `webcredentials` section: apps that share the domain's passwords.
    public var webCredentials: AppList?
    /// The `appclips` section: App Clips invoked by the domain's URLs.
    public var appClips: AppList?
    /// The `activitycontinuation` section: apps that continue Handoff activities from the domain.
    public var activityContinuation: AppList?
    /// The `messagefilter` section: apps whose message filter extensions (IdentityLookup) may defer
    /// queries to the domain's server.
    public var messageFilter: AppList?

    /// Whether the file grants nothing to any app: it has no section iOS reads (`{}`, or only misspelled keys such
    /// as `appLinks` or `applink`). The lint reports it as the error `grants-nothing`, and `doctor` as the broken
    /// `file` step. (A section that names no app has its own diagnostics: `applinks-without-details`,
    /// `service-without-apps`, `empty-app-id`.)
    public var grantsNothing: Bool {
        appLinks == nil && webCredentials == nil && appClips == nil && activityContinuation == nil
            && messageFilter == nil
    }

    /// Creates a file from its sections.
    ///
    /// - Parameters:
    ///   - appLinks: The `applinks` section.
    ///   - webCredentials: The `webcredentials` section.
    ///   - appClips: The `appclips` section.
    ///   - activityContinuation: The `activitycontinuation` section.
    ///   - messageFilter: The `messagefilter` section.
    public init(
        appLinks: AppLinks? = nil, webCredentials: AppList? = nil, appClips: AppList? = nil,
        activityContinuation: AppList? = nil, messageFilter: AppList? = nil
    ) {
        self.appLinks = appLinks
        self.webCredentials = webCredentials
        self.appClips = appClips
        self.activityContinuation = activityContinuation
        self.messageFilter = messageFilter
    }

    /// The size limit iOS applies to the file, uncompressed: 128 KB.
    public static let maximumSize = 131_072

    /// Parses a file's bytes.
    ///
    /// The size limit is checked before parsing, so an oversized input is rejected at once.
    /// Wrong-typed values are dropped (see ``AASALinter`` for the diagnostics).
    ///
    /// - Parameter bytes: The file's contents.
    /// - Throws: ``AASAError`` when the file is over 128 KB, not valid JSON (with line and
    ///   column) or not a JSON object.
    public init(parsing bytes: some Collection<UInt8>) throws(AASAError) {
        let loaded = AASAFile.load(bytes)
        guard let file = loaded.file else {
            throw AASAError(fatal: loaded.diagnostics.first { $0.severity == .error })
        }
        self = file
    }

    /// Parses a file, keeping every diagnostic found while loading.
    static func load(_ bytes: some Collection<UInt8>) -> (file: AASAFile?, diagnostics: [AASADiagnostic]) {
        let loaded = loadDocument(bytes)
        return (loaded.file, loaded.diagnostics)
    }

    /// Parses a file, keeping every diagnostic found while loading and the parsed document (nil when the bytes are
    /// over the size limit or not JSON), so that the linter never parses the bytes again.
    static func loadDocument(_ bytes: some Collection<UInt8>) -> (
        file: AASAFile?, diagnostics: [AASADiagnostic], document: JSONValue?, filePointers: [String: String]
    ) {
        let size = bytes.count
        guard size <= maximumSize else {
            let diagnostic = AASADiagnostic(
                severity: .error, code: .sizeLimit, pointer: "",
                message: "the file is \(size) bytes; iOS reads at most \(maximumSize) bytes (128 KB)",
                hint: "split rules with wildcards or substitution variables to shrink the file")
            return (nil, [diagnostic], nil, [:])
        }
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(bytes)
        } catch {
            let code: AASADiagnostic.Code
            let hint: String
            switch error.kind {
            case .syntax:
                code = .jsonSyntax
                hint = "fix the JSON at this position (a JSON validator shows the context)"
            case .invalidUTF8:
                code = .invalidUTF8
                hint = "save the file as UTF-8"
            case .tooDeep:
                code = .nestingLimit
                hint = "an AASA file nests only a few levels; check for runaway brackets"
            }
            let diagnostic = AASADiagnostic(
                severity: .error, code: code, pointer: "", message: error.message, hint: error.hint ?? hint,
                line: error.line, column: error.column)
            return (nil, [diagnostic], nil, [:])
        }
        var decoder = AASADecoder()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            decoder.report(
                .warning, .byteOrderMark, .root,
                "the file starts with a UTF-8 byte-order mark; JSON sent over the network must not have one, "
                    + "and servers, CDNs or validators may reject it",
                hint: "save the file as UTF-8 without a byte-order mark (BOM)")
        }
        let file = decoder.decodeFile(value)
        return (file, decoder.diagnostics, value, decoder.filePointers)
    }

    /// Parses a file for the linter: also the parsed document (nil when the bytes are not JSON), the pointers of
    /// list elements the decoded file indexes differently (see `AASADecoder.filePointers`), and the position of
    /// every value in the document when the file loaded, so that diagnostics can be reported in file order. The
    /// bytes are parsed once.
    static func loadForLinting(_ bytes: some Collection<UInt8>) -> (
        file: AASAFile?, diagnostics: [AASADiagnostic], order: [String: Int], document: JSONValue?,
        filePointers: [String: String]
    ) {
        let loaded = loadDocument(bytes)
        guard loaded.file != nil, let value = loaded.document else {
            return (loaded.file, loaded.diagnostics, [:], loaded.document, loaded.filePointers)
        }
        // Pre-order: a value comes before its members, members in file order.
        var order: [String: Int] = [:]
        var stack: [(JSONValue, JSONPointer)] = [(value, .root)]
        while let (current, pointer) = stack.popLast() {
            if order[pointer.description] == nil { order[pointer.description] = order.count }
            switch current {
            case .object(let members):
                for member in members.reversed() { stack.append((member.value, pointer.appending(member.key))) }
            case .array(let items):
                for (index, item) in items.enumerated().reversed() { stack.append((item, pointer.appending(index))) }
            default: break
            }
        }
        return (loaded.file, loaded.diagnostics, order, value, loaded.filePointers)
    }
}
