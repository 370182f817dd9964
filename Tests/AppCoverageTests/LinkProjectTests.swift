import AppCoverage
import Foundation
import TestSupport
import Testing

/// The project file (`.link-router.json`): what it reads, where it says a bad file is wrong, and the schema and
/// the docs held to the parser's table of keys.
@Suite struct LinkProjectTests {
    static func parse(_ text: String) throws(LinkProjectError) -> LinkProject {
        try LinkProject(json: Array(text.utf8))
    }

    /// A valid fingerprint, as the docs' example writes it.
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func error(_ text: String) -> LinkProjectError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func theShippedExampleReadsEveryPlatform() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.path("Docs/Examples/.link-router.json")))
        let project = try LinkProject(json: Array(bytes))
        #expect(project.routes == "routes.json")
        #expect(project.defines == ["webHost": "example.com"])
        #expect(project.ios?.entitlements == "App.entitlements")
        #expect(project.ios?.siteFiles.map(\.domain) == ["example.com"])
        #expect(project.android?.packageName == "com.example.app")
        #expect(project.android?.siteFiles.map(\.file) == ["assetlinks.json"])
    }

    @Test func relativePathsFollowTheFilesDirectoryAndFetchStays() throws {
        let project = try Self.parse(
            """
            {"version": 1, "routes": "routes.json", "baseline": "/abs/baseline.json",
             "ios": {"entitlements": "App/App.entitlements", "siteFiles": {"a.com": "fetch", "b.com": "aasa"}},
             "android": {"manifest": "app/AndroidManifest.xml", "strings": ["s.xml"], "certificates": ["c.pem"],
                         "siteFiles": {"a.com": "assetlinks.json"}, "targetSDK": 34}}
            """
        ).resolved(in: "Docs/Examples")
        #expect(project.routes == "Docs/Examples/routes.json")
        #expect(project.baseline == "/abs/baseline.json")
        #expect(project.ios?.entitlements == "Docs/Examples/App/App.entitlements")
        #expect(project.ios?.siteFiles.map(\.file) == ["fetch", "Docs/Examples/aasa"])
        #expect(project.android?.manifest == "Docs/Examples/app/AndroidManifest.xml")
        #expect(project.android?.strings == ["Docs/Examples/s.xml"])
        #expect(project.android?.certificates == ["Docs/Examples/c.pem"])
        #expect(project.android?.siteFiles.map(\.file) == ["Docs/Examples/assetlinks.json"])
        #expect(project.android?.targetSDK == 34)
        #expect(project.resolved(in: ".") == project)
    }

    @Test func anUnknownKeyIsNamedWithTheKeysAllowedAtItsLineAndColumn() {
        let error = Self.error("{\n  \"version\": 1,\n  \"ios\": {\n    \"entitlement\": \"App.entitlements\"\n  }\n}")
        #expect(error?.fileLocation.line == 4)
        #expect(error?.fileLocation.column == 20)
        #expect(error?.fileLocation.pointer?.text == "/ios/entitlement")
        #expect(
            error?.message
                == "unknown key `entitlement` in `ios`; expected one of `entitlements`, `infoPlist`, `appID`, `siteFiles`"
        )
    }

    @Test func aSyntaxErrorHasItsLineAndColumn() {
        let error = Self.error("{\"version\": 1,\n \"routes\": }")
        #expect(error?.fileLocation.line == 2)
        #expect(error?.fileLocation.column == 12)
    }

    @Test(arguments: [
        (#"{"version": 1, "routes": 3}"#, "`routes` must be a string, not number"),
        (#"{"version": 1, "android": {"strings": "s.xml"}}"#, "`strings` must be an array of strings, not string"),
        (
            #"{"version": 1, "android": {"fingerprints": [1]}}"#,
            "each item of `fingerprints` must be a non-empty string, not number"
        ),
        (
            #"{"version": 1, "ios": {"siteFiles": {"a.com": ""}}}"#,
            "each value of `siteFiles` must be a non-empty string, not an empty string"
        ),
        (#"{"version": 1, "android": {"targetSDK": 0}}"#, "`targetSDK` must be a positive integer, not 0"),
        (
            #"{"version": 1, "format": "pdf"}"#,
            "unknown format `pdf`; expected one of `text`, `json`, `sarif`, `github`, `xcode`, `html`"
        ),
        (#"{"routes": "r.json"}"#, "missing `version` (this tool reads version 1)"),
        (#"{"version": 2}"#, "this tool reads version 1 of the project file"),
        (#"[]"#, "the project file must be an object, not array"),
        (#"{"version": 1, "version": 1}"#, "`version` is given twice in the project file"),
        (
            #"{"version": 1, "defines": {"a": "1"}, "android": {"defines": {"a": "2"}}}"#,
            "`a` is also defined in the top-level `defines`; give it once"
        ),
    ])
    func wrongValuesSayWhatWasExpected(text: String, message: String) {
        let error = Self.error(text)
        #expect(error?.message == message)
        #expect(error?.fileLocation.line == 1)
        #expect(error?.fileLocation.column != nil)
    }

    // MARK: - Values the file format refuses (found in review)

    @Test(arguments: [
        (#"{"version": 1, "routes": "-"}"#, "routes", 26),
        (#"{"version": 1, "baseline": "-"}"#, "baseline", 28),
        (#"{"version": 1, "ios": {"entitlements": "-"}}"#, "entitlements", 40),
        (#"{"version": 1, "ios": {"infoPlist": "-"}}"#, "infoPlist", 37),
        (#"{"version": 1, "ios": {"siteFiles": {"a.com": "-"}}}"#, "siteFiles", 47),
        (#"{"version": 1, "android": {"manifest": "-"}}"#, "manifest", 40),
        (#"{"version": 1, "android": {"strings": ["s.xml", "-"]}}"#, "strings", 49),
        (#"{"version": 1, "android": {"certificates": ["-"]}}"#, "certificates", 45),
        (#"{"version": 1, "android": {"siteFiles": {"a.com": "-"}}}"#, "siteFiles", 51),
    ])
    func standardInputIsNoFileOfAProject(text: String, key: String, column: Int) {
        let error = Self.error(text)
        #expect(
            error?.message
                == "`\(key)` must name a file, not `-`: standard input is for the command line, a project file "
                + "names files")
        #expect(error?.kind == .wrongType)
        #expect(error?.fileLocation.line == 1)
        #expect(error?.fileLocation.column == column)
    }

    @Test func aDashIsAValueWhereNoFileIsNamed() throws {
        let project = try Self.parse(#"{"version": 1, "defines": {"A": "-"}, "ios": {"appID": "-"}}"#)
        #expect(project.defines == ["A": "-"])
        #expect(project.ios?.appID == "-")
    }

    @Test(arguments: [
        (
            #"{"version": 1, "ios": {"siteFiles": {"https://a.com": "f"}}}"#,
            "each name in `siteFiles` must be a host name such as example.com; associated domain "
                + "`https://a.com`: a URL, not a host name"
        ),
        (
            #"{"version": 1, "android": {"siteFiles": {"*.a.com": "f"}}}"#,
            "each name in `siteFiles` must be a host name such as example.com; associated domain `*.a.com`: "
                + "`*.a.com` is not a host name (no ports, paths or wildcards inside)"
        ),
        (
            #"{"version": 1, "ios": {"siteFiles": {"a..com": "f"}}}"#,
            "each name in `siteFiles` must be a host name such as example.com; associated domain `a..com`: "
                + "`a..com` is not a host name (empty label)"
        ),
        (
            #"{"version": 1, "android": {"siteFiles": {"a.com:99999": "f"}}}"#,
            "each name in `siteFiles` must be a host name such as example.com; associated domain "
                + "`a.com:99999`: the port `99999` is not a number from 1 to 65535"
        ),
        (
            #"{"version": 1, "ios": {"siteFiles": {"a.com": "f", "A.COM": "g"}}}"#,
            "`A.COM` is given twice in `siteFiles` (host names compare ignoring case)"
        ),
        (
            #"{"version": 1, "defines": {"a=b": "c"}}"#,
            "`a=b` in `defines`: a definition's name has no `=` (`--define NAME=VALUE` splits at the first)"
        ),
        (#"{"version": 1, "android": {"defines": {"": "c"}}}"#, "`defines` has an empty name"),
        (
            #"{"version": 1, "android": {"package": "com.1example"}}"#,
            "`package` must be an Android application ID such as com.example.app (two or more parts of letters, "
                + "digits and `_`, each starting with a letter), not `com.1example`"
        ),
        (
            #"{"version": 1, "android": {"package": "app"}}"#,
            "`package` must be an Android application ID such as com.example.app (two or more parts of letters, "
                + "digits and `_`, each starting with a letter), not `app`"
        ),
    ])
    func namesAreWhatTheCommandLineTakes(text: String, message: String) {
        let error = Self.error(text)
        #expect(error?.message == message)
        #expect(error?.fileLocation.line == 1)
        #expect(error?.fileLocation.column != nil)
    }

    @Test func theNameIsFoundAtItsLineAndColumn() {
        let error = Self.error("{\n  \"version\": 1,\n  \"ios\": {\n    \"siteFiles\": {\"a b\": \"f\"}\n  }\n}")
        #expect(error?.fileLocation.line == 4)
        #expect(error?.fileLocation.column == 26)
        #expect(error?.fileLocation.pointer?.text == "/ios/siteFiles/a b")
        #expect(error?.message.contains("`a b`: a host name has no whitespace") == true)
    }

    @Test func hostNamesTheCommandLineTakesAreRead() throws {
        let project = try Self.parse(
            #"{"version": 1, "ios": {"siteFiles": {"Example.COM": "f", "xn--bcher-kva.example": "g", "a.com:8443": "h"}},"#
                + #" "android": {"package": "com.example.my_app", "siteFiles": {"bücher.example": "fetch"}}}"#)
        #expect(project.ios?.siteFiles.map(\.domain) == ["Example.COM", "xn--bcher-kva.example", "a.com:8443"])
        #expect(project.android?.siteFiles.map(\.host) == ["bücher.example"])
        #expect(project.android?.packageName == "com.example.my_app")
    }

    @Test(arguments: [("1.0", 1), ("10e-1", 1), ("1E0", 1), ("0.1e1", 1)])
    func theVersionIsTheIntegerOneHoweverJSONWritesIt(written: String, value: Int) throws {
        // JSON Schema's `integer` is a number without a fraction, 1.0 as well as 1: the reader agrees.
        #expect(value == LinkProject.currentVersion)
        #expect(throws: Never.self) { try Self.parse(#"{"version": \#(written)}"#) }
        let project = try Self.parse(#"{"version": 1, "android": {"targetSDK": 3.4e1}}"#)
        #expect(project.android?.targetSDK == 34)
    }

    @Test(arguments: [
        (#"{"version": 1.5}"#, "`version` must be a positive integer, not 1.5"),
        (#"{"version": 2.0}"#, "this tool reads version 1 of the project file"),
        (#"{"version": 1, "android": {"targetSDK": 34.5}}"#, "`targetSDK` must be a positive integer, not 34.5"),
        (#"{"version": 1, "android": {"targetSDK": 1e30}}"#, "`targetSDK` must be a positive integer, not 1e30"),
        (#"{"version": 1, "android": {"targetSDK": -3.0}}"#, "`targetSDK` must be a positive integer, not -3.0"),
    ])
    func aFractionIsNoInteger(text: String, message: String) {
        #expect(Self.error(text)?.message == message)
    }

    @Test func integersAreReadExactly() {
        #expect(LinkProject.integer("34") == 34)
        #expect(LinkProject.integer("-0.0") == 0)
        #expect(LinkProject.integer("120e-1") == 12)
        #expect(LinkProject.integer("9223372036854775807") == Int.max)
        #expect(LinkProject.integer("9.223372036854775807e18") == Int.max)
        #expect(LinkProject.integer("9223372036854775808") == nil)
        #expect(LinkProject.integer("1e19") == nil)
        #expect(LinkProject.integer("1.01") == nil)
        #expect(LinkProject.integer("1e-1") == nil)
    }

    // MARK: - The schema and the docs, held to the parser's table

    /// The schema's properties per object (`""`, `ios`, `android`), with their JSON Schema types.
    static func schemaProperties() throws -> [String: [String: String]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.path("Schemas/link-router.schema.json")))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        func types(_ object: [String: Any]) throws -> [String: String] {
            #expect(object["additionalProperties"] as? Bool == false)
            let properties = try #require(object["properties"] as? [String: [String: Any]])
            for (name, property) in properties {
                #expect((property["description"] as? String)?.isEmpty == false, "\(name) has no description")
            }
            return properties.compactMapValues { $0["type"] as? String }
        }
        let top = try types(schema)
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        return [
            "": top, "ios": try types(try #require(properties["ios"])),
            "android": try types(try #require(properties["android"])),
        ]
    }

    @Test func theSchemaSaysWhatTheReaderChecks() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: PackagePaths.path("Schemas/link-router.schema.json")))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let top = try #require(schema["properties"] as? [String: [String: Any]])
        // The version is the integer 1 (which JSON Schema takes 1.0 to be as well, as the reader does).
        #expect(top["version"]?["type"] as? String == "integer")
        #expect(top["version"]?["const"] as? Int == 1)
        var properties: [String: [String: Any]] = [:]
        for (section, keys) in LinkProject.keys {
            let object =
                section.isEmpty ? top : try #require(top[section]?["properties"] as? [String: [String: Any]])
            for (name, _) in keys { properties[section.isEmpty ? name : "\(section).\(name)"] = object[name] }
        }
        // Every key that names files refuses `-`, in its value or its items.
        for (name, property) in properties {
            let key = String(name.split(separator: ".").last ?? "")
            let value =
                (property["items"] ?? property["additionalProperties"]) as? [String: Any] ?? property
            let refusesDash = (value["not"] as? [String: Any])?["const"] as? String == "-"
            #expect(refusesDash == LinkProject.pathKeys.contains(key), "\(name)")
        }
        // The names of site files and definitions, and the package, follow the reader's rules.
        let definitions = try #require(schema["$defs"] as? [String: [String: Any]])
        for name in ["ios.siteFiles", "android.siteFiles"] {
            #expect((properties[name]?["propertyNames"] as? [String: String])?["$ref"] == "#/$defs/host")
        }
        for name in ["defines", "android.defines"] {
            #expect((properties[name]?["propertyNames"] as? [String: String])?["$ref"] == "#/$defs/defineName")
        }
        let host = try Regex(try #require(definitions["host"]?["pattern"] as? String))
        for name in ["example.com", "A.example.com:8443", "xn--bcher-kva.example", "bücher.example"] {
            #expect(name.wholeMatch(of: host) != nil, "\(name)")
            #expect(Self.error(#"{"version": 1, "ios": {"siteFiles": {"\#(name)": "f"}}}"#) == nil, "\(name)")
        }
        for name in ["*.example.com", "a..b", "https://a.com", "a.com/", "a b", ""] {
            #expect(name.wholeMatch(of: host) == nil, "\(name)")
            #expect(Self.error(#"{"version": 1, "ios": {"siteFiles": {"\#(name)": "f"}}}"#) != nil, "\(name)")
        }
        // A fingerprint is what `--fingerprint HEX` takes (`CertificateFingerprint.normalized`), in the schema and
        // the reader alike, and the reader names the item that is not one.
        let fingerprintItems = try #require(properties["android.fingerprints"]?["items"] as? [String: Any])
        let fingerprint = try Regex(try #require(fingerprintItems["pattern"] as? String))
        let plain = Self.fingerprint.replacingOccurrences(of: ":", with: "")
        for (text, valid) in [
            (Self.fingerprint, true), (plain, true), (plain.lowercased(), true),
            (Self.fingerprint.replacingOccurrences(of: ":", with: " "), true), (String(plain.dropLast(2)), false),
            (plain + "AB", false), ("SHA256:" + plain, false), ("", false), ("XX:XX", false),
        ] {
            #expect((text.wholeMatch(of: fingerprint) != nil) == valid, "\(text)")
            let error = Self.error(
                #"{"version": 1, "android": {"fingerprints": ["\#(Self.fingerprint)", "\#(text)"]}}"#)
            #expect((error == nil) == valid, "\(text)")
            if !valid { #expect(error?.fileLocation.pointer?.text == "/android/fingerprints/1", "\(text)") }
        }
        let package = try Regex(try #require(properties["android.package"]?["pattern"] as? String))
        for (name, valid) in [("com.example.app", true), ("a.b_1", true), ("app", false), ("com.1a", false)] {
            #expect((name.wholeMatch(of: package) != nil) == valid, "\(name)")
            #expect(
                (Self.error(#"{"version": 1, "android": {"package": "\#(name)"}}"#) == nil) == valid, "\(name)")
        }
    }

    @Test func theSchemaHasEveryKeyTheParserAcceptsWithItsTypeAndNoOther() throws {
        let schema = try Self.schemaProperties()
        #expect(Set(schema.keys) == Set(LinkProject.keys.keys))
        for (section, keys) in LinkProject.keys {
            let parser = Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0.kind.schemaType) })
            #expect(schema[section] == parser, "section `\(section)`")
        }
    }

    @Test func everyKeyOfTheSchemaParsesWithAValueOfItsType() throws {
        for (section, keys) in LinkProject.keys {
            for (name, kind) in keys where name != "version" {
                let value: String
                switch kind {
                case .string: value = ["format": #""json""#, "package": #""com.example.app""#][name] ?? #""x""#
                case .integer: value = "3"
                case .strings: value = name == "fingerprints" ? "[\"\(Self.fingerprint)\"]" : #"["x"]"#
                case .stringMap: value = #"{"k": "v"}"#
                case .section: value = "{}"
                }
                let member = "\"\(name)\": \(value)"
                let text =
                    section.isEmpty ? "{\"version\": 1, \(member)}" : "{\"version\": 1, \"\(section)\": {\(member)}}"
                #expect(throws: Never.self, "\(text)") { try Self.parse(text) }
            }
        }
    }

    @Test func theDocsTableListsTheSameKeysWithTheSameTypes() throws {
        let page = try String(contentsOfFile: PackagePaths.path("Docs/ProjectFile.md"), encoding: .utf8)
        var documented: [String: String] = [:]
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            documented[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        var parser: [String: String] = [:]
        for (section, keys) in LinkProject.keys {
            for (name, kind) in keys where kind != .section {
                parser[section.isEmpty ? name : "\(section).\(name)"] = kind.schemaType
            }
        }
        #expect(documented == parser)
    }
}
