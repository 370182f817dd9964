import AndroidAppLinks
import AppLinkConfiguration
import LinkRouting
import RichMediaKitSupport

extension LinkProject {
    /// The project file's text for this project: `"$schema"` when given, `"version"`, then the keys in the order
    /// of the schema, two spaces a level, ending with a newline.
    ///
    /// Every value the file format allows is written so that ``init(json:)`` reads it back as this project; a
    /// value it does not allow (an empty path, `-`, a site file's name that is not a host name, a package that is
    /// not an application ID, a domain or host given twice) is refused, not written.
    ///
    /// - Parameter schema: The schema to name in `"$schema"`, if any.
    /// - Returns: The text, which ``init(json:)`` reads back as this project.
    /// - Throws: ``LinkProjectError``, as ``init(json:)`` would throw reading the text (its line and column are
    ///   the text's; its JSON pointer names the value), for a value the file format does not allow.
    public func json(schema: String? = nil) throws(LinkProjectError) -> String {
        typealias Member = OrderedJSON.Member
        func strings(_ values: [String]) -> OrderedJSON { .array(values.map(OrderedJSON.string)) }
        func map(_ pairs: [(String, String)]) -> OrderedJSON { .object(pairs.map { Member($0.0, .string($0.1)) }) }
        func sorted(_ values: [String: String]) -> [(String, String)] {
            values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        var members: [Member] = []
        if let schema { members.append(Member("$schema", .string(schema))) }
        members.append(Member("version", .integer(Self.currentVersion)))
        if let routes { members.append(Member("routes", .string(routes))) }
        if !defines.isEmpty { members.append(Member("defines", map(sorted(defines)))) }
        if let baseline { members.append(Member("baseline", .string(baseline))) }
        if let format { members.append(Member("format", .string(format))) }
        if let ios {
            var section: [Member] = []
            if let path = ios.entitlements { section.append(Member("entitlements", .string(path))) }
            if let path = ios.infoPlist { section.append(Member("infoPlist", .string(path))) }
            if let id = ios.appID { section.append(Member("appID", .string(id))) }
            if !ios.siteFiles.isEmpty { section.append(Member("siteFiles", map(ios.siteFiles.map { ($0, $1) }))) }
            members.append(Member("ios", .object(section)))
        }
        if let android {
            var section: [Member] = []
            if let path = android.manifest { section.append(Member("manifest", .string(path))) }
            if !android.strings.isEmpty { section.append(Member("strings", strings(android.strings))) }
            if !android.defines.isEmpty { section.append(Member("defines", map(sorted(android.defines)))) }
            if let name = android.packageName { section.append(Member("package", .string(name))) }
            if !android.fingerprints.isEmpty { section.append(Member("fingerprints", strings(android.fingerprints))) }
            if !android.certificates.isEmpty { section.append(Member("certificates", strings(android.certificates))) }
            if let sdk = android.targetSDK { section.append(Member("targetSDK", .integer(sdk))) }
            if !android.siteFiles.isEmpty {
                section.append(Member("siteFiles", map(android.siteFiles.map { ($0, $1) })))
            }
            members.append(Member("android", .object(section)))
        }
        let text = OrderedJSON.object(members).pretty + "\n"
        // The reader is the one judge of what a project file may say: what it refuses is not written.
        _ = try LinkProject(json: Array(text.utf8))
        return text
    }
}

/// What `link-router init` finds in an app's repository: the project it writes, and what it found, assumed and
/// could not find, each with the key (and option) that supplies it.
///
/// It knows the common layouts: a plain Xcode project (`App/App.entitlements` beside `App.xcodeproj`), Expo and
/// React Native (`ios/App/...`, `android/app/src/main/...`), Flutter (`ios/Runner/...`), Capacitor
/// (`ios/App/App/...`), Kotlin Multiplatform (`iosApp/iosApp/...`, `composeApp/src/androidMain/...` or
/// `androidApp/src/main/...`); site files under a web folder's `.well-known/`; a `routes.json`.
public struct LinkProjectDiscovery: Sendable {
    /// One line of the account: the key it concerns and what was found, assumed or is missing.
    public struct Note: Sendable, Equatable {
        /// The project file's key (`ios.entitlements`, `android.package`).
        public var key: String
        /// What was found (a path, a value), assumed, or what supplies the missing value.
        public var text: String

        /// Creates a note.
        public init(key: String, text: String) {
            self.key = key
            self.text = text
        }
    }

