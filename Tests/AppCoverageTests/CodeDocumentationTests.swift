import AppCoverage
import AppLinkConfiguration
import Foundation
import TestSupport
import Testing

/// Every whole-app gap kind and every `app lint` code has its row in its guide's table.
@Suite struct CodeDocumentationTests {
    static func guide(_ name: String) throws -> String {
        try String(contentsOf: PackagePaths.root.appendingPathComponent("Docs/\(name)"), encoding: .utf8)
    }

    @Test func everyGapKindHasARowInCoverageMD() throws {
        let text = try Self.guide("Coverage.md")
        for kind in AppCoverageReport.Gap.Kind.allCases where ![.unrouted, .unclaimed].contains(kind) {
            #expect(text.contains("| `\(kind.rawValue)` |"), "\(kind)")
        }
        #expect(text.contains("| `unrouted`, `unclaimed` |"))
    }

    static let lintCodes: [AppLinkDiagnostic.Code] = [
        .unknownService, .schemeInEntry, .pathInEntry, .portInEntry, .emptyHost, .invalidHost, .nonASCIIHost,
        .ipAddressHost, .singleLabelHost, .specialUseHost, .documentationDomain, .shutDownService, .developerTunnel,
        .duplicateEntry, .wildcardWithoutBase, .developerMode, .unknownMode, .tooManyEntries, .unresolvedVariable,
        .appIDFormat, .parentAppIDCount, .parentTeamMismatch, .clipBundlePrefix, .clipWithoutAppClipsEntry,
        .invalidScheme, .duplicateScheme,
    ]

    @Test func everyLintCodeHasARowInAppConfigurationMD() throws {
        let text = try Self.guide("AppConfiguration.md")
        for code in Self.lintCodes {
            #expect(text.contains("| `\(code.rawValue)` |"), "\(code)")
        }
    }
}
