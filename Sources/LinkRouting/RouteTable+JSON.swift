import FileLocations
import RichMediaKitSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RouteTable {
    /// The largest routes file ``init(json:)-(Data)`` accepts: 8 MiB, room for well over 100,000 routes.
    public static let maximumFileSize = 8 << 20

    /// Loads and checks a routes file.
    ///
    /// The file is a JSON object with `schemes`, `associatedDomains`, optional `externalSchemes` and
    /// `caseSensitive`, and `routes` (an array of `{"name": ..., "pattern": ...}`); unknown keys are errors so
    /// typos do not go unnoticed.
    ///
    /// <!-- snippet: RouteTableJSONDocExample -->
    /// ```swift
    /// let table = try RouteTable(json: Data(contentsOf: routesURL))
    /// ```
    /// Files larger than ``maximumFileSize`` are refused before anything is parsed, so memory stays bounded.
    ///
    /// - Parameter json: The file's bytes (UTF-8).
    /// - Throws: ``RouteConfigurationError`` with ``RouteConfigurationError/location`` set: `line:column` for
    ///   JSON syntax errors, a JSON pointer (`/routes/2/pattern`) for everything else (`/` for a file over the
    ///   size limit).
    /// - Complexity: O(*n*) in the file's size.
    public init(json: Data) throws(RouteConfigurationError) {
        guard json.count <= Self.maximumFileSize else {
            throw .invalidJSON(
                at: .pointer(.root),
                "the file is \(json.count) bytes; routes files are limited to \(Self.maximumFileSize) bytes")
        }
        let file: RoutesFile
        do {
            file = try JSONDecoder().decode(RoutesFile.self, from: json)
        } catch let error as RouteConfigurationError {
            throw error
        } catch let error as DecodingError {
            throw Self.configurationError(error, json: json)
        } catch {
            throw .invalidJSON(at: nil, "\(error)")
        }
        try self.init(
            schemes: file.schemes ?? [], associatedDomains: file.associatedDomains ?? [],
            externalSchemes: file.externalSchemes ?? [], caseSensitive: file.caseSensitive ?? true,
            routes: file.routes, locations: RouteFileLocations())
    }

    /// Loads and checks a routes file given as a string.
    /// - Parameter json: The file's text.
    /// - Throws: ``RouteConfigurationError`` with its location, as ``init(json:)-(Data)``.
    public init(json: String) throws(RouteConfigurationError) {
        try self.init(json: Data(json.utf8))
    }

    private static func configurationError(_ error: DecodingError, json: Data) -> RouteConfigurationError {
        func pointer(_ path: [any CodingKey]) -> FileLocation {
            .pointer(
                path.reduce(JSONPointer.root) { pointer, key in
                    key.intValue.map(pointer.appending) ?? pointer.appending(key.stringValue)
                })
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let (line, column, message) = JSONParser.locateSyntaxError(in: json)
                return .invalidJSON(at: .text(line: line, column: column), message)
            }
            return .invalidJSON(at: pointer(context.codingPath), context.debugDescription)
        case .keyNotFound(let key, let context):
            return .invalidJSON(at: pointer(context.codingPath + [key]), "missing required key `\(key.stringValue)`")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return .invalidJSON(at: pointer(context.codingPath), "expected \(Self.typeName(type))")
        @unknown default:
            return .invalidJSON(at: nil, "\(error)")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is [String].Type: return "an array of strings"
        case is [Route].Type, is [Any].Type: return "an array"
        default: return "an object"
        }
    }
}

/// JSON pointers of the parts of a routes file, for error messages.
struct RouteFileLocations: Sendable {
    func scheme(_ index: Int) -> JSONPointer { JSONPointer.root.appending("schemes").appending(index) }
    func externalScheme(_ index: Int) -> JSONPointer { JSONPointer.root.appending("externalSchemes").appending(index) }
    func domain(_ index: Int) -> JSONPointer { JSONPointer.root.appending("associatedDomains").appending(index) }
    func route(_ index: Int) -> JSONPointer { JSONPointer.root.appending("routes").appending(index) }
}

/// The routes file's shape.
private struct RoutesFile: Decodable {
    var schemes: [String]?
    var associatedDomains: [String]?
    var externalSchemes: [String]?
    var caseSensitive: Bool?
    var routes: [Route]

    private static let knownKeys: Set<String> = [
        "schemes", "associatedDomains", "externalSchemes", "caseSensitive", "routes",
    ]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        // The decoder's keys come in no fixed order: the first unknown key by name, so that a file gets one error.
        for key in Self.sorted(container.allKeys) where !Self.knownKeys.contains(key.stringValue) {
            throw RouteConfigurationError.invalidJSON(
                at: .pointer(JSONPointer.root.appending(key.stringValue)),
                "unknown key `\(key.stringValue)` (known: \(Self.knownKeys.sorted().joined(separator: ", ")))")
        }
        schemes = try container.decodeIfPresent([String].self, forKey: AnyCodingKey(stringValue: "schemes"))
        associatedDomains = try container.decodeIfPresent(
            [String].self, forKey: AnyCodingKey(stringValue: "associatedDomains"))
        externalSchemes = try container.decodeIfPresent(
            [String].self, forKey: AnyCodingKey(stringValue: "externalSchemes"))
        caseSensitive = try container.decodeIfPresent(Bool.self, forKey: AnyCodingKey(stringValue: "caseSensitive"))
        var list = try container.nestedUnkeyedContainer(forKey: AnyCodingKey(stringValue: "routes"))
        var routes: [Route] = []
        while !list.isAtEnd {
            let index = list.currentIndex
            let entry = try list.nestedContainer(keyedBy: AnyCodingKey.self)
            for key in Self.sorted(entry.allKeys) where key.stringValue != "name" && key.stringValue != "pattern" {
                throw RouteConfigurationError.invalidJSON(
                    at: .pointer(JSONPointer.root.appending("routes").appending(index).appending(key.stringValue)),
                    "unknown key `\(key.stringValue)` (known: name, pattern)")
            }
            routes.append(
                Route(
                    name: try entry.decode(String.self, forKey: AnyCodingKey(stringValue: "name")),
                    pattern: try entry.decode(String.self, forKey: AnyCodingKey(stringValue: "pattern"))))
        }
        self.routes = routes
    }

    private static func sorted(_ keys: [AnyCodingKey]) -> [AnyCodingKey] {
        keys.sorted { $0.stringValue < $1.stringValue }
    }
}
