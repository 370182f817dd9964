import FileLocations
import RichMediaKitSupport

/// A decision encodes to the object `link-router route --format json` prints for a URL:
/// `{"url", "decision", "route", "params", "query", "reason"}`, with `null` for what is absent, a query value that
/// occurs once as a string and one that repeats as an array, and the reason as its sentence.
extension LinkDecision: Codable {
    private enum CodingKeys: String, CodingKey {
        case url, decision, route, params, query, reason
    }

    /// A query value: one string, or an array when the name repeats.
    private enum QueryValue: Codable {
        case one(String)
        case many([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .one(text)
            } else {
                self = .many(try container.decode([String].self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .one(let text): try container.encode(text)
            case .many(let texts): try container.encode(texts)
            }
        }

        var values: [String] {
            switch self {
            case .one(let text): return [text]
            case .many(let texts): return texts
            }
        }
    }

    /// Decodes a decision from the object `link-router route --format json` prints.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for an unknown decision or reason, or a `route` decision without a route.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(Kind.self, forKey: .decision, unknown: "decision")
        let url = try container.decodeIfPresent(String.self, forKey: .url)
        var reason: DecisionReason?
        if let text = try container.decodeIfPresent(String.self, forKey: .reason) {
            guard let known = DecisionReason(sentence: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .reason, in: container, debugDescription: "unknown reason `\(text)`")
            }
            reason = known
        }
        var routed: RoutedLink?
        if let route = try container.decodeIfPresent(String.self, forKey: .route) {
            let parameters = try container.decodeIfPresent([String: String].self, forKey: .params) ?? [:]
            let query = try container.decodeIfPresent([String: QueryValue].self, forKey: .query) ?? [:]
            routed = RoutedLink(route: route, parameters: parameters, query: query.mapValues(\.values))
        } else if kind == .route {
            throw DecodingError.dataCorruptedError(
                forKey: .route, in: container, debugDescription: "a `route` decision names its route")
        }
        self.init(kind: kind, url: url, routed: routed, reason: reason)
    }

    /// Encodes the decision as `link-router route --format json` prints it.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([.url: url, .decision: kind.rawValue, .route: routed?.route])
        // Names in sorted order, as the command prints them (a dictionary would encode in any order).
        var params = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .params)
        for (name, value) in (routed?.parameters ?? [:]).sorted(by: { $0.key < $1.key }) {
            try params.encode(value, forKey: AnyCodingKey(name))
        }
        var query = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: .query)
        for (name, values) in (routed?.query ?? [:]).sorted(by: { $0.key < $1.key }) {
            try query.encode(values.count == 1 ? QueryValue.one(values[0]) : .many(values), forKey: AnyCodingKey(name))
        }
        try container.encode(reason?.description, forKey: .reason)
    }
}

extension DecisionReason {
    /// Every reason that carries nothing, for reading a reason back from its sentence.
    private static let plain: [DecisionReason] = [
        .tooLong, .missingScheme, .missingHost, .invalidHost, .invalidPort, .forbiddenScheme, .unknownScheme,
        .plainHTTP, .notAssociated, .userinfo, .port, .unroutablePath, .noRoute, .external, .noHandler, .noLink,
        .refusedByRewrite,
    ]

    /// The reason whose ``description`` is `sentence`, or nil.
    init?(sentence: String) {
        if let plain = Self.plain.first(where: { $0.description == sentence }) {
            self = plain
            return
        }
        for (prefix, make) in [
            ("invalid character at byte ", Self.invalidCharacter(at:)),
            ("invalid percent escape at byte ", Self.invalidEscape(at:)),
        ] where sentence.hasPrefix(prefix) {
            guard let offset = Int(sentence.dropFirst(prefix.count)), offset >= 0 else { return nil }
            self = make(offset)
            return
        }
        return nil
    }
}
