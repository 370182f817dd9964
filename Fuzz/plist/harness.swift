// libFuzzer harness: hostile property lists -> the XML and binary readers, the app's configuration, `app lint`.
//
// Input: one property list (binary when it starts with `bplist`, XML otherwise), read as the entitlements, then
// as the Info.plist beside a fixed valid entitlements file; each configuration is linted. Build variables resolve
// from a few fixed definitions, and an app ID is given every other run (from the input's length).
// Every check below is an invariant of the library: breaking one traps, which libFuzzer reports as a crash.

// `@testable`: the harness checks internal invariants too (Fuzz/run.sh builds the modules with -enable-testing).
@testable import AppLinkConfiguration
@testable import RichMediaKitSupport

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

private let entitlements = Array(
    """
    <plist><dict><key>application-identifier</key><string>ABCDE12345.com.example.app</string>
    <key>com.apple.developer.associated-domains</key><array><string>applinks:example.com</string></array>
    </dict></plist>
    """.utf8)

private let defines = ["ASSOCIATED_DOMAIN": "shop.example.com", "DEVELOPMENT_TEAM": "ABCDE12345"]

/// A position inside `bytes`: a byte offset within it, and for XML a line and column that are 1-based.
private func checkPosition(_ position: PropertyListPosition, in bytes: [UInt8], _ what: String) {
    check(position.byteOffset >= 0 && position.byteOffset <= bytes.count, "\(what): offset \(position.byteOffset)")
    if let line = position.line {
        check(line >= 1 && (position.column ?? 0) >= 1, "\(what): position \(position)")
    }
    check((position.line == nil) == (position.column == nil), "\(what): line without column")
}

/// Every value's position is inside the file; containers nest at most `maximumDepth` deep.
private func checkValue(_ value: PropertyListValue, in bytes: [UInt8], depth: Int = 0) {
    check(depth <= PropertyListReader.maximumDepth + 1, "nested \(depth) deep")
    checkPosition(value.position, in: bytes, "value")
    switch value.content {
    case .dictionary(let members):
        for member in members {
            checkPosition(member.keyPosition, in: bytes, "key")
            checkValue(member.value, in: bytes, depth: depth + 1)
        }
    case .array(let elements):
        for element in elements { checkValue(element, in: bytes, depth: depth + 1) }
    default: break
    }
}

private func lint(_ configuration: AppLinkConfiguration, files: [AppLinkConfiguration.File: [UInt8]]) {
    let report = AppLinkLinter.lint(configuration, options: .init(release: files.count == 1))
    let infos = report.diagnostics.filter { $0.severity == .info }.count
    check(report.errorCount + report.warningCount + infos == report.diagnostics.count, "severities do not add up")
    check(report.locatedFindings.count == report.diagnostics.count, "one finding per diagnostic")
    for diagnostic in report.diagnostics {
        check(!diagnostic.message.isEmpty && !diagnostic.hint.isEmpty, "empty message or hint")
        if let location = diagnostic.location, let bytes = files[location.file] {
            checkPosition(location.position, in: bytes, "diagnostic \(diagnostic.code)")
        }
    }
    for value in configuration.wrongTypeValues {
        check(report.diagnostics.contains { $0.code == .wrongType && $0.location == value.location }, "unreported")
    }
    let names: [AppLinkConfiguration.File: String] = [.entitlements: "App.entitlements", .infoPlist: "Info.plist"]
    let text = report.renderedText(files: names)
    check(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "control character in the text")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let value: PropertyListValue?
    do {
        value = try PropertyListReader.read(bytes)
    } catch {
        checkPosition(error.position, in: bytes, "syntax error")
        check(!error.message.isEmpty, "empty syntax error")
        check(bytes.starts(with: Array("bplist".utf8)) == (error.position.line == nil), "binary error has a line")
        value = nil
    }
    if let value { checkValue(value, in: bytes) }
    let appID = size % 2 == 0 ? "ABCDE12345.com.example.app" : nil
    do {
        let configuration = try AppLinkConfiguration(entitlements: bytes, defines: defines, appID: appID)
        check(value?.members != nil, "read a configuration from a file that is not a dictionary")
        lint(configuration, files: [.entitlements: bytes])
    } catch {
        check(value?.members == nil, "refused a dictionary: \(error)")
        if let position = error.position { checkPosition(position, in: bytes, "configuration error") }
    }
    do {
        let configuration = try AppLinkConfiguration(
            entitlements: entitlements, infoPlist: bytes, defines: defines, appID: appID)
        check(configuration.appID == "ABCDE12345.com.example.app", "the entitlements' app ID was lost")
        lint(configuration, files: [.entitlements: entitlements, .infoPlist: bytes])
    } catch {
        check(error.file == .infoPlist && value?.members == nil, "refused \(error.file): \(error)")
    }
    return 0
}
