extension AppLinkConfiguration {
    /// The entitlements keys this module reads.
    enum Key {
        static let applicationIdentifier = "application-identifier"
        static let macApplicationIdentifier = "com.apple.application-identifier"
        static let teamIdentifier = "com.apple.developer.team-identifier"
        static let associatedDomains = "com.apple.developer.associated-domains"
        static let parentApplicationIdentifiers = "com.apple.developer.parent-application-identifiers"
        static let onDemandInstallCapable = "com.apple.developer.on-demand-install-capable"
        static let bundleIdentifier = "CFBundleIdentifier"
        static let urlTypes = "CFBundleURLTypes"
        static let urlSchemes = "CFBundleURLSchemes"
        static let urlName = "CFBundleURLName"
    }

    /// Reads an app's link configuration from its entitlements and, optionally, its Info.plist.
    ///
    /// Both files may be XML or binary property lists. Keys other than the ones this type models are ignored;
    /// a modeled key with a value of the wrong type is an error (a string where the Associated Domains array
    /// belongs would otherwise claim nothing, silently).
    ///
    /// - Parameters:
    ///   - entitlements: The `.entitlements` file's bytes.
    ///   - infoPlist: The `Info.plist` file's bytes, or nil.
    ///   - defines: Build variable definitions for `$(NAME)` and `${NAME}` (such as `PRODUCT_BUNDLE_IDENTIFIER`).
    /// - Throws: ``AppLinkConfigurationError`` naming the file and the position of the problem.
    /// - Complexity: O(*n*) in the files' sizes (and the definitions used).
    public init(
        entitlements: [UInt8], infoPlist: [UInt8]? = nil, defines: [String: String] = [:]
    ) throws(AppLinkConfigurationError) {
        self.init()
        var reader = Reader(file: .entitlements, defines: defines)
        let root = try reader.root(entitlements)
        applicationIdentifier = try reader.string(root, Key.applicationIdentifier)
        if applicationIdentifier == nil {
            applicationIdentifier = try reader.string(root, Key.macApplicationIdentifier)
        }
        teamIdentifier = try reader.string(root, Key.teamIdentifier)
        let parents = try reader.strings(root, Key.parentApplicationIdentifiers)
        parentApplicationIdentifiers = parents.map(\.setting)
        isOnDemandInstallCapable = try reader.bool(root, Key.onDemandInstallCapable) ?? false
        let domains = try reader.strings(root, Key.associatedDomains)
        associatedDomains = domains.enumerated().map { DomainEntry(setting: $0.element.setting, index: $0.offset) }
        associatedDomainsLocation = root[Key.associatedDomains].map {
            Location(file: .entitlements, keyPath: Key.associatedDomains, position: $0.position)
        }
        guard let infoPlist else { return }
        reader = Reader(file: .infoPlist, defines: defines)
        let info = try reader.root(infoPlist)
        bundleIdentifier = try reader.string(info, Key.bundleIdentifier)
        guard let types = info[Key.urlTypes] else { return }
        guard let typeList = types.elements else {
            throw .wrongType(types, at: Key.urlTypes, expected: "an array", in: .infoPlist)
        }
        for (typeIndex, type) in typeList.enumerated() {
            let path = "\(Key.urlTypes)[\(typeIndex)]"
            guard type.members != nil else {
                throw .wrongType(type, at: path, expected: "a dict", in: .infoPlist)
            }
            let name = try reader.string(type, Key.urlName, in: path)?.value
            for scheme in try reader.strings(type, Key.urlSchemes, in: path) {
                urlSchemes.append(URLScheme(setting: scheme.setting, urlName: name))
            }
        }
    }

    /// Typed access to one file's dictionaries, turning values into located settings.
    private struct Reader {
        let file: File
        let defines: [String: String]

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

        func setting(_ value: PropertyListValue, _ text: String, at keyPath: String) -> Setting {
            Setting(
                written: text, defines: defines,
                location: Location(file: file, keyPath: keyPath, position: value.position))
        }

        func string(
            _ dictionary: PropertyListValue, _ key: String, in path: String? = nil
        ) throws(AppLinkConfigurationError) -> Setting? {
            guard let value = dictionary[key] else { return nil }
            let keyPath = keyPath(key, in: path)
            guard let text = value.string else { throw .wrongType(value, at: keyPath, expected: "a string", in: file) }
            return setting(value, text, at: keyPath)
        }

        func bool(_ dictionary: PropertyListValue, _ key: String) throws(AppLinkConfigurationError) -> Bool? {
            guard let value = dictionary[key] else { return nil }
            guard let flag = value.bool else { throw .wrongType(value, at: key, expected: "a Boolean", in: file) }
            return flag
        }

        func strings(
            _ dictionary: PropertyListValue, _ key: String, in path: String? = nil
        ) throws(AppLinkConfigurationError) -> [(setting: Setting, value: PropertyListValue)] {
            guard let value = dictionary[key] else { return [] }
            let keyPath = keyPath(key, in: path)
            guard let elements = value.elements else {
                throw .wrongType(value, at: keyPath, expected: "an array of strings", in: file)
            }
            var result: [(setting: Setting, value: PropertyListValue)] = []
            for (index, element) in elements.enumerated() {
                let elementPath = "\(keyPath)[\(index)]"
                guard let text = element.string else {
                    throw .wrongType(element, at: elementPath, expected: "a string", in: file)
                }
                result.append((setting(element, text, at: elementPath), element))
            }
            return result
        }
    }
}
