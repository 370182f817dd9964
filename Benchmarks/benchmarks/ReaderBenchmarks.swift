import FileLocations
import Foundation
import LinkRouter
import RichMediaKitSupport

/// The readers and writers of files that other people control, from small to the documented limit (issue 43,
/// issue 40's `android.manifest.read.N`): each row is the time per element at one size, and its baseline is the time
/// per element at the smallest size, measured in the same run, so the ratio (smallest ÷ this) is 1.0 when the cost
/// per element is flat and 0.5 when it doubled. A quadratic reader or writer shows a ratio near 0 at the large
/// sizes (the JSON parser's was about 0.01 at 65,000 elements).
///
/// - `json.parse.N`: `JSONParser` on an array of N small objects (300,000 is 6.8 MB, near the routes file's 8 MiB).
/// - `json.encode.N`: `OrderedJSON(encoding:)` and `compact` of N diagnostics-like values (the `--format json` writer).
/// - `android.manifest.read.N`: `AndroidManifest(parsing:)` of N intent filters (4,000 is 1.6 MB of the 4 MiB limit).
/// - `plist.xml.read.N` and `plist.binary.read.N`: an entitlements file of N values (the reader behind `app lint`).
/// - `report.{text,sarif,github,html}.N`: the writers of N findings located in a JSON file.
/// - `assetlinks.includes.N`: `assetlinks fetch`'s walk of a file naming one include N times (21,000 is 945 KB).
func runReaderBenchmarks(options: Options, runs: Int, wanted: (String) -> Bool) async throws {
    let families = [
        "json.parse", "json.encode", "android.manifest.read", "plist.xml.read", "plist.binary.read", "report.text",
        "report.sarif", "report.github", "report.html", "assetlinks.includes",
    ]
    guard families.contains(where: wanted) else { return }
    let runs = options.quick ? 1 : runs
    let scale = ReaderScale(options: options, runs: runs)
    if wanted("json.parse") {
        try scale.row("json.parse", sizes: options.quick ? [1_000, 30_000] : [1_000, 30_000, 300_000]) { count in
            let bytes = Array(
                ("[" + Array(repeating: #"{"a":[0,"x"],"b":true}"#, count: count).joined(separator: ",") + "]").utf8)
            return { blackHole(try JSONParser.parse(bytes)) }
        }
    }
    if wanted("json.encode") {
        struct Item: Encodable {
            var code: String
            var line: Int
            var message: String
        }
        try scale.row("json.encode", sizes: options.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]) { count in
            let items = (0..<count).map { Item(code: "wrong-type", line: $0, message: "entry \($0) is a number") }
            return { blackHole(try OrderedJSON(encoding: items).compact) }
        }
    }
    if wanted("android.manifest.read") {
        try scale.row("android.manifest.read", sizes: options.quick ? [250, 1_000] : [250, 1_000, 4_000]) { count in
            let bytes = Array(manifest(filters: count).utf8)
            return { blackHole(try AndroidManifest(parsing: bytes)) }
        }
    }
    if wanted("plist.xml.read") || wanted("plist.binary.read") {
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let name = format == .xml ? "plist.xml.read" : "plist.binary.read"
            guard wanted(name) else { continue }
            try scale.row(name, sizes: options.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]) { count in
                var dictionary: [String: Any] = ["application-identifier": "ABCDE12345.com.example.app"]
                for index in 0..<count { dictionary["k\(index)"] = "value \(index)" }
                let bytes = Array(
                    try PropertyListSerialization.data(fromPropertyList: dictionary, format: format, options: 0))
                return { blackHole(try AppLinkConfiguration(entitlements: bytes)) }
            }
        }
    }
    do {
        for format in ["text", "sarif", "github", "html"] where wanted("report.\(format)") {
            try scale.row("report.\(format)", sizes: options.quick ? [1_000, 10_000] : [1_000, 10_000, 50_000]) {
                count in
                let (findings, sources) = locatedFindings(count)
                switch format {
                case "text":
                    let lines = findings.map { "\($0.code): \($0.message)" }
                    return {
                        blackHole(TerminalText.visibleLines(lines.map(TerminalText.visible).joined(separator: "\n")))
                    }
                case "sarif":
                    return {
                        blackHole(FindingWriters.sarif(toolName: "x", rules: [], findings: findings, sources: sources))
                    }
                case "github":
                    return { blackHole(FindingWriters.github(findings: findings, sources: sources)) }
                default:
                    let page = ReportHTMLPage(
                        title: "x", heading: "x", isClean: false, verdict: "", inputs: [], rules: [],
                        findings: findings, sources: sources, footer: "")
                    return { blackHole(page.render()) }
                }
            }
        }
    }
    if wanted("assetlinks.includes") {
        let sizes = options.quick ? [1_000, 21_000] : [1_000, 5_000, 21_000]
        var perInclude: [Int: Double] = [:]
        for count in sizes {
            let include = "https://include.example/s.json"
            let body = "[" + Array(repeating: #"{"include":"\#(include)"}"#, count: count).joined(separator: ",") + "]"
            let transport = CannedIncludes([
                "https://example.com/.well-known/assetlinks.json": Array(body.utf8), include: Array("[]".utf8),
            ])
            var times: [Double] = []
            for _ in 0..<runs {
                times.append(
                    await asyncNanoseconds {
                        blackHole(await AssetLinksFetchChecker.verify(hosts: ["example.com"], transport: transport))
                    })
            }
            perInclude[count] = median(times) / Double(count)
            report(
                BenchmarkResult(
                    name: "assetlinks.includes.\(count)", nsPerOp: perInclude[count] ?? 0,
                    baselineNsPerOp: perInclude[sizes[0]], runs: runs,
                    note: "per include statement; \(body.utf8.count) bytes, one include repeated"), options)
        }
    }
}

/// Runs one row per size: the time per element, with the smallest size's as the baseline.
private struct ReaderScale {
    var options: Options
    var runs: Int

    func row(_ name: String, sizes: [Int], _ make: (Int) throws -> () throws -> Void) throws {
        var perElement: [Int: Double] = [:]
        for size in sizes {
            let work = try make(size)
            try work()  // once before timing: the first run pays for the allocator's growth
            var times: [Double] = []
            for _ in 0..<runs { times.append(try nanoseconds(work)) }
            perElement[size] = median(times) / Double(size)
            report(
                BenchmarkResult(
                    name: "\(name).\(size)", nsPerOp: perElement[size] ?? 0, baselineNsPerOp: perElement[sizes[0]],
                    runs: runs, note: "per element; baseline: per element at \(sizes[0])"), options)
        }
    }
}

/// A manifest of `filters` verified intent filters on one activity, each with its own host and three paths.
private func manifest(filters: Int) -> String {
    var text = """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
          <application>
            <activity android:name=".MainActivity" android:exported="true">

        """
    for index in 0..<filters {
        text += """
                  <intent-filter android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" android:host="shop\(index).example.com" />
                    <data android:pathPrefix="/products/\(index)" />
                    <data android:pathPattern="/c/.*/\(index)" />
                    <data android:path="/help" />
                  </intent-filter>

            """
    }
    return text + "    </activity>\n  </application>\n</manifest>\n"
}

/// `count` findings, each pointing at one element of a JSON file of `count` elements.
private func locatedFindings(_ count: Int) -> ([LocatedFinding], ReportSources) {
    let json = "[\n" + (0..<count).map { "  {\"n\": \($0)}" }.joined(separator: ",\n") + "\n]\n"
    let findings = (0..<count).map { index in
        LocatedFinding(
            code: ["wrong-type", "unrouted", "size-limit"][index % 3], severity: .error,
            message: "element \(index) is wrong", fix: "fix element \(index)", in: .routes,
            at: .pointer(JSONPointer.root.appending(index)))
    }
    return (findings, ReportSources([.routes: .init(path: "routes.json", bytes: Array(json.utf8))]))
}

/// A transport that answers from a table of bodies at once.
private struct CannedIncludes: AASAFetchTransport {
    var bodies: [String: [UInt8]]

    init(_ bodies: [String: [UInt8]]) {
        self.bodies = bodies
    }

    func response(for request: AASAFetchRequest) async -> AASAFetchResponse {
        guard let body = bodies[request.url] else { return AASAFetchResponse(url: request.url, status: 404) }
        return AASAFetchResponse(
            url: request.url, status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
}
