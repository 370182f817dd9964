import FileLocations

extension AppLinkConfiguration {
    /// The app file a value comes from.
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

        /// `$(NAME) at location`.
        public var description: String { "$(\(name)) at \(location)" }
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
