import RichMediaKitSupport

extension AppLinkConfiguration {
    /// The entitlements keys this module reads.
    enum Key {
        static let applicationIdentifier = "application-identifier"
        static let macApplicationIdentifier = "com.apple.application-identifier"
        static let teamIdentifier = "com.apple.developer.team-identifier"
        static let associatedDomains = "com.apple.developer.associated-domains"
        static let parentApplicationIdentifiers = "com.apple.developer.parent-application-identifiers"
        static let onDemandInstallCapable = "com.apple.developer.on-demand-install-capable"
        static let webBrowser = "com.apple.developer.web-browser"
        static let mailClient = "com.apple.developer.mail-client"
        static let bundleIdentifier = "CFBundleIdentifier"
        static let urlTypes = "CFBundleURLTypes"
        static let urlSchemes = "CFBundleURLSchemes"
        static let urlName = "CFBundleURLName"
    }

    /// Reads an app's link configuration from its entitlements and, optionally, its Info.plist.
    ///
    /// Both files may be XML or binary property lists. Keys other than the ones this type models are ignored;
    /// a modeled key with a value of the wrong type is left out and named in ``wrongTypeValues`` (a string where
    /// the Associated Domains array belongs would otherwise claim nothing, silently), and the rest is read.
    ///
    /// The build settings Xcode sets when it signs the app (`$(AppIdentifierPrefix)`, `$(TeamIdentifierPrefix)`,
    /// `$(DEVELOPMENT_TEAM)`, `$(PRODUCT_BUNDLE_IDENTIFIER)`, see ``signingDefines(appID:)``) are derived from
    /// `appID` when given, else from the file's literal `application-identifier`; `defines` win over both.
    ///
    /// - Parameters:
    ///   - entitlements: The `.entitlements` file's bytes.
    ///   - infoPlist: The `Info.plist` file's bytes, or nil.
    ///   - defines: Build variable definitions for `$(NAME)` and `${NAME}` (such as `PRODUCT_BUNDLE_IDENTIFIER`).
    ///   - appID: The app ID the app is signed with (`<team ID>.<bundle ID>`), or nil.
    /// - Throws: ``AppLinkConfigurationError`` naming the file and the position of the problem: a file that is not
    ///   a property list, or whose top-level value is not a dictionary.
    /// - Complexity: O(*n*) in the files' sizes (and the definitions used).
    public init(
        entitlements: [UInt8], infoPlist: [UInt8]? = nil, defines: [String: String] = [:], appID: String? = nil
    ) throws(AppLinkConfigurationError) {
        self.init()
        var known = BuildVariables.completed(defines)
        if let appID { known.merge(Self.signingDefines(appID: appID)) { given, _ in given } }
        var reader = Reader(file: .entitlements, defines: known)
        let root = try reader.root(entitlements)
        applicationIdentifier = reader.string(root, Key.applicationIdentifier)
        if applicationIdentifier == nil {
            applicationIdentifier = reader.string(root, Key.macApplicationIdentifier)
        }
        if appID == nil, let written = applicationIdentifier?.value {
            known.merge(Self.signingDefines(appID: written)) { given, _ in given }
            reader.defines = known
        }
        teamIdentifier = reader.string(root, Key.teamIdentifier)
        let parents = reader.strings(root, Key.parentApplicationIdentifiers)
        parentApplicationIdentifiers = parents.map(\.setting)
        isOnDemandInstallCapable = reader.bool(root, Key.onDemandInstallCapable) ?? false
        isDefaultWebBrowser = reader.bool(root, Key.webBrowser) ?? false
        isDefaultMailClient = reader.bool(root, Key.mailClient) ?? false
        let domains = reader.strings(root, Key.associatedDomains)
        associatedDomains = domains.enumerated().map { DomainEntry(setting: $0.element.setting, index: $0.offset) }
        associatedDomainsLocation = root[Key.associatedDomains].map {
            Location(file: .entitlements, keyPath: Key.associatedDomains, position: $0.position)
        }
        defer {
            wrongTypeValues = reader.wrongTypeValues
            unreadEntryCount = reader.unreadEntryCount
            firstUnreadEntry = reader.firstUnreadEntry
        }
        guard let infoPlist else { return }
        let entitlements = reader
        reader = Reader(file: .infoPlist, defines: known)
        reader.wrongTypeValues = entitlements.wrongTypeValues
        reader.entryBudget = entitlements.entryBudget
        reader.unreadEntryCount = entitlements.unreadEntryCount
        reader.firstUnreadEntry = entitlements.firstUnreadEntry
        let info = try reader.root(infoPlist)
        bundleIdentifier = reader.string(info, Key.bundleIdentifier)
        guard let typeList = reader.array(info, Key.urlTypes, expected: "an array") else { return }
        for (typeIndex, type) in typeList.enumerated() {
            let path = "\(Key.urlTypes)[\(typeIndex)]"
            guard type.members != nil else {
                reader.wrongType(type, at: path, expected: "a dict")
                continue
            }
            let name = reader.string(type, Key.urlName, in: path)?.value
            for scheme in reader.strings(type, Key.urlSchemes, in: path) {
                urlSchemes.append(URLScheme(setting: scheme.setting, urlName: name))
            }
        }
    }

