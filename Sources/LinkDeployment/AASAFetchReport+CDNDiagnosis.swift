extension AASAFetchReport {
    /// What Apple's CDN says about its copy in its response header fields: why it has none (its own fetch from
    /// the domain failed), and how long it keeps what it has.
    ///
    /// Apple does not document these fields; what the report says of them is what site owners have shown of
    /// the CDN's answers on Apple's developer forums. A failed fetch is answered with 404 and, for example,
    /// `Apple-Failure-Reason: SWCERR00301 Timeout`, `Apple-Failure-Details: {"cause":"context deadline exceeded
    /// (Client.Timeout exceeded while awaiting headers)"}`, `Apple-Try-Direct: true` and
    /// `Cache-Control: max-age=3600,public` (the failure is kept for an hour); a good copy with
    /// `Cache-Control: max-age=21600,public` (kept for six hours).
    public struct CDNDiagnosis: Sendable, Hashable, Codable {
        /// `Apple-Failure-Reason`, such as `SWCERR00301 Timeout` or `SWCERR00101 Bad HTTP Response: 403 Forbidden`.
        public var failureReason: String?
        /// The code at the start of ``failureReason``, such as `SWCERR00301`.
        public var failureCode: String?
        /// `Apple-Failure-Details`, such as `{"cause":"..."}`.
        public var failureDetails: String?
        /// `Apple-Try-Direct`, such as `true`.
        public var tryDirect: String?
        /// `Cache-Control`, such as `max-age=3600,public`.
        public var cacheControl: String?
        /// The `max-age` of ``cacheControl``, in seconds: how long the CDN keeps this answer.
        public var maxAge: Int?
        /// `Age`, in seconds: how long ago the CDN made this answer.
        public var age: Int?
        /// `maxAge - age` (at least 0): in how many seconds the CDN fetches the file again, at the earliest.
        public var refreshIn: Int?

        /// Reads the diagnosis from a CDN response's header fields; nil when it carries none of them.
        ///
        /// - Parameter response: The CDN response.
        public init?(_ response: AASAFetchResponse) {
            failureReason = response.header("Apple-Failure-Reason")
            failureDetails = response.header("Apple-Failure-Details")
            tryDirect = response.header("Apple-Try-Direct")
            cacheControl = response.header("Cache-Control")
            age = response.header("Age").flatMap { Int($0.filter { $0 != " " }) }
            guard failureReason != nil || failureDetails != nil || tryDirect != nil || cacheControl != nil || age != nil
            else { return nil }
            failureCode = failureReason.flatMap { reason in
                let code = reason.prefix { !$0.isWhitespace && $0 != ":" }
                return code.hasPrefix("SWCERR") ? String(code) : nil
            }
            maxAge = cacheControl.flatMap(Self.maxAge)
            if let maxAge { refreshIn = max(0, maxAge - (age ?? 0)) }
        }

        /// The `max-age` directive of a `Cache-Control` value.
        static func maxAge(_ cacheControl: String) -> Int? {
            for directive in cacheControl.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingASCIISpaces().lowercased()
                }
                if parts.count == 2, parts[0] == "max-age" { return Int(parts[1].filter { $0 != "\"" }) }
            }
            return nil
        }

        /// What the failure means, in plain words, or nil without a failure reason.
        public var failureMeaning: String? {
            guard let failureReason else { return nil }
            switch failureCode {
            case "SWCERR00301":
                return "Apple's fetcher gave up waiting for your server"
            case "SWCERR00101":
                let status =
                    failureReason.split(separator: ":", maxSplits: 1).dropFirst().first
                    .map { " (\($0.trimmingASCIISpaces()))" } ?? ""
                return "your server did not answer Apple's fetcher with the file\(status)"
            default:
                return "Apple's fetch of the file from your server failed"
            }
        }

        /// What to do about the failure, or nil without a failure reason.
        ///
        /// - Parameter domain: The domain.
        /// - Returns: One line.
        public func failureHint(domain: String) -> String? {
            guard failureReason != nil else { return nil }
            let next =
                refreshIn.map { ", then check again after \(Self.words(seconds: $0))" } ?? ", then check again later"
            switch failureCode {
            case "SWCERR00301":
                return
                    "make https://\(domain)/.well-known/apple-app-site-association answer within a few seconds to any "
                    + "client, from anywhere (Apple's fetcher is AASA-Bot/1.0.0 from Apple's networks)\(next)"
            case "SWCERR00101":
                return "serve the file with status 200 to Apple's fetcher too: look for firewall, bot or geo rules "
                    + "that refuse AASA-Bot/1.0.0 (`--as-apple` sends it)\(next)"
            default:
                return "make the file reachable for Apple's fetcher (AASA-Bot/1.0.0)\(next)"
            }
        }

        /// The sentence the CDN findings end with: the failure, when the CDN tries again, how old its copy is.
        ///
        /// - Parameter hasCopy: Whether the CDN answered with a copy (200), whose age then matters.
        /// - Returns: The sentence, or nil when there is nothing to say.
        public func sentence(hasCopy: Bool) -> String? {
            var parts: [String] = []
            if let failureReason {
                var part = "the CDN's own fetch failed: \(failureReason)"
                if let meaning = failureMeaning { part += " (\(meaning))" }
                if let failureDetails { part += ", details: \(failureDetails)" }
                parts.append(part)
            }
            if let tryDirect { parts.append("Apple-Try-Direct: \(tryDirect)") }
            let cache = [cacheControl.map { "Cache-Control: \($0)" }, age.map { "Age: \($0)" }].compactMap { $0 }
                .joined(separator: ", ")
            if hasCopy {
                if let age {
                    var part = "the copy is \(Self.words(seconds: age)) old"
                    if let refreshIn {
                        part +=
                            "; the CDN keeps it for \(Self.words(seconds: maxAge ?? 0)), so devices get a newer one "
                            + "in about \(Self.words(seconds: refreshIn)) at the earliest"
                    }
                    parts.append(part + " (\(cache))")
                } else if let maxAge {
                    parts.append("the CDN keeps a copy for \(Self.words(seconds: maxAge)) (\(cache))")
                }
            } else if let refreshIn {
                let what = failureReason == nil ? "this answer" : "this failure"
                parts.append(
                    "the CDN keeps \(what) for \(Self.words(seconds: maxAge ?? 0)) and tries again in about "
                        + "\(Self.words(seconds: refreshIn)); devices get nothing until then (\(cache))")
            }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }

        /// A number of seconds in words: `45 seconds`, `20 minutes`, `1 hour`, `6 hours`, `2 days`.
        static func words(seconds: Int) -> String {
            func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
            if seconds < 120 { return count(seconds, "second") }
            if seconds < 2 * 3600 { return count((seconds + 30) / 60, "minute") }
            if seconds < 2 * 86400 { return count((seconds + 1800) / 3600, "hour") }
            return count((seconds + 43200) / 86400, "day")
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingASCIISpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
