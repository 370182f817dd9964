import Foundation
import LinkRouter
import Testing

/// Issue 38: every lint's diagnostic is one type, `LintDiagnostic`, with its lint's codes: code written once over it
/// reads the diagnostics of the AASA, app and Android lints alike, and the names each lint's diagnostics had before
/// still compile and agree with the shape.
@Suite struct OneDiagnosticTypeTests {
    static let examples = AppFileFixtures.examples

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Written once over the shape: each diagnostic's finding (in `file` when the report says it) has the
    /// diagnostic's code, severity, message and fix, and its place in the diagnostic's file; returns
    /// `severity code place` for each.
    static func read<Code>(_ diagnostics: [LintDiagnostic<Code>], in file: ReportFile? = nil) -> [String] {
        diagnostics.map { diagnostic in
            let finding = file.map { diagnostic.locatedFinding(in: $0) } ?? diagnostic.locatedFinding
            #expect(finding.code == diagnostic.code.rawValue)
            #expect(finding.severity == diagnostic.severity)
            #expect(finding.message.hasPrefix(diagnostic.message) && finding.message.hasSuffix("."))
            #expect(finding.fix == diagnostic.fix)
            #expect(finding.places.map(\.file) == [file ?? diagnostic.file].compactMap { $0 })
            #expect(diagnostic.description.hasPrefix("\(diagnostic.severity)[\(diagnostic.code)]"))
            return "\(diagnostic.severity) \(diagnostic.code) \(diagnostic.place)"
        }
    }

    @Test func aasaDiagnosticsHaveTheShape() throws {
        let good = try Self.bytes(Self.examples + "apple-app-site-association")
        #expect(Self.read(AASALinter.lint(good, passes: []).diagnostics).isEmpty)
        let broken = AASALinter.lint(Array(good.dropLast(5)), passes: []).diagnostics
        #expect(Self.read(broken).first?.hasPrefix("error json-syntax ") == true)
        #expect(broken.allSatisfy { $0.file == .aasa && $0.place.isTextPosition && $0.pointer.isEmpty })
        let bad = AASALinter.lint(
            Array(#"{"applinks": {"details": [{"appIDs": ["bad"], "components": [{"/": 5}]}]}}"#.utf8), passes: []
        ).diagnostics
        #expect(Self.read(bad).contains("error app-id-format /applinks/details/0/appIDs/0"))
        for diagnostic in bad {
            #expect(diagnostic.locatedFinding.message == diagnostic.message + " (at \(diagnostic.pointer)).")
        }
    }

    @Test func appDiagnosticsHaveTheShape() throws {
        let entitlements = try Self.bytes(Self.examples + "App.entitlements")
        let configuration = try AppLinkConfiguration(entitlements: entitlements)
        let diagnostics = AppLinkLinter.lint(configuration, options: .init(release: true)).diagnostics
        let read = Self.read(diagnostics)
        #expect(!read.isEmpty && diagnostics.allSatisfy { $0.file == .entitlements })
        #expect(diagnostics.allSatisfy { $0.place.keyPath == $0.location?.keyPath && $0.place.line != nil })
        do {
            _ = try AppLinkConfiguration(entitlements: Array(entitlements.dropLast(20)))
            Issue.record("a truncated property list reads")
        } catch {
            let broken = AppLinkDiagnostic(error)
            #expect(Self.read([broken]).first?.hasPrefix("error malformed-property-list ") == true)
            #expect(broken.location?.file == .entitlements && broken.fileLocation == broken.place)
        }
    }

    @Test func androidDiagnosticsHaveTheShape() throws {
        let good = AndroidLintReport.lint(assetLinks: try Self.bytes(Self.examples + "assetlinks.json"))
        #expect(Self.read(good.entries.map(\.diagnostic), in: .assetLinks).isEmpty)
        let bad = AndroidLintReport.lint(
            assetLinks: Array(
                #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example", "sha256_cert_fingerprints": ["AB:CD"]}}]"#
                    .utf8))
        let read = Self.read(bad.entries.map(\.diagnostic), in: .assetLinks)
        #expect(read == ["error fingerprint-format 1:162"])
        #expect(bad.entries.first?.diagnostic.place.pointer?.text == "/0/target/sha256_cert_fingerprints/0")
        #expect(bad.locatedFindings == bad.entries.map { $0.diagnostic.locatedFinding(in: $0.file) })
        let broken = AndroidLintReport.lint(assetLinks: Array("[{".utf8)).entries.map(\.diagnostic)
        #expect(Self.read(broken, in: .assetLinks).first?.hasPrefix("error json-syntax ") == true)
        // An Android diagnostic's file is its report entry's: on its own it has no place in a file.
        #expect(broken.allSatisfy { $0.file == nil && $0.locatedFinding.places.isEmpty })
    }

    /// The names each lint's diagnostics had before 0.2.0 still compile and agree with the shape.
    @Test func oldNamesAgreeWithTheShape() throws {
        let aasa = AASADiagnostic(
            severity: .warning, code: .unknownKey, pointer: "/applinks/x", message: "m", hint: "h")
        #expect(aasa.pointer == "/applinks/x" && aasa.line == nil && aasa.column == nil && aasa.fix == "h")
        #expect(aasa.fileLocation == .pointer(JSONPointer("/applinks/x")!) && aasa.place == aasa.fileLocation)
        #expect(
            aasa
                == AASADiagnostic(
                    severity: .warning, code: AASADiagnostic.Code.unknownKey, message: "m", fix: "h", file: .aasa,
                    place: .pointer(JSONPointer("/applinks/x")!)))
        var syntax = AASADiagnostic(
            severity: .error, code: .jsonSyntax, pointer: "", message: "m", hint: "h", line: 3, column: 17)
        #expect(syntax.place == .text(line: 3, column: 17) && syntax.description == "error[json-syntax] 3:17: m")
        syntax.column = nil
        #expect(syntax.place == FileLocation(pointer: JSONPointer(""), line: 3) && syntax.pointer.isEmpty)

        let location = AppLinkConfiguration.Location(
            file: .infoPlist, keyPath: "CFBundleURLTypes[0]", position: .init(line: 4, column: 9, byteOffset: 120))
        let app = AppLinkDiagnostic(
            severity: .error, code: .invalidScheme, message: "m", hint: "h", location: location)
        #expect(app.location == location && app.file == .infoPlist && app.fileLocation == location.fileLocation)
        #expect(app.description == "error[invalid-scheme] Info.plist 4:9: m")
        let whole = AppLinkDiagnostic(severity: .info, code: .tooManyEntries, message: "m", hint: "h", location: nil)
        #expect(
            whole.location == nil && whole.fileLocation == nil
                && whole.description == "info[too-many-entries] entitlements: m")

        let android = AndroidLinkDiagnostic(
            severity: .warning, code: .fileLocation, message: "m", hint: "h", location: .pointer(JSONPointer("")!))
        #expect(
            android.location == android.place && android.fix == "h"
                && android.description == "warning[file-location] /: m")
        let codes: (AASADiagnostic.Code, AppLinkDiagnostic.Code, AndroidLinkDiagnostic.Code) = (
            AASADiagnosticCode.jsonSyntax, AppLinkDiagnosticCode.developerMode, AndroidLinkDiagnosticCode.jsonSyntax
        )
        #expect(codes.0.rawValue == "json-syntax" && codes.1.rawValue == "developer-mode")
    }
}
