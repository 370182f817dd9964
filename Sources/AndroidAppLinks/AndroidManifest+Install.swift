import FileLocations

/// A pattern of the manifest that Android's package parser rejects, so that the app does not install at all: an
/// invalid `pathAdvancedPattern` (or, in a `<uri-relative-filter-group>`, `queryAdvancedPattern` or
/// `fragmentAdvancedPattern`). `PatternMatcher` throws while the package is parsed, and the install fails
/// (`INSTALL_PARSE_FAILED_MANIFEST_MALFORMED`): no URL opens the app.
public struct RejectedPattern: Sendable, Hashable, CustomStringConvertible {
    /// The activity whose filter holds the pattern.
    public var activity: String
    /// The attribute without `android:`, such as `pathAdvancedPattern`.
    public var attribute: String
    /// The value, with where it is.
    public var value: ManifestValue
    /// Why Android rejects it.
    public var error: AndroidPatternError

    /// Creates a rejected pattern.
    ///
    /// - Parameters:
    ///   - activity: The activity.
    ///   - attribute: The attribute's name.
    ///   - value: The value.
    ///   - error: Why it is rejected.
    public init(activity: String, attribute: String, value: ManifestValue, error: AndroidPatternError) {
        self.activity = activity
        self.attribute = attribute
        self.value = value
        self.error = error
    }

    /// `android:pathAdvancedPattern="/a{" at 12:23 is rejected (why)`.
    public var description: String {
        let place = value.location.line.map { " at \($0):\(value.location.column ?? 1)" } ?? ""
        return "android:\(attribute)=\"\(value.source)\"\(place) is rejected (\(error))"
    }
}

extension AndroidManifest {
    /// The first pattern (in file order) that Android's package parser rejects, or nil: with one, Android refuses
    /// to install the app, so no URL opens it (`assetlinks match`, `check --manifest` and `doctor` say so).
    ///
    /// - Complexity: O(*n*) in the filters' `<data>` attributes and the advanced patterns' lengths.
    public var rejectedPattern: RejectedPattern? {
        for (activity, filter) in intentFilters {
            let elements = filter.data + filter.relativeFilterGroups.flatMap(\.data)
            for element in elements {
                for (name, value) in element.attributes where name.hasSuffix("AdvancedPattern") {
                    guard let text = value.value, let error = AndroidPattern.advancedPatternError(text) else {
                        continue
                    }
                    return RejectedPattern(activity: activity.name, attribute: name, value: value, error: error)
                }
            }
        }
        return nil
    }
}

extension AndroidPattern {
    /// Why Android rejects `text` as a `pathAdvancedPattern` (or a group's `queryAdvancedPattern` and
    /// `fragmentAdvancedPattern`), or nil when it accepts it.
    static func advancedPatternError(_ text: String) -> AndroidPatternError? {
        switch Result(catching: { () throws(AndroidPatternError) in try AndroidPattern(.advanced, text) }) {
        case .success: return nil
        case .failure(let error): return error
        }
    }
}