    /// The layout recognised (`Flutter`, `Capacitor`, ...), or nil when none is.
    public var layout: String?
    /// The project to write.
    public var project = LinkProject()
    /// What was found, in the file's order of keys.
    public var found: [Note] = []
    /// What was assumed, and why.
    public var assumed: [Note] = []
    /// What is still missing, and the key or option that supplies it.
    public var missing: [Note] = []

    /// The files skipped wherever they are: dependencies, build products, version control.
    public static let skippedDirectories: Set<String> = [
        "node_modules", "Pods", ".git", ".build", "build", "DerivedData", ".gradle", ".dart_tool", "Carthage",
        ".expo", ".idea", "vendor", ".symlinks", "ephemeral",
    ]

    /// The Android manifests of the layouts, in the order they are preferred.
    static let manifests = [
        "android/app/src/main/AndroidManifest.xml", "composeApp/src/androidMain/AndroidManifest.xml",
        "androidApp/src/main/AndroidManifest.xml", "app/src/main/AndroidManifest.xml",
    ]

    /// The web folders whose `.well-known/` holds site files, in the order they are preferred.
    static let webFolders = ["public", "web", "static", "site", "www", "dist", "docs", ""]

    /// Looks at a repository's files.
    ///
    /// - Parameters:
    ///   - files: The repository's file paths, relative to its root, `/`-separated (without the
    ///     ``skippedDirectories``).
    ///   - read: The bytes of one of `files`, or nil when it cannot be read.
    public init(files: [String], read: (String) -> [UInt8]?) {
        let paths = files.sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
        let set = Set(paths)
        if let routes = paths.first(where: { $0 == "routes.json" || $0.hasSuffix("/routes.json") }) {
            project.routes = routes
            found.append(Note(key: "routes", text: routes))
        } else {
            missing.append(Note(key: "routes", text: "--routes FILE: the app's routes file (JSON)"))
        }
        discoverIOS(paths, set, read)
        discoverAndroid(paths, set, read)
        keepSiteFilesAllLocalOrAllFetched()
        if project.ios == nil, project.android == nil {
            missing.append(Note(key: "ios, android", text: "no .entitlements or AndroidManifest.xml found"))
        }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.isEmpty ? name : directory + "/" + name
    }

    /// The site file of `name` in a web folder's `.well-known/`.
    private static func siteFile(_ name: String, in set: Set<String>) -> String? {
        webFolders.lazy.map { join($0, ".well-known/" + name) }.first { set.contains($0) }
    }

    private mutating func discoverIOS(_ paths: [String], _ set: Set<String>, _ read: (String) -> [UInt8]?) {
        let candidates = paths.filter {
            $0.hasSuffix(".entitlements") && !$0.contains("Tests/") && !$0.contains(".xcodeproj/")
        }
        guard let entitlements = candidates.first else { return }
        let folder = Self.directory(of: entitlements)
        layout = Self.appleLayout(folder, set)
        var ios = LinkProject.IOS(entitlements: entitlements)
        found.append(Note(key: "ios.entitlements", text: entitlements))
        if candidates.count > 1 {
            assumed.append(
                Note(
                    key: "ios.entitlements",
                    text: "the first of \(candidates.count) .entitlements files (the others: "
                        + candidates.dropFirst().joined(separator: ", ") + ")"))
        }
        let plist = Self.join(folder, "Info.plist")
        if set.contains(plist) {
            ios.infoPlist = plist
            found.append(Note(key: "ios.infoPlist", text: plist))
        } else {
            missing.append(Note(key: "ios.infoPlist", text: "--info-plist FILE: no Info.plist beside the entitlements"))
        }
        var domains: [String] = []
        if let bytes = read(entitlements), let configuration = try? AppLinkConfiguration(entitlements: bytes) {
            if let id = configuration.applicationIdentifier {
                if let value = id.value {
                    found.append(Note(key: "ios.appID", text: "\(value) (the entitlements' application-identifier)"))
                } else {
                    assumed.append(
                        Note(
                            key: "ios.appID",
                            text: "\(id.written) is left to Xcode: check takes the app ID the sites' files name "
                                + "(set ios.appID or --app-id to be exact)"))
                }
            }
            for entry in configuration.associatedDomains
            where entry.domain.service == .applinks && !entry.domain.isWildcard
                && (try? AssociatedDomain.validateServingDomain(entry.domain.host)) != nil
            {
                if !domains.contains(entry.domain.host) { domains.append(entry.domain.host) }
            }
        }
        let aasa = Self.siteFile("apple-app-site-association", in: set)
        for domain in domains {
            if let aasa {
                ios.siteFiles.append((domain, aasa))
                found.append(Note(key: "ios.siteFiles", text: "\(domain): \(aasa)"))
            } else {
                ios.siteFiles.append((domain, LinkProject.fetch))
                assumed.append(
                    Note(key: "ios.siteFiles", text: "\(domain): fetch (no .well-known/apple-app-site-association)"))
            }
        }
        if domains.isEmpty {
            missing.append(
                Note(
                    key: "ios.siteFiles",
                    text: "--aasa DOMAIN=FILE: the entitlements claim no applinks domain that is not a wildcard"))
        }
        project.ios = ios
    }

