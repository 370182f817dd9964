import Foundation
import LinkRouter
import RichMediaKitSupport
import TestSupport
import Testing

@testable import CommandLineToolkit
@testable import link_router

/// Issue 38: a baseline accepts a finding by what it is about, not by where it is. The shipped examples are checked
/// in every form that offers `--baseline` (through the commands' own loaders and the libraries' checkers and
/// baselines, and the one-file form through the built binary too), then edited as a team edits them: an exclude
/// rule inserted at the top of the AASA file's components, the routes reordered, an intent filter added before the
/// existing ones (none of which changes a gap). Every accepted gap stays accepted and nothing becomes stale; the
/// version 1 baselines today's `link-router` wrote for the same files (Fixtures/Baselines) are still read, accept
/// everything on the unedited files with one `baseline-version` note, and lose their gaps on the edited ones (what
/// the issue reported).
@Suite struct BaselineIdentityTests {
    static let examples = AppFileFixtures.examples
    static let fixtures = AASAFixtures.packageRoot + "/Tests/LinkRouterTests/Fixtures/Baselines/"
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    /// The input files of a check.
    struct Files: Sendable {
        var aasa: String
        var routes: String
        var manifest: String
        var lint: String
    }

    static let original = Files(
        aasa: examples + "apple-app-site-association", routes: examples + "routes.json",
        manifest: examples + "AndroidManifest.xml", lint: AASAFixtures.path("mistakes.json"))

    /// The shipped examples, edited (written once to a temporary directory).
    static let edited = Result { try makeEdited() }

