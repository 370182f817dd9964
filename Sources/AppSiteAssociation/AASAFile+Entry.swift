extension AASAFile {
    /// One `details` entry: the apps it applies to and their rules.
    public struct Entry: Sendable, Equatable {
        /// `appID`, if present.
        public var appID: String?
        /// `appIDs`, if present.
        public var appIDList: [String]?
        /// The `components`; when present, ``paths`` is ignored. `[]` matches nothing.
        public var components: [Component]?
        /// The legacy `paths` (`NOT ` prefix excludes); used only without ``components``.
        public var paths: [String]?
        /// The entry's `defaults`, between a component and `applinks.defaults` in precedence.
        public var defaults: Component?
        /// The JSON pointer of the entry, e.g. `/applinks/details/0`.
        public var pointer: String

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - appID: `appID`.
        ///   - appIDList: `appIDs`.
        ///   - components: `components`.
        ///   - paths: Legacy `paths`.
        ///   - defaults: The entry's `defaults`.
        ///   - pointer: The entry's JSON pointer.
        public init(
            appID: String? = nil, appIDList: [String]? = nil, components: [Component]? = nil, paths: [String]? = nil,
            defaults: Component? = nil, pointer: String = ""
        ) {
            self.appID = appID
            self.appIDList = appIDList
            self.components = components
            self.paths = paths
            self.defaults = defaults
            self.pointer = pointer
        }

        /// Every app ID the entry lists: the union of `appID` and `appIDs`, in order, without repeats.
        public var appIDs: [String] {
            var result: [String] = []
            for id in [appID].compactMap({ $0 }) + (appIDList ?? []) where !result.contains(id) {
                result.append(id)
            }
            return result
        }
    }
}
