import Foundation
import LinkDeployment
import Testing

/// Apple's CDN's own diagnosis in its response header fields, read into the report with what it means and
/// what to do. The header values are those site owners have shown of the CDN's answers.
@Suite struct AASAFetchCDNDiagnosisTests {
    static let wellKnown = "https://example.com/.well-known/apple-app-site-association"
    static let cdnURL = "https://app-site-association.cdn-apple.com/a/v1/example.com"
    static let json = ["Content-Type": "application/json"]
    static let file = Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"]}]}}"#.utf8)
    static let timeoutHeaders = [
        "Apple-Failure-Reason": "SWCERR00301 Timeout",
        "Apple-Failure-Details":
            #"{"cause":"context deadline exceeded (Client.Timeout exceeded while awaiting headers)"}"#,
        "Apple-Try-Direct": "true", "Cache-Control": "max-age=3600,public", "Age": "1200",
    ]

    static func report(cdn: AASAFetchResponse) -> AASAFetchReport {
        AASAFetchChecker.check(
            domain: "example.com",
            origin: [AASAFetchResponse(url: wellKnown, status: 200, headers: json, body: file)], cdn: cdn)
    }

    @Test func aFailedCDNFetchIsReadWithItsReasonAndNextTry() throws {
        let report = Self.report(cdn: AASAFetchResponse(url: Self.cdnURL, status: 404, headers: Self.timeoutHeaders))
        let diagnosis = try #require(report.cdn?.diagnosis)
        #expect(diagnosis.failureReason == "SWCERR00301 Timeout")
        #expect(diagnosis.failureCode == "SWCERR00301")
        #expect(diagnosis.failureDetails?.hasPrefix(#"{"cause":"context deadline exceeded"#) == true)
        #expect(diagnosis.tryDirect == "true")
        #expect(diagnosis.maxAge == 3600)
        #expect(diagnosis.age == 1200)
        #expect(diagnosis.refreshIn == 2400)
        let finding = try #require(report.findings.first)
        #expect(report.findings.map(\.code) == [.cdnMiss])
        #expect(finding.message.contains("the CDN's own fetch failed: SWCERR00301 Timeout (Apple's fetcher gave up"))
        #expect(finding.message.contains("tries again in about 40 minutes; devices get nothing until then"))
        #expect(finding.hint.hasPrefix("make https://example.com/.well-known/apple-app-site-association answer"))
        #expect(finding.hint.hasSuffix("then check again after 40 minutes"))
        #expect(report.text.contains("    Apple-Failure-Reason: SWCERR00301 Timeout (Apple's fetcher gave up waiting"))
        #expect(report.text.contains("    Age: 1200 (20 minutes old, fetched again in about 40 minutes)"))
    }

    @Test func aRefusedFetcherPointsAtRulesAgainstApple() throws {
        let headers = [
            "apple-failure-reason": "SWCERR00101 Bad HTTP Response: 403 Forbidden",
            "cache-control": "public, max-age=3600",
        ]
        let report = Self.report(cdn: AASAFetchResponse(url: Self.cdnURL, status: 404, headers: headers))
        let finding = try #require(report.findings.first)
        #expect(report.cdn?.diagnosis?.maxAge == 3600)
        #expect(report.cdn?.diagnosis?.refreshIn == 3600)
        #expect(finding.message.contains("your server did not answer Apple's fetcher with the file (403 Forbidden)"))
        #expect(finding.hint.contains("`--as-apple`"))
    }

    @Test func aStaleCopySaysHowOldItIsAndWhenDevicesGetANewerOne() throws {
        let stale = Array(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["*"]}]}}"#.utf8)
        let report = Self.report(
            cdn: AASAFetchResponse(
                url: Self.cdnURL, status: 200,
                headers: Self.json.merging(["Cache-Control": "max-age=21600,public", "Age": "18000"]) { $1 },
                body: stale))
        #expect(report.findings.map(\.code) == [.cdnStale])
        #expect(
            report.findings.first?.message.hasSuffix(
                "the copy is 5 hours old; the CDN keeps it for 6 hours, so devices get a newer one in about 60 "
                    + "minutes at the earliest (Cache-Control: max-age=21600,public, Age: 18000)") == true)
    }

    @Test func aCurrentCopyShowsItsCacheHeadersWithoutAFinding() throws {
        let report = Self.report(
            cdn: AASAFetchResponse(
                url: Self.cdnURL, status: 200,
                headers: Self.json.merging(["Cache-Control": "max-age=21600,public", "Age": "3600"]) { $1 },
                body: Self.file))
        #expect(report.findings.isEmpty)
        #expect(report.cdn?.state == .current)
        #expect(report.cdn?.diagnosis?.refreshIn == 18000)
        #expect(report.text.contains("    Cache-Control: max-age=21600,public (kept for 6 hours)\n"))
    }

    @Test func aCDNAnswerWithoutTheseHeadersHasNoDiagnosis() throws {
        let report = Self.report(cdn: AASAFetchResponse(url: Self.cdnURL, status: 404))
        #expect(report.cdn?.diagnosis == nil)
        #expect(
            report.findings.first?.hint
                == "make sure the origin serves the file to any client; Apple's CDN fetches it on its own schedule, "
                + "so check again later")
    }

    @Test func theDiagnosisIsInTheJSONWithItsOwnKeys() throws {
        let report = Self.report(cdn: AASAFetchResponse(url: Self.cdnURL, status: 404, headers: Self.timeoutHeaders))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(
            json.contains(
                #""diagnosis":{"age":1200,"cacheControl":"max-age=3600,public","failureCode":"SWCERR00301","#
                    + #""failureDetails":"{\"cause\":\"context deadline exceeded (Client.Timeout exceeded while "#
                    + #"awaiting headers)\"}","failureReason":"SWCERR00301 Timeout","maxAge":3600,"refreshIn":2400,"#
                    + #""tryDirect":"true"}"#))
        #expect(try JSONDecoder().decode(AASAFetchReport.self, from: Data(json.utf8)) == report)
    }

    @Test func aReportWrittenBeforeTheseKeysStillDecodes() throws {
        let old = #"{"domain":"example.com","errors":0,"findings":[],"ok":true,"origin":[],"warnings":0}"#
        let report = try JSONDecoder().decode(AASAFetchReport.self, from: Data(old.utf8))
        #expect(report.client == nil)
        #expect(report.timeout == nil)
    }
}