    static func makeEdited() throws -> Files {
        func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
        func inserting(_ text: String, after marker: String, in contents: String) throws -> String {
            let range = try #require(contents.range(of: marker))
            return contents.replacingCharacters(in: range, with: marker + text)
        }
        let rule = #"          {"/": "/api/internal/*", "exclude": true, "comment": "inserted at the top"},"# + "\n"
        let aasa = try inserting(rule, after: "\"components\": [\n", in: try read(original.aasa))
        // The routes in another order: the groups of overlapping routes reversed, each group's own order kept (the
        // first route that matches a URL handles it).
        let routes = try read(original.routes)
        let lines = routes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let routeLines = lines.filter { $0.contains(#"{"name": "#) }
        func line(_ name: String) throws -> String {
            let found = try #require(routeLines.first { $0.contains(#"{"name": "\#(name)""#) })
            return found.hasSuffix(",") ? String(found.dropLast()) : found
        }
        let order = [
            "store", "cart", "campaign", "help", "category", "categories", "order", "orders", "product",
            "product-by-slug", "catalog", "home", "promotion", "promo-legacy", "promotion-summer",
        ]
        #expect(order.count == routeLines.count)
        let reordered = try order.map(line).joined(separator: ",\n")
        let start = try #require(lines.firstIndex { $0.contains(#"{"name": "#) })
        let edited =
            (lines[..<start] + [reordered] + lines[(start + routeLines.count)...]).joined(separator: "\n")
        // An intent filter for a URL a route already handles (shop://cart), before every existing one.
        let activity = """
                    <activity android:name=".CartActivity" android:exported="true">
                        <intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.DEFAULT" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="shop" android:host="cart" />
                        </intent-filter>
                    </activity>

            """
        let manifest = try inserting(
            activity, after: "<application android:label=\"@string/app_name\">\n", in: try read(original.manifest))
        let lint = try inserting(
            "          {\"/\": \"/nothing-here/*\", \"exclude\": true},\n", after: "\"components\": [\n",
            in: try read(original.lint))
        return Files(
            aasa: try AppFileFixtures.file("apple-app-site-association", aasa),
            routes: try AppFileFixtures.file("routes.json", edited),
            manifest: try AppFileFixtures.file("AndroidManifest.xml", manifest),
            lint: try AppFileFixtures.file("mistakes.json", lint))
    }

    // MARK: The checks, as the commands run them

    /// The arguments of `check` in a form (`--aasa` for both sites: the wildcard entry claims stores.example.com).
    static func arguments(_ files: Files, ios: Bool, android: Bool) -> [String] {
        var arguments = ["check", "--routes", files.routes]
        if ios {
            arguments += [
                "--entitlements", examples + "App.entitlements", "--info-plist", examples + "Info.plist",
                "--aasa", "example.com=" + files.aasa, "--aasa", "stores.example.com=" + files.aasa,
            ]
        }
        if android {
            arguments += [
                "--manifest", files.manifest, "--define", "webHost=example.com", "--assetlinks",
                examples + "assetlinks.json", "--package", "com.example.app", "--fingerprint", fingerprint,
            ]
        }
        return arguments
    }

    static func parsed(_ arguments: [String]) throws -> ParsedArguments {
        try ArgumentParser.parse(Array(arguments.dropFirst()), spec: CheckCommand.spec, path: "check") { _ in [] }
    }

    static func oneFile(_ files: Files) throws -> CoverageReport {
        try CoverageChecker.check(
            aasa: try AASAMatcher(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: files.aasa)))),
            routes: try RouteTable(json: try Data(contentsOf: URL(fileURLWithPath: files.routes))),
            domain: "example.com", appID: AppFileFixtures.appID)
    }

    /// Both platforms, as `check --entitlements ... --manifest ...` runs them: its iOS part is the whole-app check's
    /// report and its Android part the Android check's (`PlatformsCoverageChecker` runs both), so one run checks the
    /// three baselines.
    static func platforms(_ files: Files) async throws -> PlatformsCoverageReport {
        let arguments = try parsed(arguments(files, ios: true, android: true))
        let ios = try await CheckCommand.wholeAppInputs(arguments)
        let android = try await CheckCommand.androidInputs(arguments)
        return try PlatformsCoverageChecker.check(
            app: ios.loaded.app, hasInfoPlist: ios.loaded.hasInfoPlist, routes: ios.table, appID: ios.loaded.appID,
            files: ios.files, decider: android.decider, sources: android.sources, unavailable: android.unavailable)
    }

    static func lint(_ files: Files) throws -> AASALintReport {
        AASALinter.lint(Array(try Data(contentsOf: URL(fileURLWithPath: files.lint))), passes: [.unreachableRules])
    }

    /// Writes a baseline of `before` (as `--write-baseline` does), reads it back and splits `after` by it: nothing
    /// new, nothing stale, as many accepted; and the version 1 file of the same check, read, accepts all of
    /// `before` with the migration note, and not all of `after` (the edits moved what it names).
    static func expectIdentitiesSurvive<Baseline: FindingBaseline>(
        _ type: Baseline.Type, before: Baseline.Report, after: Baseline.Report, version1: String,
        read: ([UInt8]) throws -> Baseline, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let written = Baseline(report: before)
        #expect(written.fileText.hasPrefix("{\n  \"version\": 2,\n"), sourceLocation: sourceLocation)
        #expect(!written.entries.isEmpty, sourceLocation: sourceLocation)
        let baseline = try read(Array(written.fileText.utf8))
        #expect(baseline.fileText == written.fileText, sourceLocation: sourceLocation)
        let split = baseline.split(after)
        #expect(split.new.locatedFindings.map(\.message) == [], sourceLocation: sourceLocation)
        #expect(split.stale.map(\.description) == [], sourceLocation: sourceLocation)
        #expect(split.accepted == before.locatedFindings.count, sourceLocation: sourceLocation)
        #expect(baseline.summary(path: "b", accepted: 0, stale: []).versionNote == nil, sourceLocation: sourceLocation)

        let old = try read(Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + version1))))
        #expect(old.fileVersion == 1, sourceLocation: sourceLocation)
        let unedited = old.split(before)
        #expect(unedited.new.locatedFindings.map(\.message) == [], sourceLocation: sourceLocation)
        #expect(unedited.stale.map(\.description) == [], sourceLocation: sourceLocation)
        let note = old.summary(path: version1, accepted: unedited.accepted, stale: []).versionNote
        #expect(note?.code == "baseline-version", sourceLocation: sourceLocation)
        #expect(!old.split(after).stale.isEmpty, "the edits moved nothing", sourceLocation: sourceLocation)
    }

    @Test func theOneFileCheckKeepsItsAcceptedGaps() throws {
        try Self.expectIdentitiesSurvive(
            Baseline<CoverageReport>.self, before: try Self.oneFile(Self.original),
            after: try Self.oneFile(Self.edited.get()),
            version1: "v1-check.json", read: Baseline<CoverageReport>.init(json:))
    }

    @Test func theWholeAppAndroidAndBothPlatformsChecksKeepTheirAcceptedGaps() async throws {
        let before = try await Self.platforms(Self.original)
        let after = try await Self.platforms(try Self.edited.get())
        #expect(
            before.ios.gaps.contains { $0.kind == .unrouted } && before.android.gaps.contains { $0.kind == .unrouted })
        #expect(before.android.gaps.contains { $0.rulePointer != nil })
        try Self.expectIdentitiesSurvive(
            Baseline<AppCoverageReport>.self, before: before.ios, after: after.ios, version1: "v1-app.json",
            read: Baseline<AppCoverageReport>.init(json:))
        try Self.expectIdentitiesSurvive(
            Baseline<AndroidCoverageReport>.self, before: before.android, after: after.android,
            version1: "v1-android.json",
            read: Baseline<AndroidCoverageReport>.init(json:))
        try Self.expectIdentitiesSurvive(
            Baseline<PlatformsCoverageReport>.self, before: before, after: after, version1: "v1-platforms.json",
            read: Baseline<PlatformsCoverageReport>.init(json:))
    }

    @Test func theLintKeepsItsAcceptedDiagnostics() throws {
        try Self.expectIdentitiesSurvive(
            Baseline<AASALintReport>.self, before: try Self.lint(Self.original),
            after: try Self.lint(Self.edited.get()),
            version1: "v1-lint.json", read: Baseline<AASALintReport>.init(json:))
    }

    // MARK: The built binary

    /// The one-file check through `link-router` itself: `--write-baseline` on the shipped examples, `--baseline` on
    /// the edited ones accepts everything (exit 0, nothing stale).
    @Test func theBinaryKeepsTheAcceptedGaps() throws {
        let path = try AppFileFixtures.file("baseline.json", "")
        let identity = ["--domain", "example.com", "--app-id", AppFileFixtures.appID]
        let original = ["check", "--aasa", Self.original.aasa, "--routes", Self.original.routes] + identity
        let written = try CommandRunner.run(original + ["--write-baseline", path])
        #expect(written.status == 0, "\(written.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#"{"kind": "unrouted", "rule": {"/": "/promotion/*"}}"#))
        let edited = try Self.edited.get()
        let result = try CommandRunner.run(
            ["check", "--aasa", edited.aasa, "--routes", edited.routes] + identity + ["--baseline", path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasPrefix("ok: "), "\(result.stdout)")
        #expect(
            result.stdout.hasSuffix(
                "\n\nbaseline \(path): 2 accepted gaps\naccepted (in the baseline), not counted:\n"
                    + "  unrouted: The AASA rule /applinks/details/0/components/3 sends https://example.com/promotion "
                    + "to ABCDE12345.com.example.app, and no route handles it (the app opens with nothing to show).\n"
                    + "  unclaimed: Route `help` handles https://example.com/help/internal, but iOS opens it in "
                    + "Safari: the exclude rule /applinks/details/0/components/7 blocks it.\n"),
            "\(result.stdout)")
    }

    /// A version 1 file through the binary: read, accepting what it accepted, with the one note in every format.
    @Test func aVersion1BaselineSaysSoOnceInEveryFormat() throws {
        let baseline = Self.fixtures + "v1-check.json"
        let arguments = [
            "check", "--aasa", Self.original.aasa, "--routes", Self.original.routes, "--domain", "example.com",
            "--app-id", AppFileFixtures.appID, "--baseline", baseline,
        ]
        let note =
            "The baseline is version 1 (entries by position, matched at today's positions); write it again with "
            + "--write-baseline so that accepted findings survive edits."
        let text = try CommandRunner.run(arguments)
        #expect(text.status == 0, "\(text.stdout)")
        #expect(
            text.stdout.contains(
                "\n\nbaseline \(baseline): 2 accepted gaps\nnote: \(note)\naccepted (in the baseline)"),
            "\(text.stdout)")
        let json = try CommandRunner.run(arguments + ["--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["baseline"] as? [String: Any])?["note"] as? String == note)
        let github = try CommandRunner.run(arguments + ["--format", "github"])
        let commands = github.stdout.split(separator: "\n").map(String.init)
        #expect(commands.first == "::notice file=\(baseline),line=2,col=14,title=baseline-version::\(note)")
        // Then the two accepted gaps, as notices: shown, not counted.
        #expect(commands.count == 3)
        #expect(
            commands.dropFirst().allSatisfy {
                $0.hasPrefix("::notice ") && $0.contains("::accepted (in the baseline \(baseline)), not counted: ")
            })
        let html = try CommandRunner.run(arguments + ["--format", "html"])
        #expect(html.stdout.contains("; note: The baseline is version 1"))
        // The accepted gaps are apart on the page, and their rules are not called fully consistent.
        #expect(html.stdout.contains("<section id=\"accepted\">\n<h2>Accepted (in the baseline), not counted <span"))
        #expect(html.stdout.contains("<code>unrouted</code>: The AASA rule /applinks/details/0/components/2"))
    }
}
