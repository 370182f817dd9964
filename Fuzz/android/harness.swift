// libFuzzer harness: Android's side. The first byte picks the reader, the rest is its input:
//   0 the manifest reader (AndroidManifest.xml, then the lint of what it read),
//   1 the assetlinks.json parser (then verification and the dynamic rules on a few URLs),
//   2 the pathPattern glob (pattern, a 0x01 byte, input),
//   3 the pathAdvancedPattern parser and matcher (pattern, a 0x01 byte, input),
//   4 the rules on written names: a host (android:host's form, the shared host lists, the wildcard approval), and
//     a site file's repository path (where the server would serve it).
// Every check below is an invariant of the library: breaking one traps, which libFuzzer reports as a crash.

@testable import AndroidAppLinks
@testable import RichMediaKitSupport

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
    switch mode % 5 {
    case 0:
        do {
            let manifest = try AndroidManifest(parsing: Array(rest))
            for (minSDK, targetSDK) in [(21, 35), (31, 30)] {
                let diagnostics = AndroidManifestLinter.lint(manifest, minSDK: minSDK, targetSDK: targetSDK)
                var previous = (0, 0)
                for diagnostic in diagnostics {
                    check((diagnostic.location.line ?? 1) >= 1, "bad line")
                    check(!diagnostic.message.isEmpty && !diagnostic.hint.isEmpty, "no message or fix")
                    // In file order, as the doc comment promises.
                    let place = (diagnostic.location.line ?? 0, diagnostic.location.column ?? 0)
                    check(!(place < previous), "diagnostics out of file order")
                    previous = place
                }
            }
            // The claim is what `match` decides with: every accepted combination is made of the claim's parts.
            let claims = IntentFilterClaim.claims(of: manifest)
            check(claims.count == manifest.intentFilters.count, "a claim per filter")
            let decider = AndroidLinkDecider(manifest: manifest, app: app) { _ in nil }
            for url in urls {
                let decision = decider.decide(url)
                if manifest.rejectedPattern != nil {
                    check(
                        decision.verdict == .noFilter && decision.filters.isEmpty, "an app that does not install opens")
                }
                for (index, filter) in manifest.intentFilters.map(\.filter).enumerated() {
                    guard case .success(let combination) = filter.match(AndroidURI(url)) else { continue }
                    let claim = claims[index]
                    check(claim.takesLinks, "a filter that takes no link accepted \(url)")
                    check(claim.schemes.contains(combination.scheme), "a scheme outside the claim")
                    if let host = combination.host {
                        check(claim.authorities.contains { $0.host == host }, "a host outside the claim")
                    } else {
                        check(claim.authorities.isEmpty, "no host, but the claim has hosts")
                    }
                    if let path = combination.path {
                        check(claim.paths.contains { $0.attribute == path.name && $0.value == path.value }, "a path")
                    }
                }
            }
        } catch {
            check(error.location.line != nil && error.location.column != nil, "XML error without a position")
        }
    case 1:
        do {
            let file = try AssetLinksFile(parsing: Array(rest))
            for diagnostic in file.diagnostics { check(diagnostic.location.pointer != nil, "no pointer") }
            let verification = file.verification(for: app)
            check(verification.isVerified == (verification.failure == nil), "verified and failed")
            // A file grants nothing exactly when it has statements about apps and none has a relation a verifier acts
            // on (nor an include).
            let apps = file.statements.filter {
                if case .androidApp = $0.target { return true } else { return false }
            }
            let grants =
                file.statements.contains { $0.include != nil }
                || apps.contains { $0.relations.contains(where: AssetLinksStatement.knownRelations.contains) }
            let nothing = file.diagnostics.contains { $0.code == .grantsNothing }
            check(nothing == (!grants && !apps.isEmpty), "grants-nothing disagrees with the statements")
            if nothing { check(!verification.isVerified, "a file that grants nothing verifies the app") }
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
    case 3:
        let (pattern, input) = split(rest)
        if let advanced = try? AndroidPattern(.advanced, pattern) { _ = advanced.matches(input) }
    default:
        let (first, second) = split(rest)
        // android:host's form: a host with a port, scheme, path or whitespace never passes.
        if let problem = AndroidManifestLinter.hostProblem(first) {
            check(!problem.message.isEmpty && !problem.hint.isEmpty, "a host problem without words")
        } else {
            check(!first.contains(where: \.isWhitespace) && !first.contains("/"), "a host with a path or space passed")
        }
        _ = HostClaims.finding(for: first)
        // The wildcard approval is a plain string suffix (AOSP): never a host that does not end with the domain.
        if DomainVerificationRules.approves(second, through: first) {
            let host = second.lowercased()
            let declared = first.lowercased()
            check(host == declared || (declared.hasPrefix("*.") && host.hasSuffix(declared.dropFirst(2))), "approval")
        }
        for kind in [SiteFilePaths.Kind.assetLinks, .appleAppSiteAssociation] {
            if let problem = SiteFilePaths.problem(first, kind: kind) {
                check(problem.expected.hasSuffix("/" + kind.name) || problem.expected == kind.name, "expected path")
            }
        }
    }
    return 0
}
