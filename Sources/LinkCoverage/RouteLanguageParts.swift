import LinkRouting
import RichMediaKitSupport

/// Builders for the languages of route pattern parts over raw URL bytes, with caches so a table with
/// many routes sharing literals and constraints builds each piece once.
struct RouteLanguageParts {
    let caseSensitive: Bool
    private var literals: [String: NFA] = [:]
    private var constraints: [RoutePattern.QueryConstraint: NFA] = [:]

    init(caseSensitive: Bool) {
        self.caseSensitive = caseSensitive
    }

    private static let partBytes = ByteSet.all.subtracting(
        ByteSet([URLUniverse.querySeparator, URLUniverse.fragmentSeparator]))
    /// Bytes a raw path segment can hold.
    private static let segmentBytes = partBytes.subtracting(ByteSet("/?#"))
    private static let itemBytes = partBytes.subtracting(ByteSet("&#"))
    private static let nameBytes = itemBytes.subtracting(ByteSet("="))

    var anyText: NFA { .run(Self.partBytes) }

    /// Any non-empty raw segment that is not a dot segment.
    static let routableSegment: NFA = {
        let any = NFA.run(.all).percentDecodingPreimage(
            rawBytes: segmentBytes.subtracting(ByteSet("%")))
        let nonEmpty = any.intersection(NFA.byte(.all).plus)
        let dot = NFA.union([.literal("."), .literal("%2E"), .literal("%2e")])
        return nonEmpty.subtracting(NFA.union([dot, dot.then(dot)])).minimized
    }()

    /// Raw segments whose decoded text is clean (and that are routable).
    static let cleanSegment: NFA = TextLanguages.cleanText
        .percentDecodingPreimage(rawBytes: segmentBytes.subtracting(ByteSet("%")))
        .intersection(routableSegment).minimized

    private mutating func segment(_ segment: RoutePattern.Segment) -> NFA {
        switch segment {
        case .literal(let text):
            if let known = literals[text] { return known }
            // A literal's decoded value is fixed, so it is a dot segment or empty only if the text is.
            let language =
                text.isEmpty || text == "." || text == ".."
                ? NFA.nothing
                : NFA.literal(text, caseInsensitive: !caseSensitive)
                    .percentDecodingPreimage(rawBytes: Self.segmentBytes.subtracting(ByteSet("%")))
            literals[text] = language
            return language
        case .parameter(_, .int): return TextLanguages.digits
        case .parameter(_, .uuid): return TextLanguages.uuid
        case .parameter(_, .string), .wildcard, .catchAll: return Self.cleanSegment
        }
    }

    /// The raw paths (with their leading `/`) a pattern's segments match.
    mutating func path(_ segments: [RoutePattern.Segment]) -> NFA {
        let slash = NFA.literal("/")
        var fixed = segments
        let catchAll = fixed.last == .catchAll
        if catchAll { fixed.removeLast() }
        var body: [NFA] = []
        for (index, part) in fixed.enumerated() {
            if index > 0 { body.append(slash) }
            body.append(segment(part))
        }
        if catchAll {
            let rest = Self.cleanSegment
            if fixed.isEmpty {
                // Zero segments (`/`), or one or more clean segments.
                return NFA.union([slash, slash.then(rest).then(slash.then(rest).star).then(slash.optional)])
            }
            body.append(slash.then(rest).star)
        } else if fixed.isEmpty {
            return slash
        }
        return NFA.concatenation([slash] + body + [slash.optional])
    }

    /// The raw queries satisfying every constraint.
    mutating func query(_ constraints: [RoutePattern.QueryConstraint]) -> NFA {
        var result: NFA?
        for constraint in constraints {
            let language: NFA
            if let known = self.constraints[constraint] {
                language = known
            } else {
                language = Self.constraint(constraint)
                self.constraints[constraint] = language
            }
            result = result.map { $0.intersection(language).minimized } ?? language
        }
        return result ?? anyText
    }

    /// Raw queries whose first item named like the constraint satisfies it.
    private static func constraint(_ constraint: RoutePattern.QueryConstraint) -> NFA {
        let ampersand = NFA.literal("&")
        let equals = NFA.literal("=")
        let anyName = NFA.run(nameBytes)
        let anyValue = NFA.run(itemBytes)
        let named = NFA.literal(constraint.item)
            .percentDecodingPreimage(rawBytes: nameBytes.subtracting(ByteSet("%"))).minimized
        let value: NFA
        switch constraint {
        case .equals(_, let expected):
            value = NFA.literal(expected).percentDecodingPreimage(rawBytes: itemBytes.subtracting(ByteSet("%")))
        case .capture(_, _, .int):
            value = TextLanguages.digits
        case .capture(_, _, .uuid):
            value = TextLanguages.uuid
        case .capture(_, _, .string):
            value = TextLanguages.cleanText.percentDecodingPreimage(
                rawBytes: itemBytes.subtracting(ByteSet("%"))
            ).intersection(NFA.byte(.all).plus)
        }
        let valueMatches = value.minimized
        var item = [named.then(equals).then(valueMatches)]
        if valueMatches.accepts([]) { item.append(named) }
        let other = anyName.subtracting(named).then(equals.then(anyValue).optional)
        return NFA.concatenation([other.then(ampersand).star, .union(item), ampersand.then(anyValue).star])
            .minimized
    }
}
