import FileLocations
import RichMediaKitSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The link of a push notification: the payload's `"l"` string, else its `"url"` string.
///
/// On iOS, build it from `UNNotificationResponse.notification.request.content.userInfo`; on a server, from the
/// payload's JSON. An empty or non-string `"l"` falls back to `"url"`.
///
/// <!-- snippet: PushPayloadDocExample -->
/// ```swift
/// let payload = PushPayload(userInfo: response.notification.request.content.userInfo)
/// let decision = table.decision(for: payload)
/// ```
public struct PushPayload: Sendable, Hashable {
    /// The link to dispatch, or `nil` when the payload has none.
    public let link: String?

    /// Wraps a link directly.
    /// - Parameter link: The link, or `nil`.
    public init(link: String?) {
        self.link = link
    }

    /// Reads the link from a notification's `userInfo` dictionary.
    /// - Parameter userInfo: The payload as delivered by the system.
    public init(userInfo: [AnyHashable: Any]) {
        func string(_ key: String) -> String? {
            switch userInfo[key] {
            case let text as String where !text.isEmpty: return text
            case let url as URL: return url.absoluteString
            default: return nil
            }
        }
        self.link = string("l") ?? string("url")
    }

    /// Reads the link from a payload's JSON (a top-level object).
    /// - Parameter json: The payload's bytes.
    /// - Throws: ``PushPayloadError`` when the data is not a JSON object (with `line:column` for syntax errors).
    public init(json: Data) throws(PushPayloadError) {
        do {
            self.link = try JSONDecoder().decode(LinkFields.self, from: json).link
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                let (line, column, message) = JSONParser.locateSyntaxError(in: json)
                throw PushPayloadError(.invalidJSON, location: .text(line: line, column: column), message: message)
            }
            throw PushPayloadError(.notObject, location: .pointer(.root), message: "the payload must be a JSON object")
        } catch {
            throw PushPayloadError(.unreadable, location: nil, message: "\(error)")
        }
    }

    private struct LinkFields: Decodable {
        var link: String?

        private enum Keys: String, CodingKey {
            case l
            case url
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            func string(_ key: Keys) -> String? {
                guard let text = try? container.decodeIfPresent(String.self, forKey: key), !text.isEmpty else {
                    return nil
                }
                return text
            }
            link = string(.l) ?? string(.url)
        }
    }
}

/// A push payload that could not be read.
///
/// Match the kind with ``kind`` (`error.kind == .invalidJSON`); ``identifier`` is a stable machine-readable code,
/// ``location`` says where (`line:column` for a syntax error, `/` when the payload is not an object) and
/// ``description`` is the message for people.
public struct PushPayloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of a ``PushPayloadError``, without where it happened.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        fileprivate enum Code: String, Sendable, Hashable {
            case invalidJSON = "invalid-json"
            case notObject = "not-object"
            case unreadable = "unreadable"
        }

        fileprivate let code: Code

        fileprivate init(_ code: Code) { self.code = code }

        /// The payload is not valid JSON (``PushPayloadError/fileLocation`` has the line and column).
        public static let invalidJSON = Self(.invalidJSON)
        /// The payload's top-level value is not a JSON object (``PushPayloadError/fileLocation`` is the root pointer).
        public static let notObject = Self(.notObject)
        /// The decoder failed for another reason (no location).
        public static let unreadable = Self(.unreadable)

        /// A stable machine-readable code: `invalid-json`, `not-object` or `unreadable`.
        public var identifier: String { code.rawValue }

        /// The ``identifier``.
        public var description: String { identifier }
    }

    /// The kind of problem.
    public let kind: Kind
    /// Where: the line and column of a JSON syntax error, the root pointer when the payload is not an object.
    public let fileLocation: FileLocation?
    /// What is wrong.
    public let message: String

    init(_ kind: Kind, location: FileLocation?, message: String) {
        self.kind = kind
        self.fileLocation = location
        self.message = message
    }

    /// Where, as text: `line:column` for JSON syntax errors, `/` when the payload is not an object.
    @available(*, deprecated, message: "use fileLocation (a FileLocation: a JSON pointer or a line and column)")
    public var location: String? { fileLocation?.description }

    /// A stable machine-readable code, such as `invalid-json` (the kind's ``Kind/identifier``).
    public var identifier: String { kind.identifier }

    /// `location: message`.
    public var description: String {
        (fileLocation.map { $0.description + ": " } ?? "") + message
    }
}