    /// Takes the SHA-256 fingerprints of the app's signing certificates (`init --certificate FILE`) as the
    /// project's `android.fingerprints`, listing each as found instead of the fingerprints as missing.
    ///
    /// - Parameter certificates: Each certificate's fingerprint (`CertificateFingerprint.of(certificate:)`) and
    ///   the file it was read from, in order; a fingerprint already taken is not taken again.
    /// - Returns: False, changing nothing, when no Android app was found (there is no `android` to add them to).
    @discardableResult
    public mutating func addFingerprints(_ certificates: [(fingerprint: String, file: String)]) -> Bool {
        guard var android = project.android else { return false }
        for (fingerprint, file) in certificates where !android.fingerprints.contains(fingerprint) {
            android.fingerprints.append(fingerprint)
            found.append(Note(key: "android.fingerprints", text: "\(fingerprint) (the SHA-256 of \(file))"))
        }
        project.android = android
        if !certificates.isEmpty { missing.removeAll { $0.key == "android.fingerprints" } }
        return true
    }

    /// A run fetches every site file or none (`--fetch`), so a project's site files are all local or all
    /// `"fetch"`: when some were found and others not, the missing ones are left out and listed as missing.
    private mutating func keepSiteFilesAllLocalOrAllFetched() {
        let files = (project.ios?.siteFiles.map(\.file) ?? []) + (project.android?.siteFiles.map(\.file) ?? [])
        guard files.contains(LinkProject.fetch), files.contains(where: { $0 != LinkProject.fetch }) else { return }
        if let siteFiles = project.ios?.siteFiles {
            project.ios?.siteFiles = siteFiles.filter { $0.file != LinkProject.fetch }
            leaveOut(siteFiles.filter { $0.file == LinkProject.fetch }.map(\.domain), "ios", "--aasa DOMAIN=FILE")
        }
        if let siteFiles = project.android?.siteFiles {
            project.android?.siteFiles = siteFiles.filter { $0.file != LinkProject.fetch }
            leaveOut(siteFiles.filter { $0.file == LinkProject.fetch }.map(\.host), "android", "--assetlinks HOST=FILE")
        }
    }

    private mutating func leaveOut(_ hosts: [String], _ platform: String, _ option: String) {
        guard !hosts.isEmpty else { return }
        let key = platform + ".siteFiles"
        assumed.removeAll { $0.key == key && $0.text.contains("fetch") }
        missing.append(
            Note(
                key: key,
                text: option + " for " + hosts.joined(separator: ", ")
                    + ": no site file found, and a run fetches every site file or none (--fetch)"))
    }

    private static func appleLayout(_ folder: String, _ set: Set<String>) -> String {
        if folder == "ios/Runner" { return "Flutter" }
        if folder == "ios/App/App" { return "Capacitor" }
        if folder.hasPrefix("iosApp/") { return "Kotlin Multiplatform" }
        if folder.hasPrefix("ios/") {
            return set.contains("app.json") || set.contains("app.config.js") || set.contains("app.config.ts")
                ? "Expo" : "React Native"
        }
        return "Xcode"
    }

