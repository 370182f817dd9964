// libFuzzer harness: Android's side. The first byte picks the reader, the rest is its input:
//   0 the manifest reader (AndroidManifest.xml, then the lint of what it read),
//   1 the assetlinks.json parser (then verification and the dynamic rules on a few URLs),
//   2 the pathPattern glob (pattern, a 0x01 byte, input),
//   3 the pathAdvancedPattern parser and matcher (pattern, a 0x01 byte, input).
// Every check below is an invariant of the library: breaking one traps, which libFuzzer reports as a crash.

@testable import AndroidAppLinks

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

private let urls = [
    "https://example.com/", "https://www.example.com/shop/1?ref=a#x", "https://Example.COM:443/a%2Fb", "myapp://open",
]

private let app = AndroidAppIdentity(
    packageName: "com.example.app",
    fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"])

private func split(_ bytes: ArraySlice<UInt8>) -> (String, String) {
    let separator = bytes.firstIndex(of: 0x01) ?? bytes.endIndex
    let pattern = String(decoding: bytes[..<separator], as: UTF8.self)
    let input = separator < bytes.endIndex ? String(decoding: bytes[(separator + 1)...], as: UTF8.self) : ""
    return (pattern, input)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroid(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    let rest = bytes[1...]
    switch mode % 4 {
    case 0:
        do {
            let manifest = try AndroidManifest(parsing: Array(rest))
            for diagnostic in AndroidManifestLinter.lint(manifest) {
                check((diagnostic.location.line ?? 1) >= 1, "bad line")
            }
            let decider = AndroidLinkDecider(manifest: manifest, app: app) { _ in nil }
            for url in urls { _ = decider.decide(url) }
        } catch {
            check(error.location.line != nil && error.location.column != nil, "XML error without a position")
        }
    case 1:
        do {
            let file = try AssetLinksFile(parsing: Array(rest))
            for diagnostic in file.diagnostics { check(diagnostic.location.pointer != nil, "no pointer") }
            let verification = file.verification(for: app)
            check(verification.isVerified == (verification.failure == nil), "verified and failed")
            let decider = AndroidLinkDecider(manifest: nil, app: app) { _ in file }
            for url in urls { _ = decider.decide(url) }
        } catch {
            check(error.location.line != nil, "file error without a line")
        }
    case 2:
        let (pattern, input) = split(rest)
        let glob = try! AndroidPattern(.glob, pattern)
        _ = glob.matches(input)
        if !pattern.contains("*"), !pattern.contains("."), !pattern.contains("\\") {
            check(glob.matches(input) == (pattern == input), "a plain glob is not a literal")
        }
    default:
        let (pattern, input) = split(rest)
        if let advanced = try? AndroidPattern(.advanced, pattern) { _ = advanced.matches(input) }
    }
    return 0
}
