import AppSiteAssociation
import LinkCoverage

/// Helpers shared by the coverage suites.
enum CoverageTestSupport {
    /// Lints a file's text with every pass (the unreachable-rule pass is this module's).
    static func lint(_ json: String) -> AASALintReport {
        AASALinter.lint(Array(json.utf8), passes: [.unreachableRules])
    }
}

/// Every byte string over `alphabet` of length at most `maxLength`, shortest first.
func allStrings(over alphabet: [UInt8], maxLength: Int) -> [[UInt8]] {
    var result: [[UInt8]] = [[]]
    var layer: [[UInt8]] = [[]]
    for _ in 0..<maxLength {
        var next: [[UInt8]] = []
        for prefix in layer {
            for byte in alphabet { next.append(prefix + [byte]) }
        }
        result += next
        layer = next
    }
    return result
}
