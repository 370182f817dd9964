import Foundation
import RichMediaKitSupport
import TestSupport
import Testing

/// `check --format html`: the page of every mode comes from one design (`ReportHTMLPage`): the verdict split by
/// platform and kind, every input listed, findings with their places on one line, URLs as links, everything escaped.
/// Each test runs the built binary once on the shipped examples.
@Suite struct ReportPageTests {
    static let examples = "Docs/Examples/"
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    static let ios = [
        "--entitlements", examples + "App.entitlements", "--info-plist", examples + "Info.plist",
        "--aasa", "example.com=" + examples + "apple-app-site-association",
    ]
    static let android = [
        "--manifest", examples + "AndroidManifest.xml", "--define", "webHost=example.com", "--package",
        "com.example.app", "--fingerprint", fingerprint, "--assetlinks", "example.com=" + examples + "assetlinks.json",
    ]

    /// The page of `check` with `arguments` (and the shipped routes unless `routes` says otherwise), well-formed and
    /// self-contained.
    static func page(
        _ arguments: [String], routes: String = examples + "routes.json",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (html: String, outline: MarkupOutline) {
        let result = try CommandRunner.run(["check", "--routes", routes] + arguments + ["--format", "html"])
        #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        let outline = MarkupOutline(result.stdout)
        #expect(outline.isWellFormed, "\(outline.error ?? "")", sourceLocation: sourceLocation)
        #expect(outline.externalReferences == [], sourceLocation: sourceLocation)
        // Places are on one line, by the style every page has.
        #expect(result.stdout.contains("code.where { white-space: nowrap;"), sourceLocation: sourceLocation)
        return (result.stdout, outline)
    }

    /// The verdict's split lines (`By platform iOS 2`), as text.
    static func splits(_ html: String) -> String {
        guard let start = html.range(of: "<ul class=\"splits\">"), let end = html.range(of: "</ul>") else { return "" }
        let text = MarkupOutline(String(html[start.lowerBound..<end.upperBound])).text
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theOneFilePageSplitsTheVerdictAndPlacesEachGap() throws {
        let (html, outline) = try Self.page([
            "--aasa", Self.examples + "apple-app-site-association", "--domain", "example.com", "--app-id",
            "ABCDE12345.com.example.app",
        ])
        let splits = Self.splits(html)
        #expect(splits.contains("By platform iOS 2") && splits.contains("By kind unrouted 1 unclaimed 1"), "\(splits)")
        #expect(outline.text.contains("ABCDE12345.com.example.app") && outline.text.contains("routes.json"))
        #expect(html.contains("<code class=\"where\">Docs/Examples/apple-app-site-association:9:11</code>"))
        #expect(html.contains("<code class=\"where\">Docs/Examples/routes.json:18:5</code>"))
        #expect(html.contains("<a href=\"https://example.com/promotion\">https://example.com/promotion</a>"))
    }

    @Test func theWholeAppPageListsEveryInputAndSplitsTheVerdict() throws {
        let (html, outline) = try Self.page(Self.ios)
        let splits = Self.splits(html)
        #expect(splits.contains("By platform iOS 2"), "\(splits)")
        #expect(splits.contains("associated-domain-not-entitled 1") && splits.contains("By file Routes file 2"))
        for input in [
            "Entitlements", "Docs/Examples/App.entitlements", "Info.plist", "Docs/Examples/Info.plist",
            "AASA file of example.com", "Docs/Examples/apple-app-site-association", "App ID",
            "ABCDE12345.com.example.app", "canonical URLs",
        ] {
            #expect(outline.text.contains(input), "missing \(input)")
        }
        #expect(html.contains("<td><code class=\"where\">Docs/Examples/routes.json:3:25</code></td>"))
        // A message's code span is code, not backticks.
        #expect(html.contains("Route <code>product</code> is bound to example.com"))
        #expect(!outline.text.contains("`"))
    }

    @Test func theAndroidPageListsThePackageFingerprintsAndDefinesAndLinksURLs() throws {
        let (html, outline) = try Self.page(Self.android)
        let splits = Self.splits(html)
        #expect(splits.contains("By platform Android 16") && splits.contains("unclaimed 14"), "\(splits)")
        for input in [
            "Android manifest", "Docs/Examples/AndroidManifest.xml", "assetlinks.json of example.com", "Package",
            "com.example.app", "Fingerprints", Self.fingerprint, "Defines", "webHost=example.com",
        ] {
            #expect(outline.text.contains(input), "missing \(input)")
        }
        #expect(html.contains("<a href=\"https://example.com/product\">https://example.com/product</a>"))
        #expect(html.contains("<code class=\"where\">Docs/Examples/AndroidManifest.xml:5:13</code>"))
    }

    @Test func theBothPlatformsPageSplitsByPlatformAndEscapesAHostileRouteName() throws {
        let routes = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: routes) }
        let text = try String(contentsOfFile: Self.examples + "routes.json", encoding: .utf8)
            .replacingOccurrences(
                of: #"{"name": "home", "pattern": "/"},"#,
                with:
                    #"{"name": "home", "pattern": "/"}, {"name": "<script>alert(1)</script>", "pattern": "/hostile"},"#)
        try Data(text.utf8).write(to: routes)
        let (html, outline) = try Self.page(Self.ios + Self.android, routes: routes.path)
        let splits = Self.splits(html)
        #expect(splits.contains("By platform iOS 2 Android"), "\(splits)")
        #expect(splits.contains("between the platforms"), "\(splits)")
        #expect(outline.text.contains("App ID") && outline.text.contains("Package"))
        #expect(outline.text.contains("<script>alert(1)</script>"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func proseMakesCodeSpansAndWebLinksAndNothingElse() {
        #expect(
            MarkupEscaping.prose("Route `<b>` opens https://a.example/x?y=1&z=\"2\". Fine")
                == "Route <code>&lt;b&gt;</code> opens "
                + "<a href=\"https://a.example/x?y=1&amp;z=\">https://a.example/x?y=1&amp;z=</a>&quot;2&quot;. Fine")
        #expect(MarkupEscaping.prose("javascript:alert(1) and shop://cart") == "javascript:alert(1) and shop://cart")
        #expect(MarkupEscaping.prose("an `unmatched tick") == "an `unmatched tick")
        #expect(MarkupEscaping.link("javascript:alert(1)") == "javascript:alert(1)")
        #expect(
            MarkupEscaping.prose("see HTTPS://A.example.") == "see <a href=\"HTTPS://A.example\">HTTPS://A.example</a>."
        )
    }
}
