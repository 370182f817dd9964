import AppCoverage
import TestSupport
import Testing

/// The project file's writer (`LinkProject.json(schema:)`, what `init` writes) against its reader, on many
/// generated projects: what the writer writes reads back equal, and what the reader refuses is never written.
@Suite struct LinkProjectRoundTripTests {
    /// Characters that test the writer's escaping: quotes, backslashes, control characters, a line separator,
    /// combining marks, characters outside the Basic Multilingual Plane.
    static let hostile: [String] = [
        "\"", "\\", "/", "\u{0}", "\u{1}", "\n", "\r", "\t", "\u{1F}", "\u{7F}", "\u{2028}", "é", "e\u{301}", "😀",
        "中", "\u{FEFF}", " ", "fetch", "-", "$", "{", "}", "[", "]", ":", ",", "=", "a", "Z", "0", ".",
    ]

    /// Host names as `--aasa DOMAIN=FILE` takes them.
    static let hosts = [
        "example.com", "EXAMPLE.org", "a.b.example.net", "xn--bcher-kva.example", "bücher.example", "a.com:8443",
        "localhost",
    ]

    static let packages = ["com.example.app", "a.b", "org.example.my_app2"]

    /// A string of up to `length` hostile pieces, possibly empty.
    static func text(_ random: inout SeededGenerator, length: Int = 6) -> String {
        (0..<Int.random(in: 0...length, using: &random)).map { _ in hostile.randomElement(using: &random) ?? "" }
            .joined()
    }

    /// A non-empty string that is neither `-` nor empty: a path or a value the reader takes as it is.
    static func value(_ random: inout SeededGenerator) -> String {
        let text = "v" + text(&random)
        return text
    }

    /// A SHA-256 fingerprint in one of the forms `--fingerprint HEX` takes (any case, with or without colons).
    static func fingerprint(_ random: inout SeededGenerator) -> String {
        let octets = (0..<32).map { _ in String(UInt8.random(in: 0...255, using: &random), radix: 16) }
            .map { $0.count == 1 ? "0" + $0 : $0 }
        let text = octets.joined(separator: Bool.random(using: &random) ? ":" : "")
        return Bool.random(using: &random) ? text.uppercased() : text
    }

    static func maybe<T>(_ random: inout SeededGenerator, _ make: (inout SeededGenerator) -> T) -> T? {
        Bool.random(using: &random) ? make(&random) : nil
    }

