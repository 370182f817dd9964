import AppCoverage
import AppLinkConfiguration
import AppSiteAssociation
import Foundation
import LinkRouting
import TestSupport
import Testing

/// A value of the wrong type in the app's files is a `wrong-type` gap at its key path and position, and the rest of
/// the files is still checked (issue 28: results instead of refusals).
@Suite struct WrongTypeCoverageTests {
    static let routesJSON = """
        {"schemes": ["shop"], "associatedDomains": ["applinks:example.com"],
         "routes": [{"name": "product", "pattern": "/product/**"}, {"name": "cart", "pattern": "shop://cart"}]}
        """

    /// An Xcode-style entitlements file whose second Associated Domains item is a number (a merge gone wrong).
    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>application-identifier</key>
        \t<string>\(AppFixtures.appID)</string>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \t\t<string>applinks:example.com</string>
        \t\t<integer>443</integer>
        \t</array>
        </dict>
        </plist>
        """

    /// An Info.plist whose `CFBundleURLName` is an array; its scheme is still declared.
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleURLTypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>CFBundleURLName</key>
        \t\t\t<array/>
        \t\t\t<key>CFBundleURLSchemes</key>
        \t\t\t<array><string>shop</string></array>
        \t\t</dict>
        \t</array>
        </dict>
        </plist>
        """

    func report(entitlements: String = entitlements, infoPlist: String? = infoPlist) throws -> AppCoverageReport {
        let app = try AppLinkConfiguration(
            entitlements: Array(entitlements.utf8), infoPlist: infoPlist.map { Array($0.utf8) })
        return try AppCoverageChecker.check(
            app: app, hasInfoPlist: infoPlist != nil, routes: try AppFixtures.routes(Self.routesJSON),
            files: ["example.com": try AppFixtures.site(AppFixtures.aasa(paths: ["/product/*"]))])
    }

    @Test func eachValueOfTheWrongTypeIsAGapAtItsPlaceAndTheRestIsChecked() throws {
        let report = try report()
        #expect(report.gaps.map(\.kind) == [.wrongType, .wrongType], "\(report.gaps.map(\.message))")
        let item = report.gaps[0]
        #expect(item.place == .entitlementsValue(keyPath: "com.apple.developer.associated-domains[1]"))
        #expect(item.file == "entitlements")
        #expect(item.pointer == "/com.apple.developer.associated-domains/1")
        #expect(item.fileLocation?.line == 9)
        #expect(item.fileLocation?.column == 3)
        #expect(
            item.message
                == "In the entitlements, `com.apple.developer.associated-domains[1]` is a integer, not a string: iOS "
                + "ignores it (and what it would have declared); the rest of the file is checked without it.")
        let name = report.gaps[1]
        #expect(name.place == .infoPlistValue(keyPath: "CFBundleURLTypes[0].CFBundleURLName"))
        #expect(name.file == "info-plist")
        #expect(name.pointer == "/CFBundleURLTypes/0/CFBundleURLName")
        #expect(name.fileLocation?.line == 8)
        // The rest was read and checked: the valid entry's domain, the declared scheme (no undeclared-scheme gap).
        #expect(report.domains.map(\.state) == [.checked])
        let finding = try #require(report.locatedFindings.first)
        #expect(finding.code == "wrong-type")
        #expect(finding.places.first?.file == .entitlements)
        #expect(report.findingRules.contains { $0.code == "wrong-type" })
    }

    @Test func aWrongTypeWhereTheEntriesBelongStillChecksTheRoutes() throws {
        let entitlements = """
            <plist><dict><key>application-identifier</key><string>\(AppFixtures.appID)</string>\
            <key>com.apple.developer.associated-domains</key><string>applinks:example.com</string></dict></plist>
            """
        let report = try report(entitlements: entitlements, infoPlist: nil)
        // Nothing is claimed: the routes' associated domain is reported as well.
        #expect(report.gaps.map(\.kind) == [.wrongType, .associatedDomainNotEntitled])
        #expect(report.gaps[0].pointer == "/com.apple.developer.associated-domains")
        #expect(report.gaps[0].fileLocation?.line == 1)
    }

    @Test func aBaselineTellsTwoValuesOfTheWrongTypeApart() throws {
        let report = try report()
        let baseline = Baseline<AppCoverageReport>(report: report)
        #expect(
            baseline.entries.map(\.keyPath) == [
                "com.apple.developer.associated-domains[1]", "CFBundleURLTypes[0].CFBundleURLName",
            ])
        var one = baseline
        one.entries.removeLast()
        let comparison = one.compare(report)
        #expect(comparison.new.gaps.map(\.pointer) == ["/CFBundleURLTypes/0/CFBundleURLName"])
        #expect(comparison.accepted.gaps.count == 1)
        let reread = try Baseline<AppCoverageReport>(json: Array(baseline.json.utf8))
        #expect(reread == baseline)
        #expect(baseline.entries[1].description == "wrong-type keyPath=CFBundleURLTypes[0].CFBundleURLName")
    }
}
