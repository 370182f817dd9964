import FileLocations

extension AppLinkConfiguration {
    /// The app file a value comes from.
    ///
    /// New cases may be added in a minor version: switch over it with an `@unknown default` case.
    #if hasAttribute(nonexhaustive)
        @nonexhaustive
    #endif
    public enum File: String, Sendable, Hashable, CustomStringConvertible {
        /// The `.entitlements` file.
        case entitlements
        /// The `Info.plist` file.
        case infoPlist = "Info.plist"

        /// `entitlements` or `Info.plist`.
        public var description: String { rawValue }
    }

    /// Where a value is: the file, the key path (such as `com.apple.developer.associated-domains[1]`) and the
    /// position in the file.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// The file.
        public var file: File
        /// The keys and indexes that lead to the value, such as `CFBundleURLTypes[0].CFBundleURLSchemes[1]`.
        public var keyPath: String
        /// Where the value starts in the file.
        public var position: PropertyListPosition

        /// Creates a location.
        ///
        /// - Parameters:
        ///   - file: The file.
        ///   - keyPath: The key path.
        ///   - position: The position in the file.
        public init(file: File, keyPath: String, position: PropertyListPosition) {
            self.file = file
            self.keyPath = keyPath
            self.position = position
        }

        /// `entitlements 12:9 (key.path[1])`.
        public var description: String { "\(file) \(position) (\(keyPath))" }
    }

    /// One string setting as written and as resolved: a value with its build variables replaced.
    public struct Setting: Sendable, Hashable, CustomStringConvertible {
        /// The text as written in the file, build variables included.
        public var written: String
        /// The text with every build variable replaced, or nil when some have no definition.
        public var value: String?
        /// The build variables without a definition, in order of appearance.
        public var unresolvedVariables: [String]
        /// Where the setting is.
        public var location: Location

        /// Creates a setting by resolving `written`'s build variables.
        ///
        /// - Parameters:
        ///   - written: The text as written.
        ///   - defines: Build variable definitions (`NAME` to value).
        ///   - location: Where the setting is.
        public init(written: String, defines: [String: String] = [:], location: Location) {
            self.written = written
            let resolved = BuildVariables.resolve(written, defines: defines)
            self.unresolvedVariables = resolved.unresolved
            self.value = resolved.unresolved.isEmpty ? resolved.text : nil
            self.location = location
        }

        /// The resolved value, or the written text when variables are unresolved.
        public var description: String { value ?? written }
    }

    /// A build variable used without a definition, and where.
    public struct UnresolvedVariable: Sendable, Hashable, CustomStringConvertible {
        /// The variable's name, such as `ASSOCIATED_DOMAIN`.
        public var name: String
        /// Where it is used.
        public var location: Location

        /// Creates one.
        ///
        /// - Parameters:
        ///   - name: The variable's name.
        ///   - location: Where it is used.
        public init(name: String, location: Location) {
            self.name = name
            self.location = location
        }

        /// Whether Xcode sets the variable for every app it builds and signs (`AppIdentifierPrefix`,
        /// `TeamIdentifierPrefix`, `DEVELOPMENT_TEAM`, `PRODUCT_BUNDLE_IDENTIFIER`, `CFBundleIdentifier`,
        /// `PRODUCT_NAME`, `EXECUTABLE_NAME`, `PRODUCT_MODULE_NAME`, `TARGET_NAME`, `DEVELOPMENT_LANGUAGE`,
        /// `PRODUCT_BUNDLE_PACKAGE_TYPE`): then the lint assumes its value (`assumed-variable`, an information)
        /// instead of reporting it (`unresolved-variable`, an error).
        public var isSetByXcode: Bool { BuildVariables.setByXcode.contains(name) }

        /// `$(NAME) at location`.
        public var description: String { "$(\(name)) at \(location)" }
    }

    /// A value of the wrong type under a key the module reads (an array where `CFBundleURLName`'s string belongs, a
    /// string where the Associated Domains array belongs): the value is left out, and the rest of the file is read.
    public struct WrongTypeValue: Sendable, Hashable, CustomStringConvertible {
        /// Where the value is (its key path and position).
        public var location: Location
        /// What the key holds, such as `array` or `string` (the property list's type name).
        public var found: String
        /// What the key must hold, such as `a string` or `an array of strings`.
        public var expected: String

        /// Creates one.
        ///
        /// - Parameters:
        ///   - location: Where the value is.
        ///   - found: The type the value has.
        ///   - expected: The type the key must hold.
        public init(location: Location, found: String, expected: String) {
            self.location = location
            self.found = found
            self.expected = expected
        }

        /// What is wrong, as the lint says it: the key path in backquotes, the type found and the one expected
        /// (for example "`com.apple.developer.associated-domains` is a string, not an array of strings").
        public var description: String { "`\(location.keyPath)` is a \(found), not \(expected)" }
    }

    /// One `CFBundleURLSchemes` element of the Info.plist.
    public struct URLScheme: Sendable, Hashable, CustomStringConvertible {
        /// The scheme as written and resolved.
        public var setting: Setting
        /// The `CFBundleURLName` of its URL type, if any.
        public var urlName: String?

        /// Creates one.
        ///
        /// - Parameters:
        ///   - setting: The scheme.
        ///   - urlName: The `CFBundleURLName` of its URL type.
        public init(setting: Setting, urlName: String? = nil) {
            self.setting = setting
            self.urlName = urlName
        }

        /// The resolved scheme, or nil when it uses an unresolved build variable.
        public var scheme: String? { setting.value }
        /// Where it is declared.
        public var location: Location { setting.location }
        /// The scheme as written.
        public var description: String { setting.description }
    }
}

extension AppLinkConfiguration.Location {
    /// The place as the link modules' shared `FileLocation`: the ``keyPath``, the byte offset and, in an XML
    /// property list, the line and column (no JSON pointer: a property list has none).
    public var fileLocation: FileLocation {
        .propertyList(keyPath: keyPath, line: position.line, column: position.column, byteOffset: position.byteOffset)
    }
}
