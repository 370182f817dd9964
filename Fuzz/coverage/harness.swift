// libFuzzer harness: AASA file + routes file (+ a second AASA file) -> the coverage and diff engine; routes file +
// assetlinks.json + AndroidManifest.xml -> the Android coverage check.
//
// Input: an AASA file, byte 0x01, a routes file, and optionally byte 0x01 and a second AASA file (or an
// assetlinks.json), and byte 0x01 and an AndroidManifest.xml. The domain is example.com and the app ID is the first
// one the first file names; the Android app is com.example.app with the fingerprint below, the second file served
// for every host. The engine runs with a small state
// limit so every input finishes fast (`tooComplex` is a legitimate answer). Checks, independently of the
// engine's own self-check: every reported example URL really shows its gap when the real matcher and the real
// router are run on it, a file diffed with itself is unchanged, and the generated AASA file loads.
// Every check below is an invariant of the library: breaking one traps, which libFuzzer reports as a crash.

// `@testable`: the harness checks internal invariants too (Fuzz/run.sh builds the modules with -enable-testing).
@testable import AndroidAppLinks
@testable import AppSiteAssociation
@testable import LinkCoverage
@testable import LinkRouting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

private let domain = "example.com"
private let stateLimit = 20_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCoverage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parts = bytes.split(separator: 0x01, maxSplits: 3, omittingEmptySubsequences: false)
    if parts.count == 4, let routes = try? RouteTable(json: Data(parts[1])) {
        checkAndroid(routes: routes, assetLinks: parts[2], manifest: parts[3])
    }
    guard parts.count >= 2, let file = try? AASAFile(parsing: parts[0]),
        let routes = try? RouteTable(json: Data(parts[1]))
    else { return 0 }
    let aasa = AASAMatcher(file)
    let appID = file.appLinks?.details.lazy.flatMap(\.appIDs).first ?? "ABCDE12345.com.example.app"
    for universe in [URLUniverse.canonical, .all] {
        do {
            let report = try CoverageChecker.check(
                aasa: aasa, routes: routes, domain: domain, appID: appID, universe: universe, stateLimit: stateLimit)
            verify(report, aasa, routes, appID)
        } catch {
            check(error.kind == .tooComplex, "coverage check failed: \(error)")
        }
    }
    // A file never differs from itself; a diff against a second file reports reproducible changes.
    if aasa.rules(for: appID).count <= 6 {
        do {
            let same = try CoverageChecker.diff(old: aasa, new: aasa, domain: domain, appID: appID)
            check(same.isUnchanged, "a file differs from itself: \(same)")
            if parts.count == 3, let other = try? AASAMatcher(parsing: parts[2]), other.rules(for: appID).count <= 6 {
                let diff = try CoverageChecker.diff(old: aasa, new: other, domain: domain, appID: appID)
                verify(diff, old: aasa, new: other, appID)
            }
        } catch {
            check(error.kind == .tooComplex, "diff failed: \(error)")
        }
    }
    let generated = AASAGenerator.generate(routes: routes, appID: appID, domain: domain)
    check((try? AASAFile(parsing: Array(generated.utf8))) != nil, "the generated file does not load:\n\(generated)")
    return 0
}

private let androidApp = AndroidAppIdentity(
    packageName: "com.example.app",
    fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"])

/// The Android check: every example really shows its gap when the real decider and router run on it.
private func checkAndroid(routes: RouteTable, assetLinks: ArraySlice<UInt8>, manifest: ArraySlice<UInt8>) {
    guard let manifest = try? AndroidManifest(parsing: manifest) else { return }
    let file = try? AssetLinksFile(parsing: assetLinks)
    let decider = AndroidLinkDecider(manifest: manifest, app: androidApp) { _ in file }
    for universe in [URLUniverse.canonical, .allText] {
        let report: AndroidCoverageReport
        do {
            report = try AndroidCoverageChecker.check(
                decider: decider, routes: routes, sources: [:], unavailable: [:], universe: universe,
                stateLimit: stateLimit)
        } catch {
            check(error.kind == .tooComplex || error.kind == .unsupported, "Android check failed: \(error)")
            continue
        }
        for gap in report.gaps {
            guard let example = gap.example else { continue }
            let decision = decider.decide(example)
            let routed = routes.decision(for: example)
            if gap.kind == .unrouted {
                check(decision.verdict == .opens && routed.kind != .route, "unrouted \(example) does not reproduce")
                check(decision.acceptingFilter?.location == gap.filterLocation, "unrouted \(example): another filter")
            } else {
                check(
                    decision.verdict == gap.reason && routed.routed?.route == gap.route,
                    "unclaimed \(example) does not reproduce")
            }
        }
    }
}

private func verify(_ report: CoverageReport, _ aasa: AASAMatcher, _ routes: RouteTable, _ appID: String) {
    for gap in report.unrouted {
        let match = aasa.match(gap.example, domain: domain, appID: appID)
        check(match.decision == .match && match.rule == gap.rule, "unrouted \(gap.example) is \(match.decision)")
        check(routes.decision(for: gap.example).kind != .route, "unrouted \(gap.example) has a route")
    }
    for gap in report.unclaimed {
        check(routes.decision(for: gap.example).routed?.route == gap.route, "unclaimed \(gap.example) misses its route")
        let match = aasa.match(gap.example, domain: domain, appID: appID)
        check(match.decision != .match, "unclaimed \(gap.example) opens the app")
        if let rule = gap.rule { check(match.decision == .exclude && match.rule == rule, "wrong excluding rule") }
    }
}

private func verify(_ diff: AASADiffReport, old: AASAMatcher, new: AASAMatcher, _ appID: String) {
    for change in diff.gained + diff.lost {
        let before = old.match(change.example, domain: domain, appID: appID)
        let after = new.match(change.example, domain: domain, appID: appID)
        let gained = diff.gained.contains(change)
        check((before.decision == .match) != gained && (after.decision == .match) == gained, "diff \(change) wrong")
        check(before.rule == change.old && after.rule == change.new, "diff \(change) names other rules")
    }
}
