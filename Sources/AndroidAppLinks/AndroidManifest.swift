import FileLocations

/// The parts of a source `AndroidManifest.xml` that decide links: the activities, their intent filters and their
/// `<data>` elements, each with its line and column.
///
/// Attribute values are what Android receives: `${name}` placeholders (Gradle's `manifestPlaceholders`) are
/// replaced from the definitions given, `@string/name` from the `strings.xml` files given, and then the resource
/// compiler's escapes are applied (``ManifestValue``). A value left unresolved is named in ``diagnostics`` and is
/// never taken as a host, scheme or path.
///
/// The document is read by the package's one bounded XML reader: no entity expansion, no external entities, no
/// internal document-type subset, at most ``maximumSize`` bytes and ``maximumDepth`` levels.
public struct AndroidManifest: Sendable, Hashable {
    /// The largest manifest read: 4 MiB.
    public static let maximumSize = 4 * 1_048_576
    /// The deepest element nesting read.
    public static let maximumDepth = 64

    /// The `package` attribute of `<manifest>`, if any (the Gradle `applicationId` usually replaces it).
    public var packageName: String?
    /// The `<uses-sdk android:minSdkVersion>`, if the source manifest declares it.
    public var minSDK: Int?
    /// The `<uses-sdk android:targetSdkVersion>`, if the source manifest declares it.
    public var targetSDK: Int?
    /// The `<activity>` and `<activity-alias>` elements, in file order.
    public var activities: [ManifestActivity]
    /// Problems found while reading: unresolved placeholders and string references, unknown values.
    public var diagnostics: [AndroidLinkDiagnostic]

    /// Creates a manifest from its parts.
    ///
    /// - Parameters:
    ///   - packageName: The `package` attribute.
    ///   - activities: The activities.
    ///   - diagnostics: The diagnostics.
    public init(packageName: String? = nil, activities: [ManifestActivity], diagnostics: [AndroidLinkDiagnostic] = []) {
        self.packageName = packageName
        self.activities = activities
        self.diagnostics = diagnostics
    }

    /// Every intent filter with its activity, in file order.
    public var intentFilters: [(activity: ManifestActivity, filter: IntentFilter)] {
        activities.flatMap { activity in activity.intentFilters.map { (activity, $0) } }
    }
}

/// An `<activity>` or `<activity-alias>` and its intent filters.
public struct ManifestActivity: Sendable, Hashable {
    /// `android:name`, as resolved.
    public var name: String
    /// `activity` or `activity-alias`.
    public var element: String
    /// `android:exported`, if written.
    public var exported: Bool?
    /// The intent filters, in file order.
    public var intentFilters: [IntentFilter]
    /// Where the element starts.
    public var location: FileLocation

    /// Creates an activity.
    ///
    /// - Parameters:
    ///   - name: The activity's name.
    ///   - element: `activity` or `activity-alias`.
    ///   - exported: `android:exported`.
    ///   - intentFilters: The filters.
    ///   - location: Where it is.
    public init(
        name: String, element: String = "activity", exported: Bool? = nil, intentFilters: [IntentFilter],
        location: FileLocation = .text(line: 1, column: 1)
    ) {
        self.name = name
        self.element = element
        self.exported = exported
        self.intentFilters = intentFilters
        self.location = location
    }
}

/// A value of the manifest: as written in the source, and as Android receives it.
public struct ManifestValue: Sendable, Hashable {
    /// The attribute's text in the source file (entities decoded).
    public var source: String
    /// The value Android receives, after placeholders, string references and the resource compiler's escapes
    /// (`\\` is `\`, `\t`, `\n`, `\uXXXX`, `\c` is `c`, a final lone `\` is dropped); nil when a placeholder or
    /// reference is unresolved.
    public var value: String?
    /// The placeholder or reference left unresolved (`${host}`, `@string/host`), or nil.
    public var unresolved: String?
    /// Where the attribute is.
    public var location: FileLocation

