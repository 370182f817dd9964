import RichMediaKitSupport

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
