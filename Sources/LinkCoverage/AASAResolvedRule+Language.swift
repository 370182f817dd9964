import AppSiteAssociation
import RichMediaKitSupport

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

extension AASAResolvedRule {
    /// The rule as it reads in the file, compactly: `{"/": "*/products/*", "exclude": true}` (its patterns as
    /// written, after the `defaults` that apply; the flags that differ from the defaults).
    package var text: String {
        func quoted(_ text: String) -> String { JSONQuoting.quoted(text) }
        var parts: [String] = []
        if let path { parts.append("\"/\": \(quoted(path.source))") }
        switch query {
        case .any: break
        case .string(let pattern): parts.append("\"?\": \(quoted(pattern.source))")
        case .items(let items):
            let list = items.map { "\(quoted(String(decoding: $0.name, as: UTF8.self))): \(quoted($0.pattern.source))" }
            parts.append("\"?\": {\(list.joined(separator: ", "))}")
        }
        if let fragment { parts.append("\"#\": \(quoted(fragment.source))") }
        if exclude { parts.append("\"exclude\": true") }
        if !caseSensitive { parts.append("\"caseSensitive\": false") }
        if !percentEncoded { parts.append("\"percentEncoded\": false") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

extension AASAResolvedRule {
    /// Whether the coverage engine should determinize the rule in its first-match components (see
    /// `ProductExplorer.Component`): every rule but those with long runs of wildcards (more than 8 `*`, or more than
    /// 12 one-character steps after a `*`, as in `*a*a*a…` or `*a????????????`), whose subset construction is
    /// quadratic or exponential; those are tracked as they are.
    var isWorthDeterminizing: Bool {
        var stars = 0
        var stepsAfterStar = 0
        func count(_ elements: [AASAPattern.Element]) {
            for element in elements {
                switch element {
                case .anyRun: stars += 1
                case .byte: break
                case .anyCharacter, .byteClass: if stars > 0 { stepsAfterStar += 1 }
                case .alternation(let branches): branches.forEach(count)
                }
            }
        }
        var patterns = [path, fragment]
        switch query {
        case .any: break
        case .string(let pattern): patterns.append(pattern)
        case .items(let items): patterns += items.map(\.pattern)
        }
        for pattern in patterns { if let pattern { count(pattern.elements) } }
        return stars <= 8 && stepsAfterStar <= 12
    }
}

extension PlatformHostLanguage {
    /// What iOS opens in the app on `host`: the AASA file's rules for `appID`, the first that matches deciding, as
    /// `AASAMatcher.match(_:domain:appID:)` decides; nothing when `aasa` is nil (no applinks entry claims the host,
    /// or its file does not name the app). An exclude rule or no rule blocks (``Blocker/rule``: the rule's index in
    /// `AASAMatcher.rules(for:)`).
    package static func ios(aasa: AASAMatcher?, appID: String, host: String) -> Self {
        let rules = aasa?.rules(for: appID) ?? []
        return Self(
            name: "iOS",
            components: [.init(leaves: rules.map(\.language), firstMatch: true) { rules[$0].isWorthDeterminizing }],
            verdict: { view in
                guard let rule = view.accepting(0), !rules[rule].exclude else {
                    return Blocker(reason: 0, rule: view.accepting(0))
                }
                return nil
            },
            mayOpen: { view in view.live(0).contains { !rules[Int($0)].exclude } },
            mayBlock: { view, blockers in
                if !view.isDecided(0) { blockers.append(Blocker(reason: 0)) }
                for rule in view.live(0) where rules[Int(rule)].exclude {
                    blockers.append(Blocker(reason: 0, rule: Int(rule)))
                }
            },
            decide: { url in
                let match = aasa?.match(url, domain: host, appID: appID)
                let description = "\(match?.decision.rawValue ?? "no file") by \(match?.rule ?? "no rule")"
                guard match?.decision != .match else { return (nil, description) }
                let rule = match?.rule.flatMap { pointer in rules.firstIndex { $0.pointer == pointer } }
                return (Blocker(reason: 0, rule: rule), description)
            })
    }
}