    /// A project whose every value the file format allows, with hostile characters wherever it allows them.
    static func valid(_ random: inout SeededGenerator) -> LinkProject {
        var defines: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            defines[value(&random).replacingOccurrences(of: "=", with: "")] = value(&random)
        }
        var project = LinkProject(
            routes: maybe(&random, value), defines: defines, baseline: maybe(&random, value),
            format: maybe(&random) { LinkProject.formats.randomElement(using: &$0) ?? "json" })
        if Bool.random(using: &random) {
            var ios = LinkProject.IOS(
                entitlements: maybe(&random, value), infoPlist: maybe(&random, value), appID: maybe(&random, value))
            for host in hosts.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)) {
                ios.siteFiles.append((host, Bool.random(using: &random) ? LinkProject.fetch : value(&random)))
            }
            project.ios = ios
        }
        if Bool.random(using: &random) {
            var android = LinkProject.Android(
                manifest: maybe(&random, value),
                strings: (0..<Int.random(in: 0...2, using: &random)).map { _ in
                    value(&random)
                }, packageName: maybe(&random) { packages.randomElement(using: &$0) ?? "a.b" },
                fingerprints: (0..<Int.random(in: 0...2, using: &random)).map { _ in fingerprint(&random) },
                certificates: (0..<Int.random(in: 0...2, using: &random)).map { _ in value(&random) },
                targetSDK: maybe(&random) { Int.random(in: 1...Int.max, using: &$0) })
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let name = "p" + value(&random).replacingOccurrences(of: "=", with: "")
                if defines[name] == nil { android.defines[name] = value(&random) }
            }
            for host in hosts.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)) {
                android.siteFiles.append((host, Bool.random(using: &random) ? LinkProject.fetch : value(&random)))
            }
            project.android = android
        }
        return project
    }

    /// `project` with one value the file format may refuse (or may not: a hostile string can happen to be fine).
    static func spoiled(_ project: LinkProject, _ random: inout SeededGenerator) -> LinkProject {
        var project = project
        let hostileText = text(&random, length: 3)
        switch Int.random(in: 0..<11, using: &random) {
        case 0: project.routes = Bool.random(using: &random) ? "-" : ""
        case 1: project.defines[hostileText] = value(&random)
        case 2: project.defines[value(&random)] = ""
        case 3: project.format = hostileText
        case 4:
            var ios = project.ios ?? LinkProject.IOS()
            ios.siteFiles.append((hostileText, value(&random)))
            project.ios = ios
        case 5:
            var ios = project.ios ?? LinkProject.IOS()
            let host = hosts.randomElement(using: &random) ?? "example.com"
            ios.siteFiles += [(host, value(&random)), (host.uppercased(), value(&random))]
            project.ios = ios
        case 6:
            var android = project.android ?? LinkProject.Android()
            android.packageName = hostileText
            project.android = android
        case 7:
            var android = project.android ?? LinkProject.Android()
            android.targetSDK = Int.random(in: Int.min...0, using: &random)
            project.android = android
        case 8:
            var android = project.android ?? LinkProject.Android()
            android.strings.append(Bool.random(using: &random) ? "-" : "")
            project.android = android
        case 9:
            var android = project.android ?? LinkProject.Android()
            android.fingerprints.append(hostileText)
            project.android = android
        default:
            var android = project.android ?? LinkProject.Android()
            android.siteFiles.append((hosts.randomElement(using: &random) ?? "a.com", "-"))
            project.android = android
        }
        return project
    }

    @Test func everyProjectTheFormatAllowsIsWrittenAndReadBackEqual() throws {
        var random = SeededGenerator(seed: 0x6C69_6E6B)
        for index in 0..<600 {
            let project = Self.valid(&random)
            let schema = Bool.random(using: &random) ? "https://example.com/schema.json" : nil
            let text = try project.json(schema: schema)
            let back = try LinkProject(json: Array(text.utf8))
            #expect(back == project, "\(index): \(text)")
            // The reader's project writes the same text again: the two agree on every value.
            #expect(try back.json(schema: schema) == text, "\(index)")
        }
    }

    @Test func whatTheReaderRefusesIsNeverWritten() throws {
        var random = SeededGenerator(seed: 0x7265_7669_6577)
        var refused = 0
        var written = 0
        for index in 0..<600 {
            let project = Self.spoiled(Self.valid(&random), &random)
            let text: String
            do {
                text = try project.json()
            } catch {
                refused += 1
                // The writer says what the reader says, naming the value.
                #expect(error.fileLocation.pointer != nil, "\(index): \(error)")
                continue
            }
            written += 1
            #expect(try LinkProject(json: Array(text.utf8)) == project, "\(index): \(text)")
        }
        #expect(refused > 300)
        #expect(written > 0)
    }

    @Test func theWriterRefusesWhatItsReaderRefuses() {
        let cases: [(LinkProject, String)] = [
            (LinkProject(routes: "-"), "/routes"),
            (LinkProject(routes: ""), "/routes"),
            (LinkProject(defines: ["a=b": "c"]), "/defines/a=b"),
            (LinkProject(defines: ["a": ""]), "/defines/a"),
            (LinkProject(format: "pdf"), "/format"),
            (LinkProject(ios: .init(siteFiles: [("*.example.com", "f")])), "/ios/siteFiles/*.example.com"),
            (LinkProject(ios: .init(siteFiles: [("a.com", "f"), ("A.com", "g")])), "/ios/siteFiles/A.com"),
            (LinkProject(android: .init(packageName: "app")), "/android/package"),
            (LinkProject(android: .init(targetSDK: 0)), "/android/targetSDK"),
            (LinkProject(android: .init(certificates: ["-"])), "/android/certificates/0"),
            (LinkProject(defines: ["a": "1"], android: .init(defines: ["a": "2"])), "/android/defines/a"),
        ]
        for (project, pointer) in cases {
            #expect(throws: LinkProjectError.self, "\(pointer)") { try project.json() }
            do {
                _ = try project.json()
            } catch {
                #expect(error.fileLocation.pointer?.text == pointer)
            }
        }
    }
}
