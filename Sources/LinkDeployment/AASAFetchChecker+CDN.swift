import AppSiteAssociation
import LinkCoverage
import LinkRouting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension AASAFetchChecker {
    static func compareCDN(
        _ cdn: AASAFetchResponse, origin: AASAFile?, originBody: [UInt8]?, domain: String,
        timeout: Duration = timeout
    ) -> (AASAFetchReport.CDNCopy, [AASAFetchFinding]) {
        let request = AASAFetchReport.Request(cdn)
        let diagnosis = cdn.failure == nil ? AASAFetchReport.CDNDiagnosis(cdn) : nil
        func copy(_ state: AASAFetchReport.CDNCopy.State, _ differences: [AASAFetchReport.AppDifference] = [])
            -> AASAFetchReport.CDNCopy
        {
            AASAFetchReport.CDNCopy(request: request, state: state, differences: differences, diagnosis: diagnosis)
        }
        guard cdn.isOK else {
            return (
                copy(cdn.isNotFound ? .miss : .unavailable),
                [responseFinding(cdn, isCDN: true, domain: domain, timeout: timeout)]
            )
        }
        let age = diagnosis?.sentence(hasCopy: true).map { "; " + $0 } ?? ""
        guard !cdn.isOverSizeLimit else {
            return (
                copy(.unavailable),
                [
                    AASAFetchFinding(
                        severity: .warning, code: .cdnUnavailable, source: .cdn, url: cdn.url,
                        message: "Apple's CDN copy is larger than \(sizeLimit) bytes (128 KB)",
                        hint: "check again later; devices depend on this copy")
                ]
            )
        }
        guard let origin, let originBody else { return (copy(.notCompared), []) }
        if cdn.body == originBody { return (copy(.current), []) }
        let cdnFile: AASAFile
        do {
            cdnFile = try AASAFile(parsing: cdn.body)
        } catch {
            return (
                copy(.stale),
                [
                    AASAFetchFinding(
                        severity: .warning, code: .cdnStale, source: .cdn, url: cdn.url,
                        message: "Apple's CDN copy is not a loadable AASA file (\(error.description)), unlike the "
                            + "origin's; devices use the CDN copy until Apple refreshes it" + age,
                        hint: "wait for Apple's CDN to refresh its copy; meanwhile test on a device with "
                            + "applinks:\(domain)?mode=developer")
                ]
            )
        }
        let originMatcher = AASAMatcher(origin)
        let cdnMatcher = AASAMatcher(cdnFile)
        var differences: [AASAFetchReport.AppDifference] = []
        for appID in appIDs(origin, cdnFile) {
            let diff: AASADiffReport
            do {
                diff = try CoverageChecker.diff(old: cdnMatcher, new: originMatcher, domain: domain, appID: appID)
            } catch {
                return (
                    copy(.notCompared, differences),
                    [
                        AASAFetchFinding(
                            severity: .warning, code: .cdnNotCompared, source: .cdn, url: cdn.url,
                            message: "Apple's CDN copy differs from the origin's file, and could not be compared "
                                + "exactly for \(appID): \(error.description)",
                            hint: "save both copies and compare them with `link-router aasa diff`")
                    ]
                )
            }
            guard !diff.isUnchanged else { continue }
            func changes(_ list: [AASADiffReport.Change]) -> [AASAFetchReport.Change] {
                list.map { AASAFetchReport.Change(example: $0.example, cdn: $0.old, origin: $0.new) }
            }
            differences.append(
                AASAFetchReport.AppDifference(
                    appID: appID, originOnly: changes(diff.gained), cdnOnly: changes(diff.lost)))
        }
        guard !differences.isEmpty else { return (copy(.current), []) }
        let regions = differences.reduce(0) { $0 + $1.originOnly.count + $1.cdnOnly.count }
        let apps = differences.count == 1 ? "1 app ID" : "\(differences.count) app IDs"
        return (
            copy(.stale, differences),
            [
                AASAFetchFinding(
                    severity: .warning, code: .cdnStale, source: .cdn, url: cdn.url,
                    message: "Apple's CDN copy is stale: it opens the app for different URLs than the origin's file "
                        + "(\(regions) region\(regions == 1 ? "" : "s") for \(apps)); devices use the CDN copy "
                        + "until Apple refreshes it" + age,
                    hint: "wait for Apple's CDN to refresh its copy; meanwhile test on a device with "
                        + "applinks:\(domain)?mode=developer")
            ]
        )
    }

    /// Every app ID listed in `applinks` of either file, in file order, without repeats.
    static func appIDs(_ first: AASAFile, _ second: AASAFile) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        for file in [first, second] {
            for entry in file.appLinks?.details ?? [] {
                for appID in entry.appIDs where seen.insert(appID).inserted { result.append(appID) }
            }
        }
        return result
    }
}
