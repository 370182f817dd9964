import RichMediaKitSupport

/// A compiled apple-app-site-association file that decides URLs the way iOS does.
///
/// Compile once, then match many URLs: every pattern is turned into an automaton up front, and
/// matching works on the URL's UTF-8 bytes with its own URL splitting (no `URLComponents`), so
/// the common path does not allocate.
///
/// <!-- snippet: AASAMatcherDocExample -->
/// ```swift
/// let matcher = try AASAMatcher(parsing: Array(data))
/// let result = matcher.match("https://example.com/product/42", domain: "example.com",
///                            appID: "ABCDE12345.com.example.app")
/// // result.decision == .match, result.rule == "/applinks/details/0/components/3"
/// ```
///
/// Rules whose patterns cannot be compiled (an undefined or malformed `$(...)`) never match;
/// ``AASALinter`` reports them.
public struct AASAMatcher: Sendable {
    package let entries: [AASACompiledEntry]
    private let needsDecoding: Bool
    private let plan: AASAMatchPlan

    /// Compiles a file.
    ///
    /// - Parameter file: The file.
    /// - Complexity: Linear in the size of the file's patterns (variables expanded).
    public init(_ file: AASAFile) {
        guard let appLinks = file.appLinks else {
            entries = []
            needsDecoding = false
            plan = AASAMatchPlan([])
            return
        }
        let variables = appLinks.variables
        entries = appLinks.details.map { entry in
            AASACompiledEntry(
                pointer: entry.pointer, appIDs: entry.appIDs,
                rules: AASAResolvedRule.rules(
                    for: entry, appLinksDefaults: appLinks.defaults, variables: variables))
        }
        needsDecoding = entries.contains { $0.rules.contains { !$0.percentEncoded } }
        plan = AASAMatchPlan(entries)
    }

    /// Parses and compiles a file.
    ///
    /// - Parameter bytes: The file's contents.
    /// - Throws: ``AASAError`` when the file is too large, not JSON, or not an object.
    public init(parsing bytes: some Collection<UInt8>) throws(AASAError) {
        self.init(try AASAFile(parsing: bytes))
    }

    /// Decides one URL.
    ///
    /// - Parameters:
    ///   - url: The URL as text; non-ASCII bytes and spaces are percent-encoded first, as a URL
    ///     parser would.
    ///   - domain: The domain serving the file (`host` or `host:port`).
    ///   - appID: The app ID, e.g. `ABCDE12345.com.example.app`.
    /// - Returns: Match, exclude or no_match, with the deciding rule's pointer and a reason.
    /// - Complexity: O(n × s) for a URL of n bytes and s automaton states in the app's rules.
    public func match(_ url: String, domain: String, appID: String) -> AASAMatch {
        evaluate(url, domain: domain, appID: appID, explain: false)
    }

    /// Decides one URL and lists every rule tried and which part failed.
    ///
    /// - Parameters:
    ///   - url: The URL as text.
    ///   - domain: The domain serving the file.
    ///   - appID: The app ID.
    /// - Returns: The result of ``match(_:domain:appID:)`` with ``AASAMatch/trials`` filled in.
    /// - Complexity: O(n × s), as for ``match(_:domain:appID:)``.
    public func explain(_ url: String, domain: String, appID: String) -> AASAMatch {
        evaluate(url, domain: domain, appID: appID, explain: true)
    }

    private func evaluate(_ url: String, domain: String, appID: String, explain: Bool) -> AASAMatch {
        var text = url
        return text.withUTF8 { raw in
            // Bytes that cannot appear raw in a URL (non-ASCII, space, controls) are matched percent-encoded,
            // as URL parsers write them.
            if raw.contains(where: Self.needsEncoding) {
                return URLBytes.percentEncoded(raw, where: Self.needsEncoding).withUnsafeBufferPointer {
                    evaluate(bytes: $0, domain: domain, appID: appID, explain: explain)
                }
            }
            return evaluate(bytes: raw, domain: domain, appID: appID, explain: explain)
        }
    }

