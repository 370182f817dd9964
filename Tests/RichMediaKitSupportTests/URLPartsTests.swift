import RichMediaKitSupport
import TestSupport
import Testing

/// The package's one URL splitter (`URLParts`), shared by the router's scanner and the AASA matcher, and the router
/// outcomes that depend on how it splits the authority (issue 11).
@Suite struct URLPartsTests {
    /// What `URLParts` finds, as text (`nil` for an absent part).
    struct Split: Equatable, CustomStringConvertible {
        var scheme: String
        var userinfo: String?
        var host: String
        var port: String?
        var path: String
        var query: String?
        var fragment: String?

        var description: String {
            "\(scheme) \(userinfo ?? "-") \(host) \(port ?? "-") \(path) \(query ?? "-") \(fragment ?? "-")"
        }
    }

    static func split(_ url: String, _ policy: URLParts.UserinfoPolicy) -> Split? {
        var url = url
        return url.withUTF8 { bytes in
            guard let parts = URLParts(bytes, userinfo: policy) else { return nil }
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            return Split(
                scheme: text(parts.scheme), userinfo: parts.userinfo.map(text), host: text(parts.host),
                port: parts.port.map(text), path: text(parts.path), query: parts.query.map(text),
                fragment: parts.fragment.map(text))
        }
    }

    @Test(
        arguments: [
            ("https://example.com", Split(scheme: "https", host: "example.com", path: "")),
            (
                "https://example.com/a/b?q=1#f",
                Split(scheme: "https", host: "example.com", path: "/a/b", query: "q=1", fragment: "f")
            ),
            ("HTTPS://Example.COM/X", Split(scheme: "HTTPS", host: "Example.COM", path: "/X")),
            ("shop+x.y-z://h/p", Split(scheme: "shop+x.y-z", host: "h", path: "/p")),
            ("https://example.com?q", Split(scheme: "https", host: "example.com", path: "", query: "q")),
            ("https://example.com#f?g", Split(scheme: "https", host: "example.com", path: "", fragment: "f?g")),
            (
                "https://example.com/p?q?r#s#t",
                Split(scheme: "https", host: "example.com", path: "/p", query: "q?r", fragment: "s#t")
            ),
            ("https://example.com?#", Split(scheme: "https", host: "example.com", path: "", query: "", fragment: "")),
            ("https:///x", Split(scheme: "https", host: "", path: "/x")),
            ("https://", Split(scheme: "https", host: "", path: "")),
        ])
    func splitsSchemeAuthorityPathQueryAndFragment(url: String, expected: Split) {
        #expect(Self.split(url, .report) == expected)
        #expect(Self.split(url, .skip) == expected)
    }

    @Test(
        arguments: [
            ("https://example.com:8443/x", "example.com", "8443"),
            ("https://example.com:/x", "example.com", ""),
            ("https://example.com:", "example.com", ""),
            ("https://a:1:443/x", "a:1", "443"),
            ("https://:443/x", "", "443"),
            ("https://[::1]/x", "[::1]", nil),
            ("https://[::1]:8443/x", "[::1]", "8443"),
            ("https://[2001:db8::1]:443?q", "[2001:db8::1]", "443"),
            ("https://[::ffff:192.0.2.1]#f", "[::ffff:192.0.2.1]", nil),
            ("https://[::1]:1:2/x", "[::1]:1", "2"),
            ("https://[::1/x", "[::1", nil),
            ("https://[::1]]:80/x", "[::1]]:80", nil),
            ("https://::/x", ":", ""),
        ] as [(String, String, String?)])
    func thePortFollowsTheLastColonOutsideIPv6Brackets(url: String, host: String, port: String?) throws {
        for policy in [URLParts.UserinfoPolicy.report, .skip] {
            let split = try #require(Self.split(url, policy))
            #expect(split.host == host)
            #expect(split.port == port)
        }
    }