    /// The build settings Xcode sets when it signs an app with `appID`, as Xcode sets them:
    /// `AppIdentifierPrefix` and `TeamIdentifierPrefix` (the team ID and a dot), `DEVELOPMENT_TEAM` (the team ID),
    /// `PRODUCT_BUNDLE_IDENTIFIER` and `CFBundleIdentifier` (the bundle ID). For `ABCDE12345.com.example.app`,
    /// `AppIdentifierPrefix` is `ABCDE12345.` and `PRODUCT_BUNDLE_IDENTIFIER` is `com.example.app`.
    ///
    /// - Parameter appID: An app ID, `<team ID>.<bundle ID>`.
    /// - Returns: The definitions; empty when `appID` is not an app ID (see the `app-id-format` diagnostic).
    public static func signingDefines(appID: String) -> [String: String] {
        guard AppIDRules.problem(appID)?.isError != true, let dot = appID.firstIndex(of: ".") else { return [:] }
        let team = String(appID[..<dot])
        let bundle = String(appID[appID.index(after: dot)...])
        return [
            "AppIdentifierPrefix": team + ".", "TeamIdentifierPrefix": team + ".", "DEVELOPMENT_TEAM": team,
            "PRODUCT_BUNDLE_IDENTIFIER": bundle, "CFBundleIdentifier": bundle,
        ]
    }

    /// Typed access to one file's dictionaries, turning values into located settings; a value of the wrong type is
    /// recorded in ``wrongTypeValues`` and read as absent.
    private struct Reader {
        let file: File
        var defines: [String: String]
        var wrongTypeValues: [WrongTypeValue] = []
        /// How many more entries may be read (``AppLinkConfiguration/entryLimit``, shared by both files).
        var entryBudget = AppLinkConfiguration.entryLimit
        /// The entries past the budget, counted and not read.
        var unreadEntryCount = 0
        var firstUnreadEntry: Location?

        init(file: File, defines: [String: String]) {
            self.file = file
            self.defines = defines
        }

        func root(_ bytes: [UInt8]) throws(AppLinkConfigurationError) -> PropertyListValue {
            let value: PropertyListValue
            do {
                value = try PropertyListReader.read(bytes)
            } catch {
                throw .malformed(error, in: file)
            }
            guard value.members != nil else { throw .notDictionary(value, in: file) }
            return value
        }

        private func keyPath(_ key: String, in path: String?) -> String {
            path.map { "\($0).\(key)" } ?? key
        }

        mutating func wrongType(_ value: PropertyListValue, at keyPath: String, expected: String) {
            wrongTypeValues.append(
                WrongTypeValue(
                    location: Location(file: file, keyPath: keyPath, position: value.position), found: value.typeName,
                    expected: expected))
        }

        func setting(_ value: PropertyListValue, _ text: String, at keyPath: String) -> Setting {
            Setting(
                written: text, defines: defines,
                location: Location(file: file, keyPath: keyPath, position: value.position))
        }

        mutating func string(_ dictionary: PropertyListValue, _ key: String, in path: String? = nil) -> Setting? {
            guard let value = dictionary[key] else { return nil }
            let keyPath = keyPath(key, in: path)
            guard let text = value.string else {
                wrongType(value, at: keyPath, expected: "a string")
                return nil
            }
            return setting(value, text, at: keyPath)
        }

        mutating func bool(_ dictionary: PropertyListValue, _ key: String) -> Bool? {
            guard let value = dictionary[key] else { return nil }
            guard let flag = value.bool else {
                wrongType(value, at: key, expected: "a Boolean")
                return nil
            }
            return flag
        }

        mutating func array(
            _ dictionary: PropertyListValue, _ key: String, in path: String? = nil, expected: String
        ) -> [PropertyListValue]? {
            guard let value = dictionary[key] else { return nil }
            guard let elements = value.elements else {
                wrongType(value, at: keyPath(key, in: path), expected: expected)
                return nil
            }
            return elements
        }

        mutating func strings(
            _ dictionary: PropertyListValue, _ key: String, in path: String? = nil
        ) -> [(setting: Setting, value: PropertyListValue)] {
            guard let elements = array(dictionary, key, in: path, expected: "an array of strings") else { return [] }
            let keyPath = keyPath(key, in: path)
            var result: [(setting: Setting, value: PropertyListValue)] = []
            for (index, element) in elements.enumerated() {
                let elementPath = "\(keyPath)[\(index)]"
                guard entryBudget > 0 else {
                    if firstUnreadEntry == nil {
                        firstUnreadEntry = Location(file: file, keyPath: elementPath, position: element.position)
                    }
                    unreadEntryCount += 1
                    continue
                }
                entryBudget -= 1
                guard let text = element.string else {
                    wrongType(element, at: elementPath, expected: "a string")
                    continue
                }
                result.append((setting(element, text, at: elementPath), element))
            }
            return result
        }
    }
}
