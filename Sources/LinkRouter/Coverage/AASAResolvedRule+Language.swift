extension AASAPattern {
    /// The pattern's language over the bytes of the part it is matched against, built exactly as
    /// ``AASAAutomaton`` builds its matcher (so `?` is one UTF-8 encoded scalar, `*` any run of bytes).
    ///
    /// - Parameter bytes: the bytes the part can hold (`*` and `?` are restricted to them).
    /// - Returns: the language.
    func language(over bytes: ByteSet = .all) -> NFA {
        Self.language(of: elements, over: bytes)
    }

    private static func language(of elements: [Element], over bytes: ByteSet) -> NFA {
        .concatenation(elements.map { language(of: $0, over: bytes) })
    }

    private static func language(of element: Element, over bytes: ByteSet) -> NFA {
        switch element {
        case .byte(let byte): return .byte(ByteSet([byte]))
        case .byteClass(let set): return .byte(ByteSet(set.bytes))
        case .anyRun: return .run(bytes)
        case .anyCharacter:
            let continuation = NFA.byte(ByteSet(0x80...0xBF))
            return .union([
                .byte(ByteSet(0x00...0x7F).intersection(bytes)),
                NFA.byte(ByteSet(0xC2...0xDF)).then(continuation),
                NFA.byte(ByteSet(0xE0...0xEF)).then(continuation).then(continuation),
                NFA.byte(ByteSet(0xF0...0xF4)).then(continuation).then(continuation).then(continuation),
            ])
        case .alternation(let branches): return .union(branches.map { language(of: $0, over: bytes) })
        }
    }
}

extension AASAResolvedRule {
    /// The encoded URLs (see ``URLUniverse``) this rule matches, whatever other rules say.
    ///
    /// Mirrors ``AASAMatchContext/check(_:)`` part by part:
    /// - path: the (decoded, when `percentEncoded` is false) path with leading and trailing slashes
    ///   stripped, then framed as `/` body `/`, must match the canonicalised pattern;
    /// - query string and fragment: the whole part (empty when absent) must match;
    /// - query items: every item whose name equals the item's name (raw bytes, or decoded) must have a
    ///   value that matches; absent, the empty string must match;
    /// - with `percentEncoded: false` a part that does not decode to valid UTF-8 fails the rule.
    var language: NFA {
        guard invalid == nil else { return .nothing }
        let part = AASALanguageParts(percentEncoded: percentEncoded)
        // Raw parts never hold the separators; decoded ones may hold any byte (`%01` decodes to 0x01).
        let bytes = percentEncoded ? AASALanguageParts.partBytes : ByteSet.all
        let path = self.path.map { part.path(matching: $0.language(over: bytes)) } ?? part.anyPart
        let query: NFA
        switch self.query {
        case .any: query = part.anyPart
        case .string(let pattern): query = part.text(matching: pattern.language(over: bytes))
        case .items(let items):
            var result: NFA?
            for item in items {
                let language = part.queryItems(named: item.name, matching: item.pattern.language(over: bytes))
                result = result.map { $0.intersection(language).minimized } ?? language
            }
            query = result ?? part.anyPart
        }
        let fragment = self.fragment.map { part.text(matching: $0.language(over: bytes)) } ?? part.anyPart
        return NFA.concatenation([
            path, .literal([URLUniverse.querySeparator]), query, .literal([URLUniverse.fragmentSeparator]), fragment,
        ])
    }
}

/// Builders for the languages of the parts of one AASA rule, raw or percent-decoded.
struct AASALanguageParts {
    let percentEncoded: Bool

    /// Any byte a URL part can hold in the encoding (everything but the separators).
    static let partBytes = ByteSet.all.subtracting(
        ByteSet([URLUniverse.querySeparator, URLUniverse.fragmentSeparator]))
    private static let slash = UInt8(ascii: "/")

    var anyPart: NFA { .run(Self.partBytes) }

    /// Raw strings over `rawBytes` whose text (decoded when the rule decodes) is in `decoded`.
    private func raw(_ decoded: NFA, rawBytes: ByteSet = partBytes) -> NFA {
        if percentEncoded {
            return rawBytes == Self.partBytes ? decoded : decoded.intersection(.run(rawBytes))
        }
        return decoded.intersection(TextLanguages.validUTF8)
            .percentDecodingPreimage(rawBytes: rawBytes.subtracting(ByteSet("%")))
    }

    /// A path whose canonical form `/` + stripped + `/` is in `pattern`.
    func path(matching pattern: NFA) -> NFA {
        let inner = pattern.leftQuotient(Self.slash).rightQuotient(Self.slash)
        let notSlash = ByteSet.all.subtracting(ByteSet([Self.slash]))
        let noEdgeSlash = NFA.union([
            .epsilon, .byte(notSlash), NFA.byte(notSlash).then(.run(.all)).then(.byte(notSlash)),
        ])
        let slashes = NFA.run(ByteSet([Self.slash]))
        let decoded = NFA.concatenation([slashes, inner.intersection(noEdgeSlash), slashes])
        return percentEncoded ? decoded : raw(decoded).minimized
    }

    /// A whole query string or fragment matching `pattern`.
    func text(matching pattern: NFA) -> NFA {
        percentEncoded ? pattern : raw(pattern).minimized
    }

    /// A query string in which every item named `name` has a value matching `pattern`, and, when
    /// `pattern` does not match the empty string, at least one item is named `name`.
    func queryItems(named name: [UInt8], matching pattern: NFA) -> NFA {
        let ampersand = UInt8(ascii: "&")
        let equals = UInt8(ascii: "=")
        let itemBytes = Self.partBytes.subtracting(ByteSet([ampersand]))
        let nameBytes = itemBytes.subtracting(ByteSet([equals]))
        let anyName = NFA.run(nameBytes)
        let anyValue = NFA.run(itemBytes)
        let named = raw(.literal(name), rawBytes: nameBytes).minimized
        let nonEmptyNamed = named.intersection(NFA.byte(.all).plus)
        let good = raw(pattern, rawBytes: itemBytes).minimized
        let emptyMatches = pattern.accepts([])
        let equalsSign = NFA.literal([equals])
        var goodItem = [named.then(equalsSign).then(good)]
        if emptyMatches { goodItem.append(nonEmptyNamed) }
        let other = NFA.union([.epsilon, anyName.subtracting(named).then(equalsSign.then(anyValue).optional)])
        let acceptable = NFA.union([other] + goodItem).minimized
        let separator = NFA.literal([ampersand])
        let all = acceptable.then(separator.then(acceptable).star)
        if emptyMatches { return all.minimized }
        let required = NFA.union(goodItem)
        return NFA.concatenation([acceptable.then(separator).star, required, separator.then(acceptable).star])
            .minimized
    }
}