    @Test(
        arguments: [
            ("https://user@example.com/x", "user", "example.com", nil),
            ("https://user:pass@example.com:8443/x", "user:pass", "example.com", "8443"),
            ("https://@example.com/x", "", "example.com", nil),
            ("https://a@b@example.com/x", "a@b", "example.com", nil),
            ("https://example.com@evil.net/x", "example.com", "evil.net", nil),
            ("https://example.com:443@evil.net/x", "example.com:443", "evil.net", nil),
            ("https://[::1]@example.com:1/x", "[::1]", "example.com", "1"),
            ("https://[@example.com:1/x", "[", "example.com", "1"),
            ("https://u@[::1]:1", "u", "[::1]", "1"),
            ("https://u@/x", "u", "", nil),
        ] as [(String, String, String, String?)])
    func theHostFollowsTheLastAtAndOnlyTheReportPolicyKeepsTheUserinfo(
        url: String, userinfo: String, host: String, port: String?
    ) throws {
        let reported = try #require(Self.split(url, .report))
        #expect(reported.userinfo == userinfo)
        #expect(reported.host == host)
        #expect(reported.port == port)
        let skipped = try #require(Self.split(url, .skip))
        #expect(skipped.userinfo == nil)
        #expect(skipped.host == host)
        #expect(skipped.port == port)
    }

    @Test(arguments: [
        "https://evil.net#@example.com/x", "https://evil.net?@example.com/x", "https://evil.net/@example.com",
    ])
    func anAtAfterTheAuthorityIsNoUserinfo(url: String) throws {
        let split = try #require(Self.split(url, .report))
        #expect(split.userinfo == nil)
        #expect(split.host == "evil.net")
    }

    @Test(arguments: [
        "", ":", "://x", "1https://x", "ht tps://x", "https", "https:", "https:/", "https:/x", "https:x//y", "-a://x",
        "é://x",
    ])
    func refusesAURLWithoutASchemeOrAuthority(url: String) {
        #expect(Self.split(url, .report) == nil)
        #expect(Self.split(url, .skip) == nil)
    }

    @Test func theAuthorityStopsAtTheCallersLimit() {
        var url = "https://user@example.com:80?q#f"
        url.withUTF8 { bytes in
            let limit = 24  // the caller already found the `:` here, say
            let authority = URLParts.authority(bytes, start: 8, limit: limit, userinfo: .report)
            #expect(authority.userinfo == 8..<12)
            #expect(authority.host == 13..<24)
            #expect(authority.port == nil)
            #expect(authority.end == 24)
        }
    }

    @Test(
        arguments: [
            ("https://example.com/x", nil, false), ("https://a:1:443/x", 9, false), ("https://[::1]:80/x", 9, true),
            ("https://u:p%41@example.com:8/x", 26, false), ("https://[@ex%41mple.com/x", nil, true),
            ("https://a]:80/x", 10, true),
        ] as [(String, Int?, Bool)])
    func theAuthorityReportsTheFirstColonAndPercentOrBracketsAfterTheUserinfo(
        url: String, firstColon: Int?, special: Bool
    ) {
        var url = url
        url.withUTF8 { bytes in
            let authority = URLParts.authority(bytes, start: 8, limit: bytes.count, userinfo: .skip)
            #expect(authority.firstColon == firstColon)
            #expect(authority.hasPercentOrBracket == special)
        }
    }

    @Test func hostileInputsSplitInLinearTimeWithoutTrapping() {
        var generator = SeededGenerator(seed: 11)
        let alphabet = Array("ab:@[]/?#%1.".utf8)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &generator)
            var bytes = Array("https://".utf8)
            for _ in 0..<length { bytes.append(alphabet.randomElement(using: &generator)!) }
            bytes.withUnsafeBufferPointer { buffer in
                for policy in [URLParts.UserinfoPolicy.report, .skip] {
                    guard let parts = URLParts(buffer, userinfo: policy) else {
                        Issue.record("https:// always splits")
                        return
                    }
                    // The ranges tile the URL in order.
                    #expect(parts.scheme == 0..<5)
                    #expect(parts.host.lowerBound >= 8)
                    #expect(parts.host.upperBound <= parts.path.lowerBound)
                    if let port = parts.port { #expect(port.lowerBound == parts.host.upperBound + 1) }
                    if let query = parts.query { #expect(query.lowerBound == parts.path.upperBound + 1) }
                    #expect((parts.fragment?.upperBound ?? buffer.count) == buffer.count)
                    #expect(policy == .report || parts.userinfo == nil)
                }
            }
        }
        let long = "https://" + String(repeating: "[", count: 100_000) + String(repeating: ":@", count: 100_000)
        #expect(Self.split(long, .skip)?.host == "")
    }
}