    private mutating func discoverAndroid(_ paths: [String], _ set: Set<String>, _ read: (String) -> [UInt8]?) {
        guard let manifest = Self.manifests.first(where: set.contains) else { return }
        var android = LinkProject.Android(manifest: manifest)
        if layout == nil {
            layout =
                manifest.hasPrefix("composeApp/") || manifest.hasPrefix("androidApp/")
                ? "Kotlin Multiplatform" : "Android"
        }
        found.append(Note(key: "android.manifest", text: manifest))
        let sourceSet = Self.directory(of: manifest)
        let strings = Self.join(sourceSet, "res/values/strings.xml")
        if set.contains(strings) {
            android.strings = [strings]
            found.append(Note(key: "android.strings", text: strings))
        }
        let module = manifest.firstRange(of: "/src/").map { String(manifest[..<$0.lowerBound]) } ?? ""
        let gradle = ["build.gradle.kts", "build.gradle"].map { Self.join(module, $0) }.first(where: set.contains)
        let manifestBytes = read(manifest)
        let gradleText = gradle.flatMap(read).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if let gradle, let id = Self.applicationID(inGradle: gradleText), AssetLinksDecoder.isPackageName(id) {
            android.packageName = id
            found.append(Note(key: "android.package", text: "\(id) (the applicationId of \(gradle))"))
        } else if let bytes = manifestBytes, let manifest = try? AndroidManifest(parsing: bytes),
            let name = manifest.packageName, AssetLinksDecoder.isPackageName(name)
        {
            android.packageName = name
            found.append(Note(key: "android.package", text: "\(name) (the manifest's package)"))
        } else {
            missing.append(
                Note(key: "android.package", text: "--package NAME: no applicationId in Gradle, no manifest package"))
        }
        for name in Self.placeholders(in: manifestBytes ?? []) where LinkProject.defineNameProblem(name) == nil {
            if let gradle, let value = Self.placeholder(name, inGradle: gradleText) {
                android.defines[name] = value
                found.append(
                    Note(key: "android.defines.\(name)", text: "\(value) (the manifestPlaceholders of \(gradle))"))
            } else {
                missing.append(
                    Note(key: "android.defines.\(name)", text: "--define \(name)=VALUE: the manifest uses ${\(name)}"))
            }
        }
        missing.append(
            Note(
                key: "android.fingerprints",
                text: "--fingerprint HEX or --certificate FILE (android.certificates): the SHA-256 of the "
                    + "certificate that signs the app (Play App Signing's for a store build)"))
        let hosts = project.ios?.siteFiles.map(\.domain) ?? []
        let assetLinks = Self.siteFile("assetlinks.json", in: set)
        for host in hosts {
            android.siteFiles.append((host, assetLinks ?? LinkProject.fetch))
        }
        if !hosts.isEmpty {
            assumed.append(
                Note(
                    key: "android.siteFiles",
                    text: "the iOS domains (" + hosts.joined(separator: ", ") + "): "
                        + (assetLinks.map { "\($0) for each" } ?? "fetch (no .well-known/assetlinks.json)")))
        } else {
            missing.append(
                Note(key: "android.siteFiles", text: "--assetlinks HOST=FILE: the hosts are not known from iOS"))
        }
        project.android = android
    }

    /// The `applicationId` a Gradle build file sets (Groovy or Kotlin DSL), if one is written as a literal.
    static func applicationID(inGradle text: String) -> String? {
        literal(after: "applicationId", in: text, separators: " \t=(")
    }

    /// The quoted literal after the first `key` (a whole word) that has one, past `separators`.
    private static func literal(after key: String, in text: String, separators: String) -> String? {
        var rest = Substring(text)
        while let range = rest.firstRange(of: key) {
            defer { rest = rest[range.upperBound...] }
            if range.lowerBound > text.startIndex {
                let before = text[text.index(before: range.lowerBound)]
                guard !before.isLetter, !before.isNumber, before != "_", before != "." else { continue }
            }
            let value = text[range.upperBound...].drop { separators.contains($0) }
            guard let quote = value.first, quote == "\"" || quote == "'" else { continue }
            let literal = value.dropFirst().prefix { $0 != quote && $0 != "\n" }
            if !literal.isEmpty, !literal.contains("$") { return String(literal) }
        }
        return nil
    }

    /// The value a Gradle build file gives the manifest placeholder `name`, written as a literal:
    /// `manifestPlaceholders = [name: "value"]` (Groovy), `manifestPlaceholders["name"] = "value"` or
    /// `"name" to "value"` (Kotlin DSL).
    static func placeholder(_ name: String, inGradle text: String) -> String? {
        guard text.contains("manifestPlaceholders") else { return nil }
        return ["\"\(name)\"", "'\(name)'", "\(name)"].lazy.compactMap {
            literal(after: $0, in: text, separators: " \t:=]to")
        }.first
    }

    /// The `${NAME}` placeholders of a manifest, in order of first use.
    static func placeholders(in bytes: [UInt8]) -> [String] {
        var names: [String] = []
        var rest = Substring(String(decoding: bytes, as: UTF8.self))
        while let dollar = rest.firstIndex(of: "$") {
            rest = rest[rest.index(after: dollar)...]
            guard rest.first == "{", let end = rest.firstIndex(of: "}") else { continue }
            rest = rest.dropFirst()
            let name = String(rest[..<end])
            if !name.isEmpty, !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: end)...]
        }
        return names
    }
}