    /// Creates a value.
    ///
    /// - Parameters:
    ///   - source: The source text.
    ///   - value: What Android receives, or nil.
    ///   - unresolved: What is unresolved, or nil.
    ///   - location: Where.
    public init(source: String, value: String?, unresolved: String? = nil, location: FileLocation) {
        self.source = source
        self.value = value
        self.unresolved = unresolved
        self.location = location
    }

    /// A literal value (source and value equal), for building filters in code.
    ///
    /// - Parameter value: The value.
    public init(_ value: String) {
        self.init(source: value, value: value, location: .text(line: 1, column: 1))
    }
}

/// One `<intent-filter>` of an activity.
public struct IntentFilter: Sendable, Hashable {
    /// `android:autoVerify="true"`.
    public var autoVerify: Bool
    /// The `<action android:name>` values.
    public var actions: [ManifestValue]
    /// The `<category android:name>` values.
    public var categories: [ManifestValue]
    /// The `<data>` elements directly in the filter.
    public var data: [DataElement]
    /// The `<uri-relative-filter-group>` elements (API 35), in order.
    public var relativeFilterGroups: [RelativeFilterGroup]
    /// Where the element starts.
    public var location: FileLocation

    /// Creates a filter.
    ///
    /// - Parameters:
    ///   - autoVerify: `android:autoVerify`.
    ///   - actions: The actions.
    ///   - categories: The categories.
    ///   - data: The `<data>` elements.
    ///   - relativeFilterGroups: The relative filter groups.
    ///   - location: Where it is.
    public init(
        autoVerify: Bool = false, actions: [ManifestValue] = [], categories: [ManifestValue] = [],
        data: [DataElement] = [], relativeFilterGroups: [RelativeFilterGroup] = [],
        location: FileLocation = .text(line: 1, column: 1)
    ) {
        self.autoVerify = autoVerify
        self.actions = actions
        self.categories = categories
        self.data = data
        self.relativeFilterGroups = relativeFilterGroups
        self.location = location
    }
}

/// A `<data>` element: its `android:` attributes (without the prefix: `scheme`, `host`, `port`, `path`, ...).
public struct DataElement: Sendable, Hashable {
    /// The attributes, by name without `android:`, in file order.
    public var attributes: [(name: String, value: ManifestValue)]
    /// Where the element starts.
    public var location: FileLocation

    /// Creates a `<data>` element.
    ///
    /// - Parameters:
    ///   - attributes: Name and value pairs (names without `android:`).
    ///   - location: Where it is.
    public init(attributes: [(name: String, value: ManifestValue)], location: FileLocation = .text(line: 1, column: 1))
    {
        self.attributes = attributes
        self.location = location
    }

    /// The attribute named `name` (without `android:`), if present.
    public subscript(name: String) -> ManifestValue? { attributes.first { $0.name == name }?.value }

    /// Equal when the attributes and location are.
    public static func == (lhs: DataElement, rhs: DataElement) -> Bool {
        lhs.location == rhs.location && lhs.attributes.elementsEqual(rhs.attributes) { $0 == $1 }
    }

    /// Hashes the attributes and location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        for attribute in attributes {
            hasher.combine(attribute.name)
            hasher.combine(attribute.value)
        }
    }
}

/// A `<uri-relative-filter-group>` (API 35): its `<data>` rules on path, query and fragment are ANDed; the first
/// group that matches decides (``allow``: match; otherwise: no match).
public struct RelativeFilterGroup: Sendable, Hashable {
    /// `android:allow` (default true).
    public var allow: Bool
    /// The `<data>` elements of the group.
    public var data: [DataElement]
    /// Where the element starts.
    public var location: FileLocation

    /// Creates a group.
    ///
    /// - Parameters:
    ///   - allow: `android:allow`.
    ///   - data: The `<data>` elements.
    ///   - location: Where it is.
    public init(allow: Bool = true, data: [DataElement], location: FileLocation = .text(line: 1, column: 1)) {
        self.allow = allow
        self.data = data
        self.location = location
    }
}
