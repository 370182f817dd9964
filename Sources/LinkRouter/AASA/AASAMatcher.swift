/// A compiled apple-app-site-association file that decides URLs the way iOS does.
///
/// Compile once, then match many URLs: every pattern is turned into an automaton up front, and
/// matching works on the URL's UTF-8 bytes with its own URL splitting (no `URLComponents`), so
/// the common path does not allocate.
///
/// ```swift
/// let matcher = try AASAMatcher(parsing: Array(data))
/// let result = matcher.match("https://example.com/buy/42", domain: "example.com",
///                            appID: "ABCDE12345.com.example.app")
/// // result.decision == .match, result.rule == "/applinks/details/0/components/1"
/// ```
///
/// Rules whose patterns cannot be compiled (an undefined or malformed `$(...)`) never match;
/// ``AASALinter`` reports them.
public struct AASAMatcher: Sendable {
    let entries: [AASACompiledEntry]
    private let needsDecoding: Bool

    /// Compiles a file.
    ///
    /// - Parameter file: The file.
    /// - Complexity: Linear in the size of the file's patterns (variables expanded).
    public init(_ file: AASAFile) {
        guard let appLinks = file.appLinks else {
            entries = []
            needsDecoding = false
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
            if let encoded = AASAPercentDecoding.encodingUnsafeBytes(raw) {
                return encoded.withUnsafeBufferPointer {
                    evaluate(bytes: $0, domain: domain, appID: appID, explain: explain)
                }
            }
            return evaluate(bytes: raw, domain: domain, appID: appID, explain: explain)
        }
    }

    private func evaluate(bytes: UnsafeBufferPointer<UInt8>, domain: String, appID: String, explain: Bool)
        -> AASAMatch
    {
        guard let parts = AASAURLParts(bytes) else {
            return domainFailure("not an absolute URL with a host", explain: explain)
        }
        guard Self.equalsIgnoringCase(bytes, parts.scheme, "https") else {
            let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[parts.scheme]), as: UTF8.self)
            return domainFailure("only https URLs are universal links (the scheme is '\(scheme)')", explain: explain)
        }
        if let failure = checkHost(bytes, parts, domain: domain) {
            return domainFailure(failure, explain: explain)
        }
        guard entries.contains(where: { $0.appIDs.contains(appID) }) else {
            return AASAMatch(decision: .noMatch, rule: nil, reason: "no details entry lists the app ID '\(appID)'")
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: needsDecoding ? bytes.count * 3 + 3 : 0) {
            buffer in
            var context = AASAMatchContext(bytes: bytes, parts: parts, buffer: buffer, decode: needsDecoding)
            var trials: [AASARuleTrial] = []
            for entry in entries where entry.appIDs.contains(appID) {
                for rule in entry.rules {
                    let failure = context.check(rule)
                    if explain {
                        let outcome: AASARuleTrial.Outcome
                        if let failure {
                            outcome = .failed(failure.part)
                        } else {
                            outcome = rule.exclude ? .exclude : .match
                        }
                        trials.append(AASARuleTrial(rule: rule.pointer, outcome: outcome, detail: failure?.detail))
                    }
                    guard failure == nil else { continue }
                    if rule.exclude {
                        let reason =
                            rule.origin == .legacyPath
                            ? "the first matching path is a 'NOT ' path" : "the first matching component excludes"
                        return AASAMatch(decision: .exclude, rule: rule.pointer, reason: reason, trials: trials)
                    }
                    let reason =
                        rule.origin == .legacyPath
                        ? "the first matching path opens the app"
                        : "the first matching component opens the app"
                    return AASAMatch(decision: .match, rule: rule.pointer, reason: reason, trials: trials)
                }
            }
            return AASAMatch(
                decision: .noMatch, rule: nil, reason: "no rule for the app ID matches the URL", trials: trials)
        }
    }

    private func domainFailure(_ reason: String, explain: Bool) -> AASAMatch {
        let trials = explain ? [AASARuleTrial(rule: nil, outcome: .failed(.domain), detail: reason)] : []
        return AASAMatch(decision: .noMatch, rule: nil, reason: reason, trials: trials)
    }

    /// Nil when the URL's host and port are the serving domain's, else why not.
    private func checkHost(_ bytes: UnsafeBufferPointer<UInt8>, _ parts: AASAURLParts, domain: String) -> String? {
        var domainHost = Substring(domain)
        var domainPort: Substring = "443"
        if let colon = domain.lastIndex(of: ":"), !domain[colon...].contains("]") {
            domainHost = domain[..<colon]
            domainPort = domain[domain.index(after: colon)...]
        }
        guard Self.equalsIgnoringCase(bytes, parts.host, domainHost) else {
            let host = String(decoding: UnsafeBufferPointer(rebasing: bytes[parts.host]), as: UTF8.self)
            return "the host '\(host)' is not the serving domain '\(domainHost)'"
        }
        if let portRange = parts.port, !portRange.isEmpty {
            let port = String(decoding: UnsafeBufferPointer(rebasing: bytes[portRange]), as: UTF8.self)
            guard port == domainPort else { return "the port \(port) is not the serving domain's port \(domainPort)" }
        }
        return nil
    }

    private static func equalsIgnoringCase(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: some StringProtocol
    ) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == range.count else { return false }
        var index = range.lowerBound
        for expected in utf8 {
            let byte = bytes[index]
            let lowered = (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
            let expectedLowered = (expected >= 0x41 && expected <= 0x5A) ? expected | 0x20 : expected
            guard lowered == expectedLowered else { return false }
            index += 1
        }
        return true
    }
}