    private func evaluate(bytes: UnsafeBufferPointer<UInt8>, domain: String, appID: String, explain: Bool)
        -> AASAMatch
    {
        guard let parts = URLParts(bytes, userinfo: .skip) else {
            return domainFailure(.notAbsoluteURL, explain: explain)
        }
        guard Self.equalsIgnoringCase(bytes, parts.scheme, "https".utf8) else {
            let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[parts.scheme]), as: UTF8.self)
            return domainFailure(.notHTTPS(scheme: scheme), explain: explain)
        }
        if let failure = checkHost(bytes, parts, domain: domain) {
            return domainFailure(failure, explain: explain)
        }
        guard plan.entries.contains(where: { $0.appIDs.contains(appID) }) else {
            return AASAMatch(decision: .noMatch, rule: nil, reason: .appIDNotListed(appID))
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: needsDecoding ? bytes.count * 3 + 3 : 0) {
            buffer in
            var context = AASAMatchContext(bytes: bytes, parts: parts, buffer: buffer, decode: needsDecoding)
            return explain ? explainRules(&context, appID: appID) : decide(&context, appID: appID)
        }
    }

    /// The first matching rule's decision, trying only the rules the candidate index admits.
    private func decide(_ context: inout AASAMatchContext, appID: String) -> AASAMatch {
        let plan = plan
        let rawKeys = PathKeys(context.rawPathBody)
        let decodedKeys = context.decodedPathBody.map(PathKeys.init) ?? PathKeys()
        let found: (entry: Int, rule: Int)? = plan.rules.withUnsafeBufferPointer { rules in
            plan.patterns.withUnsafeBufferPointer { patterns in
                plan.items.withUnsafeBufferPointer { items in
                    plan.rawIndex.withUnsafeBufferPointer { rawIndex in
                        plan.decodedIndex.withUnsafeBufferPointer { decodedIndex in
                            for (entryIndex, entry) in plan.entries.enumerated() where entry.appIDs.contains(appID) {
                                for word in 0..<entry.words {
                                    var candidates = rawKeys.candidates(rawIndex, entry, word)
                                    if !decodedIndex.isEmpty {
                                        candidates |= decodedKeys.candidates(decodedIndex, entry, word)
                                    }
                                    while candidates != 0 {
                                        let offset = word << 6 | candidates.trailingZeroBitCount
                                        candidates &= candidates - 1
                                        let rule = rules[entry.ruleStart + offset]
                                        if context.check(rule, patterns: patterns, items: items) == nil {
                                            return (entryIndex, offset)
                                        }
                                    }
                                }
                            }
                            return nil
                        }
                    }
                }
            }
        }
        guard let found else {
            return AASAMatch(decision: .noMatch, rule: nil, reason: .noMatchingRule)
        }
        let rule = plan.rules[plan.entries[found.entry].ruleStart + found.rule]
        return Self.decision(
            pointer: entries[found.entry].rules[found.rule].pointer, exclude: rule.exclude, legacy: rule.legacy,
            trials: [])
    }

    /// The leading bytes of a canonical path body that the candidate index is keyed by.
    private struct PathKeys {
        /// Byte offset in the index of each level's slot: (level × 256 + byte) × words is added later.
        var slots: (Int, Int, Int, Int) = (0, 0, 0, 0)
        /// How many levels apply: the body plus its closing `/`, stopping after a non-ASCII byte.
        var count = 0

        /// Keys for an undecodable path: only the rules without a path pattern (in every slot)
        /// can match, so any single slot will do.
        init() { count = 1 }

        init(_ body: UnsafeBufferPointer<UInt8>) {
            var level = 0
            while level < AASAMatchPlan.levels, level <= body.count {
                let byte = level < body.count ? body[level] : UInt8(ascii: "/")
                let slot = level * 256 + Int(byte)
                switch level {
                case 0: slots.0 = slot
                case 1: slots.1 = slot
                case 2: slots.2 = slot
                default: slots.3 = slot
                }
                level += 1
                if byte >= 0x80 { break }
            }
            count = level
        }

        /// The candidate rules of `entry`'s word `word`.
        @inline(__always)
        func candidates(_ index: UnsafeBufferPointer<UInt64>, _ entry: AASAMatchPlan.Entry, _ word: Int) -> UInt64 {
            let base = entry.indexStart + word
            let words = entry.words
            var result = ~UInt64(0)
            if count > 0 { result &= index[base + slots.0 * words] }
            if count > 1 { result &= index[base + slots.1 * words] }
            if count > 2 { result &= index[base + slots.2 * words] }
            if count > 3 { result &= index[base + slots.3 * words] }
            return result
        }
    }

    /// Tries every rule in order, recording each trial, until one decides.
    private func explainRules(_ context: inout AASAMatchContext, appID: String) -> AASAMatch {
        var trials: [AASARuleTrial] = []
        let plan = plan
        return plan.patterns.withUnsafeBufferPointer { patterns in
            plan.items.withUnsafeBufferPointer { items in
                for (entryIndex, entry) in plan.entries.enumerated() where entry.appIDs.contains(appID) {
                    for offset in 0..<entry.ruleCount {
                        let resolved = entries[entryIndex].rules[offset]
                        let failure = context.check(
                            plan.rules[entry.ruleStart + offset], patterns: patterns, items: items)
                        let outcome: AASARuleTrial.Outcome
                        if let failure {
                            outcome = .failed(failure.part)
                        } else {
                            outcome = resolved.exclude ? .exclude : .match
                        }
                        trials.append(
                            AASARuleTrial(rule: resolved.pointer, outcome: outcome, detail: failure?.detail(resolved)))
                        if failure == nil {
                            return Self.decision(
                                pointer: resolved.pointer, exclude: resolved.exclude,
                                legacy: resolved.origin == .legacyPath, trials: trials)
                        }
                    }
                }
                return AASAMatch(
                    decision: .noMatch, rule: nil, reason: .noMatchingRule, trials: trials)
            }
        }
    }

    /// The result when the rule at `pointer` is the first to match.
    private static func decision(pointer: String, exclude: Bool, legacy: Bool, trials: [AASARuleTrial]) -> AASAMatch {
        if exclude {
            let reason: AASAMatch.Reason = legacy ? .notPath : .componentExcludes
            return AASAMatch(decision: .exclude, rule: pointer, reason: reason, trials: trials)
        }
        let reason: AASAMatch.Reason = legacy ? .pathMatches : .componentMatches
        return AASAMatch(decision: .match, rule: pointer, reason: reason, trials: trials)
    }

    private func domainFailure(_ reason: AASAMatch.Reason, explain: Bool) -> AASAMatch {
        let trials = explain ? [AASARuleTrial(rule: nil, outcome: .failed(.domain), detail: reason.description)] : []
        return AASAMatch(decision: .noMatch, rule: nil, reason: reason, trials: trials)
    }

    /// Nil when the URL's host and port are the serving domain's, else why not.
    ///
    /// The origin is scheme, host and port: a URL without a port (or with an empty one) is on port 443, and so is
    /// a domain without `:port`; ports compare as numbers (`:0443` is 443). So with the domain `example.com:8443`,
    /// `https://example.com/x` is another origin.
    private func checkHost(_ bytes: UnsafeBufferPointer<UInt8>, _ parts: URLParts, domain: String) -> AASAMatch
        .Reason?
    {
        var domain = domain
        return domain.withUTF8 { domain in
            var hostEnd = domain.count
            var domainPort: UnsafeBufferPointer<UInt8>?  // nil: 443
            if let colon = domain.lastIndex(of: UInt8(ascii: ":")),
                !domain[colon...].contains(UInt8(ascii: "]"))
            {
                hostEnd = colon
                domainPort = UnsafeBufferPointer(rebasing: domain[(colon + 1)...])
            }
            let domainHost = UnsafeBufferPointer(rebasing: domain[..<hostEnd])
            guard Self.equalsIgnoringCase(bytes, parts.host, domainHost) else {
                let host = String(decoding: UnsafeBufferPointer(rebasing: bytes[parts.host]), as: UTF8.self)
                return .otherHost(host, domain: String(decoding: domainHost, as: UTF8.self))
            }
            var expected = 443
            if let domainPort {
                guard let number = Self.portNumber(domainPort) else {
                    return .invalidServingPort(String(decoding: domainPort, as: UTF8.self))
                }
                expected = number
            }
            var port = 443
            if let range = parts.port, !range.isEmpty {
                let written = UnsafeBufferPointer(rebasing: bytes[range])
                guard let number = Self.portNumber(written) else {
                    return .invalidPort(String(decoding: written, as: UTF8.self))
                }
                port = number
            }
            guard port == expected else {
                let shown = parts.port?.isEmpty ?? true ? "443 (the default)" : String(port)
                return .otherPort(shown, expected: String(expected))
            }
            return nil
        }
    }

    /// The value of a port written as 1 to 5 ASCII digits, or nil (empty, not a number, or over 65535).
    private static func portNumber(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !text.isEmpty else { return nil }
        var value = 0
        for byte in text {
            guard URLBytes.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
            if value > 65535 { return nil }
        }
        return value
    }

    private static func equalsIgnoringCase(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ utf8: some Collection<UInt8>
    ) -> Bool {
        guard utf8.count == range.count else { return false }
        var index = range.lowerBound
        for expected in utf8 {
            guard URLBytes.asciiLower(bytes[index]) == URLBytes.asciiLower(expected) else { return false }
            index += 1
        }
        return true
    }

    /// Whether a URL parser would percent-encode the byte: non-ASCII, space and control characters.
    private static func needsEncoding(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F
    }
}
